package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.launcher.cluster.Processes;
import icn.launcher.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A standing cluster's jobs (issue 37), on real processes: two jobs at once on disjoint workers; one that exhausts its memory fails
 * alone, with its reason in its record and in the head's log, while the other runs on; a busy job cancelled within 5 s; 30 jobs
 * listed and fetchable after a stop and a start; a job whose head was killed under it listed as lost, with what it wrote.
 */
class JobsIT {

    /** Runs for minutes unless cancelled. */
    private static final String[] LONG = {"traffic", "--topology", "torus:8,2", "--routing", "dimension-order", "--rates", "0.02",
        "--cycles", "2000000"};

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void twoJobsRunAtOnceAndOneThatExhaustsItsMemoryFailsAlone() throws Exception {
        // each job runner's heap is 128 MiB: icn topology on SCC_10 (36 million nodes, whose heap nothing checks) exhausts it
        try (StandingCluster cluster = StandingCluster.start(tmp, Map.of("ICN_JOB_HEAP", "128m"), "--workers", "2")) {
            String busy = id(cluster.post(LONG));
            JsonNode first = awaitState(cluster, busy, "running", Duration.ofSeconds(60));
            String hog = id(cluster.post("topology", "--topology", "scc:10"));
            JsonNode second = awaitState(cluster, hog, "running", Duration.ofSeconds(60));
            assertEquals("running", second.path("state").asText(), second::toString);
            Set<String> both = new HashSet<>(strings(first.path("workers")));
            both.addAll(strings(second.path("workers")));
            assertEquals(2, both.size(), () -> "two jobs on two workers, disjoint: " + first + " " + second);
            // both were running at once (above); status lists the busy job, and the hog too unless it has exhausted its heap by now
            JsonNode status = cluster.status(false);
            List<String> listed = new ArrayList<>();
            status.path("running").forEach(j -> listed.add(j.path("id").asText()));
            assertTrue(listed.contains(busy), status::toString);
            assertTrue(listed.stream().allMatch(j -> j.equals(busy) || j.equals(hog)), status::toString);

            JsonNode failed = cluster.awaitJob(hog, Duration.ofSeconds(120));
            String reason = failed.path("reason").asText();
            assertAll(failed.toString(),
                    () -> assertEquals("done", failed.path("state").asText()),
                    () -> assertNotEquals(0, failed.path("exitCode").asInt()),
                    () -> assertTrue(reason.startsWith("out of memory"), "the reason: " + reason));
            JsonNode still = cluster.api("GET", "/v1/runs/" + busy, null).json();
            assertEquals("running", still.path("state").asText(), () -> "the job beside it runs on: " + still);
            assertTrue(Processes.alive(cluster.headPid()), "the head lives");
            String headLog = Files.readString(tmp.resolve("home").resolve("cluster").resolve("head.log"));
            assertTrue(headLog.contains("job " + hog + " ended: done, exit " + failed.path("exitCode").asInt() + " (out of memory"),
                    headLog);
            System.out.printf("JobsIT: the job that exhausted its heap: %s%n", reason);

            long asked = System.nanoTime();
            assertEquals(202, cluster.api("DELETE", "/v1/runs/" + busy, null).statusCode());
            JsonNode cancelled = cluster.awaitJob(busy, Duration.ofSeconds(30));
            double took = (System.nanoTime() - asked) / 1e9;
            System.out.printf("JobsIT: a busy job cancelled; it ended %.2f s after DELETE%n", took);
            assertEquals("cancelled", cancelled.path("state").asText(), cancelled::toString);
            assertTrue(took <= 5.0, "cancelled within 5 s: " + took);
            assertTrue(cancelled.path("results").isTextual(), () -> "what it measured so far is kept: " + cancelled);
            Path dir = tmp.resolve("home").resolve("jobs").resolve(busy).resolve("o").resolve(cancelled.path("results").asText());
            assertTrue(Files.readString(dir.resolve("manifest.json")).contains("interrupted"), "its results are marked interrupted");

            String after = id(cluster.post("broadcast", "--topology", "scc:5", "--algorithm", "one-port"));
            JsonNode ok = cluster.awaitJob(after, Duration.ofSeconds(120));
            assertEquals(0, ok.path("exitCode").asInt(), ok::toString);

            // Ctrl-C on a submitter: its job is cancelled, and what it measured so far is written here, marked interrupted
            IcnProcess interrupted = cluster.submitAsync(LONG);
            cluster.awaitStatus(s -> s.path("running").size() == 1, Duration.ofSeconds(60));
            Thread.sleep(2000); // its results directory is made
            StandingCluster.signal(interrupted.process().pid(), "INT");
            assertTrue(interrupted.waitFor(Duration.ofSeconds(30)), interrupted::describe);
            assertEquals(130, interrupted.exitValue(), interrupted::describe);
            assertTrue(interrupted.errLines().stream().anyMatch(l -> l.startsWith("icn: interrupted: job ") && l.endsWith("is marked interrupted")),
                    interrupted::describe);
            assertTrue(markedInterrupted(interrupted), "a local results directory marked interrupted: " + interrupted.describe());

            // the cluster stopped under a submitter: a line of its own, exit 75, and what it measured so far written here
            IcnProcess stopped = cluster.submitAsync(LONG);
            cluster.awaitStatus(s -> s.path("running").size() == 1, Duration.ofSeconds(60));
            Thread.sleep(2000);
            assertEquals(List.of(), cluster.stop(), "processes of the cluster still alive after icn cluster stop");
            assertTrue(stopped.waitFor(Duration.ofSeconds(30)), stopped::describe);
            assertEquals(ExitCodes.CLUSTER_STOPPED, stopped.exitValue(), stopped::describe);
            assertTrue(stopped.errLines().stream().anyMatch(l -> l.contains("stopped while job")), stopped::describe);
            assertTrue(markedInterrupted(stopped), "a local results directory marked interrupted: " + stopped.describe());
        }
    }

