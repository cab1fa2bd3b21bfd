package icn.node.fault;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import icn.node.actor.ActorEngine;
import icn.node.engine.RunResult;
import icn.node.engine.RunRequest;
import icn.node.engine.SequentialEngine;
import icn.node.kind.Programs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.Accounting;
import icn.protocols.fault.FaultPlan;
import icn.protocols.fault.FaultSpec;
import icn.protocols.wire.BroadcastSpec;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Faults act the same on the actor engine as on the sequential engine (same drops, same informed nodes step by step, whatever the
 * partitioning), every message is accounted for exactly once, and each fault kind really removes what it should.
 */
class FaultsMatchSequentialTest {

    private static final ActorTestKit TESTKIT = ActorTestKit.create();

    @AfterAll
    static void shutdown() {
        TESTKIT.shutdownTestKit();
    }

    /** Every kind of fault but a JVM kill at once: random crashes and cuts, a timed crash, a cut that is restored, loss, delay. */
    static FaultSpec allKinds(Topology t, long seed) {
        double[] loss = new double[LinkClass.values().length];
        java.util.Arrays.fill(loss, 0.05);
        int[] delay = new int[LinkClass.values().length];
        delay[t.linkClass(0).ordinal()] = 1;
        List<FaultSpec.Event> events = List.of(new FaultSpec.CrashNode(t.label(t.nodeCount() - 1), 3),
                new FaultSpec.CutLink(t.label(1), t.portName(0), true, 2, 5));
        return new FaultSpec(seed, 3, 4, true, loss, delay, events, false);
    }

    static Stream<Arguments> runs() {
        return Stream.of(
                Arguments.of("scc:5", BroadcastAlgorithm.ONE_PORT, 2, Partition.Kind.SUPERNODE),
                Arguments.of("scc:5", BroadcastAlgorithm.MULTI_PORT, 3, Partition.Kind.ROUND_ROBIN),
                Arguments.of("scc:5", BroadcastAlgorithm.FLOODING, 2, Partition.Kind.BLOCK),
                Arguments.of("cr:5", BroadcastAlgorithm.FLOODING, 3, Partition.Kind.ROUND_ROBIN),
                Arguments.of("rnh:3,3", BroadcastAlgorithm.FLOODING_ONE_PORT, 2, Partition.Kind.BLOCK),
                Arguments.of("torus:4,3", BroadcastAlgorithm.FLOODING, 2, Partition.Kind.ROUND_ROBIN));
    }

    @ParameterizedTest(name = "{0} {1} hosts={2} {3}")
    @MethodSource("runs")
    void actorsDropWhatTheSequentialEngineDrops(String name, BroadcastAlgorithm algorithm, int hosts, Partition.Kind kind) throws Exception {
        Topology t = Topologies.parse(name);
        int source = 0;
        BroadcastSpec spec = new BroadcastSpec(algorithm, 1, source);
        Accounting total = new Accounting(0, 0, 0, 0, 0, 0);
        for (long seed : new long[] {1, 2, 3}) {
            FaultPlan plan = allKinds(t, seed).resolve(t, new int[] {source}, 1);
            RunMetrics expected = SequentialEngine.run(t, Programs.of(t, spec), LinkLatency.SYNCHRONOUS, plan);
            RunResult result = ActorEngine.runLocal(TESTKIT.system(),
                    new RunRequest(name, spec, kind, hosts, false).withFaults(plan)).get(60, TimeUnit.SECONDS);
            RunMetrics actual = result.metrics();
            String where = name + " seed " + seed;
            assertTrue(result.completed(), where);
            assertArrayEquals(expected.informedAfterEachStep(0), actual.informedAfterEachStep(0), where + ": informed per step");
            assertEquals(expected.accounting(), actual.accounting(), where + ": accounting");
            assertEquals(expected.informedDead(), actual.informedDead(), where + ": nodes informed before they crashed");
            assertTrue(actual.accounting().balanced(), where + ": " + actual.accounting().describe());
            Accounting a = actual.accounting();
            total = new Accounting(total.sent() + a.sent(), total.delivered() + a.delivered(), total.nodeCrashed() + a.nodeCrashed(),
                    total.linkCut() + a.linkCut(), total.lostInTransit() + a.lostInTransit(), 0);
        }
        Accounting all = total;
        assertTrue(all.nodeCrashed() > 0 && all.linkCut() > 0 && all.lostInTransit() > 0,
                name + ": every drop reason occurs over the three seeds: " + all.describe());
    }

