package icn.scenarios.kind;

import icn.protocols.NetworkKind;
import icn.protocols.topology.KaryCube;
import icn.scenarios.claims.NetworkClaims;
import icn.scenarios.claims.PaperClaims;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** What 004 says of complete and incomplete n:k cubes. */
public final class KaryCubePapers implements KindPapers<KaryCube> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.KCUBE, NetworkKind.ICUBE);
    }

    @Override
    public Class<KaryCube> type() {
        return KaryCube.class;
    }

    @Override
    public Optional<Function<KaryCube, PaperClaims.Measured>> claims() {
        return Optional.of(PaperClaims::cube);
    }

    @Override
    public void formulas(KaryCube t, List<NetworkClaims.Formula> into) {
        NetworkClaims.cube(t, into);
    }
}
