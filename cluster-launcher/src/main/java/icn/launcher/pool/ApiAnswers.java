package icn.launcher.pool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * What the API answers: JSON and errors as one JSON object, a job's events as they come (NDJSON, and the one loop behind
 * server-sent events), its result.json, its results' files (in a sandbox) and its results as one zip.
 */
final class ApiAnswers {

    private ApiAnswers() {
    }

    static final String JSON_TYPE = "application/json";
    static final String NDJSON_TYPE = "application/x-ndjson";
    static final long HEARTBEAT_MILLIS = 1000;

    /**
     * The submission's events as NDJSON, from the first, until its end event; a heartbeat line every second without other events,
     * which is also how a closed connection is noticed: a submission bound to this connection is then cancelled.
     */
    static void stream(HttpExchange exchange, Submission s, boolean cancelOnClose) throws IOException {
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

    static void result(HttpExchange exchange, Submission s) throws IOException {
        Path file = s.results() == null ? null : s.out().resolve(s.results()).resolve("result.json");
        if (file == null || !Files.isRegularFile(file)) {
            error(exchange, s.ended() ? 404 : 409, s.ended() ? "submission " + s.id() + " has no result.json (exit code " + s.exitCode() + ")"
                    : "submission " + s.id() + " has not ended");
            return;
        }
        bytes(exchange, 200, JSON_TYPE, Files.readAllBytes(file));
    }

    static void files(HttpExchange exchange, Submission s, List<String> rest) throws IOException {
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

    static void zip(HttpExchange exchange, Submission s) throws IOException {
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

    static String contentType(Path file) {
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

    static void json(HttpExchange exchange, int status, JsonNode body) throws IOException {
        bytes(exchange, status, JSON_TYPE, (body.toString() + "\n").getBytes(StandardCharsets.UTF_8));
    }

    static void error(HttpExchange exchange, int status, String message) {
        ObjectNode o = Submission.JSON.createObjectNode();
        o.put("error", message);
        try {
            json(exchange, status, o);
        } catch (IOException e) {
            // the client went away
        }
    }

    static void bytes(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        OutputStream out = exchange.getResponseBody();
        out.write(body);
        out.flush(); // sent now, before what is left of the request is dealt with; closing is the exchange's (keep-alive)
    }
}
