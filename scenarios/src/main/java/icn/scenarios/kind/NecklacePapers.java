package icn.scenarios.kind;

import icn.protocols.NetworkKind;
import icn.protocols.topology.NecklaceHypercube;
import icn.scenarios.claims.LatencyModel;
import icn.scenarios.claims.NetworkClaims;
import icn.scenarios.claims.PaperClaims;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** What 002 says of necklace hypercubes; its latency model is of the regular ones. */
public sealed class NecklacePapers implements KindPapers<NecklaceHypercube> permits NecklacePapers.Irregular {

    private final boolean regular;

    /** The regular necklace hypercubes' papers. */
    public NecklacePapers() {
        this(true);
    }

    private NecklacePapers(boolean regular) {
        this.regular = regular;
    }

    /** The irregular necklace hypercubes' papers. */
    public static final class Irregular extends NecklacePapers {
        public Irregular() {
            super(false);
        }
    }

    @Override
    public List<NetworkKind> kinds() {
        return List.of(regular ? NetworkKind.RNH : NetworkKind.INH);
    }

    @Override
    public Class<NecklaceHypercube> type() {
        return NecklaceHypercube.class;
    }

    @Override
    public Optional<Function<NecklaceHypercube, PaperClaims.Measured>> claims() {
        return Optional.of(PaperClaims::necklace);
    }

    @Override
    public void formulas(NecklaceHypercube t, List<NetworkClaims.Formula> into) {
        NetworkClaims.necklace(t, into);
    }

    @Override
    public Optional<Model<NecklaceHypercube>> latencyModel() {
        return regular ? Optional.of((t, vcs, flits) -> LatencyModel.necklace(t.n(), t.necklaceLength(0), vcs, flits)) : Optional.empty();
    }
}
