package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.topology.Scc;
import icn.protocols.topology.Star;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The premise of SCC_n's {@code adaptive} wormhole routing (docs/design.md): it offers only lateral links that lower the star
 * distance lat(π_d⁻¹·π_s), and stays minimal because every lateral link on a shortest path lowers it. Checked here against BFS, to
 * the identity (SCC_n is node-symmetric, 001), on every node and every lateral link of SCC_3 … SCC_{@value
 * WormholeRoutings#SCC_ADAPTIVE_CHECKED_UP_TO}; beyond that {@code adaptive} is refused, in one line.
 */
class SccAdaptivePremiseTest {

    @Test
    void everyLateralLinkOnAShortestPathLowersTheStarDistanceUpToTheCheckedN() {
        for (int n = 3; n <= WormholeRoutings.SCC_ADAPTIVE_CHECKED_UP_TO; n++) {
            Scc scc = Scc.of(n);
            Star star = Star.of(n);
            int identity = scc.id(0, 2);
            int[] distance = Bfs.distances(scc, identity);
            int target = scc.supernode(identity);
            long onShortestPaths = 0;
            for (int v = 0; v < scc.nodeCount(); v++) {
                for (int p = 0; p < scc.portCount(); p++) {
                    int w = scc.neighbour(v, p);
                    if (w < 0 || scc.linkClass(p) != LinkClass.LATERAL || distance[w] != distance[v] - 1) {
                        continue;
                    }
                    onShortestPaths++;
                    int before = star.distance(scc.supernode(v), target);
                    int after = star.distance(scc.supernode(w), target);
                    assertEquals(before - 1, after, "SCC_" + n + ": the lateral link " + scc.label(v) + " → " + scc.label(w)
                            + " lies on a shortest path to the identity but does not lower the star distance");
                }
            }
            assertTrue(onShortestPaths > 0, "SCC_" + n + ": lateral links on shortest paths were checked");
            System.out.printf("SccAdaptivePremiseTest: SCC_%d, %,d lateral links on shortest paths, each lowers the star distance%n", n,
                    onShortestPaths);
        }
    }

    @Test
    void adaptiveIsRefusedWhereThePremiseIsUnchecked() {
        int beyond = WormholeRoutings.SCC_ADAPTIVE_CHECKED_UP_TO + 1;
        Executable refused = () -> WormholeRoutings.checkSccAdaptive(beyond);
        InvalidInputException e = org.junit.jupiter.api.Assertions.assertThrows(InvalidInputException.class, refused);
        assertTrue(e.getMessage().startsWith("--routing adaptive on scc:" + beyond), e.getMessage());
        WormholeRoutings.checkSccAdaptive(WormholeRoutings.SCC_ADAPTIVE_CHECKED_UP_TO);
    }
}
