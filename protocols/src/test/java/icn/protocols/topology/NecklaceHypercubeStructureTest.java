package icn.protocols.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.LinkClass;
import icn.protocols.Topology;
import icn.protocols.TopologyCensus;
import java.util.HashSet;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Structural invariants of the necklace hypercubes of 002 §2, each checked against an expectation computed here: node and edge
 * counts from 002's formulas, neighbours rewritten from the label text (b, d, i), distances from a closed form over the two ends of
 * each necklace, and BFS.
 */
class NecklaceHypercubeStructureTest {

    private static final long SEED = 20240807L;
    private static final Pattern LABEL = Pattern.compile("\\(([01]+),(\\d+),(\\d+)\\)");

    /** A label read back from its text: base vertex address, dimension (0 for a base vertex) and index. */
    record Parsed(int b, int d, int i) {
        static Parsed of(String text) {
            Matcher m = LABEL.matcher(text);
            assertTrue(m.matches(), text);
            return new Parsed(Integer.parseInt(m.group(1), 2), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
        }

        boolean base() {
            return d == 0;
        }
    }

    static String label(int n, int b, int d, int i) {
        StringBuilder s = new StringBuilder();
        for (int j = n - 1; j >= 0; j--) {
            s.append((b >> j) & 1);
        }
        return "(" + s + "," + d + "," + i + ")";
    }

    /** k_e for the necklace whose smaller end is b and dimension d, read through the label parser (rather than the edge codec). */
    static int lengthOf(NecklaceHypercube t, int b, int d) {
        int length = 0;
        while (true) {
            try {
                t.parseLabel(label(t.n(), b, d, length + 1));
                length++;
            } catch (IllegalArgumentException e) {
                return length;
            }
        }
    }

    static int[] randomVector(int n, Random random, int maxK) {
        int[] k = new int[n << (n - 1)];
        for (int e = 0; e < k.length; e++) {
            k[e] = 1 + random.nextInt(maxK);
        }
        return k;
    }

    static NecklaceHypercube[] smallNetworks() {
        Random random = new Random(SEED);
        return new NecklaceHypercube[] {
            NecklaceHypercube.regular(1, 1), NecklaceHypercube.regular(1, 4), NecklaceHypercube.regular(2, 1),
            NecklaceHypercube.regular(2, 4), NecklaceHypercube.regular(3, 2), NecklaceHypercube.regular(3, 3),
            NecklaceHypercube.regular(4, 2), NecklaceHypercube.irregular(2, new int[] {1, 2, 3, 4}),
            NecklaceHypercube.irregular(3, randomVector(3, random, 4)), NecklaceHypercube.irregular(4, randomVector(4, random, 3)),
        };
    }

    @ParameterizedTest
    @CsvSource({"1,1", "1,5", "2,4", "3,1", "3,4", "5,2", "6,3", "8,1", "10,5", "14,8"})
    void regularNodeCountIsTwoToTheNPlusN2ToTheNMinusOneTimesK(int n, int k) {
        long expected = (1L << n) + n * (1L << (n - 1)) * k; // 002 §2
        NecklaceHypercube t = NecklaceHypercube.regular(n, k);
        assertEquals(expected, t.nodeCount());
        assertEquals(expected, (1L << (n - 1)) * (n * k + 2L), "002 §2 also writes it 2^(n−1)(nk+2)");
        assertEquals("rnh:" + n + "," + k, t.name());
    }

    @Test
    void rnh14x8HasTheBriefsNodeCountAndIsConnected() {
        NecklaceHypercube t = NecklaceHypercube.regular(14, 8);
        assertEquals(933_888, t.nodeCount());
        Bfs.DistanceProfile p = Bfs.profile(t, 0);
        assertEquals(t.nodeCount(), p.reached());
        // from base vertex 0, node i of a necklace (b, d) with b of weight 13: min(13 + i, 14 + 9 − i), 18 at i = 5
        assertEquals(14 + 4, p.eccentricity());
        Random random = new Random(SEED);
        for (int s = 0; s < 20_000; s++) {
            int v = random.nextInt(t.nodeCount());
            assertEquals(v, t.parseLabel(t.label(v)));
            for (int port = 0; port < t.portCount(); port++) {
                int w = t.neighbour(v, port);
                if (w != Topology.NONE) {
                    assertEquals(v, t.neighbour(w, t.arrivalPort(v, port)));
                }
            }
        }
    }

