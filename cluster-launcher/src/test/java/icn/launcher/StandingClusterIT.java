package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.launcher.cluster.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A standing cluster on loopback (a head and two worker JVMs, real processes): ten submissions of five kinds, each measuring what
 * the same command measures on the sequential engine; its status; faults on it (the submitter killed, a worker paused for 3 s, a
 * worker killed, the head killed), after each of which the next submission succeeds; and a stop that leaves no process behind.
 */
class StandingClusterIT {

    private static final Duration RUN = Duration.ofSeconds(180);

    @TempDir
    Path tmp;

    /** The ten submissions: Algorithms 4 and 5, routing, faults, traffic and a scenario file (added in the test). */
    static final List<List<String>> COMMANDS = List.of(
            List.of("broadcast", "--topology", "scc:6", "--algorithm", "one-port"),
            List.of("broadcast", "--topology", "scc:6", "--algorithm", "multi-port", "--messages", "2"),
            List.of("broadcast", "--topology", "ccc:5", "--algorithm", "one-port"),
            List.of("route", "--topology", "scc:6", "--sweep", "to-identity", "--algorithm", "greedy", "--mode", "distributed"),
            List.of("route", "--topology", "cr:5", "--sweep", "all-pairs", "--algorithm", "optimal"),
            List.of("faults", "coverage", "--topology", "scc:5", "--seeds", "3", "--max-faults", "3"),
            List.of("faults", "routing", "--topology", "scc:5", "--seeds", "2", "--max-faults", "2", "--sweep", "sample:30"),
            List.of("traffic", "--topology", "rnh:3,2", "--rates", "0.005,0.01", "--cycles", "2000"),
            List.of("traffic", "--topology", "torus:4,2", "--routing", "dimension-order", "--rates", "0.02", "--cycles", "2000"));