    @Test
    @Timeout(value = 400, unit = TimeUnit.SECONDS)
    void jobsOutliveAStopAndAHeadKilledUnderAJobLeavesItLost() throws Exception {
        List<String> ids = new ArrayList<>();
        String doomed;
        try (StandingCluster cluster = StandingCluster.start(tmp, "--workers", "1")) {
            for (int i = 0; i < 30; i++) {
                ids.add(id(cluster.post("topology", "--topology", "scc:" + (3 + i % 3))));
            }
            for (String id : ids) {
                JsonNode job = cluster.awaitJob(id, Duration.ofSeconds(120));
                assertEquals(0, job.path("exitCode").asInt(), job::toString);
            }
            assertEquals(List.of(), cluster.stop(), "processes of the cluster still alive after icn cluster stop");
        }
        try (StandingCluster cluster = StandingCluster.start(tmp, "--workers", "1")) {
            List<String> listed = new ArrayList<>();
            String after = null;
            int pages = 0;
            do {
                JsonNode page = cluster.api("GET", "/v1/runs?limit=7" + (after == null ? "" : "&after=" + after), null).json();
                page.path("runs").forEach(j -> listed.add(j.path("id").asText()));
                assertEquals(30, page.path("total").asInt(), page::toString);
                after = page.path("next").isTextual() ? page.path("next").asText() : null;
                pages++;
            } while (after != null);
            assertEquals(ids, listed, "all 30 listed, in order, over pages of 7");
            assertEquals(5, pages);
            for (String id : List.of(ids.get(0), ids.get(29))) {
                Path fetched = tmp.resolve("fetched-" + id);
                IcnProcess fetch = cluster.command(Duration.ofSeconds(60), "jobs", "fetch", id, "--out", fetched.toString());
                assertEquals(0, fetch.exitValue(), fetch::describe);
                try (var dirs = Files.list(fetched)) {
                    Path dir = dirs.findFirst().orElseThrow();
                    assertTrue(Files.isRegularFile(dir.resolve("result.json")), () -> "job " + id + " fetched after a restart: " + dir);
                }
            }

            badInputIsRefusedBeforeItIsQueued(cluster);

            doomed = id(cluster.post(LONG));
            awaitState(cluster, doomed, "running", Duration.ofSeconds(60));
            Thread.sleep(3000); // long enough for its first progress lines
            StandingCluster.signal(cluster.headPid(), "KILL");
        }
        // the workers and the job's runner end once their head is gone; a head started again lists the job as lost
        Thread.sleep(2000);
        try (StandingCluster cluster = StandingCluster.start(tmp, "--workers", "1")) {
            JsonNode lost = cluster.api("GET", "/v1/runs/" + doomed, null).json();
            assertAll(lost.toString(),
                    () -> assertEquals("lost", lost.path("state").asText()),
                    () -> assertTrue(lost.path("reason").asText().contains("the head ended while the job ran"), "its reason"));
            String events = cluster.api("GET", "/v1/runs/" + doomed + "/events", null).body();
            assertTrue(events.contains("torus:8,2"), () -> "what it wrote is kept: " + events);
            String next = id(cluster.post("topology", "--topology", "scc:4"));
            assertEquals(Long.parseLong(doomed) + 1, Long.parseLong(next), "numbers go on after the kept ones");
            assertEquals(0, cluster.awaitJob(next, Duration.ofSeconds(120)).path("exitCode").asInt());
            assertEquals(List.of(), cluster.stop(), "processes of the cluster still alive after icn cluster stop");
        }
    }