    @Test
    void irregularNodeCountIsTwoToTheNPlusTheSumOfTheVector() {
        Random random = new Random(SEED);
        for (int n = 1; n <= 6; n++) {
            for (int trial = 0; trial < 5; trial++) {
                int[] k = randomVector(n, random, 7);
                long sum = 0;
                for (int x : k) {
                    sum += x;
                }
                NecklaceHypercube t = NecklaceHypercube.irregular(n, k);
                assertEquals((1L << n) + sum, t.nodeCount(), "002 §2: 2^n + Σ k_i");
            }
        }
    }

    @Test
    void structureOfSmallNetworks() {
        for (NecklaceHypercube t : smallNetworks()) {
            String what = t.name();
            int n = t.n();
            long edges = n * (1L << (n - 1));
            long necklaceNodes = t.nodeCount() - (1L << n);
            TopologyCensus.Census c = TopologyCensus.of(t);
            assertEquals(t.nodeCount(), c.nodes(), what);
            assertTrue(c.symmetric(), what + ": every link has its reverse");
            // 002 §2: n·2^(n−1) cube edges and n·2^(n−1)·(k+1) necklace edges; for an INH Σ (k_e + 1)
            assertEquals(edges, c.links(LinkClass.DIMENSION), what);
            assertEquals(necklaceNodes + edges, c.links(LinkClass.NECKLACE), what);
            assertEquals(2, c.minDegree(), what);
            assertEquals(2 * n, c.maxDegree(), what);
            assertEquals(t.nodeCount(), Bfs.profile(t, t.nodeCount() - 1).reached(), what + " is connected");
        }
    }

    /** Every node's neighbours as label text, against the neighbours 002 Definition 1 gives when written from the label. */
    @Test
    void neighboursFollowTheLabels() {
        for (NecklaceHypercube t : smallNetworks()) {
            int n = t.n();
            Set<String> labels = new HashSet<>();
            for (int v = 0; v < t.nodeCount(); v++) {
                String text = t.label(v);
                assertTrue(labels.add(text), "labels are distinct: " + text);
                assertEquals(v, t.parseLabel(text), "round trip of " + text);
                assertEquals(v, t.parseLabel(text.replace(",", ", ")), "spaces after commas");
                Parsed u = Parsed.of(text);
                Set<String> expected = new TreeSet<>();
                if (u.base()) {
                    for (int d = 1; d <= n; d++) {
                        int bit = 1 << (d - 1);
                        expected.add(label(n, u.b() ^ bit, 0, 0));
                        int lower = u.b() & ~bit;
                        boolean isLower = (u.b() & bit) == 0;
                        expected.add(label(n, lower, d, isLower ? 1 : lengthOf(t, lower, d)));
                    }
                } else {
                    int length = lengthOf(t, u.b(), u.d());
                    expected.add(u.i() == 1 ? label(n, u.b(), 0, 0) : label(n, u.b(), u.d(), u.i() - 1));
                    expected.add(u.i() == length ? label(n, u.b() | 1 << (u.d() - 1), 0, 0) : label(n, u.b(), u.d(), u.i() + 1));
                }
                Set<String> actual = new TreeSet<>();
                int links = 0;
                for (int port = 0; port < t.portCount(); port++) {
                    int w = t.neighbour(v, port);
                    if (w != Topology.NONE) {
                        actual.add(t.label(w));
                        links++;
                        assertEquals(v, t.neighbour(w, t.arrivalPort(v, port)), t.name() + " " + text + " port " + t.portName(port));
                        assertEquals(t.linkClass(port) == LinkClass.DIMENSION, u.base() && Parsed.of(t.label(w)).base(),
                                "cube links join base vertices, necklace links the rest");
                    }
                }
                assertEquals(expected, actual, t.name() + " " + text);
                assertEquals(u.base() ? 2 * n : 2, links, "002 §2: degree 2n at base vertices, 2 at necklace nodes");
            }
        }
    }

    /**
     * Distances by BFS against a closed form written from the labels: a shortest path leaves a necklace by one of its two ends and
     * crosses the base cube in Hamming-distance hops (a detour over a necklace is longer than the cube link it replaces).
     */
    @Test
    void bfsDistancesMatchTheNecklaceEndsClosedForm() {
        for (NecklaceHypercube t : smallNetworks()) {
            int count = t.nodeCount();
            Parsed[] p = new Parsed[count];
            int[] length = new int[count];
            for (int v = 0; v < count; v++) {
                p[v] = Parsed.of(t.label(v));
                length[v] = p[v].base() ? 0 : lengthOf(t, p[v].b(), p[v].d());
            }
            for (int s = 0; s < count; s++) {
                int[] bfs = Bfs.distances(t, s);
                for (int d = 0; d < count; d++) {
                    assertEquals(closedForm(p[s], length[s], p[d], length[d]), bfs[d], t.name() + " " + t.label(s) + " → " + t.label(d));
                }
            }
        }
    }

