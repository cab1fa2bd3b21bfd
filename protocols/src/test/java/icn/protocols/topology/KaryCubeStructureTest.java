package icn.protocols.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.LinkClass;
import icn.protocols.Topology;
import icn.protocols.TopologyCensus;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Structural invariants of the n:k cubes of 004, checked against expectations computed here from the paper: the node set built from
 * the seed sets by Definition 4.3 as strings, the recurrence of Theorem 5.3, adjacency as labels differing in one position, BFS.
 */
class KaryCubeStructureTest {

    private static final String SYMBOLS = "0123456789abcdefghijklmnopqrstuvwxyz";

    /** V_{n,k}((k−1)^β) as label strings, straight from 004 Definition 4.3: ∪_{i ≤ min(n,β)} A_i ∘ V_{n−i}, V_0 = {e}. */
    static Set<String> definition43(int n, int k, int beta) {
        Set<String> v = new TreeSet<>();
        if (n == 0) {
            v.add("");
            return v;
        }
        for (int i = 1; i <= Math.min(n, beta); i++) {
            String prefix = String.valueOf(SYMBOLS.charAt(k - 1)).repeat(i - 1);
            Set<String> rests = definition43(n - i, k, beta);
            for (int s = 0; s <= k - 2; s++) { // the seed set A_i = (k−1)^{i−1} ∘ {0 .. k−2}
                for (String rest : rests) {
                    v.add(prefix + SYMBOLS.charAt(s) + rest);
                }
            }
        }
        return v;
    }

    /** X(n) = (k−1)·(X(n−1) + … + X(n−β)), X(0) = 1, X(m < 0) = 0 (004 Theorem 5.3's recurrence). */
    static long recurrence(int n, int k, int beta) {
        long[] x = new long[n + 1];
        x[0] = 1;
        for (int m = 1; m <= n; m++) {
            for (int i = 1; i <= beta && i <= m; i++) {
                x[m] += (k - 1) * x[m - i];
            }
        }
        return x[n];
    }

    static int hamming(String a, String b) {
        int h = 0;
        for (int j = 0; j < a.length(); j++) {
            if (a.charAt(j) != b.charAt(j)) {
                h++;
            }
        }
        return h;
    }

    static long power(int k, int n) {
        long p = 1;
        for (int j = 0; j < n; j++) {
            p *= k;
        }
        return p;
    }

    static List<KaryCube> smallCubes() {
        List<KaryCube> cubes = new ArrayList<>();
        for (int[] nk : new int[][] {{1, 2}, {1, 5}, {2, 3}, {3, 2}, {3, 3}, {3, 4}, {4, 2}, {4, 3}, {2, 6}, {5, 2}}) {
            cubes.add(KaryCube.complete(nk[0], nk[1]));
        }
        for (int[] nkb : new int[][] {{2, 3, 1}, {2, 3, 2}, {3, 3, 2}, {4, 3, 2}, {5, 3, 2}, {4, 4, 3}, {5, 4, 3}, {5, 2, 2}, {6, 2, 3},
            {4, 5, 2}, {5, 3, 1}, {6, 3, 3}}) {
            cubes.add(KaryCube.incomplete(nkb[0], nkb[1], nkb[2]));
        }
        return cubes;
    }

    @ParameterizedTest
    @CsvSource({"1,2", "3,4", "5,3", "10,2", "22,2", "6,10", "4,36", "2,36"})
    void completeNodeCountIsKToTheN(int n, int k) {
        KaryCube t = KaryCube.complete(n, k);
        assertEquals(power(k, n), t.nodeCount(), "004 §2: N = k^n");
        assertEquals(n * (k - 1), t.portCount());
    }

    @ParameterizedTest
    @CsvSource({"1,3,1", "2,3,2", "3,3,2", "5,4,3", "6,4,3", "8,3,2", "8,5,4", "12,2,2", "20,2,3", "9,4,1", "11,4,3"})
    void incompleteNodeCountFollowsTheRecurrence(int n, int k, int beta) {
        KaryCube t = KaryCube.incomplete(n, k, beta);
        assertEquals(recurrence(n, k, beta), t.nodeCount(), "004 Thm 5.3 / Def. 4.3");
        if (t.nodeCount() <= 200_000) {
            Set<String> expected = definition43(n, k, beta);
            assertEquals(expected.size(), t.nodeCount());
            Set<String> labels = new HashSet<>();
            for (int v = 0; v < t.nodeCount(); v++) {
                String label = t.label(v);
                assertTrue(expected.contains(label), label + " is not in V_{n,k} of Def. 4.3");
                assertTrue(labels.add(label), "labels are distinct");
                assertEquals(v, t.parseLabel(label), "round trip of " + label);
            }
        }
    }

