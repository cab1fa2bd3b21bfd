package icn.launcher.pool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import icn.launcher.cluster.HostPort;
import icn.protocols.InvalidInputException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The standing cluster's HTTP API (JSON), served by the head with the JDK's own HTTP server ({@code com.sun.net.httpserver}): a
 * handful of requests at a time, no dependency, nothing to port when Akka becomes Pekko. Every path is under {@code /v1}:
 *
 * <ul>
 * <li>{@code GET /v1/cluster}: the head and every member (address, host, heap, cores, uptime, runs served, node actors, health),
 * the submission running now and how many wait ({@code ?gc=true}: each worker collects first and reports its live heap); {@code
 * POST /v1/cluster/stop}: every member leaves and exits.</li>
 * <li>{@code POST /v1/runs}: submits a command line, {@code {"args": ["broadcast", "--topology", "scc:6"], "files": [{"path":
 * "my.conf", "content": BASE64}]}}; answers {@code 202} with the submission, or with {@code ?follow=true} streams its events
 * (NDJSON: queued, started, stderr, heartbeat, end) and cancels it if the connection closes before it ends.</li>
 * <li>{@code GET /v1/runs}, {@code GET /v1/runs/ID}: submissions and their state, exit code and stdout; {@code GET
 * /v1/runs/ID/events}: its events from the first (following until it ends; closing does not cancel); {@code DELETE
 * /v1/runs/ID}: cancels it.</li>
 * <li>{@code GET /v1/runs/ID/result}: its result.json; {@code GET /v1/runs/ID/files} and {@code /files/PATH}: the files of its
 * results directory; {@code GET /v1/runs/ID/results.zip}: the directory whole.</li>
 * </ul>
 *
 * On a loopback address (the default) anyone on this machine may call it. On any other address every request needs the cluster's
 * token, {@code Authorization: Bearer TOKEN}, and one without it is refused ({@code 401}).
 */
final class ApiServer implements AutoCloseable {

    /** What the API asks of the head: the cluster's status, and stopping it. */
    interface Head {
        /** The status; with {@code collectGarbage}, every worker collects first and reports its live heap. */
        ObjectNode status(boolean collectGarbage);

        void stop();
    }

    private static final String JSON_TYPE = "application/json";
    private static final String NDJSON_TYPE = "application/x-ndjson";
    private static final long HEARTBEAT_MILLIS = 1000;

    private final HttpServer server;
    private final ExecutorService threads;
    private final String token;
    private final boolean needsToken;
    private final Submissions submissions;
    private final Head head;
    private volatile boolean stopping;

    private ApiServer(HttpServer server, ExecutorService threads, String token, boolean needsToken, Submissions submissions, Head head) {
        this.server = server;
        this.threads = threads;
        this.token = token;
        this.needsToken = needsToken;
        this.submissions = submissions;
        this.head = head;
    }

    /** Listens on {@code bind} (port 0: a free one); requests need {@code token} unless {@code bind} is a loopback address. */
    static ApiServer start(HostPort bind, String token, Submissions submissions, Head head) {
        try {
            InetAddress address = InetAddress.getByName(bind.host());
            HttpServer server = HttpServer.create(new InetSocketAddress(address, bind.port()), 64);
            ExecutorService threads = Executors.newCachedThreadPool(r -> {
                Thread t = new Thread(r, "icn-api");
                t.setDaemon(true);
                return t;
            });
            server.setExecutor(threads);
            ApiServer api = new ApiServer(server, threads, token, needsToken(address), submissions, head);
            server.createContext("/", api::handle);
            server.start();
            return api;
        } catch (IOException e) {
            throw new icn.launcher.cluster.ClusterException("the API cannot listen on " + bind + ": " + e.getMessage());
        }
    }

    /** Whether requests to an API listening on {@code address} need the token: any address but a loopback one (0.0.0.0 included). */
    static boolean needsToken(InetAddress address) {
        return !address.isLoopbackAddress();
    }

    /** The address it listens on, {@code host:port}. */
    HostPort address() {
        InetSocketAddress a = server.getAddress();
        return new HostPort(a.getAddress().getHostAddress(), a.getPort());
    }

    boolean needsToken() {
        return needsToken;
    }

    /** From now on every request but the status is answered 503: the cluster is stopping. */
    void stopping() {
        stopping = true;
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }

    private void handle(HttpExchange exchange) {
        try {
            if (needsToken && !authorized(exchange)) {
                error(exchange, 401, "this API needs the cluster's token: Authorization: Bearer TOKEN (in cluster.json of the machine"
                        + " that started it, or ICN_CLUSTER_TOKEN)");
                return;
            }
            route(exchange);
        } catch (InvalidInputException e) {
            error(exchange, 400, e.getMessage());
        } catch (IOException e) {
            // the client went away; nothing to answer
        } catch (RuntimeException e) {
            error(exchange, 500, e.toString());
        } finally {
            exchange.close();
        }
    }

