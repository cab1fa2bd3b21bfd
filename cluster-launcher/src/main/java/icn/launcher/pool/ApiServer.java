package icn.launcher.pool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import icn.launcher.cluster.HostPort;
import icn.protocols.InvalidInputException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
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
 * every call is written to the audit log ({@link Audit}). docs/security.md has the threat model. A request is checked in
 * {@link ApiRequests} and answered through {@link ApiAnswers}; this class routes it.
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
            String refused = ApiRequests.refusal(exchange, token, hosts);
            if (refused != null) {
                ApiAnswers.error(exchange, Integer.parseInt(refused.substring(0, 3)), refused.substring(4));
                return;
            }
            route(exchange);
        } catch (ApiRequests.Refused e) {
            ApiAnswers.error(exchange, e.status, e.getMessage());
        } catch (InvalidInputException e) {
            ApiAnswers.error(exchange, 400, Audit.oneLine(e.getMessage()));
        } catch (IOException e) {
            Audit.outcome("the client went away");
        } catch (RuntimeException e) {
            ApiAnswers.error(exchange, 500, "the head failed to answer this request (its audit log says why)");
            Audit.outcome(Audit.oneLine(e.toString()));
        } finally {
            // audited before the answer is closed, so a caller who has the answer finds its call in the log
            audit.call(exchange);
            exchange.close();
        }
    }

    private void route(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getPath();
        List<String> parts = ApiRequests.parts(path);
        if (WebView.isPage(parts) && method.equals("GET")) {
            WebView.page(exchange);
            return;
        }
        if (!parts.isEmpty() && parts.get(0).equals("view") && method.equals("GET")) {
            view(exchange, parts);
            return;
        }
        if (parts.isEmpty() || !parts.get(0).equals("v1") || parts.size() < 2) {
            ApiAnswers.error(exchange, 404, "no such resource " + Audit.shortened(path, 80) + " (the API's paths start with /v1/cluster or /v1/runs;"
                    + " the web view is /ui/?token=TOKEN, the link icn cluster status prints)");
            return;
        }
        if (parts.size() == 2 && parts.get(1).equals("proof") && method.equals("GET")) {
            String nonce = ApiRequests.query(exchange, "nonce");
            if (nonce == null || !nonce.matches("[0-9a-fA-F]{16,128}")) {
                throw new InvalidInputException("GET /v1/proof needs ?nonce= with 16 to 128 hex digits");
            }
            ObjectNode o = Submission.JSON.createObjectNode();
            o.put("proof", ApiRequests.proof(token, nonce));
            ApiAnswers.json(exchange, 200, o);
        } else if (parts.get(1).equals("cluster")) {
            cluster(exchange, method, parts);
        } else if (parts.get(1).equals("runs")) {
            runs(exchange, method, parts);
        } else {
            ApiAnswers.error(exchange, 404, "no such resource " + Audit.shortened(path, 80));
        }
    }

    private void cluster(HttpExchange exchange, String method, List<String> parts) throws IOException {
        if (parts.size() == 2 && method.equals("GET")) {
            String query = exchange.getRequestURI().getQuery();
            ApiAnswers.json(exchange, 200, head.status("true".equals(ApiRequests.query(exchange, "gc"))));
        } else if (parts.size() == 3 && parts.get(2).equals("stop") && method.equals("POST")) {
            ApiRequests.body(exchange, limits.bodyBytes()); // nothing is expected, but what came is read within the cap
            ObjectNode o = Submission.JSON.createObjectNode();
            o.put("stopping", true);
            ApiAnswers.json(exchange, 202, o);
            head.stop();
        } else {
            ApiAnswers.error(exchange, 405, Audit.shortened(method + " " + exchange.getRequestURI().getPath(), 100) + " is not a request of this API");
        }
    }

    private void runs(HttpExchange exchange, String method, List<String> parts) throws IOException {
        if (parts.size() == 2) {
            if (method.equals("POST")) {
                submit(exchange);
            } else if (method.equals("GET")) {
                ApiAnswers.json(exchange, 200, page(exchange));
            } else {
                ApiAnswers.error(exchange, 405, Audit.shortened(method, 20) + " /v1/runs: use GET or POST");
            }
            return;
        }
        Optional<Submission> found = parts.get(2).matches("[0-9]{1,18}") ? submissions.find(parts.get(2)) : Optional.empty();
        if (found.isEmpty()) {
            ApiAnswers.error(exchange, 404, "no job " + Audit.shortened(parts.get(2), 40) + " (the head keeps the jobs its retention keeps:"
                    + " icn cluster start --keep-jobs N --keep-days D)");
            return;
        }
        Submission s = found.get();
        Audit.run(s.id());
        String what = parts.size() > 3 ? parts.get(3) : "";
        switch (method + " " + what) {
            case "GET " -> ApiAnswers.json(exchange, 200, described(s));
            case "DELETE " -> {
                if (s.ended()) {
                    ApiAnswers.error(exchange, 409, "submission " + s.id() + " has ended already: nothing to cancel");
                    return;
                }
                s.cancel("cancelled through the API (by " + Audit.caller(exchange) + ")");
                ApiAnswers.json(exchange, 202, s.describe());
            }
            case "GET events" -> {
                if ("sse".equals(ApiRequests.query(exchange, "format"))) {
                    WebView.sse(exchange, s, ApiAnswers.HEARTBEAT_MILLIS, WebView.lastEventId(exchange));
                } else {
                    ApiAnswers.stream(exchange, s, false);
                }
            }
            case "GET result" -> ApiAnswers.result(exchange, s);
            case "GET files" -> ApiAnswers.files(exchange, s, parts.subList(4, parts.size()));
            case "GET results.zip" -> ApiAnswers.zip(exchange, s);
            default -> ApiAnswers.error(exchange, 405, Audit.shortened(method + " " + exchange.getRequestURI().getPath(), 100) + " is not a request of this API");
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
        String after = ApiRequests.query(exchange, "after");
        String limitText = ApiRequests.query(exchange, "limit");
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
        String lastText = ApiRequests.query(exchange, "last");
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
            ApiAnswers.error(exchange, 503, "the cluster is stopping");
            return;
        }
        String caller = Audit.caller(exchange);
        String place = "place-" + java.util.UUID.randomUUID();
        synchronized (callers) { // the check and the place it takes are one step: two requests cannot both take the last place
            callers.keySet().removeIf(id -> !id.startsWith("place-") && submissions.find(id).map(Submission::ended).orElse(true));
            long mine = callers.values().stream().filter(caller::equals).count();
            if (mine >= limits.queuedPerCaller() || callers.size() >= limits.queuedInAll()) {
                throw new ApiRequests.Refused(429, mine >= limits.queuedPerCaller()
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
            body = Submission.JSON.readTree(ApiRequests.body(exchange, limits.bodyBytes()));
        } catch (IOException e) {
            throw new InvalidInputException("the request's body is not JSON");
        }
        if (body == null || !body.path("args").isArray()) {
            throw new InvalidInputException("a submission is {\"args\": [\"broadcast\", \"--topology\", \"scc:6\"], ...}: no args array");
        }
        List<String> args = ApiRequests.strings(body.path("args"));
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
        if ("true".equals(ApiRequests.query(exchange, "follow"))) {
            ApiAnswers.stream(exchange, s, true);
        } else {
            ApiAnswers.json(exchange, 202, s.describe());
        }
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
            ApiAnswers.error(exchange, 404, "no such file in the results of job " + parts.get(2));
            return;
        }
        Audit.run(parts.get(2));
        exchange.getResponseHeaders().set("Content-Security-Policy", WebView.FILES_POLICY);
        ApiAnswers.bytes(exchange, 200, ApiAnswers.contentType(file), WebView.read(file));
    }

}