    /**
     * 004 Theorem 5.3: Q_{n,k} holds B_i copies of Q_{n−i,k}, B_1 = k−1 and B_{i+1} = k·B_i. The copies are the labels whose first i
     * symbols split into seeds (a label of Q_{i,k}); the test counts those labels and checks B_i·X(n−i) for i ≤ β, where the theorem's
     * expansion holds. (For i &gt; β it does not: B_i is then X(i) by the recurrence, no longer (k−1)·k^{i−1}.)
     */
    @Test
    void theorem53CountsTheCopiesOfSmallerCubes() {
        for (int[] nkb : new int[][] {{6, 3, 2}, {6, 4, 3}, {7, 3, 3}, {6, 2, 4}}) {
            int n = nkb[0];
            int k = nkb[1];
            int beta = nkb[2];
            KaryCube t = KaryCube.incomplete(n, k, beta);
            long b = k - 1;
            for (int i = 1; i <= beta; i++) {
                Set<String> prefixes = definition43(i, k, beta);
                long copies = 0;
                for (int v = 0; v < t.nodeCount(); v++) {
                    if (prefixes.contains(t.label(v).substring(0, i))) {
                        copies++;
                    }
                }
                assertEquals(b * recurrence(n - i, k, beta), copies, t.name() + " i = " + i);
                b *= k;
            }
        }
    }

    /**
     * 004 Theorem 5.1(1) says Q_{n,k}((k−1)^β) is isomorphic to Q(n,k) for n ≤ β. With Definition 4.3's node set (no term for i &gt; n,
     * and no label ending in k−1, as §6.1 says) it has (k−1)·k^{n−1} nodes there, not k^n: the claim does not hold. Counted here from
     * Definition 4.3's strings.
     */
    @Test
    void theorem51PartOneDoesNotHoldForDefinition43sNodeSet() {
        for (int k = 3; k <= 5; k++) {
            for (int n = 1; n <= 4; n++) {
                KaryCube t = KaryCube.incomplete(n, k, n);
                assertEquals(definition43(n, k, n).size(), t.nodeCount());
                assertEquals((k - 1) * power(k, n - 1), t.nodeCount());
                assertTrue(t.nodeCount() < power(k, n));
            }
        }
    }

    /** Links, degrees and distances from the label strings: adjacent iff W(H(X,Y)) = 1 (Def. 4.3), distance = Hamming distance. */
    @Test
    void adjacencyAndDistancesFollowTheLabels() {
        for (KaryCube t : smallCubes()) {
            int count = t.nodeCount();
            String[] labels = new String[count];
            for (int v = 0; v < count; v++) {
                labels[v] = t.label(v);
            }
            TopologyCensus.Census c = TopologyCensus.of(t);
            assertTrue(c.symmetric(), t.name());
            long links = 0;
            int maxDegree = 0;
            int diameter = 0;
            int n = t.n();
            for (int v = 0; v < count; v++) {
                Set<Integer> expected = new TreeSet<>();
                for (int w = 0; w < count; w++) {
                    if (hamming(labels[v], labels[w]) == 1) {
                        expected.add(w);
                    }
                }
                Set<Integer> actual = new TreeSet<>();
                for (int port = 0; port < t.portCount(); port++) {
                    int w = t.neighbour(v, port);
                    if (w != Topology.NONE) {
                        assertTrue(actual.add(w), "one port per neighbour");
                        assertEquals(v, t.neighbour(w, t.arrivalPort(v, port)));
                    }
                }
                assertEquals(expected, actual, t.name() + " " + labels[v]);
                links += expected.size();
                maxDegree = Math.max(maxDegree, expected.size());
                int[] bfs = Bfs.distances(t, v);
                for (int w = 0; w < count; w++) {
                    assertEquals(hamming(labels[v], labels[w]), bfs[w], t.name() + " " + labels[v] + " → " + labels[w]);
                    diameter = Math.max(diameter, bfs[w]);
                }
            }
            assertEquals(links / 2, c.links(LinkClass.DIMENSION), t.name());
            assertEquals(maxDegree, c.maxDegree(), t.name());
            assertTrue(diameter <= n, "004 Lemma 5.3(3): diameter at most n");
            if (t.isComplete()) {
                assertEquals(n * (t.k() - 1), c.minDegree(), t.name());
                assertEquals(n * (t.k() - 1), maxDegree, t.name());
                assertEquals(n, diameter, t.name());
            }
        }
    }