    private boolean authorized(HttpExchange exchange) {
        String given = exchange.getRequestHeaders().getFirst("Authorization");
        byte[] expected = ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
        return given != null && MessageDigest.isEqual(expected, given.getBytes(StandardCharsets.UTF_8));
    }

    private void route(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getPath();
        List<String> parts = new ArrayList<>(List.of(path.replaceAll("^/+|/+$", "").split("/+")));
        if (parts.isEmpty() || !parts.get(0).equals("v1") || parts.size() < 2) {
            error(exchange, 404, "no such resource " + path + " (the API's paths start with /v1/cluster or /v1/runs)");
            return;
        }
        if (parts.get(1).equals("cluster")) {
            cluster(exchange, method, parts);
        } else if (parts.get(1).equals("runs")) {
            runs(exchange, method, parts);
        } else {
            error(exchange, 404, "no such resource " + path);
        }
    }

    private void cluster(HttpExchange exchange, String method, List<String> parts) throws IOException {
        if (parts.size() == 2 && method.equals("GET")) {
            String query = exchange.getRequestURI().getQuery();
            json(exchange, 200, head.status(query != null && List.of(query.split("&")).contains("gc=true")));
        } else if (parts.size() == 3 && parts.get(2).equals("stop") && method.equals("POST")) {
            ObjectNode o = Submission.JSON.createObjectNode();
            o.put("stopping", true);
            json(exchange, 202, o);
            head.stop();
        } else {
            error(exchange, 405, method + " " + exchange.getRequestURI().getPath() + " is not a request of this API");
        }
    }

    private void runs(HttpExchange exchange, String method, List<String> parts) throws IOException {
        if (parts.size() == 2) {
            if (method.equals("POST")) {
                submit(exchange);
            } else if (method.equals("GET")) {
                ArrayNode all = Submission.JSON.createArrayNode();
                submissions.recent().forEach(s -> all.add(s.describe()));
                json(exchange, 200, all);
            } else {
                error(exchange, 405, method + " /v1/runs: use GET or POST");
            }
            return;
        }
        Optional<Submission> found = submissions.find(parts.get(2));
        if (found.isEmpty()) {
            error(exchange, 404, "no submission " + parts.get(2) + " (the head keeps the last " + Submissions.KEPT + ")");
            return;
        }
        Submission s = found.get();
        String what = parts.size() > 3 ? parts.get(3) : "";
        switch (method + " " + what) {
            case "GET " -> json(exchange, 200, s.describe());
            case "DELETE " -> {
                s.cancel("cancelled through the API");
                json(exchange, 202, s.describe());
            }
            case "GET events" -> stream(exchange, s, false);
            case "GET result" -> result(exchange, s);
            case "GET files" -> files(exchange, s, parts.subList(4, parts.size()));
            case "GET results.zip" -> zip(exchange, s);
            default -> error(exchange, 405, method + " " + exchange.getRequestURI().getPath() + " is not a request of this API");
        }
    }

