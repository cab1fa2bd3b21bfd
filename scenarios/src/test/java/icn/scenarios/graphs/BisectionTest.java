package icn.scenarios.graphs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.topology.Hypercube;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Bisection widths against closed forms; the heuristic's cut is balanced, recounted here, and never below the exact value. */
class BisectionTest {

    private static final long SEED = 7L;

    private static LinkGraph ring(int n) {
        int[][] e = new int[n][];
        for (int i = 0; i < n; i++) {
            e[i] = new int[] {i, (i + 1) % n};
        }
        return LinkGraph.ofEdges("ring:" + n, n, e);
    }

    private static LinkGraph complete(int n) {
        List<int[]> e = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                e.add(new int[] {i, j});
            }
        }
        return LinkGraph.ofEdges("K" + n, n, e.toArray(new int[0][]));
    }

    /** Links with ends on different sides, counted from the edge list's own view of the graph. */
    private static long recount(LinkGraph g, boolean[] side) {
        long c = 0;
        for (int u = 0; u < g.nodeCount(); u++) {
            for (int i = g.first(u); i < g.end(u); i++) {
                if (side[u] != side[g.adjacent(i)]) {
                    c++;
                }
            }
        }
        return c / 2;
    }

    private static void assertExactAndHeuristic(LinkGraph g, long expected) {
        Bisection.Cut exact = Bisection.of(g, Bisection.Weight.EDGES, Bisection.DEFAULT_BUDGET, SEED);
        assertTrue(exact.exact(), g.name() + " search finished");
        assertEquals(expected, exact.value(), g.name());
        assertTrue(Bisection.balanced(exact.side()));
        assertEquals(expected, recount(g, exact.side()));
        Bisection.Cut h = Bisection.heuristic(g, Bisection.Weight.EDGES, SEED, 5);
        assertTrue(Bisection.balanced(h.side()), g.name() + " heuristic cut balanced");
        assertEquals(h.value(), recount(g, h.side()));
        assertTrue(h.value() >= expected);
        // every link is two arcs on an undirected graph
        assertEquals(2 * expected, Bisection.of(g, Bisection.Weight.ARCS, Bisection.DEFAULT_BUDGET, SEED).value());
    }

    @Test
    void hypercubesQ3AndQ4HaveBisectionTwoToTheNMinusOne() {
        for (int n = 3; n <= 4; n++) {
            assertExactAndHeuristic(LinkGraph.of(Hypercube.of(n)), 1L << (n - 1));
        }
    }

    @Test
    void ringsHaveBisectionTwo() {
        for (int n : new int[] {4, 7, 10, 15}) {
            assertExactAndHeuristic(ring(n), 2);
        }
    }

    @Test
    void completeGraphsHaveFloorTimesCeil() {
        for (int n : new int[] {4, 5, 6}) {
            assertExactAndHeuristic(complete(n), (long) (n / 2) * (n - n / 2));
        }
    }

    @Test
    void aBudgetTooSmallReportsNotExact() {
        Bisection.Cut c = Bisection.of(LinkGraph.of(Hypercube.of(5)), Bisection.Weight.EDGES, 10, SEED);
        assertTrue(!c.exact() && c.method().contains("not exact"));
        assertTrue(c.value() >= 16);
    }

    @Test
    void heuristicOnLargeHypercubeGivesAValidBalancedCutAtLeastTheKnownWidth() {
        LinkGraph g = LinkGraph.of(Hypercube.of(9));
        Bisection.Cut h = Bisection.heuristic(g, Bisection.Weight.EDGES, SEED, 4);
        assertTrue(Bisection.balanced(h.side()));
        assertEquals(h.value(), recount(g, h.side()));
        assertTrue(h.value() >= 256, "Q_9's bisection width is 2^8");
    }
}