    /**
     * Every case of {@link BadInputTest} that a standing cluster takes (its experiment commands, no local file, not the submitter's own --cluster): answered {@code
     * 400} with one line, and nothing queued (the number of jobs kept stays). Where the line can be the local one (not a heap, not
     * JVMs, which are the cluster's workers there) it names what the local line names.
     */
    private static void badInputIsRefusedBeforeItIsQueued(StandingCluster cluster) throws Exception {
        int before = cluster.api("GET", "/v1/runs?limit=1", null).json().path("total").asInt();
        List<String> named = new ArrayList<>();
        int cases = 0;
        List<org.junit.jupiter.params.provider.Arguments> all = new ArrayList<>();
        BadInputTest.badBroadcasts().forEach(a -> {
            List<String> words = new ArrayList<>(List.of("broadcast"));
            words.addAll(List.of((String[]) a.get()[1]));
            all.add(org.junit.jupiter.params.provider.Arguments.of(a.get()[0], words.toArray(String[]::new), a.get()[2]));
        });
        BadInputTest.badOtherCommands().forEach(all::add);
        for (org.junit.jupiter.params.provider.Arguments a : all) {
            String[] args = (String[]) a.get()[1];
            String[] mentions = (String[]) a.get()[2];
            if (args.length == 0 || !icn.launcher.pool.Head.submittable().contains(args[0])
                    || List.of(args).stream().anyMatch(w -> w.contains("/") || w.startsWith("@") || w.startsWith("--cluster"))) {
                continue;
            }
            cases++;
            StandingCluster.Answer answer = cluster.post(args);
            assertEquals(400, answer.statusCode(), () -> a.get()[0] + ": " + answer.body());
            String line = answer.json().path("error").asText();
            assertTrue(!line.isEmpty() && !line.contains("\n"), () -> a.get()[0] + ": one line: " + answer.body());
            // a heap, JVMs and kills of JVMs are the cluster's workers there (--jvms 3 on one worker is refused for that first)
            boolean local = java.util.Arrays.stream(mentions).noneMatch(m -> m.contains("GiB") || m.contains("ICN_HEAP") || m.contains("JVM")
                    || m.contains("--jvms") || m.contains("coordinator"))
                    && List.of(args).stream().noneMatch(w -> w.equals("--jvms") || w.contains("kill-jvm"));
            if (local && !line.contains(mentions[0])) {
                named.add(a.get()[0] + ": " + line);
            }
        }
        assertEquals(List.of(), named, "lines that do not name what the command's own line names");
        assertEquals(before, cluster.api("GET", "/v1/runs?limit=1", null).json().path("total").asInt(), "nothing queued");
        assertTrue(cases >= 40, "cases of BadInputTest sent: " + cases);
        System.out.printf("JobsIT: %d cases of BadInputTest through the API: each 400 with one line, nothing queued%n", cases);
    }

    /** Whether the submitter's --out holds a results directory whose manifest says it was interrupted. */
    private static boolean markedInterrupted(IcnProcess submitter) throws Exception {
        List<String> args = submitter.args();
        Path out = Path.of(args.get(args.indexOf("--out") + 1));
        if (!Files.isDirectory(out)) {
            return false;
        }
        try (var dirs = Files.list(out)) {
            for (Path dir : dirs.toList()) {
                Path manifest = dir.resolve("manifest.json");
                if (Files.exists(manifest) && Cli.JSON.readTree(manifest.toFile()).path("status").asText().equals("interrupted")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String id(StandingCluster.Answer accepted) throws Exception {
        assertEquals(202, accepted.statusCode(), accepted::body);
        return accepted.json().path("id").asText();
    }

    private static JsonNode awaitState(StandingCluster cluster, String id, String state, Duration limit) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        JsonNode job = cluster.api("GET", "/v1/runs/" + id, null).json();
        while (!job.path("state").asText().equals(state) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            job = cluster.api("GET", "/v1/runs/" + id, null).json();
        }
        return job;
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