    private void submit(HttpExchange exchange) throws IOException {
        if (stopping) {
            error(exchange, 503, "the cluster is stopping");
            return;
        }
        JsonNode body;
        try {
            body = Submission.JSON.readTree(exchange.getRequestBody());
        } catch (IOException e) {
            throw new InvalidInputException("the request's body is not JSON: " + e.getMessage());
        }
        if (body == null || !body.path("args").isArray()) {
            throw new InvalidInputException("a submission is {\"args\": [\"broadcast\", \"--topology\", \"scc:6\"], ...}: no args array");
        }
        List<String> args = strings(body.path("args"));
        List<String> shown = body.path("commandLine").isArray() ? strings(body.path("commandLine")) : List.of();
        List<Upload> uploads = new ArrayList<>();
        for (JsonNode f : body.path("files")) {
            try {
                uploads.add(new Upload(f.path("path").asText(), Base64.getDecoder().decode(f.path("content").asText())));
            } catch (IllegalArgumentException e) {
                throw new InvalidInputException("file " + f.path("path").asText() + ": its content is not base64");
            }
        }
        Submission s = submissions.submit(args, shown, uploads);
        String query = exchange.getRequestURI().getQuery();
        if (query != null && List.of(query.split("&")).contains("follow=true")) {
            stream(exchange, s, true);
        } else {
            json(exchange, 202, s.describe());
        }
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    /**
     * The submission's events as NDJSON, from the first, until its end event; a heartbeat line every second without other events,
     * which is also how a closed connection is noticed: a submission bound to this connection is then cancelled.
     */
    private void stream(HttpExchange exchange, Submission s, boolean cancelOnClose) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", NDJSON_TYPE);
        exchange.sendResponseHeaders(200, 0);
        OutputStream body = exchange.getResponseBody();
        int next = 0;
        String heartbeat = "{\"event\":\"heartbeat\",\"id\":\"" + s.id() + "\"}\n";
        try {
            while (true) {
                List<String> events = s.eventsFrom(next, HEARTBEAT_MILLIS);
                for (String e : events) {
                    body.write((e + "\n").getBytes(StandardCharsets.UTF_8));
                }
                next += events.size();
                if (events.isEmpty()) {
                    if (s.ended()) {
                        break;
                    }
                    body.write(heartbeat.getBytes(StandardCharsets.UTF_8));
                }
                body.flush();
            }
            body.flush();
        } catch (IOException e) {
            if (cancelOnClose) {
                s.cancel("the submitter is gone (its connection closed)");
            }
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void result(HttpExchange exchange, Submission s) throws IOException {
        Path file = s.results() == null ? null : s.out().resolve(s.results()).resolve("result.json");
        if (file == null || !Files.isRegularFile(file)) {
            error(exchange, s.ended() ? 404 : 409, s.ended() ? "submission " + s.id() + " has no result.json (exit code " + s.exitCode() + ")"
                    : "submission " + s.id() + " has not ended");
            return;
        }
        bytes(exchange, 200, JSON_TYPE, Files.readAllBytes(file));
    }

    private void files(HttpExchange exchange, Submission s, List<String> rest) throws IOException {
        if (s.results() == null) {
            error(exchange, s.ended() ? 404 : 409, "submission " + s.id() + (s.ended() ? " made no results directory" : " has not ended"));
            return;
        }
        Path dir = s.out().resolve(s.results());
        if (rest.isEmpty()) {
            ObjectNode o = Submission.JSON.createObjectNode();
            o.put("results", s.results());
            ArrayNode list = o.putArray("files");
            try (Stream<Path> all = Files.walk(dir)) {
                all.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).sorted().forEach(list::add);
            }
            json(exchange, 200, o);
            return;
        }
        Path file = dir;
        for (String part : rest) {
            file = file.resolve(URLDecoder.decode(part, StandardCharsets.UTF_8));
        }
        file = file.normalize();
        if (!file.startsWith(dir) || !Files.isRegularFile(file)) {
            error(exchange, 404, "no file " + String.join("/", rest) + " in the results of submission " + s.id());
            return;
        }
        bytes(exchange, 200, contentType(file), Files.readAllBytes(file));
    }

    private void zip(HttpExchange exchange, Submission s) throws IOException {
        if (s.results() == null) {
            error(exchange, s.ended() ? 404 : 409, "submission " + s.id() + (s.ended() ? " made no results directory" : " has not ended"));
            return;
        }
        Path dir = s.out().resolve(s.results());
        exchange.getResponseHeaders().set("Content-Type", "application/zip");
        exchange.sendResponseHeaders(200, 0);
        try (ZipOutputStream zip = new ZipOutputStream(exchange.getResponseBody()); Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.filter(Files::isRegularFile).sorted().toList()) {
                zip.putNextEntry(new ZipEntry(s.results() + "/" + dir.relativize(p).toString().replace('\\', '/')));
                Files.copy(p, zip);
                zip.closeEntry();
            }
        }
    }

    private static String contentType(Path file) {
        String name = file.getFileName().toString();
        if (name.endsWith(".json")) {
            return JSON_TYPE;
        }
        if (name.endsWith(".png")) {
            return "image/png";
        }
        if (name.endsWith(".svg")) {
            return "image/svg+xml";
        }
        if (name.endsWith(".html")) {
            return "text/html; charset=utf-8";
        }
        return name.endsWith(".csv") || name.endsWith(".md") || name.endsWith(".log") ? "text/plain; charset=utf-8"
                : "application/octet-stream";
    }

    private static void json(HttpExchange exchange, int status, JsonNode body) throws IOException {
        bytes(exchange, status, JSON_TYPE, (body.toString() + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static void error(HttpExchange exchange, int status, String message) {
        ObjectNode o = Submission.JSON.createObjectNode();
        o.put("error", message);
        try {
            json(exchange, status, o);
        } catch (IOException e) {
            // the client went away
        }
    }

    private static void bytes(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            exchange.getResponseBody().write(body);
        }
    }
}
