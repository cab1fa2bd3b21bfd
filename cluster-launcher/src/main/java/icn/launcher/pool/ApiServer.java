package icn.launcher.pool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import icn.launcher.cluster.HostPort;
import icn.protocols.InvalidInputException;
import java.io.IOException;
import java.io.InputStream;
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
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
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
 * Every request needs the cluster's token, {@code Authorization: Bearer TOKEN}, on loopback too: another user of this machine, or a
 * web page open in a local browser, reaches a loopback port as easily as the owner does. The one request without it is {@code GET
 * /v1/proof?nonce=HEX}, which answers HMAC-SHA256(token, nonce): a client checks with it that the process at the address knows the
 * token before it sends the token there (a port taken over after the head died receives nothing). Before the token is looked at
 * the request must name this API in its {@code Host} (DNS rebinding), come from no other site's {@code Origin} (a page's
 * requests), and have a body only as {@code application/json}; bodies, queues, threads and times are capped ({@link Limits}), and
 * every call is written to the audit log ({@link Audit}). docs/security.md has the threat model.
 */
final class ApiServer implements AutoCloseable {

    /** What the API asks of the head: the cluster's status, and stopping it. */
    interface Head {
        /** The status; with {@code collectGarbage}, every worker collects first and reports its live heap. */
        ObjectNode status(boolean collectGarbage);

        void stop();
    }

    /**
     * What the API holds at most: a request's body (413 beyond it), submissions waiting or running per caller (a caller is an
     * address) and in all (429 beyond them), threads serving requests, and how long reading a request may take.
     */
    record Limits(long bodyBytes, int queuedPerCaller, int queuedInAll, int threads, Duration readRequest) {
        static final Limits DEFAULT = new Limits(64L << 20, 32, 128, 64, Duration.ofSeconds(10));
    }

    private static final String JSON_TYPE = "application/json";
    private static final String NDJSON_TYPE = "application/x-ndjson";
    private static final long HEARTBEAT_MILLIS = 1000;

    private final HttpServer server;
    private final ThreadPoolExecutor threads;
    private final String token;
    private final Submissions submissions;
    private final Head head;
    private final Limits limits;
    private final Audit audit;
    private final HostCheck hosts;
    /** Who sent each submission still waiting or running (its address), for the per-caller queue cap. */
    private final Map<String, String> callers = new ConcurrentHashMap<>();
    private volatile boolean stopping;

    private ApiServer(HttpServer server, ThreadPoolExecutor threads, String token, Submissions submissions, Head head, Limits limits,
            Audit audit, HostCheck hosts) {
        this.server = server;
        this.threads = threads;
        this.token = token;
        this.submissions = submissions;
        this.head = head;
        this.limits = limits;
        this.audit = audit;
        this.hosts = hosts;
    }

    /**
     * Listens on {@code bind} (port 0: a free one), every request needing {@code token}, {@code also} naming host names the
     * {@code Host} header may carry besides IP addresses and {@code localhost} (the names the cluster was started with).
     */
    static ApiServer start(HostPort bind, String token, Submissions submissions, Head head, Limits limits, Audit audit, List<String> also) {
        // the JDK's server reads these once, when its first server is made: a request must be read within the limit (a half-open
        // connection is closed then, and the thread it held is freed), and there are at most so many connections at once
        setIfUnset("sun.net.httpserver.maxReqTime", Long.toString(Math.max(1, limits.readRequest().toSeconds())));
        // no cap on connections: the JDK 17 server's own (jdk.httpserver.maxConnections) loses count of the connections clients
        // close while idle, and once it believes the cap reached it closes every new one (seen: the API refused every connection
        // after some hundred keep-alive requests). A connection that sends no whole request holds a file descriptor, not a
        // thread, and is closed after the request time.
        // a connection idle between requests, or accepted and never used, is closed after this long (the JDK's default: 30 s)
        setIfUnset("sun.net.httpserver.idleInterval", Long.toString(Math.max(1, limits.readRequest().toSeconds())));
        setIfUnset("sun.net.httpserver.maxReqHeaders", "64");
        try {
            InetAddress address = InetAddress.getByName(bind.host());
            HttpServer server = HttpServer.create(new InetSocketAddress(address, bind.port()), 64);
            // at most limits.threads() requests are served at once; the queue holds the rest, each of which is closed if its
            // request is not read within the request time
            ThreadPoolExecutor threads = new ThreadPoolExecutor(limits.threads(), limits.threads(), 30, TimeUnit.SECONDS,
                    new LinkedBlockingQueue<>(), r -> {
                        Thread t = new Thread(r, "icn-api");
                        t.setDaemon(true);
                        return t;
                    });
            threads.allowCoreThreadTimeOut(true);
            server.setExecutor(threads);
            ApiServer api = new ApiServer(server, threads, token, submissions, head, limits, audit,
                    new HostCheck(server.getAddress().getPort(), also));
            server.createContext("/", api::handle);
            server.start();
            return api;
        } catch (IOException e) {
            throw new icn.launcher.cluster.ClusterException("the API cannot listen on " + bind + ": " + e.getMessage());
        }
    }

