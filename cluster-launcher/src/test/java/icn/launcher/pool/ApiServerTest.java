package icn.launcher.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.cluster.Engines;
import icn.launcher.cluster.HostPort;
import icn.launcher.output.Console;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The head's HTTP API against a stand-in for the commands it runs: who may call it (the token on every request, loopback too), a
 * submission followed to its end with its output and results, a submission cancelled when its follower's connection closes, one
 * cancelled while it waits. The attacks on the API itself are in {@link ApiServerAttackTest}.
 */
class ApiServerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TOKEN = "s3cret-token";

    @TempDir
    Path tmp;

    private final HttpClient http = HttpClient.newHttpClient();
    private final List<AutoCloseable> open = new ArrayList<>();
    private final CountDownLatch sleeping = new CountDownLatch(1);
    private volatile boolean interrupted;
    volatile boolean stopped;

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    /**
     * The commands, under the names of commands a submission may run: "run WORDS" prints them and makes a results directory;
     * "traffic" waits until it is interrupted.
     */
    private Path runs() {
        try {
            return java.nio.file.Files.createDirectories(tmp.resolve("runs"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private int command(Console console, List<String> args) {
        Path out = Path.of(args.get(args.indexOf("--out") + 1));
        if (args.get(0).equals("traffic")) {
            sleeping.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                interrupted = true;
                console.err().println("icn: interrupted while the run was going on");
                return 1;
            }
            return 0;
        }
        console.err().println("[   0.0s] echoing " + args.size() + " words");
        console.out().println(String.join(" ", args.subList(1, args.indexOf("--out"))));
        try {
            Path dir = Files.createDirectories(out.resolve("echo-20261127-120000"));
            Files.writeString(dir.resolve("result.json"), "{\"words\":" + (args.indexOf("--out") - 1) + "}\n");
            Files.writeString(dir.resolve("report.md"), "# echo, results in " + dir + "\n");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return args.contains("fail") ? 1 : 0;
    }

    private ApiServer start(String host) {
        return start(host, ApiServer.Limits.DEFAULT);
    }

    ApiServer start(String host, ApiServer.Limits limits) {
        Submissions submissions = new Submissions(args -> { }, () -> List.of("w1"), new FakeJobs(this::command), JSON::createObjectNode, runs(), Head.Retention.DEFAULT, line -> { });
        ApiServer api = ApiServer.start(new HostPort(host, 0), TOKEN, submissions, new ApiServer.Head() {
            @Override
            public ObjectNode status(boolean collectGarbage) {
                ObjectNode o = JSON.createObjectNode();
                o.put("health", "ok");
                return o;
            }

            @Override
            public void stop() {
                stopped = true;
            }
        }, limits, Audit.to(tmp.resolve("logs").resolve("audit.log")), List.of());
        open.add(api);
        open.add(submissions);
        return api;
    }

    private static URI uri(ApiServer api, String path) {
        return URI.create("http://127.0.0.1:" + api.address().port() + path);
    }

    private HttpResponse<String> get(ApiServer api, String path, String token) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(api, path));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return http.send(b.GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(ApiServer api, String path) throws Exception {
        return get(api, path, TOKEN);
    }

    /** A POST of JSON with the token. */
    static HttpRequest.Builder post(URI uri, String json) {
        return HttpRequest.newBuilder(uri).header("Authorization", "Bearer " + TOKEN).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
    }

    @Test
    void onLoopbackTooEveryRequestNeedsTheToken() throws Exception {
        ApiServer api = start("127.0.0.1");
        HttpResponse<String> none = get(api, "/v1/cluster", null);
        assertEquals(401, none.statusCode(), none.body());
        HttpResponse<String> r = get(api, "/v1/cluster");
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("ok", JSON.readTree(r.body()).path("health").asText());
    }

    @Test
    void onAnyOtherAddressEveryRequestNeedsTheToken() throws Exception {
        ApiServer api = start("0.0.0.0");
        HttpResponse<String> none = get(api, "/v1/cluster", null);
        assertEquals(401, none.statusCode(), none.body());
        assertTrue(JSON.readTree(none.body()).path("error").asText().contains("needs the cluster's token"), none.body());
        assertEquals(401, get(api, "/v1/cluster", "not-the-token").statusCode());
        assertEquals(401, get(api, "/v1/runs", null).statusCode(), "every request, not only the status");
        HttpResponse<String> submit = http.send(HttpRequest.newBuilder(uri(api, "/v1/runs")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"args\":[\"run\",\"x\"]}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(401, submit.statusCode(), "a submission without the token is refused");
        HttpResponse<String> ok = get(api, "/v1/cluster", TOKEN);
        assertEquals(200, ok.statusCode(), ok.body());
    }

    @Test
    void aFollowedSubmissionStreamsItsOutputAndHandsOverItsResults() throws Exception {
        ApiServer api = start("127.0.0.1");
        String body = "{\"args\":[\"run\",\"one\",\"two\",\"--cluster\",\"--out\",\"mine\"],\"commandLine\":[\"run\",\"never\",\"ran\"]}";
        HttpResponse<String> r = http.send(post(uri(api, "/v1/runs?follow=true"), body).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        List<JsonNode> events = new ArrayList<>();
        for (String line : r.body().split("\n")) {
            events.add(JSON.readTree(line));
        }
        List<String> kinds = events.stream().map(e -> e.path("event").asText()).filter(k -> !k.equals("heartbeat")).toList();
        assertEquals(List.of("queued", "started", "stderr", "end"), kinds);
        JsonNode end = events.get(events.size() - 1);
        assertEquals(0, end.path("exitCode").asInt());
        assertEquals("one two\n", end.path("stdout").asText(), "the head ran it without --cluster and --out");
        assertEquals("[   0.0s] echoing 5 words", events.get(2).path("line").asText());
        String id = end.path("id").asText();
        assertEquals("echo-20261127-120000", end.path("results").asText());
        assertEquals("{\"words\":2}\n", get(api, "/v1/runs/" + id + "/result").body());
        JsonNode files = JSON.readTree(get(api, "/v1/runs/" + id + "/files").body());
        assertEquals("[\"report.md\",\"result.json\"]", files.path("files").toString());
        HttpResponse<InputStream> zip = http.send(HttpRequest.newBuilder(uri(api, "/v1/runs/" + id + "/results.zip"))
                .header("Authorization", "Bearer " + TOKEN).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        List<String> entries = new ArrayList<>();
        try (ZipInputStream in = new ZipInputStream(zip.body())) {
            for (ZipEntry e; (e = in.getNextEntry()) != null;) {
                entries.add(e.getName());
            }
        }
        assertEquals(List.of("echo-20261127-120000/report.md", "echo-20261127-120000/result.json"), entries);
        JsonNode state = JSON.readTree(get(api, "/v1/runs/" + id).body());
        assertEquals("done", state.path("state").asText());
        assertTrue(state.path("commandLine").toString().contains("one") && !state.path("commandLine").toString().contains("never"),
                "the recorded command line is what ran, not what the body claims: " + state.path("commandLine"));
    }

    @Test
    void closingTheFollowingConnectionCancelsTheSubmission() throws Exception {
        ApiServer api = start("127.0.0.1");
        HttpResponse<InputStream> r = http.send(post(uri(api, "/v1/runs?follow=true"), "{\"args\":[\"traffic\"]}").build(),
                HttpResponse.BodyHandlers.ofInputStream());
        BufferedReader lines = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8));
        String id = JSON.readTree(lines.readLine()).path("id").asText();
        assertTrue(sleeping.await(10, TimeUnit.SECONDS), "the command started");
        r.body().close(); // the submitter is gone
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        JsonNode state;
        do {
            Thread.sleep(100);
            state = JSON.readTree(get(api, "/v1/runs/" + id).body());
        } while (!state.path("state").asText().equals("cancelled") && System.nanoTime() < deadline);
        assertEquals("cancelled", state.path("state").asText(), state.toString());
        assertEquals(130, state.path("exitCode").asInt());
        assertTrue(interrupted, "the running command was interrupted");
        assertTrue(state.path("cancelled").asText().contains("submitter is gone"), state.toString());
    }

    @Test
    void aWaitingSubmissionIsCancelledAtOnce() throws Exception {
        ApiServer api = start("127.0.0.1");
        http.send(post(uri(api, "/v1/runs"), "{\"args\":[\"traffic\"]}").build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(sleeping.await(10, TimeUnit.SECONDS));
        JsonNode waiting = JSON.readTree(http.send(post(uri(api, "/v1/runs"), "{\"args\":[\"run\",\"late\"]}").build(),
                HttpResponse.BodyHandlers.ofString()).body());
        assertEquals("queued", waiting.path("state").asText());
        HttpRequest delete = HttpRequest.newBuilder(uri(api, "/v1/runs/" + waiting.path("id").asText())).header("Authorization", "Bearer " + TOKEN)
                .DELETE().build();
        JsonNode cancelled = JSON.readTree(http.send(delete, HttpResponse.BodyHandlers.ofString()).body());
        assertEquals("cancelled", cancelled.path("state").asText(), cancelled.toString());
        assertEquals(130, cancelled.path("exitCode").asInt());
        HttpResponse<String> again = http.send(delete, HttpResponse.BodyHandlers.ofString());
        assertEquals(409, again.statusCode(), "an ended submission has nothing to cancel: " + again.body());
    }

    @Test
    void badRequestsAreOneLine() throws Exception {
        ApiServer api = start("127.0.0.1");
        HttpResponse<String> notJson = http.send(post(uri(api, "/v1/runs"), "{args").build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, notJson.statusCode());
        assertEquals(404, get(api, "/v1/runs/99").statusCode());
        assertEquals(404, get(api, "/v2/cluster").statusCode());
    }
}
