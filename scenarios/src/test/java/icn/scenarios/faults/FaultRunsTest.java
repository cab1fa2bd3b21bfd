package icn.scenarios.faults;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.node.engine.SequentialEngine;
import icn.node.kind.Programs;
import icn.node.routing.DfsRouting;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.fault.FaultSpec;
import icn.protocols.wire.BroadcastSpec;
import icn.protocols.wire.RoutingSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Timed faults against the run's length, and routing's count of delivered packets the surviving graph judged undeliverable. The
 * expected steps are derived by hand for multi-port flooding on Q_3 from 000 with x extra steps per link: a node at distance d is
 * informed at the end of step d(1 + x) and forwards on its three ports in the step after; the copies 111 (distance 3) sends in step
 * 3(1 + x) + 1 reach informed nodes, which never look at them, so that is the last step with work.
 */
class FaultRunsTest {

    private static final Topology Q3 = Topologies.parse("hypercube:3");
    private static final RunSettings SEQUENTIAL = new RunSettings(EngineKind.SEQUENTIAL, 1, Partition.Kind.SUPERNODE, 1);
    private static final RunSettings TWO_JVMS = new RunSettings(EngineKind.ACTORS, 2, 1, Partition.Kind.SUPERNODE, 1);

    private static FaultSpec spec(int delay, List<FaultSpec.Event> events) {
        int[] extra = new int[LinkClass.values().length];
        extra[LinkClass.DIMENSION.ordinal()] = delay;
        return new FaultSpec(1, 0, 0, true, null, extra, events, false);
    }

    private static FaultPlan plan(int delay, RunSettings settings, FaultSpec.Event... events) {
        return FaultRuns.planBroadcast(Q3, BroadcastAlgorithm.FLOODING, 1, 0, settings, spec(delay, List.of(events)));
    }

