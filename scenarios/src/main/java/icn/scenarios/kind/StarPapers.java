package icn.scenarios.kind;

import icn.protocols.NetworkKind;
import icn.protocols.topology.Star;
import icn.scenarios.claims.NetworkClaims;
import icn.scenarios.claims.PaperClaims;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** What 001 §2 says of the star graph. */
public final class StarPapers implements KindPapers<Star> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.STAR);
    }

    @Override
    public Class<Star> type() {
        return Star.class;
    }

    @Override
    public Optional<Function<Star, PaperClaims.Measured>> claims() {
        return Optional.of(PaperClaims::star);
    }

    @Override
    public void formulas(Star t, List<NetworkClaims.Formula> into) {
        NetworkClaims.star(t.n(), into);
    }

    @Override
    public NetworkPapers.Symmetry symmetry() {
        return NetworkPapers.Symmetry.VERTEX_TRANSITIVE;
    }
}
