package icn.protocols.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.LinkClass;
import icn.protocols.topology.Scc;
import icn.protocols.Topology;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * 001 §4 (fault tolerance): SCC_n stays connected when any 2 or fewer nodes are removed, for n > 3 (f = 2, the most a degree-3
 * graph allows: removing a node's 3 neighbours cuts it off), and f = 1 for n = 3. Measured by removing every set of 1 and 2 nodes of
 * SCC_4 and SCC_5 (and SCC_3) and searching what is left, with a BFS written here; on SCC_4, and on a seeded sample of SCC_5 pairs,
 * the surviving graph of a fault plan crashing those nodes must say the same (its live nodes all reach one another).
 */
class SccFaultToleranceTest {

    /** Whether the nodes of {@code t} outside {@code removed} are connected, by a BFS over the links (stamps instead of clearing). */
    private static final class Connectivity {
        private final Topology t;
        private final int[] seen;
        private final int[] queue;
        private int stamp;

        Connectivity(Topology t) {
            this.t = t;
            this.seen = new int[t.nodeCount()];
            this.queue = new int[t.nodeCount()];
        }

        boolean connectedWithout(int... removed) {
            stamp += 2;
            for (int r : removed) {
                seen[r] = stamp + 1; // marks removed nodes for this search
            }
            int start = 0;
            while (seen[start] == stamp + 1) {
                start++;
            }
            int head = 0;
            int tail = 0;
            seen[start] = stamp;
            queue[tail++] = start;
            while (head < tail) {
                int u = queue[head++];
                for (int p = 0; p < t.portCount(); p++) {
                    int v = t.neighbour(u, p);
                    if (v != Topology.NONE && seen[v] != stamp && seen[v] != stamp + 1) {
                        seen[v] = stamp;
                        queue[tail++] = v;
                    }
                }
            }
            return tail == t.nodeCount() - Arrays.stream(removed).distinct().count();
        }
    }

    private static FaultPlan crashing(int... nodes) {
        long[] ones = new long[nodes.length];
        Arrays.fill(ones, 1);
        return new FaultPlan(0, nodes, ones, new int[0], new int[0], new long[0], new long[0], new double[LinkClass.values().length],
                new int[LinkClass.values().length], new int[0], new long[0], false);
    }

    /** Whether every live node of the surviving graph reaches every other (undirected: one search from a live node suffices). */
    private static boolean survivingGraphConnected(Scc scc, int... crashed) {
        SurvivingGraph g = new SurvivingGraph(scc, crashing(crashed));
        int live = 0;
        while (!g.alive(live)) {
            live++;
        }
        long reached = Arrays.stream(g.distancesFrom(live)).filter(d -> d != Bfs.UNREACHED).count();
        return reached == g.liveNodes();
    }

    /** Every one of the 72 + 2,556 sets of 1 or 2 nodes of SCC_4; the BFS here and the surviving graph agree on each. */
    @Test
    void scc4StaysConnectedWithoutAnyTwoNodes() {
        Scc scc = Scc.of(4);
        Connectivity c = new Connectivity(scc);
        int sets = 0;
        for (int a = 0; a < scc.nodeCount(); a++) {
            assertTrue(c.connectedWithout(a), "without " + scc.label(a));
            assertTrue(survivingGraphConnected(scc, a), "surviving graph without " + scc.label(a));
            sets++;
            for (int b = a + 1; b < scc.nodeCount(); b++) {
                assertTrue(c.connectedWithout(a, b), "without " + scc.label(a) + " and " + scc.label(b));
                assertTrue(survivingGraphConnected(scc, a, b), "surviving graph without " + scc.label(a) + " and " + scc.label(b));
                sets++;
            }
        }
        assertEquals(72 + 72 * 71 / 2, sets);
    }

    /** Every one of the 480 + 114,960 sets of 1 or 2 nodes of SCC_5 (5! · 4 nodes) by the BFS here; 2,000 seeded pairs also by the surviving graph. */
    @Test
    void scc5StaysConnectedWithoutAnyTwoNodes() {
        Scc scc = Scc.of(5);
        int n = scc.nodeCount();
        Connectivity c = new Connectivity(scc);
        long sets = 0;
        for (int a = 0; a < n; a++) {
            assertTrue(c.connectedWithout(a), "without " + scc.label(a));
            sets++;
            for (int b = a + 1; b < n; b++) {
                if (!c.connectedWithout(a, b)) {
                    throw new AssertionError("001 §4 fails: SCC_5 without " + scc.label(a) + " and " + scc.label(b) + " is disconnected");
                }
                sets++;
            }
        }
        assertEquals(480 + 480L * 479 / 2, sets);
        SplittableRandom random = new SplittableRandom(5);
        for (int k = 0; k < 2000; k++) {
            int a = random.nextInt(n);
            int b = random.nextInt(n);
            assertTrue(survivingGraphConnected(scc, a, b), "seed 5, pair " + k + ": surviving graph without " + scc.label(a) + " and "
                    + scc.label(b));
        }
    }

    /** f is exactly 2 for n > 3 (3 faults can disconnect SCC_4 and SCC_5) and 1 for n = 3: the search can fail. */
    @Test
    void theBoundIsTight() {
        for (int size : new int[] {4, 5}) {
            Scc scc = Scc.of(size);
            int[] neighbours = new int[scc.portCount()];
            for (int p = 0; p < scc.portCount(); p++) {
                neighbours[p] = scc.neighbour(0, p);
            }
            assertEquals(3, Arrays.stream(neighbours).distinct().count(), "degree 3");
            assertFalse(new Connectivity(scc).connectedWithout(neighbours), "SCC_" + size + " without the 3 neighbours of " + scc.label(0));
            assertFalse(survivingGraphConnected(scc, neighbours));
        }
        Scc scc3 = Scc.of(3);
        Connectivity c = new Connectivity(scc3);
        boolean somePairDisconnects = false;
        for (int a = 0; a < scc3.nodeCount(); a++) {
            assertTrue(c.connectedWithout(a), "SCC_3 without " + scc3.label(a));
            for (int b = a + 1; b < scc3.nodeCount(); b++) {
                somePairDisconnects |= !c.connectedWithout(a, b);
            }
        }
        assertTrue(somePairDisconnects, "SCC_3 has f = 1: some pair of faults disconnects it");
    }
}