    /** Diameter and average distance by BFS beside 004's claims (diameter at most n, Lemma 5.3(3); degree at most n, Thm 5.2(2)). */
    @ParameterizedTest
    @CsvSource({"kcube,3,4,0", "kcube,4,3,0", "kcube,8,2,0", "icube,5,3,2", "icube,5,4,3", "icube,7,3,2", "icube,8,2,2",
        "icube,10,2,3", "icube,4,5,2", "icube,6,3,1"})
    void diameterAndAverageDistanceByBfs(String kind, int n, int k, int beta) {
        KaryCube t = kind.equals("kcube") ? KaryCube.complete(n, k) : KaryCube.incomplete(n, k, beta);
        int diameter = 0;
        double sum = 0;
        for (int s = 0; s < t.nodeCount(); s++) {
            Bfs.DistanceProfile p = Bfs.profile(t, s);
            assertEquals(t.nodeCount(), p.reached(), "004 Lemma 5.3(2): connected");
            diameter = Math.max(diameter, p.eccentricity());
            sum += p.mean();
        }
        TopologyCensus.Census c = TopologyCensus.of(t);
        assertTrue(diameter <= n, "004 Lemma 5.3(3)");
        // Thm 5.2(2) bounds the degree by n; with Def. 4.3's adjacency a node has up to n·(k−1) neighbours, so the bound holds for k = 2 only
        assertTrue(c.maxDegree() <= n * (k - 1));
        if (k == 2) {
            assertTrue(c.maxDegree() <= n);
        }
        System.out.printf(Locale.ROOT, "%s: %d nodes, diameter %d by BFS (004: at most n = %d), average distance %.4f, degree %d..%d"
                + " (004 Thm 5.2: at most n)%n", t.name(), t.nodeCount(), diameter, n, sum / t.nodeCount(), c.minDegree(), c.maxDegree());
    }

    /**
     * The incomplete cube's neighbour table (built once lookups have cost a quarter of it) answers what the labels say: every
     * node's every port, looked up three times over (before, while and after the table is built), is the node whose label has
     * the port's symbol stepped, or none where that is no label of the cube.
     */
    @ParameterizedTest
    @CsvSource({"5,3,2", "5,4,3", "4,5,2", "6,3,1"})
    void incompleteNeighboursFromTheTableAreTheLabelsNeighbours(int n, int k, int beta) {
        KaryCube t = KaryCube.incomplete(n, k, beta);
        for (int pass = 0; pass < 3; pass++) {
            for (int node = 0; node < t.nodeCount(); node++) {
                for (int position = 1; position <= n; position++) {
                    for (int step = 1; step < k; step++) {
                        int[] digits = t.digits(node);
                        digits[position - 1] = (digits[position - 1] + step) % k;
                        int expected = t.isLabel(digits) ? t.id(digits) : Topology.NONE;
                        assertEquals(expected, t.neighbour(node, t.port(position, step)),
                                t.name() + " pass " + pass + ": " + t.label(node) + " port " + t.portName(t.port(position, step)));
                    }
                }
            }
        }
    }

    @Test
    void portsAreNamedByPositionAndStep() {
        KaryCube t = KaryCube.complete(3, 4);
        assertEquals(9, t.portCount());
        assertEquals("DIGIT_1+1", t.portName(0));
        assertEquals("DIGIT_1+3", t.portName(2));
        assertEquals("DIGIT_3+2", t.portName(7));
        assertEquals("032", t.label(t.neighbour(t.parseLabel("012"), t.port(2, 2))));
        assertEquals("312", t.label(t.neighbour(t.parseLabel("012"), t.port(1, 3))));
        KaryCube q = KaryCube.incomplete(3, 4, 2);
        // 012 → 013 ends in k−1 = 3: not a node of Q_{3,4}(33)
        assertEquals(Topology.NONE, q.neighbour(q.parseLabel("012"), q.port(3, 1)));
        assertEquals("302", q.label(q.neighbour(q.parseLabel("002"), q.port(1, 3))));
    }
}
