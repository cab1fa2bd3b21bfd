package icn.launcher.pool;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One command submitted to a standing cluster: its arguments as the head runs them, where it works, its state, and its events (queued, started, every stderr line, end) kept for whoever follows it, from the first.
 */
final class Submission {

    /** Where a submission is. */
    enum State {
        QUEUED, RUNNING, DONE, CANCELLED;

        String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    static final ObjectMapper JSON = new ObjectMapper();

    private final String id;
    private final List<String> args;
    private final Path work;
    private final Path out;
    private final List<Input> inputs;
    private final Instant submitted = Instant.now();
    private final List<String> events = new ArrayList<>();
    private State state = State.QUEUED;
    private Instant started;
    private Instant ended;
    private Integer exitCode;
    private String stdout;
    private String results;
    private String cancelled;
    private volatile Thread runner;

    /** A file the submitter sent: where the head put it, and the path the submitter gave on its command line. */
    record Input(String path, String given) {
    }

    Submission(String id, List<String> args, Path work, Path out, List<Input> inputs) {
        this.id = id;
        this.args = List.copyOf(args);
        this.work = work;
        this.out = out;
        this.inputs = List.copyOf(inputs);
    }

    String id() {
        return id;
    }

    List<String> args() {
        return args;
    }

    /**
     * The command line shown as this submission's (its status, {@code GET /v1/runs/ID}): the arguments the head runs, which its
     * manifest records too. Never what the submitter claims it typed (issue 36: a manifest claimed a command that never ran).
     */
    List<String> shown() {
        return args;
    }

    Path work() {
        return work;
    }

    /** The head's results directory for this submission ({@code --out} of the command it runs). */
    Path out() {
        return out;
    }

    synchronized State state() {
        return state;
    }

    synchronized boolean ended() {
        return state == State.DONE || state == State.CANCELLED;
    }

    /** Why it was cancelled, or null. */
    synchronized String cancelled() {
        return cancelled;
    }

    /** The name of its results directory under {@link #out()}, once it has ended with one; null otherwise. */
    synchronized String results() {
        return results;
    }

    synchronized Integer exitCode() {
        return exitCode;
    }

    synchronized void queued(int position) {
        ObjectNode e = event("queued");
        e.put("position", position);
        add(e);
    }

    synchronized void started(Thread thread) {
        state = State.RUNNING;
        started = Instant.now();
        runner = thread;
        add(event("started"));
    }

    /** A line the command wrote on stderr (progress, a one-line refusal, a warning). */
    synchronized void stderr(String line) {
        if (stderrLines == Submissions.MAX_STDERR_LINES) {
            ObjectNode cut = event("stderr");
            cut.put("line", "icn: (the head keeps no more of this command's stderr: " + Submissions.MAX_STDERR_LINES + " lines kept)");
            add(cut);
        }
        if (++stderrLines > Submissions.MAX_STDERR_LINES) {
            return;
        }
        ObjectNode e = event("stderr");
        e.put("line", line.length() <= Submissions.MAX_LINE_CHARS ? line : line.substring(0, Submissions.MAX_LINE_CHARS) + "…");
        add(e);
    }

    private int stderrLines;

    /** The command ended with {@code code}, having printed {@code text} on stdout and written results directory {@code dir} (or none). */
    synchronized void ended(int code, String text, String dir) {
        state = cancelled != null ? State.CANCELLED : State.DONE;
        ended = Instant.now();
        exitCode = code;
        stdout = text;
        results = dir;
        runner = null;
        add(endEvent());
    }

    /**
     * Asks it to stop: a queued submission ends at once (true); a running one is interrupted, and its runs refuse to start (false:
     * it ends when its command returns).
     */
    synchronized boolean cancel(String reason) {
        if (ended()) {
            return false;
        }
        if (cancelled == null) {
            cancelled = reason;
        }
        if (state == State.QUEUED) {
            ended(icn.launcher.ExitCodes.CANCELLED, "", null);
            return true;
        }
        Thread t = runner;
        if (t != null) {
            t.interrupt();
        }
        return false;
    }

    synchronized boolean cancelRequested() {
        return cancelled != null;
    }

    /** The events from number {@code from} on, waiting up to {@code millis} for one if there is none yet. */
    synchronized List<String> eventsFrom(int from, long millis) throws InterruptedException {
        if (events.size() <= from && !ended() && millis > 0) {
            wait(millis);
        }
        return from < events.size() ? List.copyOf(events.subList(from, events.size())) : List.of();
    }

    /** What {@code GET /v1/runs/ID} answers. */
    synchronized ObjectNode describe() {
        ObjectNode o = JSON.createObjectNode();
        o.put("id", id);
        o.put("state", state.key());
        o.set("commandLine", JSON.valueToTree(args));
        o.put("submitted", submitted.toString());
        o.put("started", started == null ? null : started.toString());
        o.put("ended", ended == null ? null : ended.toString());
        if (exitCode == null) {
            o.putNull("exitCode");
        } else {
            o.put("exitCode", exitCode);
        }
        o.put("cancelled", cancelled);
        o.put("results", results);
        if (ended()) {
            o.put("stdout", stdout);
        }
        return o;
    }

    private ObjectNode endEvent() {
        ObjectNode e = event("end");
        e.put("state", state.key());
        e.put("exitCode", exitCode);
        e.put("cancelled", cancelled);
        e.put("results", results);
        e.put("out", out.toString());
        var files = e.putArray("inputs");
        for (Input in : inputs) {
            ObjectNode f = files.addObject();
            f.put("path", in.path());
            f.put("given", in.given());
        }
        e.put("stdout", stdout);
        return e;
    }

    private ObjectNode event(String kind) {
        ObjectNode e = JSON.createObjectNode();
        e.put("event", kind);
        e.put("id", id);
        return e;
    }

    private void add(ObjectNode event) {
        events.add(event.toString());
        notifyAll();
    }
}
