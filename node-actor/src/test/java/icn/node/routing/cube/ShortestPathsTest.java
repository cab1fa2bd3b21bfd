package icn.node.routing.cube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.Topology;
import icn.protocols.topology.KaryCube;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Shortest-path counts against a count by dynamic programming over BFS layers, and against 004 §6.1's [W(H_S)!]·[W(H_D)!]. The
 * formula counts only the paths that lower all of S's larger symbols before raising D's: it is the whole count when H_S or H_D is
 * empty, and an undercount otherwise wherever another order stays inside the graph, for instance in 004's own example.
 */
class ShortestPathsTest {

    /** Shortest paths from s to every node: ways(s) = 1, ways(w) = Σ ways(v) over neighbours v one BFS layer closer. */
    static long[] bfsCounts(Topology t, int s) {
        int[] distance = Bfs.distances(t, s);
        Integer[] order = new Integer[t.nodeCount()];
        for (int v = 0; v < order.length; v++) {
            order[v] = v;
        }
        Arrays.sort(order, (a, b) -> Integer.compare(distance[a], distance[b]));
        long[] ways = new long[t.nodeCount()];
        ways[s] = 1;
        for (int v : order) {
            for (int port = 0; port < t.portCount(); port++) {
                int w = t.neighbour(v, port);
                if (w != Topology.NONE && distance[w] == distance[v] + 1) {
                    ways[w] += ways[v];
                }
            }
        }
        return ways;
    }

    static long factorial(int m) {
        long f = 1;
        for (int i = 2; i <= m; i++) {
            f *= i;
        }
        return f;
    }

    @Test
    void countsEqualBfsLayerCountsAndTheFormulaWhereItApplies() {
        List<KaryCube> cubes = List.of(KaryCube.complete(3, 4), KaryCube.complete(4, 3), KaryCube.complete(5, 2),
                KaryCube.incomplete(5, 3, 2), KaryCube.incomplete(4, 4, 3), KaryCube.incomplete(5, 2, 2), KaryCube.incomplete(6, 2, 3),
                KaryCube.incomplete(4, 5, 2), KaryCube.incomplete(5, 3, 1));
        for (KaryCube t : cubes) {
            long pairs = 0;
            long formulaRight = 0;
            long oneSided = 0;
            String example = null;
            for (int s = 0; s < t.nodeCount(); s++) {
                long[] expected = bfsCounts(t, s);
                int[] a = t.digits(s);
                for (int d = 0; d < t.nodeCount(); d++) {
                    int[] b = t.digits(d);
                    int ws = 0;
                    int wd = 0;
                    for (int j = 0; j < a.length; j++) {
                        ws += a[j] > b[j] ? 1 : 0;
                        wd += b[j] > a[j] ? 1 : 0;
                    }
                    String what = t.name() + " " + t.label(s) + " → " + t.label(d);
                    BigInteger count = ShortestPaths.count(t, s, d);
                    assertEquals(BigInteger.valueOf(expected[d]), count, what);
                    long formula = factorial(ws) * factorial(wd); // 004 §6.1
                    assertEquals(BigInteger.valueOf(formula), ShortestPaths.formula004(t, s, d), what);
                    assertTrue(formula <= expected[d], what + ": the formula's paths are shortest paths");
                    if (ws == 0 || wd == 0) {
                        assertEquals(formula, expected[d], what + ": with one side empty every order is one of the formula's");
                        oneSided++;
                    }
                    if (t.isComplete()) {
                        assertEquals(factorial(ws + wd), expected[d], what + ": every order of the H(S, D) changes");
                    }
                    pairs++;
                    if (formula == expected[d]) {
                        formulaRight++;
                    } else if (example == null) {
                        example = what + ": " + expected[d] + " shortest paths, formula " + formula;
                    }
                }
            }
            System.out.printf(Locale.ROOT, "%s: 004's [W(H_S)!][W(H_D)!] equals the BFS count for %d of %d ordered pairs (%d with H_S or H_D"
                    + " empty); e.g. %s%n", t.name(), formulaRight, pairs, oneSided, example);
        }
    }

    /** 004 §6.1's example: S = 32041, D = 13242 (k = 5, so A = 44…; β = 2 here), H_S = 10000, H_D = 01101: formula (1!)(3!) = 6. */
    @Test
    void theExampleOf004HasMoreShortestPathsThanItsFormula() {
        KaryCube t = KaryCube.incomplete(5, 5, 2);
        int s = t.parseLabel("32041");
        int d = t.parseLabel("13242");
        assertEquals(BigInteger.valueOf(6), ShortestPaths.formula004(t, s, d));
        // no change in this example touches symbol 4 = k−1, so all 4! orders of the four changes stay inside the graph
        assertEquals(24, bfsCounts(t, s)[d]);
        assertEquals(BigInteger.valueOf(24), ShortestPaths.count(t, s, d));
        List<int[]> paths = ShortestPaths.paths(t, s, d, 100);
        Set<String> written = new HashSet<>();
        for (int[] path : paths) {
            StringBuilder text = new StringBuilder();
            for (int v : path) {
                text.append('(').append(t.label(v)).append(')');
            }
            written.add(text.toString());
        }
        for (String listed : List.of("(32041)(12041)(12042)(12242)(13242)", "(32041)(12041)(12241)(12242)(13242)",
                "(32041)(12041)(12241)(13241)(13242)", "(32041)(12041)(13041)(13241)(13242)", "(32041)(12041)(13041)(13042)(13242)",
                "(32041)(12041)(12042)(13042)(13242)")) {
            assertTrue(written.contains(listed), "004 lists " + listed);
        }
        assertTrue(written.contains("(32041)(33041)(13041)(13241)(13242)"), "a path raising before lowering, not counted by 004");
    }

    @Test
    void enumeratedPathsAreDistinctShortestWalks() {
        for (KaryCube t : List.of(KaryCube.complete(3, 3), KaryCube.incomplete(5, 3, 2), KaryCube.incomplete(6, 2, 3))) {
            for (int s = 0; s < t.nodeCount(); s++) {
                int[] distance = Bfs.distances(t, s);
                long[] expected = bfsCounts(t, s);
                for (int d = 0; d < t.nodeCount(); d++) {
                    List<int[]> paths = ShortestPaths.paths(t, s, d, 1000);
                    assertEquals(expected[d], paths.size());
                    Set<String> distinct = new HashSet<>();
                    for (int[] path : paths) {
                        assertEquals(distance[d] + 1, path.length);
                        assertEquals(s, path[0]);
                        assertEquals(d, path[path.length - 1]);
                        for (int h = 1; h < path.length; h++) {
                            assertTrue(adjacent(t, path[h - 1], path[h]), t.name() + ": hop " + h + " is a link");
                        }
                        assertTrue(distinct.add(Arrays.toString(path)));
                    }
                }
            }
        }
    }

    static boolean adjacent(Topology t, int v, int w) {
        for (int port = 0; port < t.portCount(); port++) {
            if (t.neighbour(v, port) == w) {
                return true;
            }
        }
        return false;
    }
}
