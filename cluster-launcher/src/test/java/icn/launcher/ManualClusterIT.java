package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.launcher.cluster.ClusterMachines;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A cluster formed by hand: {@code icn coordinator --bind ... --expect K} and {@code icn worker --join ...} as separate processes. */
class ManualClusterIT {

    @TempDir
    Path tmp;

    private Path scenario() throws IOException {
        return IcnProcess.scenario(tmp, "manual-it", "kind = broadcast", "topologies = [\"scc:4\"]", "algorithms = [one-port]",
                "messages = [1]");
    }

    @Test
    @Timeout(value = 200, unit = TimeUnit.SECONDS)
    void coordinatorAndOneWorkerRunAScenarioAndTheWorkerStopsByItself() throws Exception {
        int port = ClusterMachines.freePort("127.0.0.1");
        Path scenario = scenario();
        try (IcnProcess coordinator = IcnProcess.start(tmp, "-Xmx512m", "coordinator", "--bind", "127.0.0.1:" + port, "--expect", "2",
                scenario.toString(), "--json", "--no-reports");
                IcnProcess worker = IcnProcess.start(tmp, "-Xmx512m", "worker", "--join", "127.0.0.1:" + port)) {
            boolean finished = coordinator.waitFor(Duration.ofSeconds(120));
            assertTrue(finished, () -> "the coordinator finished within 120 s: " + coordinator.describe() + "\n" + worker.describe());
            assertEquals(0, coordinator.exitValue(), () -> coordinator.describe() + "\n" + worker.describe());
            JsonNode json = coordinator.json();
            JsonNode runs = json.path("runs");
            assertAll(coordinator.describe(),
                    () -> assertTrue(runs.isArray() && runs.size() == 1, "one run (scc:4 one-port B=1)"),
                    () -> runs.forEach(r -> assertEquals(2, r.path("jvms").asInt(), "jvms of " + r)),
                    () -> runs.forEach(r -> assertTrue(r.path("linkMessages").path("crossJvm").path("lateral").asLong() > 0,
                            "messages crossed the two JVMs: " + r.path("linkMessages"))),
                    () -> runs.forEach(r -> assertEquals(72, r.path("informed").asInt(), "informed")));

            boolean workerEnded = worker.waitFor(Duration.ofSeconds(20));
            double after = ((workerEnded ? worker.exitNanos() : System.nanoTime()) - coordinator.exitNanos()) / 1e9;
            System.out.printf("ManualClusterIT: coordinator exit %d after %.1f s; worker %s %.1f s %s the coordinator's process ended%s%n",
                    coordinator.exitValue(), coordinator.seconds(), workerEnded ? "exited (" + worker.exitValue() + ")" : "still running",
                    Math.abs(after), after < 0 ? "before" : "after", workerEnded ? ", stderr: " + worker.errLines() : "");
            assertTrue(workerEnded, () -> "the worker exited by itself within 20 s after the coordinator ended: " + worker.describe());
            assertEquals(0, worker.exitValue(), () -> "the worker's exit code when the coordinator left: " + worker.describe());
            assertTrue(coordinator.survivingDescendants(Duration.ofSeconds(5)).isEmpty(), coordinator::describeDescendants);
            assertTrue(worker.survivingDescendants(Duration.ofSeconds(5)).isEmpty(), worker::describeDescendants);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aWorkerThatCannotJoinGivesUp() throws Exception {
        int port = ClusterMachines.freePort("127.0.0.1");
        try (IcnProcess worker = IcnProcess.start(tmp, "-Xmx512m", "worker", "--join", "127.0.0.1:" + port, "--join-timeout", "5")) {
            boolean finished = worker.waitFor(Duration.ofSeconds(15));
            System.out.printf("ManualClusterIT: %s: %s after %.1f s, stderr %s%n", worker.commandLine(),
                    finished ? "exit " + worker.exitValue() : "still running", worker.seconds(), worker.errLines());
            assertTrue(finished, () -> "exited within 15 s: " + worker.describe());
            List<String> lines = worker.errLinesWithoutProgress();
            assertAll(worker.describe(),
                    () -> assertNotEquals(0, worker.exitValue(), "exit code"),
                    () -> assertEquals("", worker.out(), "stdout"),
                    () -> assertEquals(1, lines.size(), "one line on stderr"),
                    () -> assertTrue(lines.size() == 1 && lines.get(0).contains("could not join"), "says it could not join"));
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aCoordinatorWithoutWorkersGivesUp() throws Exception {
        int port = ClusterMachines.freePort("127.0.0.1");
        try (IcnProcess coordinator = IcnProcess.start(tmp, "-Xmx512m", "coordinator", "--bind", "127.0.0.1:" + port, "--expect", "2",
                "--formation-timeout", "5", scenario().toString(), "--json", "--no-reports")) {
            boolean finished = coordinator.waitFor(Duration.ofSeconds(30));
            System.out.printf("ManualClusterIT: %s: %s after %.1f s, stderr %s%n", coordinator.commandLine(),
                    finished ? "exit " + coordinator.exitValue() : "still running", coordinator.seconds(), coordinator.errLines());
            assertTrue(finished, () -> "exited within 30 s: " + coordinator.describe());
            List<String> lines = coordinator.errLinesWithoutProgress();
            assertAll(coordinator.describe(),
                    () -> assertEquals(1, coordinator.exitValue(), "exit code"),
                    () -> assertEquals("", coordinator.out(), "stdout"),
                    () -> assertEquals(1, lines.size(), "one line on stderr (progress lines aside)"),
                    () -> assertTrue(lines.size() == 1 && lines.get(0).contains("did not form"), "says the cluster did not form"));
        }
    }
}