    private static void setIfUnset(String property, String value) {
        if (System.getProperty(property) == null) {
            System.setProperty(property, value);
        }
    }

    /** The address it listens on, {@code host:port}. */
    HostPort address() {
        InetSocketAddress a = server.getAddress();
        return new HostPort(a.getAddress().getHostAddress(), a.getPort());
    }

    /** From now on every request but the status is answered 503: the cluster is stopping. */
    void stopping() {
        stopping = true;
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
        audit.close();
    }

    private void handle(HttpExchange exchange) {
        try {
            WebView.common(exchange);
            String refused = refusal(exchange);
            if (refused != null) {
                error(exchange, Integer.parseInt(refused.substring(0, 3)), refused.substring(4));
                return;
            }
            route(exchange);
        } catch (Refused e) {
            error(exchange, e.status, e.getMessage());
        } catch (InvalidInputException e) {
            error(exchange, 400, Audit.oneLine(e.getMessage()));
        } catch (IOException e) {
            Audit.outcome("the client went away");
        } catch (RuntimeException e) {
            error(exchange, 500, "the head failed to answer this request (its audit log says why)");
            Audit.outcome(Audit.oneLine(e.toString()));
        } finally {
            // audited before the answer is closed, so a caller who has the answer finds its call in the log
            audit.call(exchange);
            exchange.close();
        }
    }

    /** A request refused with {@code status} and a one-line reason. */
    static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int status;

        Refused(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    /**
     * Why a request is refused before anything of it is used ("STATUS reason"), or null: a {@code Host} that names another site
     * (DNS rebinding), an {@code Origin} of another site, a body that is not JSON, and then a missing or wrong token. The body is
     * never read before these pass.
     */
    private String refusal(HttpExchange exchange) {
        Headers h = exchange.getRequestHeaders();
        if (!hosts.allows(h.getFirst("Host"))) {
            return "403 the Host header must name this API's address (or localhost): requests through another name are refused";
        }
        String origin = h.getFirst("Origin");
        if (origin != null && !hosts.allowsOrigin(origin)) {
            return "403 requests from another site's page are refused (Origin " + Audit.shortened(origin, 80) + ")";
        }
        String site = h.getFirst("Sec-Fetch-Site");
        if (site != null && site.equals("cross-site")) {
            return "403 requests from another site's page are refused";
        }
        boolean proof = exchange.getRequestMethod().equals("GET") && exchange.getRequestURI().getPath().equals("/v1/proof");
        List<String> parts = parts(exchange.getRequestURI().getPath());
        boolean view = exchange.getRequestMethod().equals("GET") && !parts.isEmpty() && parts.get(0).equals("view");
        if (view && !WebView.keyOpens(token, parts)) {
            return "404 no such job's results (a job's results are browsed under its key, from the web view)";
        }
        if (!proof && !view && !authorized(exchange)) {
            return "401 this API needs the cluster's token: Authorization: Bearer TOKEN (the token is in cluster.json under $ICN_HOME on"
                    + " the machine that started the cluster, readable by its owner only)";
        }
        if (exchange.getRequestMethod().equals("POST") && !isJson(h.getFirst("Content-Type"))) {
            return "415 a request with a body must be Content-Type: application/json";
        }
        return null;
    }

    static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.split(";", 2)[0].strip().toLowerCase(java.util.Locale.ROOT);
        return type.equals(JSON_TYPE);
    }

