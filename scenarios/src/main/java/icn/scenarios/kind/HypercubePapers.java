package icn.scenarios.kind;

import icn.protocols.NetworkKind;
import icn.protocols.topology.Hypercube;
import icn.scenarios.claims.LatencyModel;
import icn.scenarios.claims.NetworkClaims;
import icn.scenarios.claims.PaperClaims;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** What the papers say of the hypercube, and 002's ref. [6] latency model. */
public final class HypercubePapers implements KindPapers<Hypercube> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.HYPERCUBE);
    }

    @Override
    public Class<Hypercube> type() {
        return Hypercube.class;
    }

    @Override
    public Optional<Function<Hypercube, PaperClaims.Measured>> claims() {
        return Optional.of(PaperClaims::hypercube);
    }

    @Override
    public void formulas(Hypercube t, List<NetworkClaims.Formula> into) {
        NetworkClaims.hypercube(t.n(), into);
    }

    @Override
    public NetworkPapers.Symmetry symmetry() {
        return NetworkPapers.Symmetry.VERTEX_TRANSITIVE;
    }

    @Override
    public Optional<Model<Hypercube>> latencyModel() {
        return Optional.of((t, vcs, flits) -> LatencyModel.hypercube(t.n(), vcs, flits));
    }
}
