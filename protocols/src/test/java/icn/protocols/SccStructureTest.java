package icn.protocols;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.topology.Scc;
import icn.protocols.topology.SccPort;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Structural invariants of SCC_n (000 §2.2, 001 §3 and §5.2), each checked against an expectation computed here from the papers'
 * definitions: the formulas for node and link counts, labels rewritten as text for lateral and ring links, BFS for connectivity.
 */
class SccStructureTest {

    private static final Map<Integer, Scc> TOPOLOGIES = new ConcurrentHashMap<>();
    private static final long SEED = 20240611L;

    static Scc scc(int n) {
        return TOPOLOGIES.computeIfAbsent(n, Scc::of);
    }

    static long factorial(int n) {
        long f = 1;
        for (int k = 2; k <= n; k++) {
            f *= k;
        }
        return f;
    }

    /** The node ids whose labels are checked one by one: all of them up to SCC_8, a seeded sample of SCC_9. */
    static int[] nodesToCheck(Scc t) {
        if (t.n() <= 8) {
            return IntStream.range(0, t.nodeCount()).toArray();
        }
        return new Random(SEED).ints(50_000, 0, t.nodeCount()).toArray();
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8, 9})
    void nodeCountIsNMinusOneTimesNFactorial(int n) {
        long expected = (n - 1) * factorial(n); // 000 §2.2
        assertEquals(expected, scc(n).nodeCount());
        assertEquals(expected, Scc.nodeCount(n));
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8, 9})
    void degreeLinkCountsAndSymmetry(int n) {
        TopologyCensus.Census census = TopologyCensus.of(scc(n));
        long nodes = (n - 1) * factorial(n);
        int degree = n == 3 ? 2 : 3; // 000 §2.2: δ = 2 for n = 3, 3 for n ≥ 4
        assertEquals(nodes, census.nodes());
        assertEquals(degree, census.minDegree(), "min degree");
        assertEquals(degree, census.maxDegree(), "max degree");
        assertTrue(census.symmetric(), "every link has its reverse");
        // 000 §2.2: (n−1)·n!/2 lateral links; (n−1)·n! local links for n ≥ 4. For n = 3 a ring of two nodes is one node pair, so
        // n! distinct local pairs (the paper's (n−1)·n! counts both ring ports of the pair).
        assertEquals((n - 1) * factorial(n) / 2, census.links(LinkClass.LATERAL), "lateral links");
        assertEquals(n == 3 ? factorial(n) : (n - 1) * factorial(n), census.links(LinkClass.LOCAL), "local links");
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8, 9})
    void everyPortLeadsBackThroughItsArrivalPort(int n) {
        Scc t = scc(n);
        for (int v = 0; v < t.nodeCount(); v++) {
            for (SccPort p : SccPort.values()) {
                int w = t.neighbour(v, p);
                assertEquals(p.reverse().index(), t.arrivalPort(v, p.index()));
                if (t.neighbour(w, p.reverse()) != v) {
                    throw new AssertionError(t.label(v) + " --" + p + "--> " + t.label(w) + " has no link back through " + p.reverse());
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8, 9})
    void lateralLinkSwapsFirstAndIthSymbolOfTheLabel(int n) {
        Scc t = scc(n);
        for (int v : nodesToCheck(t)) {
            String label = t.label(v);
            int i = positionOf(label);
            char[] pi = permutationOf(label).toCharArray();
            char first = pi[0];
            pi[0] = pi[i - 1];
            pi[i - 1] = first;
            String expected = "<" + i + "," + new String(pi) + ">"; // 000 §2.2: i = i', π(1) = π'(i), π(i) = π'(1)
            assertEquals(expected, t.label(t.neighbour(v, SccPort.LATERAL)), () -> "LATERAL of " + label);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8, 9})
    void ringPortsFollowTheOrientationOf001(int n) {
        Scc t = scc(n);
        for (int v : nodesToCheck(t)) {
            String label = t.label(v);
            int i = positionOf(label);
            String pi = permutationOf(label);
            // 001 §5.2: positions 2..n ascend counterclockwise; RIGHT is the next position (n wraps to 2), LEFT the previous one
            String right = "<" + (i == n ? 2 : i + 1) + "," + pi + ">";
            String left = "<" + (i == 2 ? n : i - 1) + "," + pi + ">";
            assertEquals(right, t.label(t.neighbour(v, SccPort.RIGHT)), () -> "RIGHT of " + label);
            assertEquals(left, t.label(t.neighbour(v, SccPort.LEFT)), () -> "LEFT of " + label);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8, 9})
    void bfsReachesEveryNode(int n) {
        Scc t = scc(n);
        int[] distance = Bfs.distances(t, 0);
        for (int v = 0; v < distance.length; v++) {
            if (distance[v] == Bfs.UNREACHED) {
                throw new AssertionError(t.label(v) + " is not reachable from " + t.label(0));
            }
        }
    }

    /**
     * Prints the diameter and average distance measured by BFS (compare with 000 Table 1 by eye; the papers' numbers are checked by
     * the scenarios, not here) and checks vertex symmetry: the distance histogram is the same from several sources.
     */
    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8, 9})
    void bfsEccentricityIsTheSameFromEverySource(int n) {
        Scc t = scc(n);
        Random random = new Random(SEED + n);
        int[] sources = {0, t.nodeCount() - 1, random.nextInt(t.nodeCount()), random.nextInt(t.nodeCount())};
        Bfs.DistanceProfile first = Bfs.profile(t, sources[0]);
        assertEquals(t.nodeCount(), first.reached());
        for (int s : sources) {
            Bfs.DistanceProfile p = Bfs.profile(t, s);
            assertEquals(first.eccentricity(), p.eccentricity(), () -> "eccentricity of " + t.label(s));
            assertArrayEquals(first.histogram(), p.histogram(), () -> "distance histogram from " + t.label(s));
            assertEquals(first.mean(), p.mean(), 1e-12, () -> "mean distance from " + t.label(s));
        }
        System.out.printf(Locale.ROOT, "SCC_%d: N=%,d diameter(BFS)=%d mean distance(BFS, over N)=%.3f histogram=%s sources=%s%n",
                n, t.nodeCount(), first.eccentricity(), first.mean(), Arrays.toString(first.histogram()),
                Arrays.toString(IntStream.of(sources).mapToObj(t::label).toArray()));
    }

    static int positionOf(String label) {
        return Integer.parseInt(label.substring(1, label.indexOf(',')));
    }

    static String permutationOf(String label) {
        return label.substring(label.indexOf(',') + 1, label.length() - 1);
    }
}