    /**
     * The token, as {@code Authorization: Bearer TOKEN}, or for a GET as {@code ?token=TOKEN}: the web view's link, and its
     * server-sent events ({@code EventSource} sends no header of its own). Never from a cookie (see {@link WebView}).
     */
    private boolean authorized(HttpExchange exchange) {
        String given = exchange.getRequestHeaders().getFirst("Authorization");
        byte[] expected = ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
        if (given != null) {
            return MessageDigest.isEqual(expected, given.getBytes(StandardCharsets.UTF_8));
        }
        // the query carries it only where a browser cannot send a header: opening the page, and a job's events as EventSource
        // follows them; anywhere else (a file of a job's results opened in the page's origin, say) it opens nothing
        List<String> parts = parts(exchange.getRequestURI().getPath());
        boolean browserOnly = WebView.isPage(parts) || parts.size() == 4 && parts.get(0).equals("v1") && parts.get(1).equals("runs")
                && parts.get(3).equals("events") && "sse".equals(query(exchange, "format"));
        String inQuery = exchange.getRequestMethod().equals("GET") && browserOnly ? query(exchange, "token") : null;
        return inQuery != null && MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8), inQuery.getBytes(StandardCharsets.UTF_8));
    }

    private static List<String> parts(String path) {
        String trimmed = path.replaceAll("^/+|/+$", "");
        return trimmed.isEmpty() ? List.of() : List.of(trimmed.split("/+"));
    }

    /** What {@code GET /v1/proof?nonce=HEX} answers: proof that this process knows the token, which it does not reveal. */
    static String proof(String token, String nonce) {
        // a label of its own, so that the answer is worth nothing as any other MAC of the token
        return mac(token, "icn-api-proof\n", nonce);
    }

    /** HMAC-SHA256 under the token of {@code label} then {@code text}, in hex: each use of the token's MAC has a label of its own. */
    static String mac(String token, String label, String text) {
        try {
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
            mac.init(new javax.crypto.spec.SecretKeySpec(token.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update(label.getBytes(StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    private void route(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getPath();
        List<String> parts = parts(path);
        if (WebView.isPage(parts) && method.equals("GET")) {
            WebView.page(exchange);
            return;
        }
        if (!parts.isEmpty() && parts.get(0).equals("view") && method.equals("GET")) {
            view(exchange, parts);
            return;
        }
        if (parts.isEmpty() || !parts.get(0).equals("v1") || parts.size() < 2) {
            error(exchange, 404, "no such resource " + Audit.shortened(path, 80) + " (the API's paths start with /v1/cluster or /v1/runs;"
                    + " the web view is /ui/?token=TOKEN, the link icn cluster status prints)");
            return;
        }
        if (parts.size() == 2 && parts.get(1).equals("proof") && method.equals("GET")) {
            String nonce = query(exchange, "nonce");
            if (nonce == null || !nonce.matches("[0-9a-fA-F]{16,128}")) {
                throw new InvalidInputException("GET /v1/proof needs ?nonce= with 16 to 128 hex digits");
            }
            ObjectNode o = Submission.JSON.createObjectNode();
            o.put("proof", proof(token, nonce));
            json(exchange, 200, o);
        } else if (parts.get(1).equals("cluster")) {
            cluster(exchange, method, parts);
        } else if (parts.get(1).equals("runs")) {
            runs(exchange, method, parts);
        } else {
            error(exchange, 404, "no such resource " + Audit.shortened(path, 80));
        }
    }

    private void cluster(HttpExchange exchange, String method, List<String> parts) throws IOException {
        if (parts.size() == 2 && method.equals("GET")) {
            String query = exchange.getRequestURI().getQuery();
            json(exchange, 200, head.status("true".equals(query(exchange, "gc"))));
        } else if (parts.size() == 3 && parts.get(2).equals("stop") && method.equals("POST")) {
            body(exchange); // nothing is expected, but what came is read within the cap
            ObjectNode o = Submission.JSON.createObjectNode();
            o.put("stopping", true);
            json(exchange, 202, o);
            head.stop();
        } else {
            error(exchange, 405, Audit.shortened(method + " " + exchange.getRequestURI().getPath(), 100) + " is not a request of this API");
        }
    }

    private void runs(HttpExchange exchange, String method, List<String> parts) throws IOException {
        if (parts.size() == 2) {
            if (method.equals("POST")) {
                submit(exchange);
            } else if (method.equals("GET")) {
                json(exchange, 200, page(exchange));
            } else {
                error(exchange, 405, Audit.shortened(method, 20) + " /v1/runs: use GET or POST");
            }
            return;
        }
        Optional<Submission> found = parts.get(2).matches("[0-9]{1,18}") ? submissions.find(parts.get(2)) : Optional.empty();
        if (found.isEmpty()) {
            error(exchange, 404, "no job " + Audit.shortened(parts.get(2), 40) + " (the head keeps the jobs its retention keeps:"
                    + " icn cluster start --keep-jobs N --keep-days D)");
            return;
        }
        Submission s = found.get();
        Audit.run(s.id());
        String what = parts.size() > 3 ? parts.get(3) : "";
        switch (method + " " + what) {
            case "GET " -> json(exchange, 200, described(s));
            case "DELETE " -> {
                if (s.ended()) {
                    error(exchange, 409, "submission " + s.id() + " has ended already: nothing to cancel");
                    return;
                }
                s.cancel("cancelled through the API (by " + Audit.caller(exchange) + ")");
                json(exchange, 202, s.describe());
            }
            case "GET events" -> {
                if ("sse".equals(query(exchange, "format"))) {
                    WebView.sse(exchange, s, HEARTBEAT_MILLIS, WebView.lastEventId(exchange));
                } else {
                    stream(exchange, s, false);
                }
            }
            case "GET result" -> result(exchange, s);
            case "GET files" -> files(exchange, s, parts.subList(4, parts.size()));
            case "GET results.zip" -> zip(exchange, s);
            default -> error(exchange, 405, Audit.shortened(method + " " + exchange.getRequestURI().getPath(), 100) + " is not a request of this API");
        }
    }

    /** The most jobs one page of {@code GET /v1/runs} lists, and how many unless {@code ?limit=} says. */
    static final int PAGE_MAX = 1000;
    static final int PAGE_DEFAULT = 100;

    /**
     * One page of the jobs kept, in the order they came: {@code ?after=ID} (the last of the page before) and {@code ?limit=N};
     * {@code next} is what to ask for the page after it (null on the last page), {@code total} how many are kept.
     */
    private ObjectNode page(HttpExchange exchange) {
        String after = query(exchange, "after");
        String limitText = query(exchange, "limit");
        if (after != null && !after.matches("[0-9]{1,18}")) {
            throw new InvalidInputException("?after= takes a job's number");
        }
        int limit = PAGE_DEFAULT;
        if (limitText != null) {
            if (!limitText.matches("[0-9]{1,4}") || Integer.parseInt(limitText) < 1 || Integer.parseInt(limitText) > PAGE_MAX) {
                throw new InvalidInputException("?limit= takes 1 to " + PAGE_MAX);
            }
            limit = Integer.parseInt(limitText);
        }
        String lastText = query(exchange, "last");
        if (lastText != null) {
            // the newest N, oldest first (the web view's list): what a page after page walk would end on
            if (!lastText.matches("[0-9]{1,4}") || Integer.parseInt(lastText) < 1 || Integer.parseInt(lastText) > PAGE_MAX) {
                throw new InvalidInputException("?last= takes 1 to " + PAGE_MAX);
            }
            List<Submission> every = submissions.page(null, Integer.MAX_VALUE);
            ObjectNode o = Submission.JSON.createObjectNode();
            ArrayNode runs = o.putArray("runs");
            every.subList(Math.max(0, every.size() - Integer.parseInt(lastText)), every.size()).forEach(s -> runs.add(described(s)));
            o.putNull("next");
            o.put("total", every.size());
            return o;
        }
        List<Submission> page = submissions.page(after, limit + 1);
        ObjectNode o = Submission.JSON.createObjectNode();
        ArrayNode runs = o.putArray("runs");
        page.stream().limit(limit).forEach(s -> runs.add(described(s)));
        o.put("next", page.size() > limit ? page.get(limit - 1).id() : null);
        o.put("total", submissions.kept());
        return o;
    }

    private void submit(HttpExchange exchange) throws IOException {
        if (stopping) {
            error(exchange, 503, "the cluster is stopping");
            return;
        }
        String caller = Audit.caller(exchange);
        String place = "place-" + java.util.UUID.randomUUID();
        synchronized (callers) { // the check and the place it takes are one step: two requests cannot both take the last place
            callers.keySet().removeIf(id -> !id.startsWith("place-") && submissions.find(id).map(Submission::ended).orElse(true));
            long mine = callers.values().stream().filter(caller::equals).count();
            if (mine >= limits.queuedPerCaller() || callers.size() >= limits.queuedInAll()) {
                throw new Refused(429, mine >= limits.queuedPerCaller()
                        ? "too many submissions waiting or running from " + caller + " (at most " + limits.queuedPerCaller() + "): wait for some to end"
                        : "too many submissions waiting or running (at most " + limits.queuedInAll() + "): wait for some to end");
            }
            callers.put(place, caller);
        }
        try {
            submitHeld(exchange, caller, place);
        } finally {
            callers.remove(place);
        }
    }

    /** The submission itself, once it holds a place in the queue's caps ({@code place}, given up when it is queued or refused). */
    private void submitHeld(HttpExchange exchange, String caller, String place) throws IOException {
        JsonNode body;
        try {
            body = Submission.JSON.readTree(body(exchange));
        } catch (IOException e) {
            throw new InvalidInputException("the request's body is not JSON");
        }
        if (body == null || !body.path("args").isArray()) {
            throw new InvalidInputException("a submission is {\"args\": [\"broadcast\", \"--topology\", \"scc:6\"], ...}: no args array");
        }
        List<String> args = strings(body.path("args"));
        List<Upload> uploads = new ArrayList<>();
        for (JsonNode f : body.path("files")) {
            try {
                uploads.add(new Upload(f.path("path").asText(), Base64.getDecoder().decode(f.path("content").asText())));
            } catch (IllegalArgumentException e) {
                throw new InvalidInputException("file " + Audit.shortened(f.path("path").asText(), 80) + ": its content is not base64");
            }
        }
        Submission s = submissions.submit(args, uploads, body.path("out").isTextual() ? body.path("out").asText() : null);
        callers.put(s.id(), caller);
        callers.remove(place);
        Audit.run(s.id());
        if ("true".equals(query(exchange, "follow"))) {
            stream(exchange, s, true);
        } else {
            json(exchange, 202, s.describe());
        }
    }

    /**
     * The request's body, read only up to the cap: a larger one is refused (413) by its declared length before a byte is read, or
     * once the cap is passed.
     */
    private byte[] body(HttpExchange exchange) throws IOException {
        String declared = exchange.getRequestHeaders().getFirst("Content-Length");
        if (declared != null) {
            long length;
            try {
                length = Long.parseLong(declared.strip());
            } catch (NumberFormatException e) {
                throw new Refused(400, "the Content-Length header is not a number");
            }
            if (length > limits.bodyBytes()) {
                throw new Refused(413, "the request's body is " + length + " bytes; at most " + limits.bodyBytes() + " are taken");
            }
        }
        InputStream in = exchange.getRequestBody();
        byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limits.bodyBytes() + 1));
        if (bytes.length > limits.bodyBytes()) {
            throw new Refused(413, "the request's body is over " + limits.bodyBytes() + " bytes, the most that is taken");
        }
        return bytes;
    }

    /** The value of {@code name} in the request's query, or null. */
    private static String query(HttpExchange exchange, String name) {
        String q = exchange.getRequestURI().getRawQuery();
        if (q == null) {
            return null;
        }
        for (String pair : q.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && pair.substring(0, eq).equals(name)) {
                return URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
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
        String heartbeat = "{\"event\":\"heartbeat\",\"id\":\"" + s.id() + "\"}\n";
        try {
            follow(exchange.getResponseBody(), s, 0, HEARTBEAT_MILLIS, (index, event) -> event + "\n", heartbeat);
        } catch (IOException e) {
            if (cancelOnClose) {
                s.cancel("the submitter is gone (its connection closed)");
            }
            throw e;
        }
    }

    /** How a followed job's events are written: each event (its index, its JSON line), and the line said when none came. */
    @FunctionalInterface
    interface EventText {
        String of(int index, String event);
    }

    /**
     * Writes {@code s}'s events from index {@code from} as {@code text} makes them, flushed as they come, until its end event; {@code
     * heartbeat} every {@code heartbeatMillis} without events (which is also how a closed connection is noticed). The one loop
     * behind NDJSON ({@code ?follow=true}, {@code /events}) and server-sent events ({@code ?format=sse}).
     */
    static void follow(OutputStream body, Submission s, int from, long heartbeatMillis, EventText text, String heartbeat)
            throws IOException {
        int next = from;
        try {
            while (true) {
                List<String> events = s.eventsFrom(next, heartbeatMillis);
                for (int i = 0; i < events.size(); i++) {
                    body.write(text.of(next + i, events.get(i)).getBytes(StandardCharsets.UTF_8));
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
        Path dir = WebView.resultsOf(s);
        if (dir == null || !Files.isDirectory(dir)) {
            error(exchange, s.ended() ? 404 : 409, "submission " + s.id() + (s.ended() ? " made no results directory" : " has made no results directory yet"));
            return;
        }
        if (rest.isEmpty()) {
            ObjectNode o = Submission.JSON.createObjectNode();
            o.put("results", dir.getFileName().toString());
            o.put("ended", s.ended());
            ArrayNode list = o.putArray("files");
            try (Stream<Path> all = Files.walk(dir)) {
                all.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).sorted().forEach(list::add);
            } catch (java.io.UncheckedIOException e) {
                // a running job's files change while they are listed: what was listed is answered
            }
            json(exchange, 200, o);
            return;
        }
        Path file = WebView.fileUnder(s.out(), dir, rest);
        if (file == null) {
            error(exchange, 404, "no such file in the results of submission " + s.id());
            return;
        }
        // a job's files are the submitter's: opened in a browser they run in a sandbox, an origin of their own
        exchange.getResponseHeaders().set("Content-Security-Policy", WebView.FILES_POLICY);
        bytes(exchange, 200, contentType(file), WebView.read(file));
    }

    /** A job as the API describes it, with the path its results are browsed under ({@link WebView}). */
    private ObjectNode described(Submission s) {
        ObjectNode o = s.describe();
        o.put("view", WebView.viewPath(token, s.id()));
        return o;
    }

    /** {@code GET /view/KEY/ID/PATH}: a file of job ID's results (the key was checked), in a sandbox. */
    private void view(HttpExchange exchange, List<String> parts) throws IOException {
        Optional<Submission> found = submissions.find(parts.get(2));
        Path dir = found.map(WebView::resultsOf).orElse(null);
        Path out = found.map(Submission::out).orElse(null);
        Path file = dir == null ? null : WebView.fileUnder(out, dir, parts.subList(3, parts.size()).isEmpty() ? List.of("report.html")
                : parts.subList(3, parts.size()));
        if (file == null && dir != null && parts.size() == 3) {
            file = WebView.fileUnder(out, dir, List.of("report.md"));
        }
        if (file == null) {
            error(exchange, 404, "no such file in the results of job " + parts.get(2));
            return;
        }
        Audit.run(parts.get(2));
        exchange.getResponseHeaders().set("Content-Security-Policy", WebView.FILES_POLICY);
        bytes(exchange, 200, contentType(file), WebView.read(file));
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
            for (Path p : all.filter(f -> Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS)).sorted().toList()) {
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
        OutputStream out = exchange.getResponseBody();
        out.write(body);
        out.flush(); // sent now, before what is left of the request is dealt with; closing is the exchange's (keep-alive)
    }
}
