package icn.scenarios.kind;

import icn.node.routing.DfsRouting;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.NetworkKind;
import icn.protocols.topology.Scc;
import icn.scenarios.claims.NetworkClaims;
import icn.scenarios.claims.PaperClaims;
import icn.scenarios.claims.RouteFormulas;
import icn.scenarios.claims.TopologyReport;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** What 000 and 001 say of SCC_n. */
public final class SccPapers implements KindPapers<Scc> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.SCC);
    }

    @Override
    public Class<Scc> type() {
        return Scc.class;
    }

    @Override
    public Optional<Function<Scc, PaperClaims.Measured>> claims() {
        return Optional.of(PaperClaims::scc);
    }

    @Override
    public void formulas(Scc t, List<NetworkClaims.Formula> into) {
        NetworkClaims.scc(t.n(), into);
    }

    @Override
    public NetworkPapers.Symmetry symmetry() {
        return NetworkPapers.Symmetry.RING_TRANSITIVE;
    }

    /** 001 Theorem 11: one-port ⌊n/2⌋, multi-port ⌊(n−1)/2⌋. */
    @Override
    public int theorem11(Scc t, BroadcastAlgorithm algorithm) {
        return Math.max(1, algorithm == BroadcastAlgorithm.ONE_PORT ? t.n() / 2 : (t.n() - 1) / 2);
    }

    @Override
    public List<String> coverage() {
        return List.of("one-port", "multi-port", "flooding");
    }

    @Override
    public List<String> faultRoutings(Scc t) {
        return List.of(DfsRouting.KEY, "greedy");
    }

    @Override
    public Optional<Function<Scc, RouteFormulas>> routeFormulas() {
        return Optional.of(t -> RouteFormulas.scc(t.n()));
    }

    @Override
    public String shortestRoute() {
        return "minimal (000 Algorithm 3, shortest on every route)";
    }

    @Override
    public Optional<Function<Scc, TopologyReport>> census() {
        return Optional.of(TopologyReport::measure);
    }

    @Override
    public NetworkPapers.Picture picture() {
        return NetworkPapers.Picture.SUPERNODE_RINGS;
    }
}
