package icn.scenarios.kind;

import icn.node.routing.cr.FaultTolerantRoute;
import icn.node.routing.cr.OptimalRoute;
import icn.protocols.NetworkKind;
import icn.protocols.topology.CompleteRotationGraph;
import icn.scenarios.claims.NetworkClaims;
import icn.scenarios.claims.PaperClaims;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** What 003 says of CR_n. */
public final class CrPapers implements KindPapers<CompleteRotationGraph> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.CR);
    }

    @Override
    public Class<CompleteRotationGraph> type() {
        return CompleteRotationGraph.class;
    }

    @Override
    public Optional<Function<CompleteRotationGraph, PaperClaims.Measured>> claims() {
        return Optional.of(PaperClaims::cr);
    }

    @Override
    public void formulas(CompleteRotationGraph t, List<NetworkClaims.Formula> into) {
        NetworkClaims.cr(t.n(), into);
    }

    @Override
    public NetworkPapers.Symmetry symmetry() {
        return NetworkPapers.Symmetry.VERTEX_TRANSITIVE;
    }

    /** 003's fault-tolerant route beside its optimal one. */
    @Override
    public List<String> faultRoutings(CompleteRotationGraph t) {
        return List.of(FaultTolerantRoute.KEY, OptimalRoute.KEY);
    }
}
