package icn.scenarios.graphs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** 003 Tables 4.1/4.2 rows: closed forms computed here and a BFS written here, against {@link GraphProperties}. */
class GraphPropertiesTest {

    /** Eccentricity maximum by a plain BFS over labels' neighbours (sets, no arrays shared with the code under test). */
    private static int bfsDiameter(Topology t) {
        int d = 0;
        for (int s = 0; s < t.nodeCount(); s++) {
            java.util.Map<Integer, Integer> dist = new java.util.HashMap<>();
            ArrayDeque<Integer> q = new ArrayDeque<>();
            dist.put(s, 0);
            q.add(s);
            while (!q.isEmpty()) {
                int u = q.poll();
                for (int p = 0; p < t.portCount(); p++) {
                    int v = t.neighbour(u, p);
                    if (v != Topology.NONE && !dist.containsKey(v)) {
                        dist.put(v, dist.get(u) + 1);
                        q.add(v);
                    }
                }
            }
            assertEquals(t.nodeCount(), dist.size(), "strongly connected");
            for (int x : dist.values()) {
                d = Math.max(d, x);
            }
        }
        return d;
    }

    private static long undirectedPairs(Topology t) {
        Set<Long> pairs = new HashSet<>();
        for (int u = 0; u < t.nodeCount(); u++) {
            for (int p = 0; p < t.portCount(); p++) {
                int v = t.neighbour(u, p);
                if (v != Topology.NONE && v != u) {
                    pairs.add((long) Math.min(u, v) << 32 | Math.max(u, v));
                }
            }
        }
        return pairs.size();
    }

    @Test
    void completeRotationGraphsMatchTable41Formulas() {
        for (int n = 3; n <= 5; n++) {
            Topology t = Topologies.parse("cr:" + n);
            GraphProperties p = GraphProperties.of(t, n <= 4);
            long nodes = (long) n << n;
            assertEquals(nodes, p.nodes());
            assertEquals(n + 1, p.degreeMin()); // 003: degree n+1
            assertEquals(n + 1, p.degreeMax());
            assertEquals(n, p.outDegree());
            assertEquals(nodes + (long) n * (n - 1) / 2 * (1L << n), p.edges()); // n·2^n + n(n−1)/2·2^n
            assertEquals(undirectedPairs(t), p.edges());
            assertEquals(nodes * n, p.arcs());
            assertEquals(n + 1, p.diameter()); // 003 Theorem: diameter n+1
            assertEquals(bfsDiameter(t), p.diameter());
            assertTrue(p.directed());
            assertTrue(p.bisection().value() <= 1L << n, "a cut of 2^n g-edges exists (003 Table 4.1)");
        }
    }

    @Test
    void cr3AndCr4BisectionAreExact() {
        for (int n = 3; n <= 4; n++) {
            GraphProperties p = GraphProperties.of(Topologies.parse("cr:" + n), true);
            assertTrue(p.bisection().exact());
            assertTrue(p.arcBisection().exact());
            assertTrue(p.bisection().value() <= 1L << n);
        }
    }

    @Test
    void hypercubesMatchTable42Formulas() {
        for (int n = 3; n <= 5; n++) {
            Topology t = Topologies.parse("hypercube:" + n);
            GraphProperties p = GraphProperties.of(t);
            assertEquals(1 << n, p.nodes());
            assertEquals(n, p.degreeMax());
            assertEquals((long) n << (n - 1), p.edges());
            assertEquals(n, p.diameter());
            assertEquals(bfsDiameter(t), p.diameter());
            assertFalse(p.directed());
            assertTrue(p.bisection().exact());
            assertEquals(1L << (n - 1), p.bisection().value());
            assertEquals(1L << n, p.arcBisection().value());
        }
    }

    @Test
    void cubeConnectedCyclesMatchTable41Formulas() {
        for (int n = 3; n <= 5; n++) {
            Topology t = Topologies.parse("ccc:" + n);
            GraphProperties p = GraphProperties.of(t, false);
            assertEquals(3L * n << (n - 1), p.edges()); // 3n·2^(n−1)
            assertEquals(3, p.degreeMax());
            int formula = n == 3 ? 6 : 2 * n + n / 2 - 2; // 003 Table 4.1
            assertEquals(formula, p.diameter());
            assertEquals(bfsDiameter(t), p.diameter());
        }
    }

    /** Past the exact limit the bisection is a heuristic's balanced cut: an upper bound, and a cut of a balanced split. */
    @Test
    void twoThousandNodeGraphsGetAnUpperBoundOnTheBisection() {
        for (String name : new String[] {"cr:8", "hypercube:11"}) {
            GraphProperties p = GraphProperties.of(Topologies.parse(name), false);
            assertEquals(2048, p.nodes());
            assertFalse(p.bisection().exact());
            assertTrue(p.bisection().value() > 0 && p.bisection().value() < p.edges(), name + ": a cut of some edges, not all");
        }
        // the hypercube's bisection width is 2^(n−1): no balanced cut is smaller
        assertTrue(GraphProperties.of(Topologies.parse("hypercube:11"), false).bisection().value() >= 1024);
    }
}
