package icn.node.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import icn.node.routing.RingRouting.Direction;
import icn.protocols.topology.Scc;
import icn.protocols.topology.SccPort;
import org.junit.jupiter.api.Test;

/** Walks inside one supernode: d(a, b) of Eq. 7 and the direction rules, against the ring itself. */
class RingRoutingTest {

    private static final int L = SccPort.LEFT.index();
    private static final int R = SccPort.RIGHT.index();

    @Test
    void everyWalkIsAShortestRingWalkEndingAtItsTarget() {
        for (int n = 3; n <= 9; n++) {
            Scc scc = Scc.of(n);
            for (Direction direction : Direction.values()) {
                for (int a = 2; a <= n; a++) {
                    for (int b = 2; b <= n; b++) {
                        IntSequence ports = new IntSequence();
                        RingRouting.appendWalk(n, a, b, direction, ports);
                        int node = scc.id(0, a);
                        for (int port : ports.toArray()) {
                            node = scc.neighbour(node, port);
                        }
                        assertEquals(scc.id(0, b), node, "walk " + a + "→" + b + " in scc:" + n + " " + direction);
                        int up = Math.floorMod(b - a, n - 1);
                        assertEquals(Math.min(up, n - 1 - up), ports.size(), "shortest, " + a + "→" + b + " in scc:" + n);
                        assertEquals(Math.min(Math.abs(a - b), n - 1 - Math.abs(a - b)), RingRouting.distance(n, a, b));
                    }
                }
            }
        }
    }

    @Test
    void tiesGoRightOrAsAlgorithm2Of001Says() {
        // SCC_5: ring 2,3,4,5; 2→4 and 4→2 are two links either way.
        assertWalk(5, 2, 4, Direction.SHORTER_RIGHT_ON_TIE, R, R);
        assertWalk(5, 4, 2, Direction.SHORTER_RIGHT_ON_TIE, R, R);
        // 001 Algorithm 2: 2→4: L = 2 > 0, R = 2 div 3 = 0 → counterclockwise; 4→2: L = −2 < 0, R = 0 → clockwise.
        assertWalk(5, 2, 4, Direction.ALGORITHM_2_OF_001, R, R);
        assertWalk(5, 4, 2, Direction.ALGORITHM_2_OF_001, L, L);
        // SCC_5: 2→5 is one link LEFT (wrap), 5→2 one link RIGHT, under both rules.
        assertWalk(5, 2, 5, Direction.SHORTER_RIGHT_ON_TIE, L);
        assertWalk(5, 2, 5, Direction.ALGORITHM_2_OF_001, L);
        assertWalk(5, 5, 2, Direction.ALGORITHM_2_OF_001, R);
        // SCC_8 (ring of 7, no ties): 3→6 is 3 up, 4 down; 6→3 is 3 down.
        assertWalk(8, 3, 6, Direction.ALGORITHM_2_OF_001, R, R, R);
        assertWalk(8, 6, 3, Direction.ALGORITHM_2_OF_001, L, L, L);
        assertWalk(8, 2, 6, Direction.ALGORITHM_2_OF_001, L, L, L);
    }

    private static void assertWalk(int n, int a, int b, Direction direction, int... expected) {
        IntSequence ports = new IntSequence();
        RingRouting.appendWalk(n, a, b, direction, ports);
        assertEquals(java.util.Arrays.toString(expected), java.util.Arrays.toString(ports.toArray()), a + "→" + b + " in scc:" + n);
    }
}