    private static String[] with(List<String> command, String... more) {
        List<String> all = new ArrayList<>(command);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    @Test
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void tenSubmissionsOfFiveKindsMeasureWhatTheSequentialEngineMeasures() throws Exception {
        Path scenario = IcnProcess.scenario(tmp, "standing-it", "kind = broadcast", "topologies = [\"scc:5\", \"scc:4\"]",
                "algorithms = [one-port, multi-port]", "messages = [1, 2]");
        Path sequentialScenario = IcnProcess.scenario(tmp, "standing-it-sequential", "kind = broadcast", "topologies = [\"scc:5\", \"scc:4\"]",
                "algorithms = [one-port, multi-port]", "messages = [1, 2]", "engine = sequential");
        try (StandingCluster cluster = StandingCluster.start(tmp, "--workers", "2")) {
            JsonNode status = cluster.status(false);
            assertEquals(2, status.path("workers").size(), status::toString);
            assertEquals("ok", status.path("health").asText(), status::toString);
            // docs/output.md's contracts of icn cluster start and icn cluster status (OutputContractTest leaves them here)
            for (String command : List.of("cluster start", "cluster status")) {
                JsonNode printed = command.equals("cluster start") ? cluster.started() : status;
                java.util.Map<String, List<String>> contracts = OutputContract.of(command);
                assertTrue(!contracts.isEmpty(), "docs/output.md has a contract of icn " + command);
                for (List<String> fields : contracts.values()) {
                    List<String> missing = OutputContract.missing(printed, fields);
                    assertTrue(missing.isEmpty(), () -> "fields docs/output.md names for icn " + command + " are missing: " + missing);
                }
            }
            assertEquals(2, cluster.started().path("workers").asInt(), cluster.started()::toString);
            status.path("workers").forEach(w -> assertAll(w.toString(),
                    () -> assertTrue(w.path("cores").asInt() > 0, "cores"),
                    () -> assertTrue(w.path("maxHeapBytes").asLong() > 0, "heap"),
                    () -> assertTrue(w.has("uptimeSeconds") && w.has("runsServed") && w.has("host"), "uptime, runs served, host")));

            for (List<String> command : COMMANDS) {
                StandingCluster.Result onCluster = cluster.submit(RUN, with(command, "--json"));
                StandingCluster.Result sequential = cluster.local(RUN, with(command, "--json", "--engine", "sequential"));
                sameMeasurements(command, onCluster, sequential);
            }
            StandingCluster.Result onCluster = cluster.submit(RUN, "run", scenario.toString(), "--json");
            StandingCluster.Result sequential = cluster.local(RUN, "run", sequentialScenario.toString(), "--json");
            assertEquals(0, onCluster.exit(), onCluster::describe);
            assertEquals(StandingCluster.measured(sequential.json().path("runs")), StandingCluster.measured(onCluster.json().path("runs")),
                    "the scenario's runs, measured on the cluster and on the sequential engine");
            JsonNode manifest = Cli.JSON.readTree(Files.readString(onCluster.results().resolve("manifest.json")));
            assertEquals(scenario.toString(), manifest.path("scenario").path("file").asText(), "the scenario file as the submitter gave it");
            assertTrue(manifest.path("scenario").path("text").asText().contains("standing-it"), "the scenario's text travelled with it");
            assertEquals(2, manifest.path("cluster").path("workers").size(), "the manifest names the cluster's workers");

            JsonNode after = cluster.status(false);
            assertEquals(10, after.path("head").path("runsServed").asInt(), after::toString);
            jobs(cluster);
            List<Long> left = cluster.stop();
            assertEquals(List.of(), left, "processes of the cluster still alive after icn cluster stop");
            assertTrue(Files.notExists(tmp.resolve("home").resolve("cluster.json")), "the record is gone");
        }
    }

    /**
     * {@code icn jobs} and its subcommands on the jobs the test submitted (issue 37): listed, shown, their logs read, their results
     * fetched here, and cancelling one that has ended refused in one line.
     */
    private void jobs(StandingCluster cluster) throws Exception {
        IcnProcess list = cluster.command(Duration.ofSeconds(60), "jobs", "--json");
        assertEquals(0, list.exitValue(), list::describe);
        JsonNode jobs = list.json().path("jobs");
        assertEquals(10, jobs.size(), jobs::toString);
        String id = jobs.get(0).path("id").asText();
        assertEquals(0, jobs.get(0).path("exitCode").asInt(), jobs::toString);
        IcnProcess table = cluster.command(Duration.ofSeconds(60), "jobs");
        assertTrue(table.out().lines().skip(1).count() >= 10 && table.out().contains("broadcast --topology scc:6"), table::describe);
        IcnProcess show = cluster.command(Duration.ofSeconds(60), "jobs", "show", id);
        assertEquals("done", Cli.JSON.readTree(show.out()).path("state").asText(), show::describe);
        IcnProcess logs = cluster.command(Duration.ofSeconds(60), "jobs", "logs", id);
        assertEquals(0, logs.exitValue(), logs::describe);
        assertTrue(logs.out().contains("scc:6"), logs::describe);
        Path fetched = tmp.resolve("fetched");
        IcnProcess fetch = cluster.command(Duration.ofSeconds(60), "jobs", "fetch", id, "--out", fetched.toString());
        assertEquals(0, fetch.exitValue(), fetch::describe);
        try (var dirs = Files.list(fetched)) {
            Path dir = dirs.findFirst().orElseThrow();
            assertTrue(Files.isRegularFile(dir.resolve("result.json")), () -> "fetched " + dir);
        }
        IcnProcess cancel = cluster.command(Duration.ofSeconds(60), "jobs", "cancel", id);
        assertEquals(2, cancel.exitValue(), cancel::describe);
        assertTrue(String.join("\n", cancel.errLines()).contains("ended already"), cancel::describe);
        IcnProcess bad = cluster.command(Duration.ofSeconds(60), "jobs", "show", "../etc");
        assertEquals(2, bad.exitValue(), bad::describe);
    }

    /** The same command on the cluster and on the sequential engine: exit 0 both, and the same measurements (and messages). */
    private static void sameMeasurements(List<String> command, StandingCluster.Result onCluster, StandingCluster.Result sequential)
            throws Exception {
        String what = "icn " + String.join(" ", command);
        assertEquals(0, onCluster.exit(), onCluster::describe);
        assertEquals(0, sequential.exit(), sequential::describe);
        assertEquals("actor", onCluster.json().findValue("engine").asText(), what + " ran on the node actors");
        assertTrue(onCluster.err().contains("Results: " + onCluster.results()),
                () -> what + ": the Results: line names the directory written here, not the head's: " + onCluster.err());
        assertEquals(StandingCluster.measured(sequential.json()), StandingCluster.measured(onCluster.json()),
                what + ": measured on the standing cluster and on the sequential engine");
        Path messages = sequential.results().resolve("messages.csv");
        if (Files.exists(messages)) {
            assertEquals(Files.readString(messages), Files.readString(onCluster.results().resolve("messages.csv")),
                    what + ": every message's record");
        }
        System.out.printf("StandingClusterIT: %s: %.1f s on the cluster, %.1f s on the sequential engine%n", what,
                onCluster.process().seconds(), sequential.process().seconds());
    }

    @Test
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void afterEachFaultTheRunEndsWithAReportAndTheNextSubmissionSucceeds() throws Exception {
        List<String> longTraffic = List.of("traffic", "--topology", "torus:8,2", "--routing", "dimension-order", "--rates", "0.02",
                "--cycles", "400000");
        List<String> shortTraffic = List.of("traffic", "--topology", "torus:8,2", "--routing", "dimension-order", "--rates", "0.02",
                "--cycles", "3000");
        try (StandingCluster cluster = StandingCluster.start(tmp, "--workers", "2")) {
            // the submitter killed mid-run: its run is cancelled and its node actors released
            IcnProcess submitter = cluster.submitAsync(with(longTraffic));
            JsonNode running = cluster.awaitStatus(StandingCluster::running, Duration.ofSeconds(60));
            assertTrue(StandingCluster.running(running), running::toString);
            long killed = System.nanoTime();
            submitter.close(); // SIGKILL
            JsonNode idle = cluster.awaitStatus(StandingCluster::idle, Duration.ofSeconds(30));
            double released = (System.nanoTime() - killed) / 1e9;
            assertTrue(StandingCluster.idle(idle), () -> "released within 30 s of the submitter's kill: " + idle);
            System.out.printf("StandingClusterIT: submitter killed mid-run; run cancelled and node actors released after %.1f s%n", released);
            sameAsSequential(cluster, shortTraffic);

            // a worker paused for 3 s (SIGSTOP, SIGCONT) mid-run: the run completes and measures what it measures without the pause
            // long enough to be seen running: on one worker (a job's own) a run of 3,000 cycles may end between two looks
            List<String> mediumTraffic = List.of("traffic", "--topology", "torus:8,2", "--routing", "dimension-order", "--rates", "0.02",
                    "--cycles", "40000");
            IcnProcess paused = cluster.submitAsync(with(mediumTraffic, "--json"));
            JsonNode during = cluster.awaitStatus(StandingCluster::running, Duration.ofSeconds(60));
            assertTrue(StandingCluster.running(during), during::toString);
            long worker = jobsWorker(during).path("pid").asLong();
            StandingCluster.signal(worker, "STOP");
            Thread.sleep(3000);
            StandingCluster.signal(worker, "CONT");
            assertTrue(paused.waitFor(RUN), paused::describe);
            StandingCluster.Result sequential = cluster.local(RUN, with(mediumTraffic, "--json", "--engine", "sequential"));
            assertEquals(0, paused.exitValue(), paused::describe);
            assertEquals(StandingCluster.measured(sequential.json()), StandingCluster.measured(paused.json()),
                    "a run with a worker paused for 3 s measured what the sequential engine measured");
            paused.close();

            // a worker killed mid-run: the run ends with a report naming it; the cluster says it is degraded until the head has
            // started the worker again (issue 37), and the next run runs on both
            IcnProcess lost = cluster.submitAsync(with(longTraffic));
            JsonNode before = cluster.awaitStatus(StandingCluster::running, Duration.ofSeconds(60));
            JsonNode victim = jobsWorker(before);
            StandingCluster.signal(victim.path("pid").asLong(), "KILL");
            long kill = System.nanoTime();
            JsonNode degraded = cluster.awaitStatus(s -> s.path("health").asText().startsWith("degraded"), Duration.ofSeconds(30));
            assertTrue(degraded.path("health").asText().startsWith("degraded"), degraded::toString);
            System.out.printf("StandingClusterIT: a worker killed; status %.1f s later: %s%n", (System.nanoTime() - kill) / 1e9,
                    degraded.path("health").asText());
            assertTrue(lost.waitFor(Duration.ofSeconds(90)), lost::describe);
            System.out.printf("StandingClusterIT: worker killed mid-run; the submission ended %.1f s later: %s%n",
                    (System.nanoTime() - kill) / 1e9, lost.errLinesWithoutProgress());
            String member = victim.path("address").asText().replaceFirst("^akka://icn@", "");
            assertAll(lost.describe(),
                    () -> assertEquals(1, lost.exitValue(), "exit code"),
                    () -> assertTrue(lost.errLinesWithoutProgress().stream().anyMatch(l -> l.contains(member)), "a line names " + member));
            lost.close();
            JsonNode two = cluster.awaitStatus(s -> s.path("workers").size() == 2 && "ok".equals(s.path("health").asText())
                    && StandingCluster.idle(s), Duration.ofSeconds(60));
            assertEquals(2, two.path("workers").size(), two::toString);
            assertEquals("ok", two.path("health").asText(), two::toString);
            System.out.printf("StandingClusterIT: the killed worker replaced and the cluster ok %.1f s after the kill%n",
                    (System.nanoTime() - kill) / 1e9);
            String headLog = java.nio.file.Files.readString(tmp.resolve("home").resolve("cluster").resolve("head.log"));
            assertTrue(headLog.contains("exited (exit 137): starting it again, try 1 of 3"), headLog);
            sameAsSequential(cluster, List.of("broadcast", "--topology", "scc:6", "--algorithm", "one-port"));
            assertEquals(List.of(), cluster.stop(), "processes of the cluster still alive after icn cluster stop");
        }
    }

    /** The worker that holds the running job (a job holds one worker unless it asks for more with --jvms). */
    private static JsonNode jobsWorker(JsonNode status) {
        for (JsonNode w : status.path("workers")) {
            if (w.path("job").isTextual()) {
                return w;
            }
        }
        throw new AssertionError("no worker holds a job: " + status);
    }

    private void sameAsSequential(StandingCluster cluster, List<String> command) throws Exception {
        StandingCluster.Result onCluster = cluster.submit(RUN, with(command, "--json"));
        StandingCluster.Result sequential = cluster.local(RUN, with(command, "--json", "--engine", "sequential"));
        sameMeasurements(command, onCluster, sequential);
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void whenTheHeadIsLostItsWorkersExit() throws Exception {
        try (StandingCluster cluster = StandingCluster.start(tmp, "--workers", "2")) {
            List<Long> workers = cluster.workers().stream().map(w -> w.path("pid").asLong()).toList();
            StandingCluster.signal(cluster.headPid(), "KILL");
            long killed = System.nanoTime();
            long deadline = killed + Duration.ofSeconds(30).toNanos();
            while (workers.stream().anyMatch(pid -> Processes.alive(pid))
                    && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            double after = (System.nanoTime() - killed) / 1e9;
            List<Long> alive = workers.stream().filter(pid -> Processes.alive(pid)).toList();
            System.out.printf("StandingClusterIT: head killed; its %d workers exited within %.1f s%n", workers.size(), after);
            assertEquals(List.of(), alive, "workers still alive 30 s after their head was killed");
        }
    }
}