    static int closedForm(Parsed u, int ku, Parsed v, int kv) {
        int[][] ue = ends(u, ku);
        int[][] ve = ends(v, kv);
        int best = Integer.MAX_VALUE;
        for (int[] a : ue) {
            for (int[] b : ve) {
                best = Math.min(best, a[1] + Integer.bitCount(a[0] ^ b[0]) + b[1]);
            }
        }
        if (!u.base() && !v.base() && u.b() == v.b() && u.d() == v.d()) {
            best = Math.min(best, Math.abs(u.i() - v.i()));
        }
        return best;
    }

    /** {address, hops to it} for each end of the node's necklace; the node itself for a base vertex. */
    static int[][] ends(Parsed u, int k) {
        if (u.base()) {
            return new int[][] {{u.b(), 0}};
        }
        return new int[][] {{u.b(), u.i()}, {u.b() | 1 << (u.d() - 1), k + 1 - u.i()}};
    }

    /**
     * 002 §2 states a diameter of n + k for the (n,k)-RNH. BFS agrees for n ≥ 2; for n = 1 the RNH is one ring of k + 2 nodes (the
     * cube link and the necklace), whose diameter is ⌊(k+2)/2⌋, below n + k: the claim does not hold there.
     */
    @ParameterizedTest
    @CsvSource({"1,1", "1,2", "1,5", "2,1", "2,2", "2,5", "3,1", "3,3", "3,4", "4,2", "4,4", "5,1", "5,3"})
    void diameterByBfsBesideTheClaimedNPlusK(int n, int k) {
        NecklaceHypercube t = NecklaceHypercube.regular(n, k);
        int diameter = 0;
        double sum = 0;
        for (int s = 0; s < t.nodeCount(); s++) {
            Bfs.DistanceProfile p = Bfs.profile(t, s);
            assertEquals(t.nodeCount(), p.reached());
            diameter = Math.max(diameter, p.eccentricity());
            sum += p.mean();
        }
        if (n == 1) {
            assertEquals((k + 2) / 2, diameter, "rnh:1,k is a ring of k + 2 nodes");
            assertNotEquals(n + k, diameter, "002's n + k does not hold for n = 1");
        } else {
            assertEquals(n + k, diameter, "002 §2");
        }
        System.out.printf(Locale.ROOT, "%s: %d nodes, diameter %d by BFS (002: n + k = %d), average distance %.4f%n", t.name(),
                t.nodeCount(), diameter, n + k, sum / t.nodeCount());
    }

    @Test
    void portsHaveTheDocumentedNamesAndClasses() {
        NecklaceHypercube t = NecklaceHypercube.regular(3, 2);
        assertEquals(8, t.portCount());
        assertEquals("CUBE_1", t.portName(0));
        assertEquals("CUBE_3", t.portName(2));
        assertEquals("NECKLACE_1", t.portName(3));
        assertEquals("TOWARD_LOWER", t.portName(6));
        assertEquals("TOWARD_HIGHER", t.portName(7));
        assertEquals(LinkClass.DIMENSION, t.linkClass(2));
        assertEquals(LinkClass.NECKLACE, t.linkClass(3));
        assertEquals(LinkClass.NECKLACE, t.linkClass(7));
        // (010,0,0) --NECKLACE_2--> the larger end of edge 000–010, index k = 2
        assertEquals("(000,2,2)", t.label(t.neighbour(t.parseLabel("(010,0,0)"), t.necklacePort(2))));
        assertEquals(Topology.NONE, t.neighbour(t.parseLabel("(000,2,2)"), t.cubePort(1)));
        assertEquals(Topology.NONE, t.neighbour(t.parseLabel("(000,0,0)"), t.towardLowerPort()));
    }

    @Test
    void irregularEdgeOrderIsDimensionThenSmallerBaseVertex() {
        // inh:2 edges: e0 = 00–01, e1 = 10–11 (dimension 1), e2 = 00–10, e3 = 01–11 (dimension 2)
        NecklaceHypercube t = NecklaceHypercube.parseIrregular("2:1,2,3,4");
        assertEquals(4 + 10, t.nodeCount());
        assertEquals(1, lengthOf(t, 0b00, 1));
        assertEquals(2, lengthOf(t, 0b10, 1));
        assertEquals(3, lengthOf(t, 0b00, 2));
        assertEquals(4, lengthOf(t, 0b01, 2));
        assertEquals("inh:2:1,2,3,4", t.name());
    }
}
