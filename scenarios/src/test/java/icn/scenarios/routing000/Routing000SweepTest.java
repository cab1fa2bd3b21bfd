package icn.scenarios.routing000;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.node.engine.SequentialEngine;
import icn.node.kind.RouteSources;
import icn.node.packet.RoutingPrograms;
import icn.node.routing.Route;
import icn.node.routing.RoutingAlgorithm;
import icn.protocols.LinkLatency;
import icn.protocols.PacketLog;
import icn.protocols.Partition;
import icn.protocols.topology.Scc;
import icn.protocols.wire.RoutingSpec;
import icn.scenarios.claims.PaperFormulas;
import icn.scenarios.routing.RouteSweep;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The pure sweep of {@link Routing000} against the packets of the to-identity sweep on the sequential engine (the node programs the
 * actors run, hop by hop), node by node, and its averages against 000's closed forms and a BFS written here.
 */
class Routing000SweepTest {

    private static final long SEED = 7;
    private static final List<RoutingAlgorithm> ALGORITHMS = List.of(RoutingAlgorithm.MINIMAL, RoutingAlgorithm.GREEDY, RoutingAlgorithm.RANDOM);

    @Test
    void everyPacketOfTheSweepWalksThePureRouteNodeByNode() {
        for (int n = 3; n <= 6; n++) {
            Scc scc = Scc.of(n);
            for (RoutingAlgorithm algorithm : ALGORITHMS) {
                for (String mode : algorithm == RoutingAlgorithm.MINIMAL ? List.of("source") : List.of("source", "distributed")) {
                    long drawSeed = Routing000.drawSeed(SEED, 1); // draw 1: the sweep --seed SEED+1
                    RoutingSpec spec = new RoutingSpec(algorithm.key(), mode, "to-identity", drawSeed);
                    PacketLog log = SequentialEngine.run(scc, new RoutingPrograms(scc, spec, RouteSources.of(scc, spec)), LinkLatency.SYNCHRONOUS)
                            .packets();
                    assertEquals(scc.nodeCount(), log.size());
                    for (int i = 0; i < log.size(); i++) {
                        int node = log.id(i); // a to-identity sweep's packet id is its source
                        Route pure = Routing000.routeToIdentity(scc, algorithm, node, drawSeed);
                        String what = scc.name() + " " + algorithm.key() + " " + mode + " from " + scc.label(node);
                        assertEquals(PacketLog.fingerprint(walk(scc, node, pure.ports())), log.fingerprint(i), what);
                        assertEquals(pure.total(), log.hops(i), what);
                        assertEquals(pure.lateral(), log.lateral(i), what);
                        assertEquals(pure.miLocal() + pure.mbLocal(), log.local(i), what);
                    }
                }
            }
        }
    }

    @Test
    void measuredAveragesAndHistogramsAreThoseOfTheSweeps() {
        for (int n = 3; n <= 6; n++) {
            Scc scc = Scc.of(n);
            Measurement m = Routing000.measure(n, 2, SEED);
            assertEquals(scc.nodeCount(), m.nodes());
            check(m.minimal().meanLateral(), m.minimal().meanMiLocal(), m.minimal().meanMbLocal(), m.minimal().meanCost(), m.minimal().histogram(),
                    sweep(scc, RoutingAlgorithm.MINIMAL, SEED));
            check(m.greedy().meanLateral(), m.greedy().meanMiLocal(), m.greedy().meanMbLocal(), m.greedy().meanCost(), m.greedy().histogram(),
                    sweep(scc, RoutingAlgorithm.GREEDY, SEED));
            for (int k = 0; k < 2; k++) {
                JsonNode random = sweep(scc, RoutingAlgorithm.RANDOM, Routing000.drawSeed(SEED, k));
                assertEquals(random.get("mean").get("total").asDouble(), m.random().drawMeans()[k], 1e-12, scc.name() + " draw " + k);
                assertEquals(random.get("mean").get("mbLocal").asDouble(), m.random().drawMbMeans()[k], 1e-12, scc.name() + " draw " + k);
            }
            assertEquals(new Measurement.Checks(0, 0), m.checks(), scc.name());
        }
    }

