package icn.launcher.pool;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The standing cluster's web view, served by the API beside its JSON: one page of the project's own ({@code /ui/}: members, jobs,
 * a job's live progress, a broadcast's wave, a traffic run's curves as their points arrive), and a job's results to browse ({@code
 * /view/KEY/ID/PATH}).
 *
 * <ul>
 * <li>The page is served only with the cluster's token, given as {@code ?token=} (the link {@code cluster start} and {@code cluster
 * status} print, as Jupyter does); the page then asks the API with {@code Authorization: Bearer}, and follows a job's events as
 * server-sent events, whose {@code EventSource} can carry the token only in the query. No cookie: a cookie of {@code localhost}
 * goes to every port of it, another user's server among them.</li>
 * <li>A job's results are browsed under a key of that job alone, {@link #viewKey}: HMAC-SHA256(token, job), which opens that job's
 * files read-only and nothing else, and lets a report's relative links (its charts) work without the token in them. The files are
 * served in a sandbox (CSP {@code sandbox}): a page among them runs in an origin of its own and cannot reach the API or the
 * page's token.</li>
 * <li>Every answer says {@code Referrer-Policy: no-referrer} (a link followed from the page does not carry its address, token and
 * all), {@code X-Content-Type-Options: nosniff}, and is not cached; the page forbids being framed and loads nothing from
 * elsewhere (CSP), so it works without internet.</li>
 * </ul>
 */
final class WebView {

    /** The page, one file with its script and style: nothing else is fetched to show it. */
    static final String PAGE = "/icn/web/index.html";
    /** What the page may do: its own script and style, pictures from its own origin or drawn, requests to its own origin. */
    static final String PAGE_POLICY = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data: blob:;"
            + " connect-src 'self'; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
    /** A job's files: in a sandbox of their own origin; they may load their own pictures and nothing from elsewhere. */
    static final String FILES_POLICY = "sandbox allow-scripts allow-popups; default-src 'self' 'unsafe-inline' data:; frame-ancestors 'self'";
    /** The length of a view key, in hex digits (128 bits). */
    static final int KEY_HEX = 32;

    private WebView() {
    }

    /** The key that opens job {@code id}'s results for browsing: HMAC-SHA256(token, label, id), 128 bits in hex. */
    static String viewKey(String token, String id) {
        // a label of its own: the key is no answer of GET /v1/proof, and no proof is a key
        return ApiRequests.mac(token, "icn-view-key\n", id).substring(0, KEY_HEX);
    }

    /** The path under which job {@code id}'s results are browsed. */
    static String viewPath(String token, String id) {
        return "/view/" + viewKey(token, id) + "/" + id + "/";
    }

    /** The link to the page that {@code cluster start} and {@code cluster status} print. */
    public static String link(String api, String token) {
        return api.replaceAll("/+$", "") + "/ui/?token=" + token;
    }

    /** Headers every answer of the API carries. */
    static void common(HttpExchange exchange) {
        exchange.getResponseHeaders().set("Referrer-Policy", "no-referrer");
        exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
    }

    /** {@code GET /ui/}: the page (the token was checked before). */
    static void page(HttpExchange exchange) throws IOException {
        byte[] html;
        try (InputStream in = WebView.class.getResourceAsStream(PAGE)) {
            if (in == null) {
                throw new UncheckedIOException(new IOException("the jar holds no " + PAGE));
            }
            html = in.readAllBytes();
        }
        exchange.getResponseHeaders().set("Content-Security-Policy", PAGE_POLICY);
        exchange.getResponseHeaders().set("X-Frame-Options", "DENY");
        exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
        exchange.sendResponseHeaders(200, html.length);
        OutputStream out = exchange.getResponseBody();
        out.write(html);
        out.flush();
    }

    /**
     * Whether {@code parts} ({@code view, KEY, ID, ...}) carries the key of the job it names: compared in constant time, and only
     * when both are well formed.
     */
    static boolean keyOpens(String token, List<String> parts) {
        if (parts.size() < 3 || !parts.get(1).matches("[0-9a-f]{" + KEY_HEX + "}") || !parts.get(2).matches("[0-9]{1,18}")) {
            return false;
        }
        return java.security.MessageDigest.isEqual(viewKey(token, parts.get(2)).getBytes(StandardCharsets.US_ASCII),
                parts.get(1).getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * The directory of a job's results: the one it ended with, or while it runs the one it is writing (its rows measured so far
     * are there); null if it has none yet.
     */
    static Path resultsOf(Submission s) {
        String name = s.results();
        if (name == null && !s.ended()) {
            name = JobFiles.resultsDirectory(s.out());
        }
        return name == null ? null : s.out().resolve(name);
    }

    /**
     * A job's events as server-sent events ({@code text/event-stream}): each event's JSON as one {@code data:} line, from the first,
     * until its end event; a comment every second without events (which also tells a closed connection).
     */
    static void sse(HttpExchange exchange, Submission s, long heartbeatMillis, int lastEventId) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
        exchange.sendResponseHeaders(200, 0);
        // each event carries its number, so that a browser that reconnects (Last-Event-ID) goes on after what it had; an event is
        // one JSON line, and no newline can end its data line early
        ApiAnswers.follow(exchange.getResponseBody(), s, lastEventId + 1, heartbeatMillis,
                (index, event) -> "id: " + index + "\ndata: " + event.replace("\n", "\\n").replace("\r", "\\r") + "\n\n", ": heartbeat\n\n");
    }

    /** Whether a path's segments are the web view's page, {@code /ui} or {@code /ui/}. */
    static boolean isPage(List<String> parts) {
        return parts.size() == 1 && parts.get(0).equals("ui");
    }

    /**
     * The file at {@code rest} (path segments, decoded once already) under {@code dir}, a job's results directory in its directory
     * {@code out}, or null: no escape from it by {@code ..}, and no symbolic link out of it (the path is resolved, and must lie
     * under the results' own real directory, which must lie under the job's; the checked real path is what is read).
     */
    static Path fileUnder(Path out, Path dir, List<String> rest) {
        Path file = dir;
        try {
            for (String part : rest) {
                file = file.resolve(part);
            }
        } catch (java.nio.file.InvalidPathException e) { // a NUL in a name
            return null;
        }
        file = file.normalize();
        if (out == null || !file.startsWith(dir.normalize())) {
            return null;
        }
        try {
            Path realDir = dir.toRealPath();
            Path real = file.toRealPath();
            if (!realDir.startsWith(out.toRealPath()) || !real.startsWith(realDir) || !Files.isRegularFile(real, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                return null;
            }
            return real;
        } catch (IOException e) {
            return null;
        }
    }

    /** A file {@link #fileUnder} found, read without following a link put in its place since. */
    static byte[] read(Path real) throws IOException {
        try (InputStream in = Files.newInputStream(real, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return in.readAllBytes();
        }
    }

    /** The {@code Last-Event-ID} an EventSource sends when it reconnects (the last event it had), or -1. */
    static int lastEventId(HttpExchange exchange) {
        String id = exchange.getRequestHeaders().getFirst("Last-Event-ID");
        return id != null && id.strip().matches("[0-9]{1,9}") ? Integer.parseInt(id.strip()) : -1;
    }
}
