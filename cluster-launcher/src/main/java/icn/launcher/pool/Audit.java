package icn.launcher.pool;

import com.sun.net.httpserver.HttpExchange;
import java.io.BufferedWriter;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The API's audit log ({@code audit.log} beside the head's log, readable by its owner only): one line per request, with the
 * caller's address, the method and path (never the query's values or any header, so never the token), the submission it concerns,
 * the status answered and, where there is one, what went wrong. Whoever submitted, cancelled or stopped what can be read back.
 */
final class Audit implements AutoCloseable {

    /**
     * What the API notes of the request its thread is serving, for this log: the submission it concerns, and what became of it.
     * Not the exchange's attributes: the JDK's server keeps those in the context, one map shared by every request.
     */
    private static final ThreadLocal<Object[]> NOTES = ThreadLocal.withInitial(() -> new Object[2]);

    /** The submission the request being served concerns. */
    static void run(Object id) {
        NOTES.get()[0] = id;
    }

    /** What became of the request being served, where its status does not say it all. */
    static void outcome(Object what) {
        NOTES.get()[1] = what;
    }

    private final BufferedWriter out;

    private Audit(BufferedWriter out) {
        this.out = out;
    }

    /** An audit log appended to {@code file} (made owner-only if new). */
    static Audit to(Path file) {
        try {
            Files.createDirectories(file.getParent());
            if (!Files.exists(file)) {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            }
            return new Audit(Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.APPEND));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot write the API's audit log " + file + ": " + e.getMessage(), e);
        }
    }

    /** The line of one answered request. */
    static String line(Instant at, String caller, String method, String path, Object run, int status, Object outcome) {
        StringBuilder sb = new StringBuilder();
        sb.append(at.truncatedTo(ChronoUnit.MILLIS)).append(' ').append(caller).append(' ').append(shortened(method, 16)).append(' ')
                .append(shortened(path, 200)).append(' ').append(status < 0 ? "-" : Integer.toString(status));
        if (run != null) {
            sb.append(" run=").append(run);
        }
        if (outcome != null) {
            sb.append(' ').append(oneLine(outcome.toString()));
        }
        return sb.toString();
    }

    /** The line of the request this thread has served; its notes are cleared for the next. */
    void call(HttpExchange exchange) {
        InetSocketAddress from = exchange.getRemoteAddress();
        String caller = from == null ? "?" : from.getAddress().getHostAddress() + ":" + from.getPort();
        Object[] notes = NOTES.get();
        // a job's view key opens its results: the log names the job, not the key
        String path = exchange.getRequestURI().getRawPath().replaceFirst("^/view/[^/]*/", "/view/KEY/");
        write(line(Instant.now(), caller, exchange.getRequestMethod(), path, notes[0],
                exchange.getResponseCode(), notes[1]));
        notes[0] = null;
        notes[1] = null;
    }

    /** A line of the head's own doing (it started, it stopped). */
    void note(String what) {
        write(Instant.now().truncatedTo(ChronoUnit.MILLIS) + " head " + oneLine(what));
    }

    private synchronized void write(String line) {
        try {
            out.write(line);
            out.newLine();
            out.flush();
        } catch (IOException e) {
            // the disk is full or the file gone: the API goes on serving
        }
    }

    /** Who is calling, for the per-caller caps: the caller's IP address. */
    static String caller(HttpExchange exchange) {
        InetSocketAddress from = exchange.getRemoteAddress();
        return from == null ? "?" : from.getAddress().getHostAddress();
    }

    /** {@code text} on one line, control characters out, at most 300 characters. */
    static String oneLine(String text) {
        return shortened(text == null ? "" : text, 300);
    }

    /** {@code text} without control characters, cut to {@code max} characters (marked with an ellipsis). */
    static String shortened(String text, int max) {
        String clean = text.replaceAll("\\p{Cntrl}", " ");
        return clean.length() <= max ? clean : clean.substring(0, max) + "…";
    }

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            // nothing more to write
        }
    }
}
