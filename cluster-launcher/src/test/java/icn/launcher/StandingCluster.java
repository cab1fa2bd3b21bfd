package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.cluster.Processes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * A standing cluster for the integration tests: {@code icn cluster start} as a real process with a home directory of its own (so
 * that its record and logs stay in the test's directory), submissions and status as real processes too, and at the end every
 * process it had (head, workers) stopped, also when the test fails.
 */
final class StandingCluster implements AutoCloseable {

    /** The heap of every JVM of a test cluster (copied from the start command to the head and from the head to its workers). */
    static final List<String> JVM = List.of("-Xmx1g");

    /** What a command printed and left: exit code, stdout, stderr lines, and its results directory under {@code out}. */
    record Result(IcnProcess process, int exit, String out, List<String> err, Path results) {
        JsonNode json() {
            return process.json();
        }

        String describe() {
            return process.describe();
        }
    }

    private final Path dir;
    private final Map<String, String> env;
    private final List<String> prefix;
    private final Set<Long> pids = new LinkedHashSet<>();
    private final JsonNode record;
    private JsonNode started;
    private int submissions;

    private StandingCluster(Path dir, Map<String, String> env, List<String> prefix, JsonNode record) {
        this.dir = dir;
        this.env = env;
        this.prefix = prefix;
        this.record = record;
    }

    /** {@code icn cluster start ARGS --api 127.0.0.1:0} with a home in {@code dir}; the cluster is up when this returns. */
    static StandingCluster start(Path dir, Map<String, String> extraEnv, String... args) throws Exception {
        return start(dir, extraEnv, List.of(), args);
    }

    /**
     * {@code icn cluster start ARGS} (with {@code --api 127.0.0.1:0} unless ARGS name one), every command of the cluster (start,
     * status, submissions, stop) run through {@code prefix} (e.g. {@code ip netns exec NAMESPACE}).
     */
    static StandingCluster start(Path dir, Map<String, String> extraEnv, List<String> prefix, String... args) throws Exception {
        Files.createDirectories(dir);
        Map<String, String> env = new HashMap<>(extraEnv);
        env.put("ICN_HOME", dir.resolve("home").toString());
        List<String> all = new ArrayList<>(List.of("cluster", "start", "--json"));
        if (!List.of(args).contains("--api")) {
            all.addAll(List.of("--api", "127.0.0.1:0"));
        }
        all.addAll(List.of(args));
        IcnProcess start = IcnProcess.start(dir, env, prefix, JVM, all.toArray(String[]::new));
        boolean ended = start.waitFor(Duration.ofSeconds(240));
        if (!ended || start.exitValue() != 0) {
            start.close();
        } else {
            start.release(); // the head and its workers it started run on
        }
        assertTrue(ended, () -> "icn cluster start returned within 240 s: " + start.describe());
        assertEquals(0, start.exitValue(), start::describe);
        JsonNode record = Cli.JSON.readTree(Files.readString(dir.resolve("home").resolve("cluster.json")));
        StandingCluster c = new StandingCluster(dir, env, prefix, record);
        c.started = start.json();
        c.pids.add(record.path("pid").asLong());
        c.workers().forEach(w -> c.pids.add(w.path("pid").asLong()));
        return c;
    }

    static StandingCluster start(Path dir, String... args) throws Exception {
        return start(dir, Map.of(), args);
    }

    /** What {@code icn cluster start --json} printed. */
    JsonNode started() {
        return started;
    }

    /** The cluster's record ({@code cluster.json}: api, token, akka, pid, logs). */
    JsonNode record() {
        return record;
    }

    Map<String, String> env() {
        return env;
    }

    long headPid() {
        return record.path("pid").asLong();
    }

    /** {@code icn cluster status --json [--gc]}. */
    JsonNode status(boolean gc) throws Exception {
        List<String> args = new ArrayList<>(List.of("cluster", "status", "--json"));
        if (gc) {
            args.add("--gc");
        }
        try (IcnProcess p = IcnProcess.start(dir, env, prefix, List.of("-Xmx256m"), args.toArray(String[]::new))) {
            assertTrue(p.waitFor(Duration.ofSeconds(200)), p::describe);
            assertEquals(0, p.exitValue(), p::describe);
            JsonNode s = p.json();
            s.path("workers").forEach(w -> pids.add(w.path("pid").asLong()));
            return s;
        }
    }

    /** The workers the status lists (those that answer). */
    List<JsonNode> workers() throws Exception {
        List<JsonNode> all = new ArrayList<>();
        status(false).path("workers").forEach(w -> {
            if (w.has("pid")) {
                all.add(w);
            }
        });
        return all;
    }

    /** Polls the status (every 200 ms, up to {@code limit}) until {@code condition} holds; the last status. */
    JsonNode awaitStatus(Predicate<JsonNode> condition, Duration limit) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        JsonNode s = status(false);
        while (!condition.test(s) && System.nanoTime() < deadline) {
            Thread.sleep(200);
            s = status(false);
        }
        return s;
    }

    /** Whether a submission is running and its node actors are spawned on some worker. */
    static boolean running(JsonNode status) {
        boolean spawned = false;
        for (JsonNode w : status.path("workers")) {
            spawned |= w.path("nodeActors").asLong() > 0;
        }
        return !status.path("current").isNull() && spawned;
    }

    /** An answer of the API: its status and body. */
    record Answer(int statusCode, String body) {
        JsonNode json() throws IOException {
            return Cli.JSON.readTree(body);
        }
    }

    /**
     * A request to the cluster's API with its token, on a connection closed after it (a connection left open by a pool here would
     * keep the API's port from the squatter after the head is killed).
     */
    Answer api(String method, String path, String body) throws IOException {
        int port = java.net.URI.create(record().path("api").asText()).getPort();
        byte[] b = body == null ? new byte[0] : body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
            s.setSoTimeout(180_000);
            s.getOutputStream().write((method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer "
                    + record().path("token").asText() + "\r\nContent-Type: application/json\r\nContent-Length: " + b.length
                    + "\r\nConnection: close\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            s.getOutputStream().write(b);
            String all = new String(s.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            int status = all.startsWith("HTTP/1.1 ") ? Integer.parseInt(all.substring(9, 12)) : -1;
            int split = all.indexOf("\r\n\r\n");
            return new Answer(status, split < 0 ? "" : all.substring(split + 4));
        }
    }

    /** Submits {@code args} through the API (no files); the answer. */
    Answer post(String... args) throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode body = Cli.JSON.createObjectNode();
        com.fasterxml.jackson.databind.node.ArrayNode a = body.putArray("args");
        for (String w : args) {
            a.add(w);
        }
        return api("POST", "/v1/runs", body.toString());
    }

    /** Job {@code id} as {@code GET /v1/runs/ID} answers once it has ended (waiting up to {@code limit}). */
    JsonNode awaitJob(String id, Duration limit) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        JsonNode job = api("GET", "/v1/runs/" + id, null).json();
        while (job.path("ended").isNull() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            job = api("GET", "/v1/runs/" + id, null).json();
        }
        return job;
    }

    /** Whether nothing runs and no worker holds a node actor. */
    static boolean idle(JsonNode status) {
        boolean empty = true;
        for (JsonNode w : status.path("workers")) {
            empty &= w.path("nodeActors").asLong() == 0 && w.path("hosts").asInt() == 0;
        }
        return status.path("current").isNull() && empty;
    }

    /** Starts {@code icn ARGS --cluster --out <its own directory>} and returns the running submitter. */
    IcnProcess submitAsync(String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--cluster");
        all.add("--out");
        all.add(dir.resolve("submitted-" + (++submissions)).toString());
        return IcnProcess.start(dir, env, prefix, List.of("-Xmx256m"), all.toArray(String[]::new));
    }

    /** {@code icn ARGS} with this cluster's home (its record and token), to its end (at most {@code limit}); the process, ended. */
    IcnProcess command(Duration limit, String... args) throws Exception {
        try (IcnProcess p = IcnProcess.start(dir, env, prefix, List.of("-Xmx256m"), args)) {
            assertTrue(p.waitFor(limit), p::describe);
            return p;
        }
    }

    /** {@code icn ARGS --cluster}, to its end (at most {@code limit}). */
    Result submit(Duration limit, String... args) throws Exception {
        IcnProcess p = submitAsync(args);
        Result r = finish(p, limit, dir.resolve("submitted-" + submissions));
        if (r.results() != null) {
            namesNothingOfTheHead(r.results(), dir.resolve("home"));
        }
        return r;
    }

    /**
     * A job's results as the submitter got them (issue 37): no file names a path of the head's, since the job named its results
     * under the {@code --out} typed here and its files by the paths they were sent by, and nothing was rewritten on the way back;
     * result.json's {@code resultsDirectory} is the directory written here.
     */
    static void namesNothingOfTheHead(Path results, Path home) throws IOException {
        try (Stream<Path> files = Files.walk(results)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                byte[] bytes = Files.readAllBytes(f);
                String text = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
                assertFalse(text.contains(home.toString()), () -> f + " names the head's " + home);
            }
        }
        Path result = results.resolve("result.json");
        if (Files.exists(result)) {
            JsonNode j = new com.fasterxml.jackson.databind.ObjectMapper().readTree(result.toFile());
            if (j.has("resultsDirectory")) {
                assertEquals(results.toString(), j.path("resultsDirectory").asText(), () -> result + " names its directory as written here");
            }
        }
    }

    /** {@code icn ARGS} on this machine (no cluster), to its end. */
    Result local(Duration limit, String... args) throws Exception {
        Path out = dir.resolve("local-" + (++submissions));
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--out");
        all.add(out.toString());
        IcnProcess p = IcnProcess.start(dir, Map.of(), JVM, all.toArray(String[]::new));
        return finish(p, limit, out);
    }

    private static Result finish(IcnProcess p, Duration limit, Path out) throws Exception {
        try (p) {
            assertTrue(p.waitFor(limit), () -> "ended within " + limit.toSeconds() + " s: " + p.describe());
            Path results = null;
            if (Files.isDirectory(out)) {
                try (Stream<Path> dirs = Files.list(out)) {
                    results = dirs.filter(Files::isDirectory).findFirst().orElse(null);
                }
            }
            return new Result(p, p.exitValue(), p.out(), p.errLines(), results);
        }
    }

    /** {@code icn cluster stop}; then waits (at most 60 s) until no process of the cluster is alive, and returns those that are. */
    List<Long> stop() throws Exception {
        try (IcnProcess p = IcnProcess.start(dir, env, prefix, List.of("-Xmx256m"), "cluster", "stop")) {
            assertTrue(p.waitFor(Duration.ofSeconds(120)), p::describe);
            assertEquals(0, p.exitValue(), p::describe);
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (alive().size() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        return alive();
    }

    /** The head's and workers' processes still alive. */
    List<Long> alive() {
        return pids.stream().filter(pid -> Processes.alive(pid)).toList();
    }

    /** Stops whatever of the cluster is left (SIGKILL), so that a failed test leaves nothing running. */
    @Override
    public void close() {
        for (long pid : pids) {
            ProcessHandle.of(pid).ifPresent(h -> {
                h.descendants().forEach(ProcessHandle::destroyForcibly);
                h.destroyForcibly();
            });
        }
    }

    /** Sends {@code signal} (e.g. STOP, CONT, KILL) to {@code pid}. */
    static void signal(long pid, String signal) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + signal + " " + pid);
    }

    /** The keys of a result that say how or how fast it ran, not what it measured (they differ between engines by design). */
    static final Set<String> HOW_IT_RAN = Set.of("engine", "jvms", "hostsPerJvm", "wallSeconds", "runSeconds", "spawnSeconds", "crossJvm",
            "crossJvmLinkMessages", "crossJvmMessages", "activations", "seconds", "wall", "timing", "cluster", "resultsDirectory", "heap");

    /** {@code result} without {@link #HOW_IT_RAN}, at any depth: what both engines must have measured alike. */
    static JsonNode measured(JsonNode result) {
        JsonNode copy = result.deepCopy();
        strip(copy);
        return copy;
    }

    private static void strip(JsonNode node) {
        if (node instanceof ObjectNode o) {
            o.remove(HOW_IT_RAN);
            o.forEach(StandingCluster::strip);
        } else if (node instanceof ArrayNode a) {
            a.forEach(StandingCluster::strip);
        }
    }
}
