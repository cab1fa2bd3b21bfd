package icn.scenarios.graphs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.topology.KaryCube;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The max-flow path counts against brute force: enumerated disjoint path sets, and Menger's minimum vertex cut. */
class ParallelPathsTest {

    private static LinkGraph petersen() {
        int[][] e = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 5}, {1, 6}, {2, 7}, {3, 8}, {4, 9}, {5, 7}, {7, 9}, {9, 6}, {6, 8},
            {8, 5}};
        return LinkGraph.ofEdges("petersen", 10, e);
    }

    private static LinkGraph pathWithTriangle() { // 0-1-2 triangle, 2-3 bridge, 3-4-5-3 triangle: cut vertices 2 and 3
        int[][] e = {{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 4}, {4, 5}, {5, 3}};
        return LinkGraph.ofEdges("bowtie", 6, e);
    }

    private static boolean adjacent(LinkGraph g, int u, int v) {
        for (int i = g.first(u); i < g.end(u); i++) {
            if (g.adjacent(i) == v) {
                return true;
            }
        }
        return false;
    }

    private static void paths(LinkGraph g, int u, int t, List<Integer> cur, boolean[] on, List<List<Integer>> out) {
        if (u == t) {
            out.add(new ArrayList<>(cur));
            return;
        }
        for (int i = g.first(u); i < g.end(u); i++) {
            int v = g.adjacent(i);
            if (!on[v]) {
                on[v] = true;
                cur.add(v);
                paths(g, v, t, cur, on, out);
                cur.remove(cur.size() - 1);
                on[v] = false;
            }
        }
    }

    /** The largest set of internally disjoint s–t paths, by trying every simple path. */
    private static int bruteDisjoint(LinkGraph g, int s, int t) {
        List<List<Integer>> all = new ArrayList<>();
        boolean[] on = new boolean[g.nodeCount()];
        on[s] = true;
        List<Integer> cur = new ArrayList<>();
        cur.add(s);
        paths(g, s, t, cur, on, all);
        List<Set<Integer>> inner = new ArrayList<>();
        for (List<Integer> p : all) {
            inner.add(new HashSet<>(p.subList(1, p.size() - 1)));
        }
        return best(inner, 0, new HashSet<>());
    }

    private static int best(List<Set<Integer>> inner, int from, Set<Integer> used) {
        int b = 0;
        for (int i = from; i < inner.size(); i++) {
            Set<Integer> p = inner.get(i);
            boolean free = true;
            for (int v : p) {
                free &= !used.contains(v);
            }
            if (free) {
                used.addAll(p);
                b = Math.max(b, 1 + best(inner, i + 1, used));
                used.removeAll(p);
            }
        }
        return b;
    }

    /** Menger: the fewest nodes (not s, t) whose removal separates non-adjacent s and t, by trying subsets in size order. */
    private static int minVertexCut(LinkGraph g, int s, int t) {
        int n = g.nodeCount();
        List<Integer> others = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            if (v != s && v != t) {
                others.add(v);
            }
        }
        int best = Integer.MAX_VALUE;
        for (int mask = 0; mask < 1 << others.size(); mask++) {
            int size = Integer.bitCount(mask);
            if (size >= best) {
                continue;
            }
            boolean[] removed = new boolean[n];
            for (int i = 0; i < others.size(); i++) {
                removed[others.get(i)] = (mask >> i & 1) != 0;
            }
            if (!reaches(g, s, t, removed)) {
                best = size;
            }
        }
        return best;
    }

    private static boolean reaches(LinkGraph g, int s, int t, boolean[] removed) {
        boolean[] seen = new boolean[g.nodeCount()];
        java.util.ArrayDeque<Integer> q = new java.util.ArrayDeque<>();
        q.add(s);
        seen[s] = true;
        while (!q.isEmpty()) {
            int u = q.poll();
            if (u == t) {
                return true;
            }
            for (int i = g.first(u); i < g.end(u); i++) {
                int v = g.adjacent(i);
                if (!seen[v] && !removed[v]) {
                    seen[v] = true;
                    q.add(v);
                }
            }
        }
        return false;
    }

    @Test
    void maxFlowCountEqualsBruteForceOnTinyGraphs() {
        for (LinkGraph g : List.of(petersen(), pathWithTriangle(), LinkGraph.of(KaryCube.complete(2, 3)))) {
            for (int s = 0; s < g.nodeCount(); s++) {
                for (int t = s + 1; t < g.nodeCount(); t++) {
                    assertEquals(bruteDisjoint(g, s, t), ParallelPaths.disjointPaths(g, s, t), g.name() + " " + s + "-" + t);
                }
            }
        }
    }

    @Test
    void mengerMinimumVertexCutEqualsMaxFlowOnNonAdjacentPairs() {
        for (LinkGraph g : List.of(petersen(), pathWithTriangle(), LinkGraph.of(KaryCube.incomplete(3, 3, 2)))) {
            for (int s = 0; s < g.nodeCount(); s++) {
                for (int t = s + 1; t < g.nodeCount(); t++) {
                    if (!adjacent(g, s, t)) {
                        assertEquals(minVertexCut(g, s, t), ParallelPaths.disjointPaths(g, s, t), g.name() + " " + s + "-" + t);
                    }
                }
            }
        }
    }

    @Test
    void pathsFoundAreDisjointWalksOfTheGraph() {
        LinkGraph g = LinkGraph.of(KaryCube.incomplete(4, 3, 2));
        for (int t = 1; t < g.nodeCount(); t += 5) {
            List<int[]> ps = ParallelPaths.disjointPathList(g, 0, t);
            assertEquals(ParallelPaths.disjointPaths(g, 0, t), ps.size());
            Set<Integer> inner = new HashSet<>();
            for (int[] p : ps) {
                assertEquals(0, p[0]);
                assertEquals(t, p[p.length - 1]);
                for (int i = 0; i + 1 < p.length; i++) {
                    assertTrue(adjacent(g, p[i], p[i + 1]));
                }
                for (int i = 1; i + 1 < p.length; i++) {
                    assertTrue(inner.add(p[i]), "node " + p[i] + " on two paths");
                }
            }
        }
    }

    @Test
    void fig4HasThreeDisjointShortestPathsBetween000And111() {
        KaryCube q = KaryCube.incomplete(3, 3, 2); // Q_{3,3}(22): generator A = 22, so k = 3, β = 2
        ParallelPaths.PairResult r = ParallelPaths.fig4(q, "000", "111");
        assertEquals(0, r.wHs());
        assertEquals(3, r.wHd());
        assertTrue(r.lemmaSaysTwo());
        assertEquals(3, r.disjointShortestPaths()); // Fig. 4's three paths of length 3
        LinkGraph g = LinkGraph.of(q);
        assertEquals(minVertexCut(g, q.parseLabel("000"), q.parseLabel("111")), r.disjointPaths());
        assertEquals(r.disjointPaths(), r.paths().size());
    }

    @Test
    void lemmaCountsAddUp() {
        ParallelPaths.Lemma63 r = ParallelPaths.lemma63(KaryCube.incomplete(3, 3, 2), 2);
        assertEquals(16L * 15, r.pairs());
        assertEquals(r.pairs(), r.agree() + r.lemmaTwoFlowFewer() + r.lemmaFewerFlowTwo());
        assertEquals(r.pairs(), r.agreeShortest() + r.lemmaTwoShortestFewer() + r.lemmaFewerShortestTwo());
        assertEquals(r.pairs(), r.histogram().values().stream().mapToLong(Long::longValue).sum());
        // independent recount of the lemma's condition from the labels
        long cond = 0;
        KaryCube q = KaryCube.incomplete(3, 3, 2);
        for (int s = 0; s < q.nodeCount(); s++) {
            for (int t = 0; t < q.nodeCount(); t++) {
                if (s == t) {
                    continue;
                }
                int[] a = q.digits(s);
                int[] b = q.digits(t);
                int ws = 0;
                int wd = 0;
                for (int j = 0; j < a.length; j++) {
                    ws += a[j] > b[j] ? 1 : 0;
                    wd += b[j] > a[j] ? 1 : 0;
                }
                cond += (ws >= 2 && wd >= 2) || (ws == 0 && wd >= 2) || (ws >= 2 && wd == 0) ? 1 : 0;
            }
        }
        assertEquals(cond, r.lemmaTwo());
    }
}
