package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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
 * {@code icn run SCENARIO --json --no-reports} over 1, 2 and 3 JVMs and all three partitionings: every run of the same topology,
 * algorithm and B measures the same, step by step. Checked here from the JSON, independently of the command's own check (its exit
 * code).
 */
class ClusterEquivalenceIT {

    private static final Duration RUN_LIMIT = Duration.ofSeconds(170);

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void everyGroupMeasuresTheSameOnEveryClusterAndPartitioning() throws Exception {
        Path scenario = IcnProcess.scenario(tmp, "equivalence-it",
                "kind = broadcast",
                "topologies = [\"scc:4\", \"scc:5\"]",
                "algorithms = [one-port, multi-port]",
                "messages = [1, 3]",
                "jvms = [1, 2, 3]",
                "partitionings = [supernode, block, round-robin]",
                "hosts-per-jvm = 2");
        JsonNode result;
        try (IcnProcess p = IcnProcess.start(tmp, "-Xmx512m", "run", scenario.toString(), "--json", "--no-reports")) {
            assertTrue(p.waitFor(RUN_LIMIT), () -> "finished within " + RUN_LIMIT.toSeconds() + " s: " + p.describe());
            assertEquals(0, p.exitValue(), p::describe);
            result = p.json();
            List<String> survivors = p.survivingDescendants(Duration.ofSeconds(15));
            System.out.printf("ClusterEquivalenceIT: %s: exit %d in %.1f s, %d worker JVM(s) seen, survivors: %s%n", p.commandLine(),
                    p.exitValue(), p.seconds(), p.seenWorkers().size(), survivors);
            assertTrue(survivors.isEmpty(), () -> "descendants still alive 15 s after the exit:\n" + String.join("\n", survivors));
            assertTrue(Files.notExists(tmp.resolve("results")), "--no-reports wrote nothing");
        }

        JsonNode runs = result.path("runs");
        assertTrue(runs.isArray(), () -> "runs is an array: " + result);
        assertEquals(72, runs.size(), "2 topologies x 2 algorithms x 2 B x 3 jvms x 3 partitionings");

        Map<String, List<JsonNode>> groups = new LinkedHashMap<>();
        for (JsonNode run : runs) {
            String key = run.path("topology").asText() + " " + run.path("algorithm").asText() + " B=" + run.path("messages").asInt();
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(run);
        }
        assertEquals(Set.of("scc:4 one-port B=1", "scc:4 one-port B=3", "scc:4 multi-port B=1", "scc:4 multi-port B=3",
                "scc:5 one-port B=1", "scc:5 one-port B=3", "scc:5 multi-port B=1", "scc:5 multi-port B=3"), groups.keySet());

        List<String> differences = new ArrayList<>();
        for (Map.Entry<String, List<JsonNode>> group : groups.entrySet()) {
            List<JsonNode> members = group.getValue();
            Set<String> clusters = new TreeSet<>();
            for (JsonNode run : members) {
                clusters.add(run.path("jvms").asInt() + "/" + run.path("partitioning").asText());
                if (run.path("hostsPerJvm").asInt() != 2) {
                    differences.add(group.getKey() + ": hostsPerJvm " + run.path("hostsPerJvm"));
                }
                JsonNode cross = run.path("linkMessages").path("crossJvm");
                if (run.path("jvms").asInt() == 1 && (cross.path("lateral").asLong(-1) != 0 || cross.path("local").asLong(-1) != 0)) {
                    differences.add(group.getKey() + " on 1 JVM: crossJvm " + cross);
                }
                if (run.path("jvms").asInt() > 1 && cross.path("lateral").asLong() + cross.path("local").asLong() <= 0) {
                    differences.add(group.getKey() + " on " + run.path("jvms") + " JVMs, " + run.path("partitioning").asText()
                            + ": no message crossed JVMs " + cross);
                }
            }
            assertEquals(new TreeSet<>(List.of("1/supernode", "1/block", "1/round-robin", "2/supernode", "2/block", "2/round-robin",
                    "3/supernode", "3/block", "3/round-robin")), clusters, group.getKey() + ": one run per jvms x partitioning");
            JsonNode reference = members.get(0);
            for (JsonNode run : members.subList(1, members.size())) {
                String where = group.getKey() + " on " + run.path("jvms") + " JVM(s), " + run.path("partitioning").asText()
                        + " (vs " + reference.path("jvms") + " JVM(s), " + reference.path("partitioning").asText() + ")";
                compare(differences, where, "perStepInformed", reference.get("perStepInformed"), run.get("perStepInformed"));
                compare(differences, where, "fullCoverageStep", reference.get("fullCoverageStep"), run.get("fullCoverageStep"));
                compare(differences, where, "steps", reference.get("steps"), run.get("steps"));
                compare(differences, where, "informed", reference.get("informed"), run.get("informed"));
                compare(differences, where, "linkMessages.lateral", reference.path("linkMessages").get("lateral"),
                        run.path("linkMessages").get("lateral"));
                compare(differences, where, "linkMessages.local", reference.path("linkMessages").get("local"),
                        run.path("linkMessages").get("local"));
            }
            assertTrue(reference.path("perStepInformed").isArray() && reference.path("perStepInformed").size() > 0,
                    () -> group.getKey() + ": perStepInformed present: " + reference);
        }
        assertTrue(differences.isEmpty(), () -> differences.size() + " difference(s):\n" + String.join("\n", differences));
    }

    private static void compare(List<String> differences, String where, String field, JsonNode expected, JsonNode actual) {
        if (expected == null || actual == null || !expected.equals(actual)) {
            differences.add(where + ": " + field + " " + actual + ", expected " + expected);
        }
    }
}
