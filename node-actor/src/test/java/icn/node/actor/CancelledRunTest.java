package icn.node.actor;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import icn.protocols.RunMetrics;
import icn.protocols.topology.Scc;
import icn.protocols.traffic.TrafficSpec;
import icn.protocols.wire.BroadcastSpec;
import icn.protocols.wire.ManagerProtocol;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run whose caller gives up (its future cancelled, as when a standing cluster's submitter leaves) stops on the member and
 * releases every node actor it spawned, while spawning or while stepping; the member then serves the next run as before. The run
 * cancelled would go on for 10^8 cycles: only the cancellation can end it.
 */
class CancelledRunTest {

    private static final ActorTestKit TESTKIT = ActorTestKit.create();

    @AfterAll
    static void shutdown() {
        TESTKIT.shutdownTestKit();
    }

    @ParameterizedTest(name = "cancelled {0} ms after it started")
    @ValueSource(ints = {0, 200, 1500})
    void aCancelledRunReleasesItsNodeActorsAndTheNextRunIsServed(int afterMillis) throws Exception {
        ActorRef<ManagerProtocol.Command> manager = TESTKIT.spawn(HostManager.create(false));
        // traffic generated for 10^8 cycles: a run that does not end by itself while this test lasts
        TrafficSpec endless = new TrafficSpec("dimension-order", "uniform", 2, 4, 4, 0.02, 1, 100_000_000L, 200_000_000L);
        CompletableFuture<RunResult> running = ActorEngine.start(TESTKIT.system(), List.of(manager),
                new RunRequest("torus:16,2", endless, Partition.Kind.BLOCK, 2, false));
        Thread.sleep(afterMillis);
        assertTrue(running.cancel(true), "the run was still going on when it was cancelled");

        ManagerProtocol.MemberStats stats = awaitEmpty(manager, 1, Duration.ofSeconds(60));
        assertEquals(0, stats.hosts(), "hosts left on the member");
        assertEquals(0, stats.nodeActors(), "node actors left on the member");

        Scc small = Scc.of(5);
        BroadcastSpec spec = new BroadcastSpec(BroadcastAlgorithm.MULTI_PORT, 2, 7);
        RunMetrics expected = SequentialEngine.run(small, Programs.of(small, spec), LinkLatency.SYNCHRONOUS, false);
        RunResult next = ActorEngine.start(TESTKIT.system(), List.of(manager),
                new RunRequest(small.name(), spec, Partition.Kind.SUPERNODE, 2, false)).get(60, TimeUnit.SECONDS);
        assertEquals(expected.steps(), next.metrics().steps(), "steps of the run after the cancelled one");
        org.junit.jupiter.api.Assertions.assertArrayEquals(expected.informedAfterEachStep(0), next.metrics().informedAfterEachStep(0), "informed per step, message 1");
        org.junit.jupiter.api.Assertions.assertArrayEquals(expected.informedAfterEachStep(1), next.metrics().informedAfterEachStep(1), "informed per step, message 2");
        assertEquals(2, awaitEmpty(manager, 2, Duration.ofSeconds(30)).runsServed(), "runs served");
    }

    /**
     * The member's stats once it has taken in {@code runs} runs and holds no host and no node actor, within {@code limit}; the last
     * stats otherwise.
     */
    private static ManagerProtocol.MemberStats awaitEmpty(ActorRef<ManagerProtocol.Command> manager, long runs, Duration limit)
            throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        ManagerProtocol.MemberStats stats;
        do {
            stats = AskPattern.<ManagerProtocol.Command, ManagerProtocol.MemberStats>ask(manager,
                    replyTo -> new ManagerProtocol.Inspect(false, replyTo), Duration.ofSeconds(10), TESTKIT.scheduler())
                    .toCompletableFuture().get();
            if (stats.runsServed() >= runs && stats.hosts() == 0 && stats.nodeActors() == 0) {
                return stats;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < deadline);
        return stats;
    }
}
