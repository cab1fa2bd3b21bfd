package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.node.engine.SequentialEngine;
import icn.node.kind.Programs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.wire.BroadcastSpec;
import java.nio.file.Files;
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

            RunMetrics expected = withJvm2Crashed(TOPOLOGY, BroadcastAlgorithm.FLOODING, KILL_STEP);
            assertAll("continue",
                    () -> assertEquals(0, cont.exitValue(), "exit code"),
                    () -> checkLoss(c.path("memberLoss")),
                    () -> assertTrue(c.path("memberLoss").path("continued").asBoolean(), "continued"),
                    () -> assertEquals(expected.informed(0), c.path("informed").asLong(),
                            "informed = the sequential engine with JVM 2's nodes crashed at step " + KILL_STEP),
                    () -> assertEquals(expected.steps(), c.path("steps").asLong(), "steps = the sequential engine's"),
                    () -> assertEquals(expected.accounting().sent(), c.path("accounting").path("sent").asLong(), "sent"),
                    () -> assertEquals(Topologies.parse(TOPOLOGY).nodeCount() - nodesOfJvm(TOPOLOGY, 2).length, c.path("liveNodes").asLong(),
                            "JVM 2's nodes are not live"),
                    () -> assertEquals(reachableWithoutJvm2(), c.path("reachableLiveNodes").asLong(),
                            "reachable = BFS from the source without JVM 2's nodes"),
                    () -> assertEquals(expected.informed(0) - expected.informedDead(), c.path("informedLive").asLong(),
                            "live nodes informed = the sequential engine's, JVM 2's nodes informed before step " + KILL_STEP + " not live"),
                    () -> assertTrue(c.path("informed").asLong() - c.path("informedLive").asLong() <= nodesOfJvm(TOPOLOGY, 2).length,
                            "only JVM 2's nodes are informed and not live"),
                    () -> checkApplied(c.path("applied"), "continue"),
                    () -> checkAccounting(c.path("accounting")));
            assertAll("abort",
                    () -> assertEquals(0, abort.exitValue(), "exit code: the run ended as its fault plan said"),
                    () -> checkLoss(a.path("memberLoss")),
                    () -> assertFalse(a.path("memberLoss").path("continued").asBoolean(), "not continued"),
                    () -> assertFalse(a.path("memberLoss").path("completed").asBoolean(), "not completed"),
                    () -> assertTrue(a.path("informed").asLong() < expected.informed(0) || expected.steps() <= KILL_STEP,
                            "the aborted run informs fewer nodes than the one that went on"),
                    () -> checkApplied(a.path("applied"), "abort"),
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

    /** The run's {@code applied} names the kill of JVM 2 at the kill step under {@code policy}, and nothing else. */
    private static void checkApplied(JsonNode applied, String policy) {
        assertEquals(1, applied.path("killedJvms").size(), applied::toString);
        assertEquals(2, applied.path("killedJvms").path(0).path("jvm").asInt(), applied::toString);
        assertEquals(KILL_STEP, applied.path("killedJvms").path(0).path("step").asLong(), applied::toString);
        assertEquals(policy, applied.path("onMemberLoss").asText(), applied::toString);
        assertEquals("JVM 2 killed at step " + KILL_STEP + " (on member loss: " + policy + ")", applied.path("summary").asText());
    }

    private static void checkAccounting(JsonNode a) {
        JsonNode d = a.path("dropped");
        long sum = a.path("delivered").asLong() + d.path("nodeCrashed").asLong() + d.path("linkCut").asLong() + d.path("lostInTransit").asLong()
                + a.path("lostWithMember").asLong();
        assertEquals(a.path("sent").asLong(), sum, "sent = delivered + dropped + lost: " + a);
        assertTrue(a.path("balanced").asBoolean());
        assertTrue(a.path("lostWithMember").asLong() > 0, "messages went with the member: " + a);
    }

    /** The nodes of host {@code jvm} (one host per JVM, 3 JVMs, supernode partitioning). */
    private static int[] nodesOfJvm(String topology, int jvm) {
        Topology t = Topologies.parse(topology);
        Partition p = new Partition(Partition.Kind.SUPERNODE, 3, t.nodeCount(), Topologies.groupSize(t));
        return IntStream.range(0, t.nodeCount()).filter(v -> p.hostOf(v) == jvm).toArray();
    }

    /** Live nodes the source (node 0) reaches once JVM 2's nodes are gone, by an independent BFS. */
    private static long reachableWithoutJvm2() {
        Topology t = Topologies.parse(TOPOLOGY);
        java.util.BitSet dead = new java.util.BitSet();
        for (int v : nodesOfJvm(TOPOLOGY, 2)) {
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

    /** The same broadcast from node 0 on the sequential engine with every node of host 2 (JVM 2, one host per JVM) crashed at {@code step}. */
    private static RunMetrics withJvm2Crashed(String topology, BroadcastAlgorithm algorithm, long step) {
        Topology t = Topologies.parse(topology);
        int[] dead = nodesOfJvm(topology, 2);
        long[] steps = new long[dead.length];
        java.util.Arrays.fill(steps, step);
        int classes = LinkClass.values().length;
        FaultPlan plan = new FaultPlan(1, dead, steps, new int[0], new int[0], new long[0], new long[0], new double[classes],
                new int[classes], new int[0], new long[0], false);
        return SequentialEngine.run(t, Programs.of(t, new BroadcastSpec(algorithm, 1, 0)), LinkLatency.SYNCHRONOUS, plan);
    }

    /**
     * {@code icn faults kill-jvm}: Algorithm 5 on SCC_5 over 3 JVMs, worker JVM 2 killed at step 4 under continue. The report holds
     * the run without faults and the run with the kill; the latter informs, step by step, what the sequential engine informs with JVM
     * 2's nodes crashed at step 4 (computed here); it names what was lost and the detection time; runs.csv, steps.csv and coverage.png
     * are written beside result.json; no process is left behind.
     */
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void theKillExperimentReportsWhatWasLostWithCsvAndPng() throws Exception {
        String topology = "scc:5";
        long step = 4;
        Path out = tmp.resolve("kill-experiment");
        JsonNode r;
        try (IcnProcess p = IcnProcess.start(tmp, "-Xmx768m", "faults", "kill-jvm", "--topology", topology, "--algorithm", "multi-port",
                "--jvms", "3", "--hosts", "1", "--kill-jvm", "2@" + step, "--policies", "continue", "--out", out.toString(), "--json")) {
            assertTrue(p.waitFor(Duration.ofSeconds(150)), () -> "ended: " + p.describe());
            assertEquals(0, p.exitValue(), p::describe);
            r = p.json();
            List<String> left = p.survivingDescendants(Duration.ofSeconds(15));
            assertTrue(left.isEmpty(), () -> "descendants still alive after the run:\n" + String.join("\n", left));
        }
        // docs/output.md's contract of this command (OutputContractTest leaves it here: it needs worker JVMs)
        java.util.Map<String, List<String>> contracts = OutputContract.of("faults kill-jvm");
        assertFalse(contracts.isEmpty(), "docs/output.md has a faults kill-jvm contract");
        for (List<String> fields : contracts.values()) {
            List<String> missing = OutputContract.missing(r, fields);
            assertTrue(missing.isEmpty(), () -> "fields docs/output.md names for icn faults kill-jvm are missing: " + missing);
        }
        RunMetrics expected = withJvm2Crashed(topology, BroadcastAlgorithm.MULTI_PORT, step);
        long nodes = Topologies.parse(topology).nodeCount();
        JsonNode runs = r.path("runs");
        assertEquals(2, runs.size(), () -> "no-faults and continue: " + r);
        JsonNode clean = runs.get(0);
        JsonNode cont = runs.get(1);
        long[] perStep = new long[cont.path("perStepInformed").size()];
        for (int i = 0; i < perStep.length; i++) {
            perStep[i] = cont.path("perStepInformed").get(i).asLong();
        }
        JsonNode kill = cont.path("memberLoss").path("kills").path(0);
        System.out.printf("KillJvmIT (experiment): informed %d of %d after the kill, uninformed by the loss %d, detection %s s, %s%n",
                cont.path("informed").asLong(), nodes, cont.path("uninformedByTheLoss").asLong(), kill.path("detectionSeconds"),
                cont.path("accounting"));
        assertAll("kill-jvm experiment",
                () -> assertEquals("kill-jvm", r.path("experiment").asText()),
                () -> assertEquals(2, r.path("killedJvm").asInt()),
                () -> assertEquals(step, r.path("killStep").asLong()),
                () -> assertEquals("no-faults", clean.path("run").asText()),
                () -> assertEquals(nodes, clean.path("informed").asLong(), "without faults Algorithm 5 informs every node"),
                () -> assertEquals(0, clean.path("accounting").path("lostWithMember").asLong()),
                () -> assertEquals("continue", cont.path("run").asText()),
                () -> assertTrue(cont.path("memberLoss").path("continued").asBoolean(), "continued"),
                () -> assertEquals(2, kill.path("jvm").asInt()),
                () -> assertEquals(step, kill.path("step").asLong()),
                () -> assertTrue(kill.path("detectionSeconds").asDouble() > 0, "detection time measured: " + kill),
                () -> assertEquals(nodesOfJvm(topology, 2).length, cont.path("memberLoss").path("lostNodes").asLong(), "lost node actors"),
                () -> assertEquals(nodesOfJvm(topology, 2).length, r.path("killedJvmNodes").asLong()),
                () -> assertEquals(java.util.Arrays.toString(expected.informedAfterEachStep(0)), java.util.Arrays.toString(perStep),
                        "informed after every step = the sequential engine with JVM 2's nodes crashed at step " + step),
                () -> assertEquals(nodes - expected.informed(0), cont.path("uninformedByTheLoss").asLong()),
                () -> assertTrue(r.path("sequentialReference").path("continueRunMatches").asBoolean()),
                () -> assertTrue(clean.path("applied").path("none").asBoolean(), "the run without faults applied nothing"),
                () -> assertEquals("by run: no-faults run: none | continue run: JVM 2 killed at step " + step + " (on member loss: continue)",
                        r.path("applied").path("summary").asText(), "what each run applied"),
                () -> checkAccounting(cont.path("accounting")));
        Path dir = Cli.resultsDir(out);
        assertTrue(dir.getFileName().toString().startsWith("faults-kill-jvm-"), dir.toString());
        JsonNode manifest = Cli.JSON.readTree(dir.resolve("manifest.json").toFile());
        assertEquals("icn faults kill-jvm", manifest.path("command").asText());
        assertEquals(3, manifest.path("jvms").asInt());
        assertEquals(0, manifest.path("exitCode").asInt());
        assertEquals(r, Cli.JSON.readTree(dir.resolve("result.json").toFile()), "result.json is what --json printed");
        // the run went on without JVM 2 to its end: completed, not stopped
        assertTrue(cont.path("memberLoss").path("completed").asBoolean(), "completed on the survivors");
        assertTrue(cont.path("memberLoss").path("stoppedAtStep").isNull(), "not stopped");
        List<String> csv = Files.readAllLines(dir.resolve("runs.csv"));
        assertEquals(3, csv.size(), () -> "header and two runs: " + csv);
        List<String> header = List.of(csv.get(0).split(","));
        String[] row = csv.get(2).split(",", -1);
        assertEquals("continue", row[0]);
        assertEquals(cont.path("informed").asText(), row[header.indexOf("informed")]);
        assertEquals(cont.path("accounting").path("lostWithMember").asText(), row[header.indexOf("lost_with_member")]);
        assertEquals("true", row[header.indexOf("completed")], "runs.csv: completed");
        assertEquals("", row[header.indexOf("stopped_at_step")], "runs.csv: not stopped");
        List<String> steps = Files.readAllLines(dir.resolve("steps.csv"));
        assertEquals("step,informed_no_faults,informed_continue,informed_sequential_reference", steps.get(0));
        assertEquals("0,1,1,1", steps.get(1), "step 0: the source alone");
        byte[] png = Files.readAllBytes(dir.resolve("coverage.png"));
        assertTrue(png.length > 1000 && (png[0] & 0xff) == 0x89 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G', "coverage.png is a PNG");
        assertTrue(Files.readString(dir.resolve("report.md")).contains("coverage.png"));
        assertTrue(Files.readString(dir.resolve("report.md")).replace("applied:", "applied").replaceAll("\\s+", " ")
                .contains("applied " + r.path("applied").path("summary").asText()), "report.md says what each run applied");
        assertEquals(r.path("killStep"), Cli.JSON.readTree(dir.resolve("result.json").toFile()).path("killStep"));
    }
}
