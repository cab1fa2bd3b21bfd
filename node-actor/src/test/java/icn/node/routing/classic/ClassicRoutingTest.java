package icn.node.routing.classic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.routing.Router;
import icn.node.routing.Walks;
import icn.protocols.Bfs;
import icn.protocols.Topology;
import icn.protocols.topology.CubeConnectedCycles;
import icn.protocols.topology.Hypercube;
import icn.protocols.topology.Star;
import icn.protocols.topology.Torus;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Star routing (001 Algorithm 1), e-cube and dimension-order routing against BFS distances for every pair of small instances, and
 * the CCC's standard route measured against BFS: every route must be a walk of the graph that ends at its destination.
 */
class ClassicRoutingTest {

    /**
     * Checks every pair; returns {sum of route lengths, sum of BFS distances, pairs at BFS distance, longest route, most hops over
     * BFS}.
     */
    private static long[] checkAllPairs(Topology t, Router router, boolean minimal) {
        long routeSum = 0;
        long bfsSum = 0;
        long optimal = 0;
        long longest = 0;
        long worstExcess = 0;
        for (int s = 0; s < t.nodeCount(); s++) {
            int[] distance = Bfs.distances(t, s);
            for (int d = 0; d < t.nodeCount(); d++) {
                int[] ports = router.ports(s, d);
                String what = router.key() + " " + t.label(s) + " → " + t.label(d);
                Walks.assertWalkTo(t, s, d, ports, what);
                if (minimal) {
                    assertEquals(distance[d], ports.length, what + ": hops = BFS distance");
                } else {
                    assertTrue(ports.length >= distance[d], what + ": never shorter than BFS");
                }
                routeSum += ports.length;
                bfsSum += distance[d];
                optimal += ports.length == distance[d] ? 1 : 0;
                longest = Math.max(longest, ports.length);
                worstExcess = Math.max(worstExcess, ports.length - distance[d]);
            }
        }
        return new long[] {routeSum, bfsSum, optimal, longest, worstExcess};
    }

    @ParameterizedTest(name = "star:{0}")
    @ValueSource(ints = {3, 4, 5, 6})
    void starRoutingIsMinimal(int n) {
        Star star = Star.of(n);
        checkAllPairs(star, new StarRouting(star), true);
    }

    /** 001 §5.1: c + m lateral links when 1 is first in P_ds, c + m − 2 otherwise (c cycles of length ≥ 2 holding m digits). */
    @ParameterizedTest(name = "star:{0}")
    @ValueSource(ints = {4, 5, 6})
    void starRouteLengthFollowsTheCycleFormulaOf001(int n) {
        Star star = Star.of(n);
        StarRouting router = new StarRouting(star);
        for (int s = 0; s < star.nodeCount(); s++) {
            for (int d = 0; d < star.nodeCount(); d++) {
                byte[] ps = star.permutation(s);
                byte[] pd = star.permutation(d);
                int[] target = new int[n]; // target[k]: the 0-based position in P_d of the symbol at position k of P_s
                for (int k = 0; k < n; k++) {
                    for (int j = 0; j < n; j++) {
                        if (pd[j] == ps[k]) {
                            target[k] = j;
                        }
                    }
                }
                boolean[] seen = new boolean[n];
                int c = 0;
                int m = 0;
                for (int k = 0; k < n; k++) {
                    int length = 0;
                    for (int j = k; !seen[j]; j = target[j]) {
                        seen[j] = true;
                        length++;
                    }
                    if (length >= 2) {
                        c++;
                        m += length;
                    }
                }
                int expected = c == 0 ? 0 : target[0] == 0 ? c + m : c + m - 2;
                assertEquals(expected, router.ports(s, d).length, star.label(s) + " → " + star.label(d));
            }
        }
    }

    @ParameterizedTest(name = "hypercube:{0}")
    @ValueSource(ints = {1, 2, 3, 5, 8})
    void eCubeIsMinimalAndCorrectsDimensionsInAscendingOrder(int n) {
        Hypercube q = Hypercube.of(n);
        ECubeRouting router = new ECubeRouting(q);
        checkAllPairs(q, router, true);
        int[] ports = router.ports(0, q.nodeCount() - 1);
        for (int h = 1; h < ports.length; h++) {
            assertTrue(ports[h - 1] < ports[h], "ascending dimensions");
        }
    }

    @ParameterizedTest(name = "torus:{0},{1}")
    @CsvSource({"2,3", "3,1", "3,3", "4,3", "5,2", "6,2", "7,2", "4,4", "12,2"})
    void dimensionOrderIsMinimal(int k, int dims) {
        Torus t = Torus.of(k, dims);
        checkAllPairs(t, new DimensionOrderRouting(t), true);
    }

    @Test
    void dimensionOrderGoesUpOnATieAndFinishesDimensionsInOrder() {
        Torus t = Torus.of(4, 2);
        int[] ports = new DimensionOrderRouting(t).ports(t.parseLabel("00"), t.parseLabel("22"));
        int up0 = Torus.port(0, true);
        int up1 = Torus.port(1, true);
        assertEquals(java.util.List.of(up0, up0, up1, up1), java.util.Arrays.stream(ports).boxed().toList());
    }

    /** The standard CCC route against BFS for every pair: never shorter, often optimal; the figures are printed. */
    @ParameterizedTest(name = "ccc:{0}")
    @ValueSource(ints = {3, 4, 5, 6, 7, 8})
    void cccStandardRouteStretch(int n) {
        CubeConnectedCycles ccc = CubeConnectedCycles.of(n);
        long[] sums = checkAllPairs(ccc, new CccRouting(ccc), false);
        long pairs = (long) ccc.nodeCount() * ccc.nodeCount();
        double stretch = (double) sums[0] / sums[1];
        assertTrue(stretch >= 1.0, "stretch " + stretch);
        int diameter = 2 * n + n / 2 - 2; // the longest route is at least the diameter
        assertTrue(sums[3] >= (n == 3 ? 6 : diameter), "longest route " + sums[3]);
        System.out.printf(Locale.ROOT, "ccc:%d standard route: mean %.4f hops vs BFS %.4f, stretch %.4f, %.2f%% of pairs optimal,"
                + " at most %d hops over BFS, longest route %d (diameter %d)%n", n, (double) sums[0] / pairs, (double) sums[1] / pairs,
                stretch, 100.0 * sums[2] / pairs, sums[4], sums[3], n == 3 ? 6 : diameter);
    }

    @Test
    void cccRouteTakesEachDifferingCubeLinkOnce() {
        CubeConnectedCycles ccc = CubeConnectedCycles.of(6);
        CccRouting router = new CccRouting(ccc);
        for (int s = 0; s < ccc.nodeCount(); s += 7) {
            for (int d = 0; d < ccc.nodeCount(); d++) {
                long laterals = java.util.Arrays.stream(router.ports(s, d)).filter(p -> p == CubeConnectedCycles.LATERAL).count();
                assertEquals(Integer.bitCount(ccc.cubeVertex(s) ^ ccc.cubeVertex(d)), laterals, "Hamming distance of the cube vertices");
            }
        }
    }

    @Test
    void keys() {
        assertEquals("star", new StarRouting(Star.of(4)).key());
        assertEquals("e-cube", new ECubeRouting(Hypercube.of(3)).key());
        assertEquals("dimension-order", new DimensionOrderRouting(Torus.of(3, 2)).key());
        assertEquals("standard", new CccRouting(CubeConnectedCycles.of(3)).key());
    }
}
