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
 * The head's HTTP API against a stand-in for the commands it runs: who may call it (loopback without a token, any other address
 * only with it), a submission followed to its end with its output and results, a submission cancelled when its follower's
 * connection closes, one cancelled while it waits.
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
    private int command(List<String> args) {
        Path out = Path.of(args.get(args.indexOf("--out") + 1));
        if (args.get(0).equals("traffic")) {
            sleeping.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                interrupted = true;
                Console.err().println("icn: interrupted while the run was going on");
                return 1;
            }
            return 0;
        }
        Console.err().println("[   0.0s] echoing " + args.size() + " words");
        Console.out().println(String.join(" ", args.subList(1, args.indexOf("--out"))));
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
        Submissions submissions = new Submissions(this::command, s -> Engines.THIS_MACHINE, JSON::createObjectNode, tmp);
        ApiServer api = ApiServer.start(new HostPort(host, 0), TOKEN, submissions, new ApiServer.Head() {
            @Override
            public ObjectNode status(boolean collectGarbage) {
                ObjectNode o = JSON.createObjectNode();
                o.put("health", "ok");
                return o;
            }

            @Override
            public void stop() {
            }
        });
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

    @Test
    void onLoopbackNoTokenIsNeeded() throws Exception {
        ApiServer api = start("127.0.0.1");
        assertEquals(false, api.needsToken());
        HttpResponse<String> r = get(api, "/v1/cluster", null);
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("ok", JSON.readTree(r.body()).path("health").asText());
    }

    @Test
    void onAnyOtherAddressEveryRequestNeedsTheToken() throws Exception {
        ApiServer api = start("0.0.0.0");
        assertEquals(true, api.needsToken());
        HttpResponse<String> none = get(api, "/v1/cluster", null);
        assertEquals(401, none.statusCode(), none.body());
        assertTrue(JSON.readTree(none.body()).path("error").asText().contains("needs the cluster's token"), none.body());
        assertEquals(401, get(api, "/v1/cluster", "not-the-token").statusCode());
        assertEquals(401, get(api, "/v1/runs", null).statusCode(), "every request, not only the status");
        HttpResponse<String> submit = http.send(HttpRequest.newBuilder(uri(api, "/v1/runs")).POST(HttpRequest.BodyPublishers.ofString(
                "{\"args\":[\"run\",\"x\"]}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(401, submit.statusCode(), "a submission without the token is refused");
        HttpResponse<String> ok = get(api, "/v1/cluster", TOKEN);
        assertEquals(200, ok.statusCode(), ok.body());
    }

    @Test
    void aFollowedSubmissionStreamsItsOutputAndHandsOverItsResults() throws Exception {
        ApiServer api = start("127.0.0.1");
        String body = "{\"args\":[\"run\",\"one\",\"two\",\"--cluster\",\"--out\",\"mine\"],\"commandLine\":[\"run\",\"one\",\"two\",\"--cluster\"]}";
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri(api, "/v1/runs?follow=true")).POST(HttpRequest.BodyPublishers.ofString(body))
                .build(), HttpResponse.BodyHandlers.ofString());
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
        assertEquals("{\"words\":2}\n", get(api, "/v1/runs/" + id + "/result", null).body());
        JsonNode files = JSON.readTree(get(api, "/v1/runs/" + id + "/files", null).body());
        assertEquals("[\"report.md\",\"result.json\"]", files.path("files").toString());
        HttpResponse<InputStream> zip = http.send(HttpRequest.newBuilder(uri(api, "/v1/runs/" + id + "/results.zip")).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        List<String> entries = new ArrayList<>();
        try (ZipInputStream in = new ZipInputStream(zip.body())) {
            for (ZipEntry e; (e = in.getNextEntry()) != null;) {
                entries.add(e.getName());
            }
        }
        assertEquals(List.of("echo-20261127-120000/report.md", "echo-20261127-120000/result.json"), entries);
        JsonNode state = JSON.readTree(get(api, "/v1/runs/" + id, null).body());
        assertEquals("done", state.path("state").asText());
    }

    @Test
    void closingTheFollowingConnectionCancelsTheSubmission() throws Exception {
        ApiServer api = start("127.0.0.1");
        HttpResponse<InputStream> r = http.send(HttpRequest.newBuilder(uri(api, "/v1/runs?follow=true")).POST(
                HttpRequest.BodyPublishers.ofString("{\"args\":[\"traffic\"]}")).build(), HttpResponse.BodyHandlers.ofInputStream());
        BufferedReader lines = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8));
        String id = JSON.readTree(lines.readLine()).path("id").asText();
        assertTrue(sleeping.await(10, TimeUnit.SECONDS), "the command started");
        r.body().close(); // the submitter is gone
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        JsonNode state;
        do {
            Thread.sleep(100);
            state = JSON.readTree(get(api, "/v1/runs/" + id, null).body());
        } while (!state.path("state").asText().equals("cancelled") && System.nanoTime() < deadline);
        assertEquals("cancelled", state.path("state").asText(), state.toString());
        assertEquals(130, state.path("exitCode").asInt());
        assertTrue(interrupted, "the running command was interrupted");
        assertTrue(state.path("cancelled").asText().contains("submitter is gone"), state.toString());
    }

    @Test
    void aWaitingSubmissionIsCancelledAtOnce() throws Exception {
        ApiServer api = start("127.0.0.1");
        http.send(HttpRequest.newBuilder(uri(api, "/v1/runs")).POST(HttpRequest.BodyPublishers.ofString("{\"args\":[\"traffic\"]}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertTrue(sleeping.await(10, TimeUnit.SECONDS));
        JsonNode waiting = JSON.readTree(http.send(HttpRequest.newBuilder(uri(api, "/v1/runs")).POST(HttpRequest.BodyPublishers.ofString(
                "{\"args\":[\"run\",\"late\"]}")).build(), HttpResponse.BodyHandlers.ofString()).body());
        assertEquals("queued", waiting.path("state").asText());
        JsonNode cancelled = JSON.readTree(http.send(HttpRequest.newBuilder(uri(api, "/v1/runs/" + waiting.path("id").asText())).DELETE().build(),
                HttpResponse.BodyHandlers.ofString()).body());
        assertEquals("cancelled", cancelled.path("state").asText(), cancelled.toString());
        assertEquals(130, cancelled.path("exitCode").asInt());
    }

    @Test
    void badRequestsAreOneLine() throws Exception {
        ApiServer api = start("127.0.0.1");
        HttpResponse<String> notJson = http.send(HttpRequest.newBuilder(uri(api, "/v1/runs")).POST(HttpRequest.BodyPublishers.ofString("{args")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(400, notJson.statusCode());
        assertEquals(404, get(api, "/v1/runs/99", null).statusCode());
        assertEquals(404, get(api, "/v2/cluster", null).statusCode());
    }
}
