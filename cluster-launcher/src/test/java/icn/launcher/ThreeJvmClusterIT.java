package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.launcher.cluster.LocalWorkers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local cluster (this process as coordinator and two worker JVMs it starts on loopback) measures step by step what one JVM
 * measures, its messages really cross JVMs, it stays healthy, and no worker JVM outlives the command.
 */
class ThreeJvmClusterIT {

    private static final Duration RUN_LIMIT = Duration.ofSeconds(120);
    private static final Duration SURVIVOR_LIMIT = Duration.ofSeconds(15);

    @TempDir
    Path tmp;

    /**
     * SCC_6 (3,600 nodes) broadcast with every algorithm, B and two partitionings, on one JVM and on three, in one
     * {@code icn run} (one cluster for all sixteen runs: forming a cluster per case cost four JVMs and about 12 s of CPU each;
     * the same comparison through {@code icn broadcast --jvms 3} is IcnJarIT's, on CR_6).
     */
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void threeJvmsMeasureWhatOneJvmMeasures() throws Exception {
        Path scenario = IcnProcess.scenario(tmp, "three-jvm-it",
                "kind = broadcast",
                "topologies = [\"scc:6\"]",
                "algorithms = [one-port, multi-port]",
                "messages = [1, 3]",
                "jvms = [1, 3]",
                "partitionings = [supernode, round-robin]");
        JsonNode result;
        List<String> health;
        // verbose: the coordinator's own heartbeat warnings on stderr, where the test looks for them
        try (IcnProcess p = IcnProcess.start(tmp, Map.of(), List.of("-Xmx512m", "-Dicn.verbose=true"), "run", scenario.toString(), "--json",
                "--no-reports")) {
            result = result(p, 3);
            // the coordinator's own log and the workers' (which it copies to stderr when they hold any): no member looked lost. A
            // heartbeat a second or two late is what a machine loaded by other builds does to any JVM (it is reported, not failed);
            // a member marked unreachable, or a gap as long as the failure detector's acceptable pause (5 s), is a cluster that
            // starved its own heartbeats
            health = p.errLines().stream().filter(l -> LocalWorkers.HEALTH_WARNING.matcher(l).matches()).filter(LocalWorkers::nearLoss)
                    .toList();
        }
        assertEquals(List.of(), health, "members marked unreachable, or heartbeats 5 s or more apart, on 3 JVMs");
        JsonNode runs = result.path("runs");
        assertEquals(16, runs.size(), () -> "2 algorithms x 2 B x 2 jvms x 2 partitionings: " + result);
        Map<String, JsonNode> byKey = new TreeMap<>();
        for (JsonNode run : runs) {
            byKey.put(run.path("algorithm").asText() + " B=" + run.path("messages").asInt() + " " + run.path("partitioning").asText() + " jvms="
                    + run.path("jvms").asInt(), run);
        }
        assertEquals(16, byKey.size(), () -> "one run of each: " + byKey.keySet());
        for (String algorithm : List.of("one-port", "multi-port")) {
            for (int b : new int[] {1, 3}) {
                for (String partitioning : List.of("supernode", "round-robin")) {
                    String key = algorithm + " B=" + b + " " + partitioning;
                    JsonNode one = byKey.get(key + " jvms=1");
                    JsonNode three = byKey.get(key + " jvms=3");
                    assertTrue(one != null && three != null, () -> key + " on 1 and 3 JVMs: " + byKey.keySet());
                    compare(key, one, three);
                }
            }
        }
    }