    private static String refused(int delay, RunSettings settings, FaultSpec.Event... events) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> plan(delay, settings, events));
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertTrue(e.getMessage().contains("beyond the run"), e.getMessage());
        return e.getMessage();
    }

    private static FaultSpec.CrashNode crash(String label, long step) {
        return new FaultSpec.CrashNode(label, step);
    }

    /** Without delay the last step with work is 4 (111 informed after step 3 floods in step 4); step 5 is beyond the run. */
    @Test
    void aFaultAfterTheRunsLastStepIsRefused() {
        assertDoesNotThrow(() -> plan(0, SEQUENTIAL, crash("111", 4)));
        assertDoesNotThrow(() -> plan(0, TWO_JVMS, new FaultSpec.KillJvm(1, 4)));
        String crash = refused(0, SEQUENTIAL, crash("011", 5));
        assertTrue(crash.contains("the crash of 011 at step 5") && crash.contains("ends after step 4"), crash);
        String kill = refused(0, TWO_JVMS, new FaultSpec.KillJvm(1, 5));
        assertTrue(kill.contains("the kill of JVM 1 at step 5") && kill.contains("ends after step 4"), kill);
        String cut = refused(0, SEQUENTIAL, new FaultSpec.CutLink("011", "DIM0", false, 5, FaultPlan.NEVER));
        assertTrue(cut.contains("at step 5"), cut);
        // a cut from step 2 may be restored at step 5, the step after the last one, not later
        assertDoesNotThrow(() -> plan(0, SEQUENTIAL, new FaultSpec.CutLink("000", "DIM0", true, 2, 5)));
        String restore = refused(0, SEQUENTIAL, new FaultSpec.CutLink("000", "DIM0", true, 2, 6));
        assertTrue(restore.contains("restore") && restore.contains("step 6") && restore.contains("step 5 at the latest"), restore);
    }

    /**
     * With 2 extra steps per link, 111 is informed at the end of step 9 and floods in step 10, so a crash at step 10 acts (the three
     * copies sent to 111 in step 7 arrive in step 10 and are dropped; 111 is never informed) and one at step 11 is beyond the run.
     * The fault-free run ends after step 4: comparing against it refused step 10.
     */
    @Test
    void aStepTheDelayedRunReachesIsAccepted() {
        FaultPlan plan = plan(2, SEQUENTIAL, crash("111", 10));
        RunMetrics m = SequentialEngine.run(Q3, Programs.of(Q3, new BroadcastSpec(BroadcastAlgorithm.FLOODING, 1, 0)),
                LinkLatency.SYNCHRONOUS, plan);
        assertEquals(7, m.informed(0), "every node but 111");
        assertEquals(3, m.accounting().nodeCrashed(), "the copies from 011, 101 and 110");
        assertTrue(m.accounting().balanced());
        String late = refused(2, SEQUENTIAL, crash("111", 11));
        assertTrue(late.contains("ends after step 10"), late);
        assertDoesNotThrow(() -> plan(2, TWO_JVMS, new FaultSpec.KillJvm(1, 10)));
        refused(2, TWO_JVMS, new FaultSpec.KillJvm(1, 11));
    }

    /**
     * Whether the run gets to a step is decided by the faults before it: with 001, 010 and 100 crashed at step 2 the copies sent in
     * step 1 are dropped and nothing has work after step 1, so a crash at step 4 is beyond the run.
     */
    @Test
    void earlierFaultsCanEndTheRunBeforeALaterOne() {
        String msg = refused(0, SEQUENTIAL, crash("001", 2), crash("010", 2), crash("100", 2), crash("111", 4));
        assertTrue(msg.contains("the crash of 111 at step 4") && msg.contains("ends after step 1"), msg);
        assertDoesNotThrow(() -> plan(0, SEQUENTIAL, crash("001", 2), crash("010", 2), crash("100", 2)));
    }

    /**
     * A timed crash: in SCC_4 every node sends a packet to the identity ⟨2,1234⟩ by dfs, and a neighbour X of the
     * identity crashes at step 2. X's own packet left in step 1 and reaches the identity in step 2, before any crash could stop it,
     * but the surviving graph (conservative: X is dead from the start) judges it undeliverable. The other 71 packets are deliverable
     * (the identity is alive and SCC_4 without one node is connected) and dfs delivers them, detouring where X's crash
     * makes a send fail. So 72 packets are delivered, 1 undeliverable, 1 of them delivered although judged undeliverable, and the ratio
     * of deliverable packets delivered is 71 / 71: the old unclamped report said 72 / 71.
     */
    @Test
    void aPacketDeliveredBeforeATimedCrashIsCountedApartNotInTheRatio() {
        Topology scc4 = Topologies.parse("scc:4");
        String x = scc4.label(scc4.neighbour(0, 0));
        RoutingSpec spec = new RoutingSpec(DfsRouting.KEY, "distributed", "to-identity", 1);
        FaultSpec faults = new FaultSpec(1, 0, 0, true, null, null, List.of(crash(x, 2)), false);
        FaultPlan plan = FaultRuns.planRoute(scc4, spec, SEQUENTIAL, faults);
        ObjectNode j = FaultRuns.route(Engine.reference(), scc4, spec, SEQUENTIAL, faults, plan);
        assertEquals(72, j.get("packets").asLong());
        assertEquals(72, j.get("delivered").asLong());
        assertEquals(1, j.get("undeliverable").asLong());
        assertEquals(1, j.get("deliveredUndeliverable").asLong());
        assertEquals(0, j.get("deliverableNotDelivered").asLong());
        assertEquals(1.0, j.get("deliveryRatio").asDouble());
        assertEquals(j.get("packets").asLong(), j.get("delivered").asLong() - j.get("deliveredUndeliverable").asLong()
                + j.get("undeliverable").asLong() + j.get("deliverableNotDelivered").asLong(), "every packet counted once");
        assertTrue(j.get("accounting").get("dropped").get("nodeCrashed").asLong() > 0, "some sends into X failed after its crash");
    }
}