    @Test
    void crashedNodesAreNeverInformedAndNothingIsDroppedWithoutFaults() {
        Topology t = Topologies.parse("scc:5");
        BroadcastSpec spec = new BroadcastSpec(BroadcastAlgorithm.FLOODING, 1, 0);
        RunMetrics clean = SequentialEngine.run(t, Programs.of(t, spec), LinkLatency.SYNCHRONOUS, FaultPlan.NONE);
        Accounting a = clean.accounting();
        assertEquals(new Accounting(a.sent(), a.sent(), 0, 0, 0, 0), a, "without faults every message is delivered");
        assertEquals(t.nodeCount(), clean.informed(0));

        FaultPlan plan = new FaultSpec(9, 10, 0, true, null, null, List.of(), false).resolve(t, new int[] {0}, 1);
        RunMetrics faulty = SequentialEngine.run(t, Programs.of(t, spec), LinkLatency.SYNCHRONOUS, plan);
        // flooding informs exactly the live nodes the source reaches in the graph without the crashed nodes (an independent BFS)
        java.util.BitSet dead = new java.util.BitSet();
        for (int v : plan.crashNodes()) {
            dead.set(v);
        }
        assertEquals(reachable(t, 0, dead), faulty.informed(0), "informed = live nodes reachable from the source");
        assertEquals(10, plan.crashNodes().length);
        assertTrue(faulty.accounting().nodeCrashed() > 0);
        assertTrue(faulty.accounting().balanced());
    }

    @Test
    void aLinkCutInBothDirectionsCarriesNothingWhileCutAndEverythingAfterItsRestore() {
        Topology t = Topologies.parse("hypercube:4");
        // flooding from 0 in Q_4: node 1 is informed over the link 0—1 at step 1 unless the link is cut then
        BroadcastSpec spec = new BroadcastSpec(BroadcastAlgorithm.FLOODING, 1, 0);
        FaultPlan cut = new FaultSpec(1, 0, 0, true, null, null,
                List.of(new FaultSpec.CutLink(t.label(0), t.portName(0), true, 1, FaultPlan.NEVER)), false).resolve(t, new int[] {0}, 1);
        RunMetrics metrics = SequentialEngine.run(t, Programs.of(t, spec), LinkLatency.SYNCHRONOUS, cut);
        assertEquals(2, cut.cutNodes().length, "both directions are two arcs");
        assertEquals(2, metrics.accounting().linkCut(), "0→1 at step 1 and 1→0 when 1 floods");
        assertEquals(t.nodeCount(), metrics.informed(0), "Q_4 stays connected without one link");
        assertEquals(eccentricityWithoutLink(t, 0, 0, t.neighbour(0, 0)), metrics.fullCoverageStep(0, t.nodeCount()),
                "full coverage = BFS eccentricity of the source in Q_4 without the link");
        FaultPlan restored = new FaultSpec(1, 0, 0, true, null, null,
                List.of(new FaultSpec.CutLink(t.label(0), t.portName(0), false, 1, 2)), false).resolve(t, new int[] {0}, 1);
        RunMetrics after = SequentialEngine.run(t, Programs.of(t, spec), LinkLatency.SYNCHRONOUS, restored);
        assertEquals(1, after.accounting().linkCut(), "one direction, cut in step 1 only: only 0→1 of step 1 is dropped");
        assertEquals(t.nodeCount(), after.informed(0));
    }

    private static long eccentricityWithoutLink(Topology t, int source, int a, int b) {
        int[] dist = new int[t.nodeCount()];
        java.util.Arrays.fill(dist, -1);
        java.util.ArrayDeque<Integer> queue = new java.util.ArrayDeque<>();
        dist[source] = 0;
        queue.add(source);
        int max = 0;
        while (!queue.isEmpty()) {
            int u = queue.poll();
            for (int p = 0; p < t.portCount(); p++) {
                int v = t.neighbour(u, p);
                if (v == Topology.NONE || dist[v] >= 0 || (u == a && v == b) || (u == b && v == a)) {
                    continue;
                }
                dist[v] = dist[u] + 1;
                max = Math.max(max, dist[v]);
                queue.add(v);
            }
        }
        return max;
    }

    private static long reachable(Topology t, int source, java.util.BitSet dead) {
        java.util.BitSet seen = new java.util.BitSet();
        java.util.ArrayDeque<Integer> queue = new java.util.ArrayDeque<>();
        seen.set(source);
        queue.add(source);
        while (!queue.isEmpty()) {
            int u = queue.poll();
            for (int p = 0; p < t.portCount(); p++) {
                int v = t.neighbour(u, p);
                if (v != Topology.NONE && !dead.get(v) && !seen.get(v)) {
                    seen.set(v);
                    queue.add(v);
                }
            }
        }
        return seen.cardinality();
    }
}
