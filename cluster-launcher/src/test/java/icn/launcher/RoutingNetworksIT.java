package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 5: every network's routings, every pair of nodes, in source and distributed mode, through the node actors of 1 JVM and of a
 * local cluster of 3 real JVMs ({@code icn run routing-networks}). Checked here from the JSON, not from the command's own verdict:
 * every packet delivered on its router's route over valid links; the 3-JVM sweep measured exactly what the 1-JVM sweep did (route
 * lengths, histogram, longest route, BFS columns, stretch, message accounting) while link messages crossed JVMs; and the BFS mean of
 * every all-pairs sweep equals the mean distance of this test's own BFS over the network.
 */
class RoutingNetworksIT {

    private static final Set<String> NETWORKS = Set.of("scc:4", "cr:4", "rnh:2,3", "inh:2:1,3,2,1", "kcube:2,4", "icube:4,3,2", "star:4",
            "hypercube:5", "torus:4,2", "ccc:4");

    private static final List<String> SAME = List.of("routes", "mean", "max", "histogram", "worst", "bfs", "stretch", "allDelivered",
            "invalidHops", "matchesPureRoutes", "accounting");

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void everyNetworkRoutesOnThreeJvmsAsOnOne() throws Exception {
        JsonNode result;
        try (IcnProcess p = IcnProcess.start(tmp, "-Xmx768m", "run", "routing-networks", "--json", "--no-reports")) {
            assertTrue(p.waitFor(Duration.ofSeconds(200)), () -> "finished: " + p.describe());
            assertEquals(0, p.exitValue(), p::describe);
            result = p.json();
            List<String> survivors = p.survivingDescendants(Duration.ofSeconds(15));
            System.out.printf("RoutingNetworksIT: %d sweeps in %.1f s, survivors %s%n", result.path("sweeps").size(), p.seconds(), survivors);
            assertTrue(survivors.isEmpty(), () -> "descendants still alive:\n" + String.join("\n", survivors));
        }
        Map<String, List<JsonNode>> groups = new LinkedHashMap<>();
        for (JsonNode s : result.path("sweeps")) {
            groups.computeIfAbsent(s.path("topology").asText() + " " + s.path("algorithm").asText() + " " + s.path("mode").asText(),
                    k -> new ArrayList<>()).add(s);
        }
        Set<String> networks = new TreeSet<>();
        Set<String> distributed = new TreeSet<>();
        List<String> problems = new ArrayList<>();
        Map<String, Double> meanDistance = new LinkedHashMap<>();
        for (Map.Entry<String, List<JsonNode>> g : groups.entrySet()) {
            List<JsonNode> sweeps = g.getValue();
            JsonNode one = sweeps.get(0);
            String topology = one.path("topology").asText();
            networks.add(topology);
            if (one.path("mode").asText().equals("distributed")) {
                distributed.add(topology);
            }
            assertEquals(List.of(1, 3), sweeps.stream().map(s -> s.path("jvms").asInt()).toList(), g.getKey() + ": on 1 and on 3 JVMs");
            Topology t = Topologies.parse(topology);
            double expectedMean = meanDistance.computeIfAbsent(topology, k -> meanDistance(t));
            for (JsonNode s : sweeps) {
                String where = g.getKey() + " on " + s.path("jvms").asInt() + " JVM(s)";
                if (s.path("routes").asLong() != (long) t.nodeCount() * t.nodeCount()) {
                    problems.add(where + ": " + s.path("routes") + " routes, not every ordered pair");
                }
                if (!s.path("allDelivered").asBoolean() || s.path("invalidHops").asLong() != 0 || !s.path("matchesPureRoutes").asBoolean()) {
                    problems.add(where + ": delivered " + s.path("allDelivered") + ", invalid hops " + s.path("invalidHops") + ", router's walks "
                            + s.path("matchesPureRoutes"));
                }
                if (Math.abs(s.path("bfs").path("mean").asDouble() - expectedMean) > 1e-9 || s.path("bfs").path("belowBfs").asLong() != 0) {
                    problems.add(where + ": BFS mean " + s.path("bfs").path("mean") + " (this test's BFS: " + expectedMean + "), below BFS "
                            + s.path("bfs").path("belowBfs"));
                }
                long cross = s.path("crossJvmLinkMessages").asLong(-1);
                if (s.path("jvms").asInt() == 1 ? cross != 0 : cross <= 0) {
                    problems.add(where + ": " + cross + " link messages crossed JVMs");
                }
                JsonNode a = s.path("accounting");
                if (a.path("sent").asLong() != a.path("delivered").asLong() || a.path("sent").asLong() <= 0) {
                    problems.add(where + ": without faults every message is delivered: " + a);
                }
            }
            for (String field : SAME) {
                if (!sweeps.get(0).path(field).equals(sweeps.get(1).path(field))) {
                    problems.add(g.getKey() + ": " + field + " on 3 JVMs " + sweeps.get(1).path(field) + ", on 1 JVM " + sweeps.get(0).path(field));
                }
            }
        }
        assertEquals(NETWORKS, networks, "every network routed");
        assertEquals(NETWORKS, distributed, "every network routed in distributed mode too");
        assertTrue(result.path("repetitionsAgree").asBoolean(), () -> "the command's own check: " + result.path("differences"));
        assertTrue(problems.isEmpty(), () -> problems.size() + " problem(s):\n" + String.join("\n", problems));
    }

    /** The mean distance over all ordered pairs (a node to itself included), by a BFS along out-ports from every node. */
    private static double meanDistance(Topology t) {
        int n = t.nodeCount();
        long sum = 0;
        int[] dist = new int[n];
        for (int s = 0; s < n; s++) {
            Arrays.fill(dist, -1);
            dist[s] = 0;
            ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(s));
            while (!queue.isEmpty()) {
                int v = queue.poll();
                sum += dist[v];
                for (int port = 0; port < t.portCount(); port++) {
                    int w = t.neighbour(v, port);
                    if (w != Topology.NONE && dist[w] < 0) {
                        dist[w] = dist[v] + 1;
                        queue.add(w);
                    }
                }
            }
        }
        return sum / ((double) n * n);
    }
}
