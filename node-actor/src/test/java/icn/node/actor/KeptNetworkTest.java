package icn.node.actor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.typed.ActorRef;
import akka.actor.typed.javadsl.AskPattern;
import icn.node.engine.RunRequest;
import icn.node.engine.RunResult;
import icn.node.engine.SequentialEngine;
import icn.node.kind.Programs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkLatency;
import icn.protocols.Partition;
import icn.protocols.ProgramSpec;
import icn.protocols.RunMetrics;
import icn.protocols.Topology;
import icn.protocols.topology.Topologies;
import icn.protocols.traffic.MessageDelivered;
import icn.protocols.traffic.TrafficSpec;
import icn.protocols.wire.BroadcastSpec;
import icn.protocols.wire.ManagerProtocol;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A member that keeps networks (a standing cluster's worker): a run on the network and partitioning of the run before resets that
 * run's node actors instead of spawning new ones, and measures exactly what the sequential engine measures, step by step and
 * message by message, whatever ran on the network before; another network, or the keep's time running out, releases them.
 */
class KeptNetworkTest {

    private static final ActorTestKit TESTKIT = ActorTestKit.create();

    @AfterAll
    static void shutdown() {
        TESTKIT.shutdownTestKit();
    }

    private static RunResult run(ActorRef<ManagerProtocol.Command> manager, String network, ProgramSpec spec, int hosts) throws Exception {
        return ActorEngine.start(TESTKIT.system(), List.of(manager), new RunRequest(network, spec, Partition.Kind.SUPERNODE, hosts, false))
                .get(60, TimeUnit.SECONDS);
    }

    private static ManagerProtocol.MemberStats stats(ActorRef<ManagerProtocol.Command> manager) throws Exception {
        return AskPattern.<ManagerProtocol.Command, ManagerProtocol.MemberStats>ask(manager, r -> new ManagerProtocol.Inspect(false, r),
                Duration.ofSeconds(10), TESTKIT.scheduler()).toCompletableFuture().get();
    }

    private static void sameAsSequential(String network, ProgramSpec spec, RunResult actual) {
        Topology t = Topologies.parse(network);
        RunMetrics expected = SequentialEngine.run(t, Programs.of(t, spec), LinkLatency.SYNCHRONOUS, false);
        assertEquals(expected.steps(), actual.metrics().steps(), "steps");
        for (int m = 0; m < expected.messages(); m++) {
            assertArrayEquals(expected.informedAfterEachStep(m), actual.metrics().informedAfterEachStep(m), "informed per step, message " + m);
        }
        assertEquals(expected.accounting(), actual.metrics().accounting(), "accounting");
        List<MessageDelivered> e = delivered(expected);
        List<MessageDelivered> a = delivered(actual.metrics());
        assertEquals(e, a, "every message delivered, with its latency");
    }

    private static List<MessageDelivered> delivered(RunMetrics m) {
        return m.observations().stream().filter(MessageDelivered.class::isInstance).map(MessageDelivered.class::cast)
                .sorted(Comparator.comparingLong(MessageDelivered::id)).toList();
    }

    @Test
    void runsOnTheSameNetworkResetItsNodeActorsAndMeasureWhatTheSequentialEngineMeasures() throws Exception {
        ActorRef<ManagerProtocol.Command> manager = TESTKIT.spawn(HostManager.create(false, Duration.ofSeconds(30)));
        BroadcastSpec first = new BroadcastSpec(BroadcastAlgorithm.ONE_PORT, 1, 0);
        RunResult a = run(manager, "scc:6", first, 2);
        assertFalse(a.networkKept(), "the first run spawns");
        sameAsSequential("scc:6", first, a);
        assertEquals(3600, stats(manager).keptNodeActors(), "kept after a completed run");

        BroadcastSpec second = new BroadcastSpec(BroadcastAlgorithm.MULTI_PORT, 3, 1234);
        RunResult b = run(manager, "scc:6", second, 2);
        assertTrue(b.networkKept(), "the same network and partitioning: the node actors are reset");
        sameAsSequential("scc:6", second, b);

        ProgramSpec flooding = new BroadcastSpec(BroadcastAlgorithm.FLOODING, 1, 77);
        RunResult c = run(manager, "scc:6", flooding, 2);
        assertTrue(c.networkKept());
        sameAsSequential("scc:6", flooding, c);

        RunResult d = run(manager, "scc:6", second, 3);
        assertFalse(d.networkKept(), "three hosts instead of two: another partition, spawned anew");
        sameAsSequential("scc:6", second, d);

        TrafficSpec traffic = new TrafficSpec("dimension-order", "uniform", 2, 4, 4, 0.03, 5, 400, 800);
        RunResult e = run(manager, "torus:4,2", traffic, 2);
        assertFalse(e.networkKept(), "another network");
        RunResult f = run(manager, "torus:4,2", traffic, 2);
        assertTrue(f.networkKept());
        sameAsSequential("torus:4,2", traffic, f);
        ManagerProtocol.MemberStats s = stats(manager);
        assertEquals(16, s.keptNodeActors(), "only the last network (torus:4,2, 16 nodes) is kept: " + s);
    }

    @Test
    void theKeepRunsOutAndTheNodeActorsAreReleased() throws Exception {
        ActorRef<ManagerProtocol.Command> manager = TESTKIT.spawn(HostManager.create(false, Duration.ofMillis(300)));
        run(manager, "scc:5", new BroadcastSpec(BroadcastAlgorithm.ONE_PORT, 1, 0), 1);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        ManagerProtocol.MemberStats s = stats(manager);
        while ((s.keptNodeActors() > 0 || s.nodeActors() > 0) && System.nanoTime() < deadline) {
            Thread.sleep(50);
            s = stats(manager);
        }
        assertEquals(0, s.keptNodeActors(), "released when the keep ran out: " + s);
        assertEquals(0, s.nodeActors(), "stopped: " + s);
        assertEquals(0, s.hosts(), "no host left: " + s);
    }

    @Test
    void aRunWithCrashesIsNotKept() throws Exception {
        ActorRef<ManagerProtocol.Command> manager = TESTKIT.spawn(HostManager.create(false, Duration.ofSeconds(30)));
        BroadcastSpec spec = new BroadcastSpec(BroadcastAlgorithm.FLOODING, 1, 0);
        icn.protocols.fault.FaultPlan crash = new icn.protocols.fault.FaultPlan(1, new int[] {5}, new long[] {2}, new int[0], new int[0],
                new long[0], new long[0], new double[icn.protocols.LinkClass.values().length], new int[icn.protocols.LinkClass.values().length],
                new int[0], new long[0], false);
        RunResult r = ActorEngine.start(TESTKIT.system(), List.of(manager), new RunRequest("scc:5", spec, Partition.Kind.SUPERNODE,
                LinkLatency.SYNCHRONOUS, 1, false, crash)).get(60, TimeUnit.SECONDS);
        assertFalse(r.networkKept());
        assertEquals(0, stats(manager).keptNodeActors(), "a network with a crashed node is not kept");
        assertFalse(run(manager, "scc:5", spec, 1).networkKept(), "so the next run spawns");
    }
}
