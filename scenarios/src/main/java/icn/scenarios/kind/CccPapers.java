package icn.scenarios.kind;

import icn.protocols.BroadcastAlgorithm;
import icn.protocols.NetworkKind;
import icn.protocols.topology.CubeConnectedCycles;
import icn.scenarios.claims.NetworkClaims;
import icn.scenarios.claims.PaperClaims;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** What 001 §12 says of CCC_n. */
public final class CccPapers implements KindPapers<CubeConnectedCycles> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.CCC);
    }

    @Override
    public Class<CubeConnectedCycles> type() {
        return CubeConnectedCycles.class;
    }

    @Override
    public Optional<Function<CubeConnectedCycles, PaperClaims.Measured>> claims() {
        return Optional.of(PaperClaims::ccc);
    }

    @Override
    public void formulas(CubeConnectedCycles t, List<NetworkClaims.Formula> into) {
        NetworkClaims.ccc(t.n(), into);
    }

    @Override
    public NetworkPapers.Symmetry symmetry() {
        return NetworkPapers.Symmetry.VERTEX_TRANSITIVE;
    }

    /** 001 §12: one-port ⌊(n+1)/2⌋, multi-port ⌊n/2⌋. */
    @Override
    public int theorem11(CubeConnectedCycles t, BroadcastAlgorithm algorithm) {
        return Math.max(1, algorithm == BroadcastAlgorithm.ONE_PORT ? (t.n() + 1) / 2 : t.n() / 2);
    }
}
