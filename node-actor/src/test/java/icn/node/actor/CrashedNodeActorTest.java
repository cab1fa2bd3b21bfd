package icn.node.actor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.FishingOutcomes;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import icn.node.engine.FaultModel;
import icn.node.kind.Programs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Scc;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.wire.BroadcastSpec;
import icn.protocols.wire.HostProtocol;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 6: "a crashed node's actor is stopped". One host runs multi-port flooding with crashed nodes. It is spawned under
 * {@link Behaviors#monitor}, so a probe sees the {@link NodeGroup.Spawned} message carrying the node actors' refs, and a watcher
 * reports every node actor that terminates: those of the crashed nodes do, the others live on after the run.
 */
class CrashedNodeActorTest {

    private static final ActorTestKit TESTKIT = ActorTestKit.create();
    private static final Duration QUIET = Duration.ofMillis(300);

    @AfterAll
    static void shutdown() {
        TESTKIT.shutdownTestKit();
    }

    /** Watches {@code nodes} and tells {@code report} the id of each one that terminates. */
    private static Behavior<Integer> watcher(ActorRef<NodeActor.Command>[] nodes, ActorRef<Integer> report) {
        return Behaviors.setup(context -> {
            for (int i = 0; i < nodes.length; i++) {
                context.watchWith(nodes[i], i);
            }
            return Behaviors.receiveMessage(i -> {
                report.tell(i);
                return Behaviors.same();
            });
        });
    }

    private static FaultPlan crashes(int[] nodes, long[] steps) {
        return new FaultPlan(1, nodes, steps, new int[0], new int[0], new long[0], new long[0], new double[LinkClass.values().length],
                new int[LinkClass.values().length], new int[0], new long[0], false);
    }

    /**
     * Runs flooding from node 0 of {@code t} on one host with {@code plan}; checks that no node actor stops before the run starts,
     * that exactly those of {@code crashed} stop during it, and that no other stops after it; returns what the host measured.
     */
    private static RunMetrics runAndWatch(Topology t, FaultPlan plan, Set<Integer> crashed) {
        TestProbe<HostProtocol.Event> supervisor = TESTKIT.createTestProbe(HostProtocol.Event.class);
        TestProbe<HostProtocol.Command> monitor = TESTKIT.createTestProbe(HostProtocol.Command.class);
        Behavior<HostProtocol.Command> host = Host.create(0, t, Partition.single(t.nodeCount()), 1,
                Programs.of(t, new BroadcastSpec(BroadcastAlgorithm.FLOODING, 1, 0)), LinkLatency.SYNCHRONOUS, FaultModel.of(plan, t),
                supervisor.ref());
        ActorRef<HostProtocol.Command> hostRef = TESTKIT.spawn(Behaviors.monitor(HostProtocol.Command.class, monitor.ref(), host));
        List<HostProtocol.Command> seen = monitor.fishForMessage(Duration.ofSeconds(10),
                m -> m instanceof NodeGroup.Spawned ? FishingOutcomes.complete() : FishingOutcomes.continueAndIgnore());
        NodeGroup.Spawned spawned = (NodeGroup.Spawned) seen.get(seen.size() - 1);
        assertEquals(t.nodeCount(), spawned.nodes().length, "one group holds every node (local index = id on a single host)");
        supervisor.expectMessageClass(HostProtocol.HostReady.class);
        TestProbe<Integer> terminated = TESTKIT.createTestProbe(Integer.class);
        TESTKIT.spawn(watcher(spawned.nodes(), terminated.ref()));
        terminated.expectNoMessage(QUIET); // nothing is stopped before the run starts

        hostRef.tell(new HostProtocol.StartStepping(List.of(hostRef)));
        HostProtocol.HostFinished finished = supervisor.expectMessageClass(HostProtocol.HostFinished.class, Duration.ofSeconds(10));
        Set<Integer> stopped = new TreeSet<>(terminated.receiveSeveralMessages(crashed.size(), Duration.ofSeconds(5)));
        assertEquals(new TreeSet<>(crashed), stopped, "the actors of the crashed nodes terminated");
        terminated.expectNoMessage(QUIET); // the other node actors live on after the run
        return RunMetrics.of(finished.metrics());
    }

    /**
     * SCC_4 from ⟨2,1234⟩, node 40 crashed before step 1 and a neighbour of the source at step 3 (informed after step 1, it forwarded
     * in step 2). SCC_4 without one node stays connected (001 §4), so flooding informs every node but node 40, the one crashed at
     * step 3 included.
     */
    @Test
    void theActorsOfCrashedNodesStopAndTheOthersLive() {
        Scc scc = Scc.of(4);
        int early = 40;
        int late = scc.neighbour(0, 0);
        for (int p = 0; p < scc.portCount(); p++) {
            assertNotEquals(early, scc.neighbour(0, p), "the early crash is not next to the source");
        }
        RunMetrics m = runAndWatch(scc, crashes(new int[] {early, late}, new long[] {1, 3}), Set.of(early, late));
        assertEquals(scc.nodeCount() - 1, m.informed(0));
        assertEquals(3, m.newlyInformedAt(1, 0), "the source's three neighbours, the one crashed at step 3 among them");
    }

    /**
     * Q_3 from 000, 111 crashed at step 4: 011, 101 and 110 send to it in step 3, the copies would reach its inbox in step 4 and are
     * dropped, and their other copies reach informed nodes, which never look at them; so no host begins step 4. The crash happened
     * (three messages dropped, 111 never informed) and 111's actor stops all the same, when the run ends.
     */
    @Test
    void aCrashAtAStepItsOwnDropsLeaveEmptyStillStopsTheActor() {
        Topology q3 = Topologies.parse("hypercube:3");
        RunMetrics m = runAndWatch(q3, crashes(new int[] {7}, new long[] {4}), Set.of(7));
        assertEquals(7, m.informed(0));
        assertEquals(3, m.accounting().nodeCrashed());
    }
}
