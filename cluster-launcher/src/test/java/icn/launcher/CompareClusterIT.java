package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 5: every kind of topology floods on {@code --jvms 3} with the same results as the sequential engine. One {@code icn compare
 * --jvms 3 --json} over one network of each kind; checked here from the JSON (steps, informed nodes after every step, link messages
 * per class), independently of the command's own verdict. Round-robin partitioning puts neighbours on different JVMs, so every link
 * class (lateral, local, f, g, necklace, dimension) is seen crossing JVMs and counted.
 */
class CompareClusterIT {

    private static final Duration RUN_LIMIT = Duration.ofSeconds(120);
    private static final List<String> NETWORKS = List.of("scc:4", "cr:4", "rnh:2,3", "inh:2:1,3,2,1", "icube:4,3,2", "kcube:2,4", "star:4",
            "hypercube:5", "torus:4,2", "ccc:4");

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void everyKindFloodsOnThreeJvmsAsOnTheSequentialEngine() throws Exception {
        List<String> args = new ArrayList<>(List.of("compare"));
        NETWORKS.forEach(n -> args.addAll(List.of("--topology", n)));
        args.addAll(List.of("--jvms", "3", "--partitioning", "round-robin", "--json"));
        JsonNode result;
        try (IcnProcess p = IcnProcess.start(tmp, "-Xmx512m", args.toArray(String[]::new))) {
            assertTrue(p.waitFor(RUN_LIMIT), () -> "finished within " + RUN_LIMIT.toSeconds() + " s: " + p.describe());
            assertEquals(0, p.exitValue(), p::describe);
            result = p.json();
            List<String> survivors = p.survivingDescendants(Duration.ofSeconds(15));
            System.out.printf("CompareClusterIT: exit %d in %.1f s, %d worker JVM(s) seen, survivors: %s%n", p.exitValue(), p.seconds(),
                    p.seenWorkers().size(), survivors);
            assertEquals(2, p.seenWorkers().size(), p::describeDescendants);
            assertTrue(survivors.isEmpty(), () -> "descendants alive after the exit:\n" + String.join("\n", survivors));
        }
        assertEquals(3, result.get("jvms").asInt());
        assertTrue(result.get("enginesAgree").asBoolean(), result::toPrettyString);
        JsonNode networks = result.get("networks");
        assertEquals(NETWORKS.size(), networks.size());
        List<Executable> checks = new ArrayList<>();
        java.util.Set<String> classesCrossing = new java.util.TreeSet<>();
        java.util.Set<String> classesUsed = new java.util.TreeSet<>();
        for (JsonNode network : networks) {
            String name = network.get("topology").asText();
            for (String flooding : List.of("flooding", "flooding-one-port")) {
                JsonNode e = network.get("engines").get(flooding);
                JsonNode seq = e.get("sequential");
                JsonNode actor = e.get("actor");
                String what = name + " " + flooding;
                checks.add(() -> assertEquals("sequential", seq.get("engine").asText(), what));
                checks.add(() -> assertEquals(3, actor.get("jvms").asInt(), what + ": actor jvms"));
                for (String field : List.of("steps", "fullCoverageStep", "informed", "perStepInformed")) {
                    checks.add(() -> assertEquals(seq.get(field), actor.get(field), what + ": " + field));
                }
                checks.add(() -> assertEquals(network.get("nodes").asLong(), actor.get("informed").asLong(), what + ": every node informed"));
                checks.add(() -> assertTrue(actor.get("accounting").get("balanced").asBoolean(), what + ": accounting"));
                Iterator<Map.Entry<String, JsonNode>> classes = seq.get("linkMessages").fields();
                long crossed = 0;
                while (classes.hasNext()) {
                    Map.Entry<String, JsonNode> c = classes.next();
                    if (!c.getValue().isNumber()) {
                        continue;
                    }
                    String key = c.getKey();
                    checks.add(() -> assertEquals(c.getValue(), actor.get("linkMessages").get(key), what + ": linkMessages." + key));
                    JsonNode cross = actor.get("linkMessages").get("crossJvm").get(key);
                    checks.add(() -> assertTrue(cross != null && cross.isNumber(), what + ": crossJvm." + key + " reported"));
                    checks.add(() -> assertEquals(0, seq.get("linkMessages").get("crossJvm").get(key).asLong(), what + ": nothing crosses JVMs sequentially"));
                    classesUsed.add(key);
                    if (cross != null && cross.asLong() > 0) {
                        classesCrossing.add(key);
                        crossed += cross.asLong();
                    }
                }
                long total = crossed;
                checks.add(() -> assertTrue(total > 0, what + ": some link message crossed JVMs: " + actor.get("linkMessages")));
                if (flooding.equals("flooding")) {
                    checks.add(() -> assertEquals(network.get("multiPortFloodingSteps"), actor.get("fullCoverageStep"), what + ": the table's figure"));
                }
            }
        }
        assertAll(checks);
        assertEquals(classesUsed, classesCrossing, "every link class crossed JVMs in some network");
    }
}
