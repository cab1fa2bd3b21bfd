package icn.launcher.pool;

import icn.launcher.output.Console;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.cluster.Engines;
import icn.launcher.cluster.HostPort;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each attack on the head's API that was seen to work (issue 36), sent as raw HTTP from this process to a real API server: every one
 * is refused, the server lives, nothing is run, and a legitimate request right after it is answered.
 */
class ApiServerAttackTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TOKEN = "attack-test-token-0123456789";

    @TempDir
    Path tmp;

    private final List<AutoCloseable> open = new ArrayList<>();
    private final AtomicInteger ran = new AtomicInteger();
    private volatile boolean stopped;

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    private Path runs() {
        try {
            return java.nio.file.Files.createDirectories(tmp.resolve("runs"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private int command(Console console, List<String> args) {
        ran.incrementAndGet();
        if (args.get(0).equals("traffic")) {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                return 130;
            }
        }
        return 0;
    }

    private ApiServer start(ApiServer.Limits limits) {
        Submissions submissions = new Submissions(args -> { }, () -> List.of("w1"), new FakeJobs(this::command), JSON::createObjectNode, runs(), Head.Retention.DEFAULT, line -> { });
        ApiServer api = ApiServer.start(new HostPort("127.0.0.1", 0), TOKEN, submissions, new ApiServer.Head() {
            @Override
            public ObjectNode status(boolean collectGarbage) {
                return JSON.createObjectNode().put("health", "ok");
            }

            @Override
            public void stop() {
                stopped = true;
            }
        }, limits, Audit.to(tmp.resolve("logs").resolve("audit.log")), List.of("head.example"));
        open.add(api);
        open.add(submissions);
        return api;
    }

    /** Sends {@code request} as it is and returns the status code of the answer (-1: the connection was closed unanswered). */
    private static int raw(ApiServer api, String request) throws IOException {
        return raw(api, request.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static int raw(ApiServer api, byte[] request) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", api.address().port()), 5000);
            s.setSoTimeout(20_000);
            OutputStream out = s.getOutputStream();
            try {
                out.write(request);
                out.flush();
            } catch (IOException e) {
                // the server may close before it has read all of a body it refused
            }
            return status(s.getInputStream());
        }
    }

    private static int status(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        try {
            for (int b; (b = in.read()) != -1 && b != '\n';) {
                line.write(b);
            }
        } catch (java.net.SocketException e) {
            // reset after the answer
        }
        String first = line.toString(StandardCharsets.ISO_8859_1);
        return first.startsWith("HTTP/1.1 ") ? Integer.parseInt(first.substring(9, 12)) : -1;
    }

    private static String request(String method, String path, String host, String token, String type, String origin, String body) {
        StringBuilder sb = new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: " + host + "\r\n");
        if (token != null) {
            sb.append("Authorization: Bearer ").append(token).append("\r\n");
        }
        if (type != null) {
            sb.append("Content-Type: ").append(type).append("\r\n");
        }
        if (origin != null) {
            sb.append("Origin: ").append(origin).append("\r\n");
        }
        byte[] b = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        sb.append("Content-Length: ").append(b.length).append("\r\nConnection: close\r\n\r\n");
        return sb + (body == null ? "" : body);
    }

    private static String host(ApiServer api) {
        return "127.0.0.1:" + api.address().port();
    }

    /** A legitimate submission right after an attack: accepted (202) and run. */
    private void legitimateSubmissionWorks(ApiServer api) throws Exception {
        int before = ran.get();
        assertEquals(202, raw(api, request("POST", "/v1/runs", host(api), TOKEN, "application/json", null, "{\"args\":[\"run\"]}")));
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (ran.get() == before && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(ran.get() > before, "the legitimate submission ran");
    }

    @Test
    void aCsrfShapedPostFromAWebPageIsRefused() throws Exception {
        ApiServer api = start(ApiServer.Limits.DEFAULT);
        // what a page's form or fetch() can send without a preflight: text/plain, its own Origin; it has no token
        assertEquals(403, raw(api, request("POST", "/v1/runs", host(api), null, "text/plain", "http://evil.example",
                "{\"args\":[\"run\"]}")));
        assertEquals(403, raw(api, request("POST", "/v1/cluster/stop", host(api), null, "text/plain", "http://evil.example", "")));
        // even with the token (a page never has it), a foreign origin or a non-JSON body is refused
        assertEquals(403, raw(api, request("POST", "/v1/cluster/stop", host(api), TOKEN, "application/json", "http://evil.example", "")));
        assertEquals(403, raw(api, request("POST", "/v1/cluster/stop", host(api), TOKEN, "application/json", "null", "")));
        assertEquals(403, raw(api, request("POST", "/v1/cluster/stop", host(api), TOKEN, "application/json",
                "http://127.0.0.1:" + (api.address().port() + 1), "")), "another local port is another site");
        assertEquals(415, raw(api, request("POST", "/v1/cluster/stop", host(api), TOKEN, "text/plain", null, "")));
        assertEquals(401, raw(api, request("POST", "/v1/cluster/stop", host(api), null, "application/json", null, "")));
        assertEquals(401, raw(api, request("DELETE", "/v1/runs/1", host(api), null, null, null, null)));
        assertEquals(401, raw(api, request("GET", "/v1/runs", host(api), null, null, null, null)));
        assertFalse(stopped, "the cluster was not stopped");
        assertEquals(0, ran.get(), "nothing ran");
        // the API's own page may call it
        assertEquals(200, raw(api, request("GET", "/v1/cluster", host(api), TOKEN, null, "http://" + host(api), null)));
        legitimateSubmissionWorks(api);
    }

    @Test
    void aRebindingShapedHostIsRefused() throws Exception {
        ApiServer api = start(ApiServer.Limits.DEFAULT);
        int port = api.address().port();
        for (String host : List.of("rebind.evil.example:" + port, "rebind.evil.example", "127.0.0.1.evil.example:" + port, "",
                "localhost.evil.example", "evil.example:" + port + "@127.0.0.1")) {
            assertEquals(403, raw(api, request("POST", "/v1/cluster/stop", host, TOKEN, "application/json", null, "")), host);
            assertEquals(403, raw(api, request("GET", "/v1/runs", host, TOKEN, null, null, null)), host);
        }
        assertFalse(stopped);
        for (String host : List.of("127.0.0.1:" + port, "localhost:" + port, "LOCALHOST", "head.example:" + port, "[::1]:" + port)) {
            assertEquals(200, raw(api, request("GET", "/v1/cluster", host, TOKEN, null, null, null)), host);
        }
        legitimateSubmissionWorks(api);
    }

    @Test
    void largeBodiesAreRefusedBeforeTheyAreHeld() throws Exception {
        ApiServer api = start(ApiServer.Limits.DEFAULT);
        // 500 MB declared: refused on the declared length, nothing of it read
        String head500 = "POST /v1/runs HTTP/1.1\r\nHost: " + host(api) + "\r\nAuthorization: Bearer " + TOKEN
                + "\r\nContent-Type: application/json\r\nContent-Length: 500000000\r\n\r\n{\"args\":[";
        assertEquals(413, raw(api, head500));
        // 500 MB sent chunked, without a declared length: refused once the cap is passed (the sender is cut off there)
        try (Socket s = new Socket("127.0.0.1", api.address().port())) {
            s.setSoTimeout(30_000);
            OutputStream out = s.getOutputStream();
            out.write(("POST /v1/runs HTTP/1.1\r\nHost: " + host(api) + "\r\nAuthorization: Bearer " + TOKEN
                    + "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            byte[] chunk = new byte[1 << 20];
            java.util.Arrays.fill(chunk, (byte) 'x');
            long sent = 0;
            try {
                for (int i = 0; i < 500; i++) {
                    out.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                    out.write(chunk);
                    out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
                    sent += chunk.length;
                }
            } catch (IOException e) {
                // cut off
            }
            int status = status(s.getInputStream());
            assertTrue(status == 413 || status == -1, "refused: " + status);
            assertTrue(sent < 200L << 20, "the server stopped taking the body well before 500 MB: " + sent);
        }
        // 10 MB of a JSON argument: within the body cap, but an argument that long is refused as bad input
        String tenMb = "{\"args\":[\"run\",\"" + "a".repeat(10_000_000) + "\"]}";
        assertEquals(400, raw(api, request("POST", "/v1/runs", host(api), TOKEN, "application/json", null, tenMb)));
        assertEquals(0, ran.get());
        legitimateSubmissionWorks(api);
    }

    @Test
    void threeThousandSubmissionsFillOnlyTheCallersShare() throws Exception {
        ApiServer api = start(ApiServer.Limits.DEFAULT);
        int accepted = 0;
        int refused = 0;
        for (int i = 0; i < 3000; i++) {
            int status = raw(api, request("POST", "/v1/runs", host(api), TOKEN, "application/json", null, "{\"args\":[\"traffic\"]}"));
            if (status == 202) {
                accepted++;
            } else {
                assertEquals(429, status);
                refused++;
            }
        }
        assertEquals(ApiServer.Limits.DEFAULT.queuedPerCaller(), accepted, "one caller holds at most its share of the queue");
        assertEquals(3000 - accepted, refused);
        System.err.printf("3000 submissions from one caller: %d accepted, %d refused with 429%n", accepted, refused);
    }

    @Test
    void halfOpenConnectionsHoldFewThreadsAndTheApiAnswersAfterThem() throws Exception {
        ApiServer api = start(ApiServer.Limits.DEFAULT);
        List<Socket> held = new ArrayList<>();
        long start = System.nanoTime();
        try {
            for (int i = 0; i < 3000; i++) {
                Socket s = new Socket();
                try {
                    s.connect(new InetSocketAddress("127.0.0.1", api.address().port()), 2000);
                    // a request line and half a header, never finished
                    s.getOutputStream().write(("GET /v1/cluster HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ").getBytes(StandardCharsets.ISO_8859_1));
                    held.add(s);
                } catch (IOException e) {
                    s.close();
                }
            }
            Thread.sleep(1000);
            long serving = apiThreads();
            int open = stillOpen(held);
            System.err.printf("3000 half-open connections: %d still open after 1 s, %d threads serving the API%n", open, serving);
            assertTrue(serving <= ApiServer.Limits.DEFAULT.threads(), "the half-open connections hold at most the pool's threads: " + serving);
            // the server closes them once the request time is up, and answers again
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            int status = -1;
            while (status != 200 && System.nanoTime() < deadline) {
                try {
                    status = raw(api, request("GET", "/v1/cluster", host(api), TOKEN, null, null, null));
                } catch (IOException e) {
                    status = -1;
                }
                if (status != 200) {
                    Thread.sleep(250);
                }
            }
            assertEquals(200, status, "the API answers while or after the half-open connections are held");
            System.err.printf("answered again %.1f s after the first half-open connection%n", (System.nanoTime() - start) / 1e9);
        } finally {
            for (Socket s : held) {
                s.close();
            }
        }
        legitimateSubmissionWorks(api);
    }

    /**
     * Clients that go away while their connection is kept alive (every {@code icn} command does when it exits) must not use the
     * server up: with the JDK's own connection cap on, its count of such connections only grew, and after a few hundred it
     * closed every new connection.
     */
    @Test
    void sixHundredClientsThatLeaveWhileKeptAliveLeaveTheApiServing() throws Exception {
        ApiServer api = start(ApiServer.Limits.DEFAULT);
        for (int i = 0; i < 600; i++) {
            try (Socket s = new Socket("127.0.0.1", api.address().port())) {
                s.setSoTimeout(10_000);
                for (int k = 0; k < 2; k++) { // two requests on the connection, each answered whole, as a kept-alive client makes
                    s.getOutputStream().write(("GET /v1/cluster HTTP/1.1\r\nHost: " + host(api) + "\r\nAuthorization: Bearer " + TOKEN
                            + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
                    assertEquals(200, wholeAnswer(s.getInputStream()), "connection " + i + ", request " + k);
                }
                Thread.sleep(2); // the server has taken the connection back as idle when its client leaves
            }
        }
        assertEquals(200, raw(api, request("GET", "/v1/cluster", host(api), TOKEN, null, null, null)));
        legitimateSubmissionWorks(api);
    }

    /** Reads one whole answer (its head and its Content-Length body) and returns its status. */
    private static int wholeAnswer(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                return -1;
            }
            head.write(b);
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)content-length: *([0-9]+)").matcher(text);
        if (m.find()) {
            in.readNBytes(Integer.parseInt(m.group(1)));
        }
        return Integer.parseInt(text.substring(9, 12));
    }

    /** The API's threads now (the pool's: {@code icn-api}). */
    private static long apiThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("icn-api")).count();
    }

    /** How many of {@code sockets} the server has not closed (a read that waits rather than ending). */
    private static int stillOpen(List<Socket> sockets) throws IOException {
        int open = 0;
        for (Socket s : sockets) {
            s.setSoTimeout(1);
            try {
                if (s.getInputStream().read() != -1) {
                    open++; // it answered something: it is open
                }
            } catch (java.net.SocketTimeoutException e) {
                open++;
            } catch (IOException e) {
                // reset: closed
            }
        }
        return open;
    }

    @Test
    void aFloodWithoutTheTokenHoldsNoMoreThanThePoolsThreadsAndRunsNothing() throws Exception {
        ApiServer api = start(ApiServer.Limits.DEFAULT);
        // 200 callers at once, each of whose requests has no token and a body it never sends
        List<Socket> callers = new ArrayList<>();
        try {
            for (int i = 0; i < 200; i++) {
                Socket s = new Socket("127.0.0.1", api.address().port());
                s.getOutputStream().write(("POST /v1/runs HTTP/1.1\r\nHost: " + host(api) + "\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 100000\r\n\r\n{").getBytes(StandardCharsets.ISO_8859_1));
                callers.add(s);
            }
            Thread.sleep(1000);
            long serving = apiThreads();
            System.err.printf("200 requests without the token at once: %d threads serving the API%n", serving);
            assertTrue(serving <= ApiServer.Limits.DEFAULT.threads(), "at most the pool's threads: " + serving);
            int answered = 0;
            for (Socket s : callers) {
                s.setSoTimeout(20_000);
                // refused: 401 before the body is read, or, for those still waiting for a thread when their request time is up,
                // the connection closed
                int status = status(s.getInputStream());
                assertTrue(status == 401 || status == -1, "refused without reading the body: " + status);
                answered += status == 401 ? 1 : 0;
            }
            System.err.printf("the 200: %d answered 401, the others' connections closed after their request time%n", answered);
        } finally {
            for (Socket s : callers) {
                s.close();
            }
        }
        int answered = 0;
        for (int i = 0; i < 1500; i++) {
            // refused: 401, or the connection closed under a body the server did not read (a reset may overtake the answer)
            int status = raw(api, request("POST", "/v1/runs", host(api), null, "application/json", null, "{\"args\":[\"traffic\"]}"));
            assertTrue(status == 401 || status == -1, "refused: " + status);
            answered += status == 401 ? 1 : 0;
        }
        System.err.printf("1500 requests without the token one after another: %d answered 401, the others' connections closed%n", answered);
        assertEquals(0, ran.get());
        legitimateSubmissionWorks(api);
    }

    @Test
    void theProofShowsTheTokenIsKnownWithoutRevealingIt() throws Exception {
        ApiServer api = start(ApiServer.Limits.DEFAULT);
        String nonce = "00112233445566778899aabbccddeeff";
        try (Socket s = new Socket("127.0.0.1", api.address().port())) {
            s.getOutputStream().write(request("GET", "/v1/proof?nonce=" + nonce, host(api), null, null, null, null)
                    .getBytes(StandardCharsets.ISO_8859_1));
            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
            assertTrue(answer.contains(ApiRequests.proof(TOKEN, nonce)), answer);
            assertFalse(answer.contains(TOKEN), "the token itself is never sent");
            assertFalse(ApiRequests.proof(TOKEN, nonce).equals(ApiRequests.proof("another-token", nonce)));
        }
        assertEquals(400, raw(api, request("GET", "/v1/proof?nonce=zz", host(api), null, null, null, null)));
    }

    @Test
    void errorsAreOneLineWithoutInternalsAndEveryCallIsAudited() throws Exception {
        ApiServer api = start(ApiServer.Limits.DEFAULT);
        try (Socket s = new Socket("127.0.0.1", api.address().port())) {
            s.getOutputStream().write(request("GET", "/v1/runs/1/files/%00/..", host(api), TOKEN, null, null, null)
                    .getBytes(StandardCharsets.ISO_8859_1));
            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertFalse(answer.contains("Exception") || answer.contains(tmp.toString()), answer);
        }
        raw(api, request("POST", "/v1/cluster/stop", host(api), "wrong", "application/json", null, ""));
        raw(api, request("GET", "/v1/cluster", host(api), TOKEN, null, null, null));
        // the status line can reach the caller before the server thread has written its audit line: wait for it, bounded
        Path log = tmp.resolve("logs").resolve("audit.log");
        String audit = Files.readString(log);
        for (long end = System.nanoTime() + 5_000_000_000L; !audit.contains("GET /v1/cluster 200") && System.nanoTime() < end; ) {
            Thread.sleep(20);
            audit = Files.readString(log);
        }
        assertTrue(audit.contains("POST /v1/cluster/stop 401"), audit);
        assertTrue(audit.contains("GET /v1/cluster 200"), audit);
        assertFalse(audit.contains(TOKEN) || audit.contains("wrong"), "the log never has a token: " + audit);
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(tmp.resolve("logs").resolve("audit.log"))));
    }
}
