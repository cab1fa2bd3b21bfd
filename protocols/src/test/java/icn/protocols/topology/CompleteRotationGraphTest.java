package icn.protocols.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.TopologyCensus;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Structural invariants of CR_n (003 §2), each against an expectation computed here: the paper's formulas (Theorem 2.1, Lemmas 2.1
 * and 2.3), Definition 2.1 applied to the label text (symbols as strings, independent of the id codec), arcs counted by scanning
 * every arc, and BFS for connectivity, diameter and average distance.
 */
class CompleteRotationGraphTest {

    private static final long SEED = 20240611L;

    /** A label as its symbols, each a letter optionally followed by the complement mark. */
    static List<String> symbols(String label) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < label.length(); i++) {
            if (label.charAt(i) == '\'') {
                out.set(out.size() - 1, out.get(out.size() - 1) + "'");
            } else {
                out.add(String.valueOf(label.charAt(i)));
            }
        }
        return out;
    }

    static String toggle(String symbol) {
        return symbol.endsWith("'") ? symbol.substring(0, 1) : symbol + "'";
    }

    /** 003 Definition 2.1 on text: f_k moves the first k symbols to the end. */
    static String fText(String label, int k) {
        List<String> s = symbols(label);
        List<String> out = new ArrayList<>(s.subList(k, s.size()));
        out.addAll(s.subList(0, k));
        return String.join("", out);
    }

    /** 003 Definition 2.1 on text: g moves the first symbol to the end and complements it. */
    static String gText(String label) {
        List<String> s = symbols(label);
        List<String> out = new ArrayList<>(s.subList(1, s.size()));
        out.add(toggle(s.get(0)));
        return String.join("", out);
    }

    /** Every label of CR_n written from the definition: n rotations of a…, each of the 2^n complement patterns. */
    static List<String> allLabels(int n) {
        List<String> labels = new ArrayList<>();
        for (int start = 0; start < n; start++) {
            for (int pattern = 0; pattern < 1 << n; pattern++) {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < n; i++) {
                    sb.append((char) ('a' + (start + i) % n));
                    if ((pattern >> i & 1) != 0) {
                        sb.append('\'');
                    }
                }
                labels.add(sb.toString());
            }
        }
        return labels;
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8})
    void nodeCountIsNTimesTwoToTheN(int n) {
        CompleteRotationGraph cr = CompleteRotationGraph.of(n);
        long expected = n * (long) Math.pow(2, n); // 003 Theorem 2.1 (2)
        assertEquals(expected, cr.nodeCount());
        assertEquals(expected, CompleteRotationGraph.nodeCount(n));
        assertEquals("cr:" + n, cr.name());
        assertEquals(n, cr.portCount());
        assertEquals(n, cr.inPortCount());
        assertTrue(cr.directed());
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8})
    void everyLabelOfTheDefinitionParsesToADistinctNodeAndPrintsBack(int n) {
        CompleteRotationGraph cr = CompleteRotationGraph.of(n);
        List<String> labels = allLabels(n);
        assertEquals(cr.nodeCount(), labels.size());
        Set<Integer> ids = new HashSet<>();
        for (String label : labels) {
            int id = cr.parseLabel(label);
            assertTrue(id >= 0 && id < cr.nodeCount(), label);
            assertTrue(ids.add(id), "two labels parse to " + id);
            assertEquals(label, cr.label(id));
        }
        for (int v = 0; v < cr.nodeCount(); v++) {
            assertEquals(v, cr.parseLabel(cr.label(v)));
        }
        assertEquals("abcdefgh".substring(0, n), cr.label(cr.identity()));
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8})
    void portsFollowDefinition21OnTheLabelText(int n) {
        CompleteRotationGraph cr = CompleteRotationGraph.of(n);
        for (int v = 0; v < cr.nodeCount(); v++) {
            String label = cr.label(v);
            for (int k = 1; k < n; k++) {
                int port = cr.fPort(k);
                assertEquals(fText(label, k), cr.label(cr.neighbour(v, port)), "f" + k + "(" + label + ")");
                assertEquals(LinkClass.F, cr.linkClass(port));
                assertEquals("f" + k, cr.portName(port));
                assertEquals(v, cr.neighbour(cr.neighbour(v, port), cr.fPort(n - k)), "Lemma 2.1: f_{n-k}(f_k(X)) = X");
                assertEquals(v / n, cr.neighbour(v, port) / n, "an f-cycle is a group of n consecutive ids");
            }
            assertEquals(gText(label), cr.label(cr.neighbour(v, cr.gPort())), "g(" + label + ")");
        }
        assertEquals(LinkClass.G, cr.linkClass(cr.gPort()));
        assertEquals("g", cr.portName(cr.gPort()));
        assertEquals(n, cr.groupSize());
    }

    @Test
    void example21() {
        CompleteRotationGraph cr = CompleteRotationGraph.of(3);
        int abc = cr.parseLabel("abc");
        assertEquals("bca", cr.label(cr.neighbour(abc, cr.fPort(1))));
        assertEquals("bca'", cr.label(cr.neighbour(abc, cr.gPort())));
        assertEquals("cab", cr.label(cr.neighbour(abc, cr.fPort(2))));
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8})
    void outDegreeAndInDegreeAreNAndInPortsNameEachArcUniquely(int n) {
        CompleteRotationGraph cr = CompleteRotationGraph.of(n);
        int nodes = cr.nodeCount();
        int[] inArcs = new int[nodes];
        boolean[] inPortUsed = new boolean[nodes * cr.inPortCount()];
        List<Set<Integer>> tails = new ArrayList<>();
        for (int v = 0; v < nodes; v++) {
            tails.add(new HashSet<>());
        }
        for (int v = 0; v < nodes; v++) {
            Set<Integer> heads = new HashSet<>();
            for (int p = 0; p < cr.portCount(); p++) {
                int w = cr.neighbour(v, p);
                assertTrue(w >= 0 && w < nodes);
                assertTrue(w != v, "no loops");
                heads.add(w);
                inArcs[w]++;
                tails.get(w).add(v);
                int q = cr.arrivalPort(v, p);
                assertTrue(q >= 0 && q < cr.inPortCount(), "in-port " + q);
                assertFalse(inPortUsed[w * cr.inPortCount() + q], "two arcs arrive at " + cr.label(w) + " on " + cr.inPortName(q));
                inPortUsed[w * cr.inPortCount() + q] = true;
                assertEquals("from-" + cr.portName(p), cr.inPortName(q));
            }
            assertEquals(n, heads.size(), "out-degree of " + cr.label(v));
        }
        for (int w = 0; w < nodes; w++) {
            assertEquals(n, inArcs[w], "in-arcs of " + cr.label(w));
            assertEquals(n, tails.get(w).size(), "in-degree of " + cr.label(w));
        }
        for (boolean used : inPortUsed) {
            assertTrue(used, "every in-port of every node receives one arc");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8})
    void linkCountsOfTheorem21(int n) {
        TopologyCensus.Census census = TopologyCensus.of(CompleteRotationGraph.of(n));
        long twoToN = 1L << n;
        assertEquals(n * twoToN, census.nodes());
        assertEquals(n, census.minDegree());
        assertEquals(n, census.maxDegree());
        // 003 Theorem 2.1 (3): n·2^n g-edges and (n(n−1)/2)·2^n f-edges (f_k and f_{n−k} are one undirected edge, Lemma 2.1)
        assertEquals(n * twoToN, census.links(LinkClass.G), "g-edges");
        assertEquals(n * (n - 1) / 2 * twoToN, census.links(LinkClass.F), "f-edges");
        assertFalse(census.symmetric(), "directed: an arc's in-port does not lead back");
    }

    /**
     * 003 Theorem 2.1(1) and Tables 4.1–4.2: "regular graph of degree n+1 (out-degree = n)", the degree of the underlying undirected
     * graph. Measured here from the arcs alone: every node's distinct neighbours over its out-arcs and its in-arcs. The n−1 f-arcs
     * out of a node and the n−1 into it join the same n−1 nodes of its f-cycle (f_k and f_{n−k} are inverse, Lemma 2.1); the g-arc
     * out and the g-arc in join two more nodes, distinct from each other (g has order 2n, Lemma 2.3) and outside the f-cycle (g
     * changes a complement). The census's undirected degree is checked against the same count.
     */
    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8})
    void undirectedDegreeIsNPlusOneAsTheorem21Says(int n) {
        CompleteRotationGraph cr = CompleteRotationGraph.of(n);
        List<Set<Integer>> neighbours = new ArrayList<>();
        for (int v = 0; v < cr.nodeCount(); v++) {
            neighbours.add(new HashSet<>());
        }
        for (int v = 0; v < cr.nodeCount(); v++) {
            for (int p = 0; p < cr.portCount(); p++) {
                int w = cr.neighbour(v, p);
                neighbours.get(v).add(w);
                neighbours.get(w).add(v);
            }
        }
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (int v = 0; v < cr.nodeCount(); v++) {
            int degree = neighbours.get(v).size();
            min = Math.min(min, degree);
            max = Math.max(max, degree);
            assertEquals(n + 1, degree, "003 Theorem 2.1(1): degree n+1 at " + cr.label(v));
        }
        int[] every = java.util.stream.IntStream.range(0, cr.nodeCount()).toArray();
        assertEquals(new TopologyCensus.Degrees(min, max, cr.nodeCount()), TopologyCensus.undirectedDegree(cr, every), "census");
        System.out.printf(Locale.ROOT, "cr:%d undirected degree %d..%d over %d nodes (003 Theorem 2.1(1): n+1 = %d), out-degree %d%n", n, min,
                max, cr.nodeCount(), n + 1, n);
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8})
    void gCyclesHaveLength2nAndGToTheNComplements(int n) {
        CompleteRotationGraph cr = CompleteRotationGraph.of(n);
        boolean[] onCycle = new boolean[cr.nodeCount()];
        int cycles = 0;
        for (int v = 0; v < cr.nodeCount(); v++) {
            int w = v;
            for (int i = 0; i < n; i++) {
                w = cr.neighbour(w, cr.gPort());
            }
            String complemented = String.join("", symbols(cr.label(v)).stream().map(CompleteRotationGraphTest::toggle).toList());
            assertEquals(complemented, cr.label(w), "Lemma 2.3: g^n(v) is v complemented");
            assertEquals(w, cr.complement(v));
            if (!onCycle[v]) {
                cycles++;
                int length = 0;
                int x = v;
                do {
                    onCycle[x] = true;
                    x = cr.neighbour(x, cr.gPort());
                    length++;
                } while (x != v);
                assertEquals(2 * n, length, "Lemma 2.3: g-cycle length");
            }
        }
        assertEquals(1 << (n - 1), cycles, "Lemma 2.3: 2^{n−1} g-cycles");
    }

    /**
     * BFS from every node: strongly connected, and every node has the same distance profile (a Cayley graph is vertex-transitive).
     * The diameter is n+1 as 003 Theorem 3.3 says. The average distance (over all N nodes, the source included) has no figure in
     * the paper; it is measured and printed.
     */
    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8})
    void stronglyConnectedWithDiameterNPlusOne(int n) {
        CompleteRotationGraph cr = CompleteRotationGraph.of(n);
        Bfs.DistanceProfile fromIdentity = Bfs.profile(cr, cr.identity());
        int diameter = 0;
        for (int v = 0; v < cr.nodeCount(); v++) {
            Bfs.DistanceProfile p = Bfs.profile(cr, v);
            assertEquals(cr.nodeCount(), p.reached(), "every node reached from " + cr.label(v));
            assertTrue(Arrays.equals(fromIdentity.histogram(), p.histogram()), "same profile from " + cr.label(v));
            diameter = Math.max(diameter, p.eccentricity());
        }
        assertEquals(n + 1, diameter, "003 Theorem 3.3");
        System.out.printf(Locale.ROOT, "cr:%d diameter %d (paper n+1 = %d), average distance %.6f, histogram %s%n", n, diameter, n + 1,
                fromIdentity.mean(), Arrays.toString(fromIdentity.histogram()));
    }

    /** Large n stays cheap: no tables, neighbours checked on the text of a seeded sample, and a BFS of cr:16 from I. */
    @ParameterizedTest
    @ValueSource(ints = {12, 16, 20})
    void largeGraphsAreArithmetic(int n) {
        CompleteRotationGraph cr = CompleteRotationGraph.of(n);
        assertEquals((long) n << n, cr.nodeCount());
        SplittableRandom random = new SplittableRandom(SEED);
        for (int i = 0; i < 2000; i++) {
            int v = random.nextInt(cr.nodeCount());
            String label = cr.label(v);
            assertEquals(v, cr.parseLabel(label));
            int k = 1 + random.nextInt(n - 1);
            assertEquals(fText(label, k), cr.label(cr.neighbour(v, cr.fPort(k))));
            assertEquals(gText(label), cr.label(cr.neighbour(v, cr.gPort())));
        }
        if (n == 16) {
            Bfs.DistanceProfile p = Bfs.profile(cr, cr.identity());
            assertEquals(1_048_576, p.reached());
            assertEquals(n + 1, p.eccentricity(), "003 Theorem 3.3 (eccentricity of I = diameter, by vertex-transitivity)");
        }
    }

    @Test
    void largestN() {
        CompleteRotationGraph cr = CompleteRotationGraph.of(CompleteRotationGraph.MAX_N);
        assertEquals(20L << 20, cr.nodeCount());
        int last = cr.nodeCount() - 1;
        assertEquals(last, cr.parseLabel(cr.label(last)));
        assertEquals("t'a'b'c'd'e'f'g'h'i'j'k'l'm'n'o'p'q'r's'", cr.label(last));
        assertThrows(InvalidInputException.class, () -> CompleteRotationGraph.of(21));
    }

    static void assertOneLine(InvalidInputException e) {
        String m = e.getMessage();
        assertTrue(m != null && !m.isBlank(), "a message");
        assertFalse(m.contains("\n") || m.contains("\r"), "one line: " + m);
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 0, 1, 2, 21, 27, 100})
    void outOfRangeN(int n) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> CompleteRotationGraph.of(n));
        assertOneLine(e);
        assertTrue(e.getMessage().contains("out of range 3..20"), e.getMessage());
        assertOneLine(assertThrows(InvalidInputException.class, () -> CompleteRotationGraph.parse(Integer.toString(n))));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "x", "5x", "5 6", "-5", "+5", "5.0", "n=5", "99999999999", "5\n6", "cr:5"})
    void malformedParameters(String params) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> CompleteRotationGraph.parse(params));
        assertOneLine(e);
    }

    @Test
    void wellFormedParameters() {
        assertEquals("cr:5", CompleteRotationGraph.parse("5").name());
        assertEquals("cr:16", CompleteRotationGraph.parse(" 16 ").name());
        assertOneLine(assertThrows(InvalidInputException.class, () -> CompleteRotationGraph.parse(null)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "ab", "abcd", "abx", "abC", "acb", "bac", "'abc", "a''bc", "ab'c''", "a-bc", "a bc", "ab\nc",
        "abca", "aaa", "b'c'b'"})
    void badLabels(String label) {
        CompleteRotationGraph cr = CompleteRotationGraph.of(3);
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> cr.parseLabel(label));
        assertOneLine(e);
    }

    @Test
    void labelsWithBlanksAroundParse() {
        CompleteRotationGraph cr = CompleteRotationGraph.of(4);
        assertEquals(cr.parseLabel("cd'ab'"), cr.parseLabel("  cd'ab' "));
        assertEquals("cd'ab'", cr.label(cr.parseLabel("cd'ab'")));
    }
}
