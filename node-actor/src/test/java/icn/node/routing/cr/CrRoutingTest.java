package icn.node.routing.cr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.routing.Router;
import icn.protocols.Bfs;
import icn.protocols.topology.CompleteRotationGraph;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Simple_Route and Optimal_Route of 003 §3.1, measured: every route is followed through {@code neighbour} and compared with BFS.
 *
 * <p>Why one destination suffices: CR_n is a Cayley graph, and renaming the symbols (left multiplication by y⁻¹) is an automorphism
 * that keeps every arc's port. So dist(x, y) = dist(y⁻¹x, I), and both routers route x → y as y⁻¹x → I on the same ports. Checking
 * every source to I therefore checks every pair, given the renaming, which the pair tests check on their own against a renaming
 * written here on the label text.
 *
 * <p>What the measurement shows (and the tests assert): Lemma 3.3 (Optimal_Route is shortest) fails. Optimal_Route is exactly one
 * step longer than the BFS distance for the sources to I described by {@link #lemma33Fails}, 2^{n−2} − 1 of them in CR_n, and equal
 * to it everywhere else. Lemmas 3.1 and 3.2 and Theorems 3.1–3.3 hold.
 */
class CrRoutingTest {

    private static final long SEED = 20240611L;

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

    static boolean complemented(String symbol) {
        return symbol.endsWith("'");
    }

    /**
     * The sources (to I) where Optimal_Route is one step longer than the distance, as the measurement over CR_3 … CR_8 found them,
     * stated on the label: a_1 and a_n are complemented, t_1 is plain, and every symbol from a_1 up to t_n is complemented. The
     * complemented run through a_1 then starts before a_1 and ends at t_n; both algorithms take g at a_1 and split it, where a
     * shortest path takes the run whole and ends on t_1 (e.g. c̄ a b̄: f_2 g g, where the algorithms take g f_1 g f_1).
     */
    static boolean lemma33Fails(String label) {
        List<String> s = symbols(label);
        int n = s.size();
        int a = s.indexOf("a");
        if (a < 0 || !complemented(s.get(0)) || !complemented(s.get(n - 1))) {
            return false;
        }
        for (int i = 0; i < a; i++) {
            if (!complemented(s.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** The renaming of 003 §3 on text: the i-th symbol of the destination becomes t_i, complement flipped where it is complemented. */
    static String renamed(String source, String destination) {
        List<String> d = symbols(destination);
        StringBuilder sb = new StringBuilder();
        for (String x : symbols(source)) {
            for (int i = 0; i < d.size(); i++) {
                if (d.get(i).charAt(0) == x.charAt(0)) {
                    sb.append((char) ('a' + i));
                    if (complemented(x) != complemented(d.get(i))) {
                        sb.append('\'');
                    }
                }
            }
        }
        return sb.toString();
    }

    static void assertWalk(CompleteRotationGraph cr, int source, int destination, int[] ports, String what) {
        int node = source;
        for (int p : ports) {
            assertTrue(p >= 0 && p < cr.portCount(), what + ": port " + p);
            node = cr.neighbour(node, p);
        }
        assertEquals(cr.label(destination), cr.label(node), what + ": the walk from " + cr.label(source) + " ends at");
    }

    @Test
    void workedExamples31And33() {
        CompleteRotationGraph cr = CompleteRotationGraph.of(4);
        int source = cr.parseLabel("cd'ab'"); // c d̄ a b̄, the overbars read back from the routes of Examples 3.1 and 3.3
        int f1 = cr.fPort(1);
        int f2 = cr.fPort(2);
        int f3 = cr.fPort(3);
        int g = cr.gPort();
        Router simple = new SimpleRoute(cr);
        Router optimal = new OptimalRoute(cr);
        assertEquals("simple", simple.key());
        assertEquals("optimal", optimal.key());
        assertArrayEquals(new int[] {f1, g, f1, g, f2}, simple.ports(source, cr.identity()), "Example 3.1");
        assertArrayEquals(new int[] {f3, g, f1, g}, optimal.ports(source, cr.identity()), "Example 3.3");
        assertEquals(0, simple.ports(source, source).length);
        assertEquals(0, optimal.ports(source, source).length);
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6})
    void distancesToAgreeWithForwardBfsFromEachSource(int n) {
        CompleteRotationGraph cr = CompleteRotationGraph.of(n);
        int[] to = CrRoutingCheck.distancesTo(cr, cr.identity());
        for (int s = 0; s < cr.nodeCount(); s++) {
            assertEquals(Bfs.distances(cr, s)[cr.identity()], to[s], cr.label(s));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8})
    void everySourceToTheIdentity(int n) {
        CompleteRotationGraph cr = CompleteRotationGraph.of(n);
        int identity = cr.identity();
        int[] bfs = CrRoutingCheck.distancesTo(cr, identity);
        Set<Integer> failing = new HashSet<>();
        int maxSimpleMinusOptimal = 0;
        for (int s = 0; s < cr.nodeCount(); s++) {
            String label = cr.label(s);
            int[] simple = SimpleRoute.toIdentity(cr, s);
            int[] optimal = OptimalRoute.toIdentity(cr, s);
            assertArrayEquals(simple, new SimpleRoute(cr).ports(s, identity));
            assertArrayEquals(optimal, new OptimalRoute(cr).ports(s, identity));
            assertWalk(cr, s, identity, simple, "Lemma 3.1, simple");
            assertWalk(cr, s, identity, optimal, "Lemma 3.3, optimal");
            assertTrue(simple.length <= n + 1, "Theorem 3.1: " + label);
            assertTrue(optimal.length <= n + 1, "Theorem 3.2: " + label);
            assertTrue(simple.length <= optimal.length + 1, "Lemma 3.2: " + label);
            boolean fails = lemma33Fails(label);
            assertEquals(bfs[s] + (fails ? 1 : 0), optimal.length, "Optimal_Route from " + label + " (BFS " + bfs[s] + ")");
            if (fails) {
                failing.add(s);
            }
            maxSimpleMinusOptimal = Math.max(maxSimpleMinusOptimal, simple.length - optimal.length);
        }
        assertEquals((1 << (n - 2)) - 1, failing.size(), "Lemma 3.3 counterexamples to I in CR_" + n);

        CrRoutingCheck.Measurement m = CrRoutingCheck.everySourceToIdentity(cr);
        Set<Integer> measured = new HashSet<>();
        for (CrRoutingCheck.Counterexample c : m.counterexamples(CrRoutingCheck.Claim.LEMMA_3_3_OPTIMAL_IS_SHORTEST)) {
            assertEquals(identity, c.destination());
            assertEquals(c.bfsDistance() + 1, c.routeLength());
            measured.add(c.source());
        }
        assertEquals(failing, measured, "CrRoutingCheck finds the same counterexamples");
        assertEquals(failing.size(), m.counterexamples().size(), "no claim but Lemma 3.3 fails");
        assertEquals(n + 1, m.maxBfsDistance(), "Theorem 3.3: diameter n+1");
        assertEquals(maxSimpleMinusOptimal, m.maxSimpleMinusOptimal());
        assertEquals(1, m.maxOptimalMinusBfs());
        String examples = m.counterexamples().stream().limit(3).map(c -> c.describe(cr)).toList().toString();
        System.out.printf(Locale.ROOT,
                "cr:%d to I: diameter %d (n+1 = %d); mean BFS %.6f, optimal %.6f, simple %.6f; max simple−optimal %d, optimal−BFS %d,"
                        + " simple−BFS %d; max lengths simple %d, optimal %d; Lemma 3.3 counterexamples %d, e.g. %s%n",
                n, m.maxBfsDistance(), n + 1, m.meanBfsDistance(), m.meanOptimalLength(), m.meanSimpleLength(),
                m.maxSimpleMinusOptimal(), m.maxOptimalMinusBfs(), m.maxSimpleMinusBfs(), m.maxSimpleLength(), m.maxOptimalLength(),
                m.counterexamples().size(), examples);
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4})
    void everyPairIsTheRouteOfTheRenamedSourceToI(int n) {
        CompleteRotationGraph cr = CompleteRotationGraph.of(n);
        Router simple = new SimpleRoute(cr);
        Router optimal = new OptimalRoute(cr);
        for (int s = 0; s < cr.nodeCount(); s++) {
            int[] bfs = Bfs.distances(cr, s);
            for (int d = 0; d < cr.nodeCount(); d++) {
                int x = cr.parseLabel(renamed(cr.label(s), cr.label(d)));
                assertEquals(x, Relabeling.towardIdentity(cr, s, d), cr.label(s) + " → " + cr.label(d));
                int[] sp = simple.ports(s, d);
                int[] op = optimal.ports(s, d);
                assertWalk(cr, s, d, sp, "simple");
                assertWalk(cr, s, d, op, "optimal");
                assertEquals(bfs[d] + (lemma33Fails(cr.label(x)) ? 1 : 0), op.length);
                assertTrue(sp.length <= op.length + 1);
            }
        }
    }

    /** A seeded sample of pairs (seed {@value #SEED}), distances by a forward BFS from each source. */
    @ParameterizedTest
    @ValueSource(ints = {5, 8, 10})
    void seededSampleOfPairs(int n) {
        CompleteRotationGraph cr = CompleteRotationGraph.of(n);
        SplittableRandom random = new SplittableRandom(SEED + n);
        Router simple = new SimpleRoute(cr);
        Router optimal = new OptimalRoute(cr);
        int pairs = 300;
        int[] sources = new int[pairs];
        int[] destinations = new int[pairs];
        int expectedFailures = 0;
        for (int i = 0; i < pairs; i++) {
            int s = random.nextInt(cr.nodeCount());
            int d = random.nextInt(cr.nodeCount());
            // half of the pairs aimed at the counterexamples: d chosen so that the renamed source is a Lemma 3.3 counterexample
            if (i % 2 == 0) {
                int bad;
                do {
                    bad = random.nextInt(cr.nodeCount());
                } while (!lemma33Fails(cr.label(bad)));
                s = sourceFor(cr, bad, d);
            }
            sources[i] = s;
            destinations[i] = d;
            String renamedSource = renamed(cr.label(s), cr.label(d));
            boolean fails = lemma33Fails(renamedSource);
            expectedFailures += fails ? 1 : 0;
            int distance = Bfs.distances(cr, s)[d];
            int[] sp = simple.ports(s, d);
            int[] op = optimal.ports(s, d);
            assertEquals(cr.parseLabel(renamedSource), Relabeling.towardIdentity(cr, s, d));
            assertWalk(cr, s, d, sp, "simple");
            assertWalk(cr, s, d, op, "optimal");
            assertEquals(distance + (fails ? 1 : 0), op.length, cr.label(s) + " → " + cr.label(d));
            assertTrue(sp.length <= op.length + 1, "Lemma 3.2");
            assertTrue(sp.length <= n + 1 && op.length <= n + 1, "Theorems 3.1, 3.2");
        }
        assertTrue(expectedFailures >= pairs / 2, "the aimed half are counterexamples");
        CrRoutingCheck.Measurement m = CrRoutingCheck.measure(cr, sources, destinations);
        assertEquals(expectedFailures, m.counterexamples(CrRoutingCheck.Claim.LEMMA_3_3_OPTIMAL_IS_SHORTEST).size());
        assertEquals(expectedFailures, m.counterexamples().size());
    }

    /** The source x with y⁻¹x = {@code relative} for y = {@code destination}: the text renaming undone. */
    private static int sourceFor(CompleteRotationGraph cr, int relative, int destination) {
        String want = cr.label(relative);
        List<String> d = symbols(cr.label(destination));
        // symbol t_i of the renamed label stands for the i-th symbol of the destination, complement flipped where that one is
        StringBuilder sb = new StringBuilder();
        for (String x : symbols(want)) {
            String dSym = d.get(x.charAt(0) - 'a');
            sb.append(dSym.charAt(0));
            if (complemented(x) != complemented(dSym)) {
                sb.append('\'');
            }
        }
        return cr.parseLabel(sb.toString());
    }

    @Test
    void nodesOutsideTheGraphAreRejected() {
        CompleteRotationGraph cr = CompleteRotationGraph.of(3);
        assertThrows(IllegalArgumentException.class, () -> new SimpleRoute(cr).ports(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> new OptimalRoute(cr).ports(0, cr.nodeCount()));
        assertThrows(IllegalArgumentException.class, () -> OptimalRoute.toIdentity(cr, 24));
    }
}
