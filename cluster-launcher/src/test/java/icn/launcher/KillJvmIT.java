package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.node.engine.SequentialEngine;
import icn.node.program.Programs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.Topologies;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.wire.BroadcastSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault plan kills worker JVM 2 of a 3-JVM flooding broadcast at step 4 (issue 6): with on-member-loss = continue the run goes
 * on without it and informs exactly what the sequential engine informs with that JVM's nodes crashed at step 4; with abort it ends
 * at the kill. Both reports name the member, the step and the detection time, their accounting balances with messages lost with the
 * member, and no process is left behind.
 */
class KillJvmIT {

    private static final String TOPOLOGY = "scc:6";
    private static final int KILL_STEP = 4;

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aKilledWorkerIsLostAtItsStepAndTheRunContinuesOrEndsAsThePlanSays() throws Exception {
        try (IcnProcess cont = start("continue"); IcnProcess abort = start("abort")) {
            assertTrue(cont.waitFor(Duration.ofSeconds(200)), () -> "continue run ended: " + cont.describe());
            assertTrue(abort.waitFor(Duration.ofSeconds(200)), () -> "abort run ended: " + abort.describe());
            JsonNode c = cont.json();
            JsonNode a = abort.json();
            System.out.printf("KillJvmIT: continue: informed %d, steps %d, %s, detection %s s; abort: informed %d, stopped at %d, %s%n",
                    c.path("informed").asLong(), c.path("steps").asLong(), c.path("accounting"),
                    c.path("memberLoss").path("kills").path(0).path("detectionSeconds"), a.path("informed").asLong(),
                    a.path("memberLoss").path("stoppedAtStep").asLong(), a.path("accounting"));

            RunMetrics expected = withJvm2Crashed();
            assertAll("continue",
                    () -> assertEquals(0, cont.exitValue(), "exit code"),
                    () -> checkLoss(c.path("memberLoss")),
                    () -> assertTrue(c.path("memberLoss").path("continued").asBoolean(), "continued"),
                    () -> assertEquals(expected.informed(0), c.path("informed").asLong(),
                            "informed = the sequential engine with JVM 2's nodes crashed at step " + KILL_STEP),
                    () -> assertEquals(expected.steps(), c.path("steps").asLong(), "steps = the sequential engine's"),
                    () -> assertEquals(expected.accounting().sent(), c.path("accounting").path("sent").asLong(), "sent"),
                    () -> assertEquals(Topologies.parse(TOPOLOGY).nodeCount() - jvm2Nodes().length, c.path("liveNodes").asLong(),
                            "JVM 2's nodes are not live"),
                    () -> assertEquals(reachableWithoutJvm2(), c.path("reachableLiveNodes").asLong(),
                            "reachable = BFS from the source without JVM 2's nodes"),
                    () -> checkAccounting(c.path("accounting")));
            assertAll("abort",
                    () -> assertEquals(0, abort.exitValue(), "exit code: the run ended as its fault plan said"),
                    () -> checkLoss(a.path("memberLoss")),
                    () -> assertFalse(a.path("memberLoss").path("continued").asBoolean(), "not continued"),
                    () -> assertFalse(a.path("memberLoss").path("completed").asBoolean(), "not completed"),
                    () -> assertTrue(a.path("informed").asLong() < expected.informed(0) || expected.steps() <= KILL_STEP,
                            "the aborted run informs fewer nodes than the one that went on"),
                    () -> checkAccounting(a.path("accounting")));
            for (IcnProcess p : List.of(cont, abort)) {
                List<String> left = p.survivingDescendants(Duration.ofSeconds(15));
                assertTrue(left.isEmpty(), () -> "descendants still alive after the run:\n" + String.join("\n", left));
            }
        }
    }

    private IcnProcess start(String policy) throws Exception {
        return IcnProcess.start(tmp, "-Xmx768m", "broadcast", "--topology", TOPOLOGY, "--algorithm", "flooding", "--jvms", "3", "--hosts",
                "1", "--kill-jvm", "2@" + KILL_STEP, "--on-member-loss", policy, "--json");
    }

    private static void checkLoss(JsonNode loss) {
        assertEquals(1, loss.path("lostMembers").size(), "one member lost: " + loss);
        JsonNode kill = loss.path("kills").path(0);
        assertEquals(2, kill.path("jvm").asInt(), "JVM 2 was killed");
        assertEquals(KILL_STEP, kill.path("step").asLong(), "at the planned step");
        assertEquals(loss.path("lostMembers").path(0).asText(), kill.path("member").asText(), "the lost member is the killed JVM");
        assertTrue(kill.path("detectionSeconds").asDouble() > 0, "detection took time: " + kill);
        Topology t = Topologies.parse(TOPOLOGY);
        assertEquals(t.nodeCount() / 3, loss.path("lostNodes").asLong(), "a third of the supernodes went with JVM 2");
    }

    private static void checkAccounting(JsonNode a) {
        JsonNode d = a.path("dropped");
        long sum = a.path("delivered").asLong() + d.path("nodeCrashed").asLong() + d.path("linkCut").asLong() + d.path("lostInTransit").asLong()
                + a.path("lostWithMember").asLong();
        assertEquals(a.path("sent").asLong(), sum, "sent = delivered + dropped + lost: " + a);
        assertTrue(a.path("balanced").asBoolean());
        assertTrue(a.path("lostWithMember").asLong() > 0, "messages went with the member: " + a);
    }

    /** The nodes of host 2 (JVM 2, one host per JVM). */
    private static int[] jvm2Nodes() {
        Topology t = Topologies.parse(TOPOLOGY);
        Partition p = new Partition(Partition.Kind.SUPERNODE, 3, t.nodeCount(), Topologies.groupSize(t));
        return IntStream.range(0, t.nodeCount()).filter(v -> p.hostOf(v) == 2).toArray();
    }

    /** Live nodes the source (node 0) reaches once JVM 2's nodes are gone, by an independent BFS. */
    private static long reachableWithoutJvm2() {
        Topology t = Topologies.parse(TOPOLOGY);
        java.util.BitSet dead = new java.util.BitSet();
        for (int v : jvm2Nodes()) {
            dead.set(v);
        }
        java.util.BitSet seen = new java.util.BitSet();
        java.util.ArrayDeque<Integer> queue = new java.util.ArrayDeque<>(List.of(0));
        seen.set(0);
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int port = 0; port < t.portCount(); port++) {
                int w = t.neighbour(v, port);
                if (w != Topology.NONE && !dead.get(w) && !seen.get(w)) {
                    seen.set(w);
                    queue.add(w);
                }
            }
        }
        return seen.cardinality();
    }

    /** The same broadcast on the sequential engine with every node of host 2 (JVM 2, one host per JVM) crashed at the kill step. */
    private static RunMetrics withJvm2Crashed() {
        Topology t = Topologies.parse(TOPOLOGY);
        int[] dead = jvm2Nodes();
        long[] steps = new long[dead.length];
        java.util.Arrays.fill(steps, KILL_STEP);
        int classes = LinkClass.values().length;
        FaultPlan plan = new FaultPlan(1, dead, steps, new int[0], new int[0], new long[0], new long[0], new double[classes],
                new int[classes], new int[0], new long[0], false);
        return SequentialEngine.run(t, Programs.of(t, new BroadcastSpec(BroadcastAlgorithm.FLOODING, 1, 0)), LinkLatency.SYNCHRONOUS, plan);
    }
}