    private static void compare(String key, JsonNode one, JsonNode three) {
        String context = "scc:6 " + key + "\n1 JVM:  " + one + "\n3 JVMs: " + three;
        JsonNode cross1 = one.path("linkMessages").path("crossJvm");
        JsonNode cross3 = three.path("linkMessages").path("crossJvm");
        assertAll(context,
                () -> assertEquals(1, one.path("jvms").asInt(), "jvms of the 1-JVM run"),
                () -> assertEquals(3, three.path("jvms").asInt(), "jvms of the 3-JVM run"),
                () -> assertEquals(one.get("perStepInformed"), three.get("perStepInformed"), "perStepInformed"),
                () -> assertEquals(one.get("fullCoverageStep"), three.get("fullCoverageStep"), "fullCoverageStep"),
                () -> assertEquals(one.get("steps"), three.get("steps"), "steps"),
                () -> assertEquals(one.path("linkMessages").get("lateral"), three.path("linkMessages").get("lateral"), "linkMessages.lateral"),
                () -> assertEquals(one.path("linkMessages").get("local"), three.path("linkMessages").get("local"), "linkMessages.local"),
                () -> assertEquals(3600, three.path("informed").asLong(), "informed, 3 JVMs"),
                () -> assertTrue(cross1.isObject() && cross1.path("lateral").asLong(-1) == 0 && cross1.path("local").asLong(-1) == 0,
                        "crossJvm = 0 on 1 JVM: " + cross1),
                () -> assertTrue(cross3.isObject() && cross3.path("lateral").asLong() + cross3.path("local").asLong() > 0,
                        "crossJvm > 0 on 3 JVMs: " + cross3),
                () -> {
                    if (key.endsWith("supernode")) {
                        // whole supernodes per host: every local (ring) link stays inside a JVM
                        assertEquals(0, cross3.path("local").asLong(-1), "crossJvm.local with supernode partitioning: " + cross3);
                        assertTrue(cross3.path("lateral").asLong() > 0, "crossJvm.lateral with supernode partitioning: " + cross3);
                    }
                });
    }

    /**
     * dfs under crashes and cuts across three JVMs: packets and send-failure notices cross hosts, and the report is the
     * sequential engine's (same packets delivered and given up, same hops, same message accounting).
     */
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void adaptiveRoutingAcrossThreeJvmsIsTheSequentialRun() throws Exception {
        String[] common = {"route", "--topology", "scc:5", "--algorithm", "dfs", "--crash-nodes", "3", "--cut-links", "3", "--sweep",
                "sample:500", "--seed", "3", "--json"};
        JsonNode sequential;
        JsonNode three;
        try (IcnProcess p3 = IcnProcess.start(tmp, "-Xmx512m", with(common, "--jvms", "3"));
                IcnProcess p1 = IcnProcess.start(tmp, "-Xmx512m", with(common, "--engine", "sequential"))) {
            sequential = result(p1, 1);
            three = result(p3, 3);
        }
        for (String field : new String[] {"delivered", "undeliverable", "deliverableNotDelivered", "gaveUp", "hopLimited", "meanHops", "steps",
                "accounting"}) {
            assertEquals(sequential.get(field), three.get(field), field + "\nsequential: " + sequential + "\n3 JVMs: " + three);
        }
        assertEquals(0, three.get("deliverableNotDelivered").asLong(), "every deliverable packet delivered");
    }

    private static String[] with(String[] args, String... more) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    /** Waits for the end, checks the exit code, that no descendant survived, and the worker JVMs a cluster run started. */
    private static JsonNode result(IcnProcess p, int jvms) throws Exception {
        boolean finished = p.waitFor(RUN_LIMIT);
        assertTrue(finished, () -> "finished within " + RUN_LIMIT.toSeconds() + " s: " + p.describe());
        assertEquals(0, p.exitValue(), p::describe);
        JsonNode json = p.json();
        List<String> survivors = p.survivingDescendants(SURVIVOR_LIMIT);
        System.out.printf("ThreeJvmClusterIT: %s: exit %d in %.1f s, %d descendant process(es) seen, none alive %d s after exit: %s%n",
                p.commandLine(), p.exitValue(), p.seconds(), p.seenDescendants().size(), SURVIVOR_LIMIT.toSeconds(), survivors.isEmpty());
        assertTrue(survivors.isEmpty(), () -> "descendants still alive " + SURVIVOR_LIMIT.toSeconds() + " s after the exit of "
                + p.commandLine() + ":\n" + String.join("\n", survivors));
        assertEquals(jvms - 1, p.seenWorkers().size(), () -> (jvms - 1) + " worker JVM(s) were started:\n" + p.describeDescendants());
        return json;
    }
}