    @Test
    void lateralAndMiLocalMatchEqs6And9AndMinimalMatchesBfs() {
        for (int n = 3; n <= 7; n++) {
            Measurement m = Routing000.measure(n, 1, SEED);
            assertEquals(PaperFormulas.averageLateral(n), m.minimal().meanLateral(), 1e-9, "Eq. 6, n = " + n);
            assertEquals(PaperFormulas.averageMiLocal(n), m.minimal().meanMiLocal(), 1e-9, "Eq. 9, n = " + n);
            for (Measurement.Costs c : List.of(m.greedy())) {
                assertEquals(m.minimal().meanLateral(), c.meanLateral(), 1e-12); // 000 §5: only MB(loc) varies
                assertEquals(m.minimal().meanMiLocal(), c.meanMiLocal(), 1e-12);
            }
            assertEquals(m.minimal().meanLateral(), m.random().meanLateral(), 1e-12);
            assertEquals(m.minimal().meanMiLocal(), m.random().meanMiLocal(), 1e-12);
            assertTrue(m.minimal().meanMbLocal() <= PaperFormulas.averageMbLocalRandom(n) + 1e-9, "Eq. 13, n = " + n);
            if (n <= 6) {
                assertArrayEquals(bfsHistogram(Scc.of(n)), m.minimal().histogram(), "minimal routing is BFS distance, n = " + n);
            }
        }
    }

    @Test
    void spreadIsTheSampleStandardDeviationWithAStudentInterval() {
        double[] x = {1, 2, 3, 4};
        assertEquals(2.5, Routing000.mean(x), 1e-15);
        assertEquals(Math.sqrt(5.0 / 3.0), Routing000.stdDev(x), 1e-15);
        Measurement.RandomRouting r = Routing000.measure(5, 8, SEED).random();
        assertEquals(Routing000.mean(r.drawMeans()), r.meanOverDraws(), 1e-15);
        double half = 2.365 * Routing000.stdDev(r.drawMeans()) / Math.sqrt(8); // t(0.975, 7)
        assertEquals(r.meanOverDraws() - half, r.ci95Low(), 1e-12);
        assertEquals(r.meanOverDraws() + half, r.ci95High(), 1e-12);
        assertEquals(scc5Nodes(), Arrays.stream(r.meanHistogram()).sum(), 1e-9);
        // the exact expectation over the random router's choices is where the draws scatter around
        assertTrue(Math.abs(r.meanOverDraws() - r.expectedCost()) < 4 * r.stdDev() / Math.sqrt(8) + 1e-12, r.toString());
    }

    private static double scc5Nodes() {
        return Scc.of(5).nodeCount();
    }

    private static JsonNode sweep(Scc scc, RoutingAlgorithm algorithm, long seed) {
        ObjectNode o = RouteSweep.run(Engine.reference(), scc, new RoutingSpec(algorithm.key(), "source", "to-identity", seed), new RunSettings(EngineKind.SEQUENTIAL, 1, Partition.Kind.SUPERNODE, 1));
        assertTrue(o.get("matchesPureRoutes").asBoolean());
        return o;
    }

    private static void check(double lateral, double mi, double mb, double cost, long[] histogram, JsonNode sweep) {
        JsonNode mean = sweep.get("mean");
        assertEquals(mean.get("lateral").asDouble(), lateral, 1e-12);
        assertEquals(mean.get("miLocal").asDouble(), mi, 1e-12);
        assertEquals(mean.get("mbLocal").asDouble(), mb, 1e-12);
        assertEquals(mean.get("total").asDouble(), cost, 1e-12);
        long[] expected = new long[sweep.get("histogram").size()];
        for (int c = 0; c < expected.length; c++) {
            expected[c] = sweep.get("histogram").get(c).asLong();
        }
        assertArrayEquals(expected, histogram);
    }

    // nodes by BFS distance to the identity ⟨2, 12…n⟩ (node 0), over the three ports of every node
    private static long[] bfsHistogram(Scc scc) {
        int[] distance = new int[scc.nodeCount()];
        Arrays.fill(distance, -1);
        distance[0] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(0));
        int far = 0;
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int port = 0; port < scc.portCount(); port++) {
                int w = scc.neighbour(v, port);
                if (w >= 0 && distance[w] < 0) {
                    distance[w] = distance[v] + 1;
                    far = Math.max(far, distance[w]);
                    queue.add(w);
                }
            }
        }
        long[] h = new long[far + 1];
        for (int d : distance) {
            h[d]++;
        }
        return h;
    }

    private static int[] walk(Scc scc, int source, int[] ports) {
        int[] path = new int[ports.length + 1];
        path[0] = source;
        for (int h = 0; h < ports.length; h++) {
            path[h + 1] = scc.neighbour(path[h], ports[h]);
        }
        return path;
    }
}
