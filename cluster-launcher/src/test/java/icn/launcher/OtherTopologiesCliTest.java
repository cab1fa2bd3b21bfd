package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code icn topology KIND:PARAMS} for every kind of network but SCC_n (which {@link TopologyJsonTest} covers): one JSON line with
 * {@code --json}, its node count equal to the closed form written here from the papers, its diameter equal to this test's own BFS
 * along the out-ports from every node; and without {@code --json} a text report (not JSON) that carries the same figures.
 */
class OtherTopologiesCliTest {

    static Stream<Arguments> networks() {
        return Stream.of(
                // name, nodes by the closed form, diameter by the papers' claim where it holds (-1: none to compare)
                Arguments.of("cr:4", 4 * 16, 4 + 1), // 003 Theorem 2.1(2) n·2^n, Theorem 3.3 n+1
                Arguments.of("cr:6", 6 * 64, 6 + 1),
                Arguments.of("rnh:3,4", 8 + 3 * 4 * 4, 3 + 4), // 002 §2: 2^n + n·2^(n−1)·k, diameter n+k
                Arguments.of("inh:2:1,3,2,1", 4 + 1 + 3 + 2 + 1, -1), // 2^n + Σ k_i
                Arguments.of("kcube:3,4", 64, 3), // k^n, diameter n
                Arguments.of("icube:5,4,3", icubeNodes(5, 4, 3), 5), // 004 Theorem 5.3's recurrence; Lemma 5.3(3) diameter ≤ n (= n here)
                Arguments.of("star:6", 720, 7), // n!, ⌊3(n−1)/2⌋
                Arguments.of("hypercube:7", 128, 7),
                Arguments.of("torus:5,3", 125, 3 * 2), // k^n, n·⌊k/2⌋
                Arguments.of("ccc:5", 5 * 32, 2 * 5 + 5 / 2 - 2)); // n·2^n, 2n + ⌊n/2⌋ − 2
    }

    /** X(m) = (k−1)(X(m−1) + … + X(m−β)), X(0) = 1, X(m < 0) = 0 (004 Theorem 5.3). */
    static int icubeNodes(int n, int k, int beta) {
        long[] x = new long[n + 1];
        x[0] = 1;
        for (int m = 1; m <= n; m++) {
            for (int j = 1; j <= beta && m - j >= 0; j++) {
                x[m] += (k - 1) * x[m - j];
            }
        }
        return (int) x[n];
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("networks")
    void jsonAndTextCarryTheMeasuredStructure(String name, int nodes, int claimedDiameter) {
        Cli.Result json = Cli.run("topology", "--topology", name, "--json");
        assertEquals(0, json.exit(), json::toString);
        assertEquals(1, json.outLines().size(), () -> "one line of JSON: " + json);
        JsonNode j = json.json();
        int diameter = diameterByBfs(Topologies.parse(name));
        assertAll(name,
                () -> assertEquals(name, j.path("topology").asText()),
                () -> assertEquals(nodes, j.path("nodes").asInt(), "nodes = the closed form"),
                () -> assertEquals(diameter, j.path("diameter").asInt(), "diameter = this test's BFS"),
                () -> assertTrue(j.path("connected").asBoolean()),
                () -> assertTrue(j.path("formulas").isArray() && j.path("formulas").size() > 0, "formulas beside the measurement"));
        if (claimedDiameter >= 0) {
            assertEquals(claimedDiameter, diameter, name + ": the papers' diameter, measured by this test's BFS");
        }
        Cli.Result text = Cli.run("topology", "--topology", name);
        assertEquals(0, text.exit(), text::toString);
        assertFalse(text.out().strip().startsWith("{"), () -> "a text report, not JSON: " + text.out());
        List<String> lines = text.outLines();
        assertTrue(lines.get(0).startsWith(name), () -> "names the network first: " + lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("diameter (BFS)") && l.strip().endsWith(" " + diameter)),
                () -> "the diameter line: " + text.out());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("nodes ") && l.contains(String.format("%,d", nodes))),
                () -> "the nodes line: " + text.out());
    }

    /** Flooding and routing sweeps print text reports too, with the figures of their JSON. */
    @org.junit.jupiter.api.Test
    void floodingAndRouteSweepsPrintText() {
        Cli.Result json = Cli.run("broadcast", "--topology", "cr:4", "--algorithm", "flooding", "--engine", "sequential", "--json");
        Cli.Result text = Cli.run("broadcast", "--topology", "cr:4", "--algorithm", "flooding", "--engine", "sequential");
        assertEquals(0, text.exit(), text::toString);
        assertEquals(0, json.exit(), json::toString);
        JsonNode j = json.json();
        assertFalse(text.out().strip().startsWith("{"), text::toString);
        assertTrue(text.out().contains(String.format("%d of %d nodes, all by step %d", j.path("informed").asLong(), 64,
                j.path("fullCoverageStep").asLong())), text::toString);
        assertTrue(text.out().contains("BFS eccentricity       " + diameterByBfs(Topologies.parse("cr:4"))), text::toString);

        Cli.Result sweepJson = Cli.run("route", "--topology", "torus:4,2", "--sweep", "all-pairs", "--engine", "sequential", "--json");
        assertEquals(0, sweepJson.exit(), sweepJson::toString);
        Cli.Result sweep = Cli.run("route", "--topology", "torus:4,2", "--sweep", "all-pairs", "--engine", "sequential");
        assertEquals(0, sweep.exit(), sweep::toString);
        assertFalse(sweep.out().strip().startsWith("{"), sweep::toString);
        assertTrue(sweep.out().contains("256 routes"), sweep::toString);
        assertTrue(sweep.out().contains(String.format("%.4f", sweepJson.json().path("mean").path("total").asDouble())), sweep::toString);
        assertTrue(sweep.out().contains("every packet; every walk is the router's route"), sweep::toString);

        // too many destinations for a BFS from each: the JSON has no bfs and the text says so instead of printing zeros
        Cli.Result large = Cli.run("route", "--topology", "hypercube:16", "--sweep", "sample:20000", "--engine", "sequential");
        assertEquals(0, large.exit(), large::toString);
        assertTrue(large.out().contains("BFS                    not measured"), large::toString);
        assertFalse(large.out().contains("as short as BFS"), large::toString);
    }

    /** The largest distance along out-ports between any two nodes. */
    static int diameterByBfs(Topology t) {
        int n = t.nodeCount();
        int[] dist = new int[n];
        int diameter = 0;
        for (int s = 0; s < n; s++) {
            Arrays.fill(dist, -1);
            dist[s] = 0;
            ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(s));
            int reached = 0;
            while (!queue.isEmpty()) {
                int v = queue.poll();
                reached++;
                diameter = Math.max(diameter, dist[v]);
                for (int p = 0; p < t.portCount(); p++) {
                    int w = t.neighbour(v, p);
                    if (w != Topology.NONE && dist[w] < 0) {
                        dist[w] = dist[v] + 1;
                        queue.add(w);
                    }
                }
            }
            assertEquals(n, reached, t.name() + ": every node reached from node " + s);
        }
        return diameter;
    }
}
