package icn.launcher.pool;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.cluster.HostPort;
import icn.launcher.output.Console;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web view's defences (issue 38), each tried with the attack it stops, against a real API server whose jobs write results: the
 * page without the token or with a wrong one; the token in a query of a request that changes something; a job's results with no
 * key, a guessed key, another job's key, a path out of the results, and a link out of them; and what every answer says of itself
 * (no referrer, no sniffing, no caching, the page's policy, the sandbox of a job's files).
 */
class WebViewAttackTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TOKEN = "web-view-test-token-0123456789";

    @TempDir
    Path tmp;

    private final List<AutoCloseable> open = new ArrayList<>();
    private ApiServer api;
    private Submissions submissions;

    /** What a job answers: its status line, headers (lower-cased names) and body. */
    record Answer(int status, String head, String body) {
        String header(String name) {
            for (String line : head.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).equalsIgnoreCase(name)) {
                    return line.substring(colon + 1).strip();
                }
            }
            return null;
        }
    }

    @BeforeEach
    void start() throws IOException {
        Path runs = Files.createDirectories(tmp.resolve("runs"));
        Files.writeString(tmp.resolve("secret.txt"), "the head user's secret");
        submissions = new Submissions(args -> { }, () -> List.of("w1"), new FakeJobs(WebViewAttackTest::writeResults), JSON::createObjectNode,
                runs, Head.Retention.DEFAULT, line -> { });
        api = ApiServer.start(new HostPort("127.0.0.1", 0), TOKEN, submissions, new ApiServer.Head() {
            @Override
            public ObjectNode status(boolean collectGarbage) {
                return JSON.createObjectNode().put("health", "ok");
            }

            @Override
            public void stop() {
            }
        }, ApiServer.Limits.DEFAULT, Audit.to(tmp.resolve("logs").resolve("audit.log")), List.of());
        open.add(api);
        open.add(submissions);
    }

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    /** A job that writes a results directory with a report, and a link in it to a file of the head's. */
    private static int writeResults(Console console, List<String> args) {
        Path out = Path.of(args.get(args.indexOf("--out") + 1));
        try {
            if (args.contains("scc:5")) { // its results directory itself a link to a directory of the head's user
                Path elsewhere = Files.createDirectories(out.getParent().getParent().getParent().getParent().resolve("elsewhere"));
                Files.writeString(elsewhere.resolve("report.md"), "the head user's other file\n");
                Files.createDirectories(out);
                Files.createSymbolicLink(out.resolve("broadcast-1"), elsewhere);
                return 0;
            }
            Path dir = Files.createDirectories(out.resolve("broadcast-1"));
            Files.writeString(dir.resolve("report.md"), "# the job's report\n");
            Path secret = out.getParent().getParent().getParent().getParent().resolve("secret.txt");
            Files.createSymbolicLink(dir.resolve("escape.txt"), secret);
        } catch (IOException e) {
            return 1;
        }
        return 0;
    }

    private Answer get(String path, String token) throws IOException {
        return send("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + api.address().port() + "\r\n"
                + (token == null ? "" : "Authorization: Bearer " + token + "\r\n") + "Connection: close\r\n\r\n");
    }

    private Answer send(String request) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", api.address().port()), 5000);
            s.setSoTimeout(20_000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            // one byte one character until the body is whole: a zip's bytes are not UTF-8, and decoding them first shifted the chunks
            String all = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            int split = all.indexOf("\r\n\r\n");
            String head = all.substring(0, split);
            String body = all.substring(split + 4);
            body = head.toLowerCase(java.util.Locale.ROOT).contains("transfer-encoding: chunked") ? dechunked(body) : body;
            return new Answer(Integer.parseInt(all.substring(9, 12)), head,
                    new String(body.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8));
        }
    }

    /** A chunked body, whole (the events' answer is sent in chunks as they come), one character per byte. */
    private static String dechunked(String body) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (true) {
            int eol = body.indexOf("\r\n", at);
            int size = Integer.parseInt(body.substring(at, eol).strip(), 16);
            if (size == 0) {
                return out.toString();
            }
            out.append(body, eol + 2, eol + 2 + size);
            at = eol + 2 + size + 2;
        }
    }

    private String job() throws Exception {
        return job("scc:4");
    }

    private String job(String topology) throws Exception {
        String id = submissions.submit(List.of("broadcast", "--topology", topology), List.of()).id();
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!submissions.find(id).orElseThrow().ended() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(submissions.find(id).orElseThrow().ended(), "the job ended");
        return id;
    }

    @Test
    void thePageNeedsTheTokenAndForbidsWhatItDoesNotUse() throws Exception {
        assertEquals(401, get("/ui/", null).status(), "no token");
        assertEquals(401, get("/ui/?token=" + "x".repeat(TOKEN.length()), null).status(), "a wrong token of the right length");
        assertEquals(401, get("/ui/?token=" + TOKEN.substring(0, 10), null).status(), "a prefix of the token");
        Answer page = get("/ui/?token=" + TOKEN, null);
        assertAll(() -> assertEquals(200, page.status()),
                () -> assertTrue(page.body().contains("<title>icn-emulator"), page.body().substring(0, 200)),
                () -> assertEquals(WebView.PAGE_POLICY, page.header("Content-Security-Policy")),
                () -> assertTrue(page.header("Content-Security-Policy").contains("frame-ancestors 'none'")),
                () -> assertEquals("DENY", page.header("X-Frame-Options")),
                () -> assertEquals("no-referrer", page.header("Referrer-Policy")),
                () -> assertEquals("nosniff", page.header("X-Content-Type-Options")),
                () -> assertEquals("no-store", page.header("Cache-Control")));
        // the page loads nothing from elsewhere: no address of another host in it
        assertFalse(page.body().matches("(?s).*(src|href)=\"(https?:)?//.*"), "the page fetches nothing from the internet");
        // a page of another site cannot have the browser fetch it with the token either: the Origin is refused before the token
        Answer cross = send("GET /ui/?token=" + TOKEN + " HTTP/1.1\r\nHost: 127.0.0.1:" + api.address().port()
                + "\r\nOrigin: http://evil.example\r\nConnection: close\r\n\r\n");
        assertEquals(403, cross.status());
    }

    @Test
    void theTokenInAQueryOpensOnlyReadingNeverAChange() throws Exception {
        String body = "{\"args\":[\"broadcast\",\"--topology\",\"scc:4\"]}";
        Answer post = send("POST /v1/runs?token=" + TOKEN + " HTTP/1.1\r\nHost: 127.0.0.1:" + api.address().port()
                + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body);
        assertEquals(401, post.status(), "a submission with the token in its query");
        String id = job();
        Answer delete = send("DELETE /v1/runs/" + id + "?token=" + TOKEN + " HTTP/1.1\r\nHost: 127.0.0.1:" + api.address().port()
                + "\r\nConnection: close\r\n\r\n");
        assertEquals(401, delete.status(), "a cancellation with the token in its query");
        Answer events = get("/v1/runs/" + id + "/events?format=sse&token=" + TOKEN, null);
        assertAll(() -> assertEquals(200, events.status()),
                () -> assertTrue(events.header("Content-Type").startsWith("text/event-stream"), events.head()),
                () -> assertTrue(events.body().startsWith("id: 0\ndata: {\"event\":\"queued\""), events.body()),
                () -> assertTrue(events.body().contains("data: {\"event\":\"end\""), events.body()));
        // a browser that reconnects says the last event it had, and goes on after it
        Answer resumed = send("GET /v1/runs/" + id + "/events?format=sse&token=" + TOKEN + " HTTP/1.1\r\nHost: 127.0.0.1:"
                + api.address().port() + "\r\nLast-Event-ID: 1\r\nConnection: close\r\n\r\n");
        assertTrue(resumed.body().startsWith("id: 2\ndata: {\"event\":\"end\""), resumed.body());
        // a hostile Last-Event-ID (past every event, or not a number) ends an ended job's stream at once, with nothing or from the start
        Answer past = send("GET /v1/runs/" + id + "/events?format=sse&token=" + TOKEN + " HTTP/1.1\r\nHost: 127.0.0.1:"
                + api.address().port() + "\r\nLast-Event-ID: 999999999\r\nConnection: close\r\n\r\n");
        assertEquals("", past.body(), "nothing after the last event");
        Answer garbage = send("GET /v1/runs/" + id + "/events?format=sse&token=" + TOKEN + " HTTP/1.1\r\nHost: 127.0.0.1:"
                + api.address().port() + "\r\nLast-Event-ID: -5; DROP\r\nConnection: close\r\n\r\n");
        assertTrue(garbage.body().startsWith("id: 0\n"), garbage.body());
        // the newest jobs, and ?last= out of its range refused in one line
        assertEquals(1, JSON.readTree(get("/v1/runs?last=1", TOKEN).body()).path("runs").size());
        for (String bad : List.of("0", "1001", "-1", "abc", "99999999999")) {
            Answer refused = get("/v1/runs?last=" + bad, TOKEN);
            assertEquals(400, refused.status(), bad);
            assertTrue(refused.body().contains("?last= takes 1 to 1000"), refused.body());
        }
        // anywhere else the query's token opens nothing: a job's file opened in a browser, the status, a garbage collection
        assertAll(() -> assertEquals(401, get("/v1/runs/" + id + "/files/report.md?token=" + TOKEN, null).status()),
                () -> assertEquals(401, get("/v1/cluster?gc=true&token=" + TOKEN, null).status()),
                () -> assertEquals(401, get("/v1/runs?token=" + TOKEN, null).status()),
                () -> assertEquals(401, get("/v1/runs/" + id + "/events?token=" + TOKEN, null).status(), "NDJSON events: the header"));
        // the audit log never holds the token, though it came in a query, nor a job's view key
        get("/view/" + WebView.viewKey(TOKEN, id) + "/" + id + "/report.md", null);
        String audit = Files.readString(tmp.resolve("logs").resolve("audit.log"));
        assertFalse(audit.contains(TOKEN), audit);
        assertFalse(audit.contains(WebView.viewKey(TOKEN, id)), audit);
        assertTrue(audit.contains("/view/KEY/" + id + "/report.md"), audit);
    }

    @Test
    void aJobsResultsOpenOnlyUnderItsOwnKeyAndNeverLeaveItsDirectory() throws Exception {
        String first = job();
        String second = job();
        String key = WebView.viewKey(TOKEN, first);
        Answer report = get("/view/" + key + "/" + first + "/report.md", null);
        assertAll(() -> assertEquals(200, report.status()),
                () -> assertEquals("# the job's report\n", report.body()),
                () -> assertEquals(WebView.FILES_POLICY, report.header("Content-Security-Policy")),
                () -> assertTrue(report.header("Content-Security-Policy").startsWith("sandbox")));
        JsonPaths described = new JsonPaths(JSON.readTree(get("/v1/runs/" + first, TOKEN).body()));
        assertEquals(WebView.viewPath(TOKEN, first), described.text("view"), "the API names where a job's results are browsed");
        assertAll(
                () -> assertEquals(404, get("/view/" + key + "/" + second + "/report.md", null).status(), "another job's key"),
                () -> assertEquals(404, get("/view/" + "0".repeat(WebView.KEY_HEX) + "/" + first + "/report.md", null).status(), "a guess"),
                () -> assertEquals(404, get("/view/" + key.substring(1) + "/" + first + "/report.md", null).status(), "a shortened key"),
                () -> assertEquals(404, get("/view/" + key.toUpperCase(java.util.Locale.ROOT) + "/" + first + "/report.md", null).status()),
                () -> assertEquals(404, get("/view/" + key + "/" + first + "/../../stdout", null).status(), "out of the results"),
                () -> assertEquals(404, get("/view/" + key + "/" + first + "/%2e%2e/%2e%2e/stdout", null).status(), "escaped"),
                () -> assertEquals(404, get("/view/" + key + "/" + first + "/%252e%252e/%252e%252e/stdout", null).status(), "twice escaped"),
                () -> assertEquals(404, get("/view/" + key + "/" + first + "/escape.txt", null).status(), "a link out of the results"),
                () -> assertEquals(404, get("/v1/runs/" + first + "/files/escape.txt", TOKEN).status(), "the same link through the API"));
        Answer secret = get("/view/" + key + "/" + first + "/escape.txt", null);
        assertFalse(secret.body().contains("the head user's secret"), secret.body());
        Answer file = get("/v1/runs/" + first + "/files/report.md", TOKEN);
        assertEquals(WebView.FILES_POLICY, file.header("Content-Security-Policy"), "a job's file through the API: in the sandbox too");
        Answer zip = get("/v1/runs/" + first + "/results.zip", TOKEN);
        assertTrue(zip.body().contains("report.md") && !zip.body().contains("escape.txt"), "the zip follows no link");
        // a results directory that is itself a link out of the job's directory opens nothing
        String linked = job("scc:5");
        assertEquals(404, get("/view/" + WebView.viewKey(TOKEN, linked) + "/" + linked + "/report.md", null).status());
        assertEquals(404, get("/v1/runs/" + linked + "/files/report.md", TOKEN).status());
        // the key is no answer of the proof (which answers any hex nonce without the token)
        assertFalse(ApiRequests.proof(TOKEN, "view\n" + first).startsWith(key));
    }

    /** A JSON answer's fields. */
    private record JsonPaths(com.fasterxml.jackson.databind.JsonNode node) {
        String text(String field) {
            return node.path(field).asText();
        }
    }
}
