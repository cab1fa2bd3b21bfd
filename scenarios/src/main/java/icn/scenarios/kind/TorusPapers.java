package icn.scenarios.kind;

import icn.protocols.NetworkKind;
import icn.protocols.topology.Torus;
import icn.scenarios.claims.NetworkClaims;
import icn.scenarios.claims.PaperClaims;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** What 004 says of the k-ary n-cube (torus). */
public final class TorusPapers implements KindPapers<Torus> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.TORUS);
    }

    @Override
    public Class<Torus> type() {
        return Torus.class;
    }

    @Override
    public Optional<Function<Torus, PaperClaims.Measured>> claims() {
        return Optional.of(PaperClaims::torus);
    }

    @Override
    public void formulas(Torus t, List<NetworkClaims.Formula> into) {
        NetworkClaims.torus(t.k(), t.dimensions(), into);
    }

    @Override
    public NetworkPapers.Symmetry symmetry() {
        return NetworkPapers.Symmetry.VERTEX_TRANSITIVE;
    }

    @Override
    public NetworkPapers.Picture picture() {
        return NetworkPapers.Picture.GRID;
    }
}
