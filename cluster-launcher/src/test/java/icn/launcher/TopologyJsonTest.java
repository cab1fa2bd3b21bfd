package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code icn topology scc:N --json} against SCC_n built here from its labels (000 §2.2): node ⟨i, π⟩, i in 2..n; its lateral link
 * exchanges the symbols at positions 1 and i of π; its local links join ring positions i and i ± 1, wrapping within 2..n. A small
 * BFS of this test's own measures the diameter, the distance histogram and the average distance.
 */
class TopologyJsonTest {

    /** SCC_n built from labels: a node is the int whose decimal digits are π followed by i (n ≤ 8 fits an int). */
    static final class LabelGraph {
        final int n;

        LabelGraph(int n) {
            this.n = n;
        }

        int encode(int position, int[] perm) {
            int code = 0;
            for (int s : perm) {
                code = code * 10 + s;
            }
            return code * 10 + position;
        }

        int position(int node) {
            return node % 10;
        }

        int[] perm(int node) {
            int[] p = new int[n];
            int code = node / 10;
            for (int k = n - 1; k >= 0; k--) {
                p[k] = code % 10;
                code /= 10;
            }
            return p;
        }

        int identity() {
            int[] p = new int[n];
            for (int k = 0; k < n; k++) {
                p[k] = k + 1;
            }
            return encode(2, p);
        }

        /** ⟨i, π⟩ − ⟨i, π with symbols 1 and i exchanged⟩. */
        int lateral(int node) {
            int i = position(node);
            int[] p = perm(node);
            int t = p[0];
            p[0] = p[i - 1];
            p[i - 1] = t;
            return encode(i, p);
        }

        /** ⟨i, π⟩ − ⟨i + 1, π⟩ and ⟨i, π⟩ − ⟨i − 1, π⟩, positions wrapping within 2..n. */
        int[] locals(int node) {
            int i = position(node);
            int next = i == n ? 2 : i + 1;
            int prev = i == 2 ? n : i - 1;
            int[] p = perm(node);
            return new int[] {encode(next, p), encode(prev, p)};
        }

        List<Integer> neighbours(int node) {
            List<Integer> all = new ArrayList<>(3);
            all.add(lateral(node));
            for (int v : locals(node)) {
                all.add(v);
            }
            return all;
        }
    }

    record Measured(long nodes, Set<Integer> degrees, long lateralLinks, long localLinks, int diameter, long[] histogram, double mean) {
    }

    /** BFS from ⟨2, 12…n⟩ over the label graph, counting nodes, degrees and links on the way. */
    static Measured measure(int n) {
        LabelGraph g = new LabelGraph(n);
        Map<Integer, Integer> distance = new HashMap<>();
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        Set<Long> lateral = new HashSet<>();
        Set<Long> local = new HashSet<>();
        Set<Integer> degrees = new HashSet<>();
        int source = g.identity();
        distance.put(source, 0);
        queue.add(source);
        while (!queue.isEmpty()) {
            int u = queue.poll();
            int d = distance.get(u);
            degrees.add(new HashSet<>(g.neighbours(u)).size());
            lateral.add(edge(u, g.lateral(u)));
            for (int v : g.locals(u)) {
                local.add(edge(u, v));
            }
            for (int v : g.neighbours(u)) {
                if (distance.putIfAbsent(v, d + 1) == null) {
                    queue.add(v);
                }
            }
        }
        int diameter = distance.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
        long[] histogram = new long[diameter + 1];
        long sum = 0;
        for (int d : distance.values()) {
            histogram[d]++;
            sum += d;
        }
        return new Measured(distance.size(), degrees, lateral.size(), local.size(), diameter, histogram, sum / (double) distance.size());
    }

    private static long edge(int u, int v) {
        return ((long) Math.min(u, v) << 32) | Math.max(u, v);
    }

    @ParameterizedTest(name = "scc:{0}")
    @ValueSource(ints = {4, 5, 6, 7})
    void measuredStructureMatchesTheLabelGraph(int n) {
        Cli.Result r = Cli.run("topology", "--topology", "scc:" + n, "--json");
        assertEquals(0, r.exit(), r::toString);
        assertEquals(1, r.outLines().size(), () -> "one line on stdout: " + r);
        JsonNode j = r.json();
        long nodes = BroadcastJsonTest.nodes(n);
        Measured m = measure(n);
        // the test's own graph first: it must be SCC_n as 000 §2.2 counts it
        assertEquals(nodes, m.nodes(), "label graph: (n−1)·n! nodes, all reached");
        assertEquals(Set.of(3), m.degrees(), "label graph: every node has 3 distinct neighbours");
        assertEquals(nodes / 2, m.lateralLinks(), "label graph: lateral links");
        assertEquals(nodes, m.localLinks(), "label graph: local links");
        long[] histogram = new long[j.get("distanceHistogram").size()];
        for (int d = 0; d < histogram.length; d++) {
            histogram[d] = j.get("distanceHistogram").get(d).asLong();
        }
        assertAll(j.toString(),
                () -> assertEquals("scc:" + n, j.get("topology").asText()),
                () -> assertEquals(nodes, j.get("nodes").asLong(), "nodes = (n−1)·n!"),
                () -> assertEquals(3, j.get("degree").asInt(), "degree"),
                () -> assertEquals(nodes / 2, j.get("links").get("lateral").asLong(), "links.lateral = (n−1)·n!/2"),
                () -> assertEquals(nodes, j.get("links").get("local").asLong(), "links.local = (n−1)·n!"),
                () -> assertEquals(m.diameter(), j.get("diameter").asInt(), "diameter = eccentricity by this test's BFS"),
                () -> assertEquals(java.util.Arrays.toString(m.histogram()), java.util.Arrays.toString(histogram), "distanceHistogram"),
                () -> assertEquals(m.mean(), j.get("averageDistance").asDouble(), 1e-9, "averageDistance, the node itself included"),
                () -> assertTrue(j.get("paper").has("diameter") && j.get("paper").has("diameterEq1")
                        && j.get("paper").has("averageDistanceBound"), "paper{diameter, diameterEq1, averageDistanceBound}"),
                () -> assertTrue(j.get("averageDistance").asDouble() <= j.get("paper").get("averageDistanceBound").asDouble() + 1e-9,
                        "000 Eq. 14 bounds the average distance"),
                () -> assertTrue(j.has("agrees") && j.get("agrees").isObject(), "agrees"));
    }

    @Test
    void scc9Finishes() {
        Cli.Result r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> Cli.run("topology", "--topology", "scc:9", "--json"));
        assertEquals(0, r.exit(), r::toString);
        JsonNode j = r.json();
        long nodes = BroadcastJsonTest.nodes(9);
        assertEquals(2_903_040L, nodes);
        long reached = 0;
        for (JsonNode count : j.get("distanceHistogram")) {
            reached += count.asLong();
        }
        long histogramTotal = reached;
        assertAll(j.toString(),
                () -> assertEquals(2_903_040L, j.get("nodes").asLong()),
                () -> assertEquals(3, j.get("degree").asInt()),
                () -> assertEquals(nodes / 2, j.get("links").get("lateral").asLong()),
                () -> assertEquals(nodes, j.get("links").get("local").asLong()),
                () -> assertEquals(nodes, histogramTotal, "the BFS reached every node"),
                () -> assertEquals(j.get("distanceHistogram").size() - 1, j.get("diameter").asInt(), "diameter = last histogram entry"));
    }
}
