package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.launcher.cluster.ClusterMachines;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every scenario kind runs through {@code icn coordinator}: a coordinator and a worker formed by hand on loopback run a broadcast, a
 * routing, a fault and a traffic scenario across both JVMs, and each measures what the same scenario measures in this JVM on the
 * sequential engine (the reference), field by field.
 */
class CoordinatorScenarioKindsIT {

    @TempDir
    Path tmp;

    /** The scenario file of each kind: small networks, so that a case takes seconds. */
    private static List<String> lines(String kind) {
        return switch (kind) {
            case "broadcast" -> List.of("kind = broadcast", "topologies = [\"scc:4\"]", "algorithms = [one-port, multi-port, flooding]");
            case "routing" -> List.of("kind = routing", "topologies = [\"scc:4\", \"torus:4,2\"]", "sweep = to-identity");
            case "faults" -> List.of("kind = faults", "experiment = coverage", "topologies = [\"scc:4\"]",
                    "algorithms = [one-port, flooding]", "max-faults = 2", "seeds = 3");
            case "traffic" -> List.of("kind = traffic", "panels = [{ name = a, topology = \"hypercube:4\", vcs = 2, flits = [8],"
                    + " rates = \"0.005,0.02\", cycles = 1000, warmup = 100 }]");
            default -> throw new IllegalArgumentException(kind);
        };
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"broadcast", "routing", "faults", "traffic"})
    @Timeout(value = 200, unit = TimeUnit.SECONDS)
    void aScenarioOfEveryKindRunsAcrossACoordinatorAndAWorker(String kind) throws Exception {
        List<String> file = new ArrayList<>(lines(kind));
        file.add("engine = actor");
        Path scenario = IcnProcess.scenario(tmp, "coordinator-" + kind, file.toArray(String[]::new));
        int port = ClusterMachines.freePort("127.0.0.1");
        JsonNode cluster;
        try (IcnProcess coordinator = IcnProcess.start(tmp, "-Xmx512m", "coordinator", "--bind", "127.0.0.1:" + port, "--expect", "2",
                scenario.toString(), "--json", "--no-reports");
                IcnProcess worker = IcnProcess.start(tmp, "-Xmx512m", "worker", "--join", "127.0.0.1:" + port)) {
            assertTrue(coordinator.waitFor(Duration.ofSeconds(150)), () -> "finished: " + coordinator.describe() + "\n" + worker.describe());
            assertEquals(0, coordinator.exitValue(), () -> coordinator.describe() + "\n" + worker.describe());
            cluster = coordinator.json();
            assertTrue(worker.waitFor(Duration.ofSeconds(20)), () -> "the worker ended after the coordinator: " + worker.describe());
        }
        List<String> reference = new ArrayList<>(lines(kind));
        reference.add("engine = sequential");
        Path sequential = IcnProcess.scenario(tmp, "sequential-" + kind, reference.toArray(String[]::new));
        Cli.Result local = Cli.run("run", sequential.toString(), "--json", "--no-reports");
        assertEquals(0, local.exit(), local::toString);
        JsonNode alone = local.json();
        System.out.printf("CoordinatorScenarioKindsIT %s: %s%n", kind, cluster.toString().length() > 300
                ? cluster.toString().substring(0, 300) + "..." : cluster);
        switch (kind) {
            case "broadcast" -> sameBroadcasts(cluster, alone);
            case "routing" -> sameSweeps(cluster, alone);
            case "faults" -> sameCoverage(cluster, alone);
            default -> sameTraffic(cluster, alone);
        }
    }

    private static void sameBroadcasts(JsonNode cluster, JsonNode alone) {
        JsonNode runs = cluster.path("runs");
        assertEquals(alone.path("runs").size(), runs.size(), "runs");
        for (int i = 0; i < runs.size(); i++) {
            JsonNode r = runs.get(i);
            JsonNode s = alone.path("runs").get(i);
            assertAll(r.path("topology").asText(),
                    () -> assertEquals(2, r.path("jvms").asInt(), "jvms"),
                    () -> assertEquals(s.path("perStepInformed"), r.path("perStepInformed"), "informed after every step"),
                    () -> assertEquals(s.path("steps"), r.path("steps"), "steps"),
                    () -> assertEquals(s.path("accounting").path("sent"), r.path("accounting").path("sent"), "link messages sent"),
                    () -> assertTrue(crossJvm(r) > 0, "link messages crossed the two JVMs: " + r.path("linkMessages")));
        }
    }

    private static long crossJvm(JsonNode run) {
        long sum = 0;
        for (JsonNode v : run.path("linkMessages").path("crossJvm")) {
            sum += v.asLong();
        }
        return sum;
    }

    private static void sameSweeps(JsonNode cluster, JsonNode alone) {
        JsonNode sweeps = cluster.path("sweeps");
        assertEquals(alone.path("sweeps").size(), sweeps.size(), "sweeps");
        assertTrue(sweeps.size() > 0, "sweeps");
        for (int i = 0; i < sweeps.size(); i++) {
            JsonNode r = sweeps.get(i);
            JsonNode s = alone.path("sweeps").get(i);
            assertAll(r.path("topology").asText() + " " + r.path("algorithm").asText(),
                    () -> assertEquals(2, r.path("jvms").asInt(), "jvms"),
                    () -> assertTrue(r.path("allDelivered").asBoolean(), "all delivered"),
                    () -> assertEquals(s.path("histogram"), r.path("histogram"), "cost histogram"),
                    () -> assertEquals(s.path("mean"), r.path("mean"), "mean cost"),
                    () -> assertEquals(s.path("meanDeliveryStep"), r.path("meanDeliveryStep"), "delivery steps"));
        }
    }

    private static void sameCoverage(JsonNode cluster, JsonNode alone) {
        JsonNode points = cluster.path("points");
        assertTrue(points.size() > 0, "points");
        assertEquals(alone.path("points").size(), points.size(), "points");
        for (int i = 0; i < points.size(); i++) {
            JsonNode r = points.get(i);
            JsonNode s = alone.path("points").get(i);
            assertEquals(strip(s), strip(r), "point " + i);
        }
    }

    /** A point without its wall times. */
    private static JsonNode strip(JsonNode point) {
        com.fasterxml.jackson.databind.node.ObjectNode copy = point.deepCopy();
        copy.remove("wallSeconds");
        copy.remove("meanWallSeconds");
        return copy;
    }

    private static void sameTraffic(JsonNode cluster, JsonNode alone) {
        assertEquals(2, cluster.path("jvms").asInt(), "jvms");
        JsonNode curve = cluster.path("panels").get(0).path("curves").get(0);
        JsonNode reference = alone.path("panels").get(0).path("curves").get(0);
        JsonNode points = curve.path("points");
        assertEquals(reference.path("points").size(), points.size(), "points");
        for (int i = 0; i < points.size(); i++) {
            JsonNode p = points.get(i);
            JsonNode s = reference.path("points").get(i);
            assertAll("point " + i,
                    () -> assertEquals(s.path("latency").path("mean"), p.path("latency").path("mean"), "mean latency"),
                    () -> assertEquals(s.path("messages"), p.path("messages"), "messages measured"),
                    () -> assertEquals(s.path("accepted"), p.path("accepted"), "accepted load"));
        }
    }
}
