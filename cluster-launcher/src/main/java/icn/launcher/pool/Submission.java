package icn.launcher.pool;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One job of a standing cluster: its arguments as its process runs them, its directory, its state, the workers it holds while it
 * runs, and its events (queued, started, every stderr line, end) kept for whoever follows it, from the first. What it is, is kept
 * in its directory ({@value #RECORD}) at every change, so that a head started again lists it; one found unfinished then is
 * {@link State#LOST}.
 */
final class Submission {

    /** Where a submission is. */
    enum State {
        QUEUED, RUNNING, DONE, CANCELLED, LOST;

        String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    static final ObjectMapper JSON = new ObjectMapper();

    /** The file of a job's directory that says what the job is. */
    static final String RECORD = "job.json";

    private final String id;
    private final List<String> args;
    private final Path work;
    private final Path out;
    private final List<Input> inputs;
    private final Instant submitted;
    private final List<String> events = new ArrayList<>();
    private State state = State.QUEUED;
    private Instant started;
    private Instant ended;
    private Integer exitCode;
    private String stdout;
    private String results;
    private String cancelled;
    /** Why it failed, in one line, when its process said or showed why (out of memory, killed, its worker lost). */
    private String reason;
    /** The workers it holds while it runs (their cluster addresses), and held when it ended. */
    private List<String> workers = List.of();
    private volatile Process process;
    /** Given its workers by the scheduler (under the scheduler's lock), its process not started yet or started. */
    boolean dispatched;

    /** A file the submitter sent: where the head put it, and the path the submitter gave on its command line. */
    record Input(String path, String given) {
    }

    Submission(String id, List<String> args, Path work, Path out, List<Input> inputs) {
        this(id, args, work, out, inputs, Instant.now());
    }

    private Submission(String id, List<String> args, Path work, Path out, List<Input> inputs, Instant submitted) {
        this.id = id;
        this.args = List.copyOf(args);
        this.work = work;
        this.out = out;
        this.inputs = List.copyOf(inputs);
        this.submitted = submitted;
    }

    /**
     * The jobs kept in the job store {@code runs} (one directory per job, named by its number), in the order they came; a
     * directory that holds no record that can be read is left as it is, and said in {@code log}, as is every job found lost.
     */
    static List<Submission> loadStore(Path runs, java.util.function.Consumer<String> log) {
        List<Path> dirs;
        try (java.util.stream.Stream<Path> list = Files.list(runs)) {
            dirs = list.filter(d -> d.getFileName().toString().matches("[0-9]{1,18}") && Files.isRegularFile(d.resolve(RECORD)))
                    .sorted(java.util.Comparator.comparingLong(d -> Long.parseLong(d.getFileName().toString()))).toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot read the job store " + runs + " (" + e.getClass().getSimpleName() + ")", e);
        }
        List<Submission> kept = new ArrayList<>();
        for (Path d : dirs) {
            try {
                Submission s = load(d);
                kept.add(s);
                if (s.state() == State.LOST) {
                    log.accept("job " + s.id() + " is lost: " + s.reason());
                }
            } catch (java.io.IOException | RuntimeException e) {
                log.accept("job store: " + d.getFileName() + " is not a job's record that can be read (" + e.getClass().getSimpleName()
                        + "); left as it is");
            }
        }
        return kept;
    }

    /**
     * The job kept in {@code work} by a head before this one: as it was, its events rebuilt from its record and its stderr; one
     * that had not ended is {@link State#LOST} (its head ended under it), and is kept so.
     */
    static Submission load(Path work) throws java.io.IOException {
        com.fasterxml.jackson.databind.JsonNode r = JSON.readTree(work.resolve(RECORD).toFile());
        List<String> args = new ArrayList<>();
        r.path("commandLine").forEach(w -> args.add(w.asText()));
        List<Input> inputs = new ArrayList<>();
        r.path("inputs").forEach(i -> inputs.add(new Input(work.resolve(i.path("path").asText()).toString(), i.path("given").asText())));
        Submission s = new Submission(r.path("id").asText(), args, work, work.resolve("o"), inputs, Instant.parse(r.path("submitted").asText()));
        synchronized (s) {
            s.add(s.event("queued").put("position", 0));
            s.started = r.hasNonNull("started") ? Instant.parse(r.path("started").asText()) : null;
            if (s.started != null) {
                s.add(s.event("started"));
            }
            s.workers = new ArrayList<>();
            r.path("workers").forEach(w -> s.workers.add(w.asText()));
            s.readStderr();
            State was = State.valueOf(r.path("state").asText("lost").toUpperCase(java.util.Locale.ROOT));
            s.cancelled = r.path("cancelled").isTextual() ? r.path("cancelled").asText() : null;
            s.reason = r.path("reason").isTextual() ? r.path("reason").asText() : null;
            s.results = r.path("results").isTextual() ? r.path("results").asText() : null;
            s.exitCode = r.path("exitCode").isNumber() ? r.path("exitCode").asInt() : null;
            s.ended = r.hasNonNull("ended") ? Instant.parse(r.path("ended").asText()) : null;
            s.stdout = JobFiles.stdoutOf(work);
            if (was == State.QUEUED || was == State.RUNNING) {
                s.state = State.LOST;
                s.reason = "the head ended while the job " + (was == State.QUEUED ? "waited" : "ran") + "; what it wrote is kept";
                s.ended = Instant.now();
                s.results = JobFiles.resultsDirectory(s.out);
                s.save();
            } else {
                s.state = was;
            }
            s.add(s.endEvent());
        }
        return s;
    }

    private void readStderr() throws java.io.IOException {
        Path err = work.resolve(JobFiles.STDERR);
        if (Files.exists(err)) {
            try (java.util.stream.Stream<String> lines = Files.lines(err, java.nio.charset.StandardCharsets.UTF_8)) {
                lines.forEach(this::stderr);
            } catch (java.io.UncheckedIOException e) {
                // a line that is not UTF-8: what came before it is kept
            }
        }
    }

    /** Writes what the job is now to its record, whole or not at all. */
    synchronized void save() {
        ObjectNode o = describe();
        o.remove("stdout");
        o.put("reason", reason);
        var files = o.putArray("inputs");
        for (Input in : inputs) {
            ObjectNode f = files.addObject();
            f.put("path", work.relativize(Path.of(in.path())).toString());
            f.put("given", in.given());
        }
        try {
            JobProcess.writeAtomically(work.resolve(RECORD), o.toString());
        } catch (java.io.IOException e) {
            // a full disk: the job goes on, its record is what was last written
        }
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
    /** The files its submitter sent: where the head put them, and the paths they were sent by. */
    List<Input> inputs() {
        return inputs;
    }

    Path out() {
        return out;
    }

    synchronized State state() {
        return state;
    }

    synchronized boolean ended() {
        return state == State.DONE || state == State.CANCELLED || state == State.LOST;
    }

    synchronized List<String> workers() {
        return workers;
    }

    synchronized String reason() {
        return reason;
    }

    synchronized Instant endedAt() {
        return ended;
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

    /** Its process has started on {@code held} (workers' cluster addresses). */
    synchronized void started(Process running, List<String> held) {
        state = State.RUNNING;
        started = Instant.now();
        process = running;
        workers = List.copyOf(held);
        ObjectNode e = event("started");
        e.set("workers", JSON.valueToTree(workers));
        add(e);
        save();
    }

    /** A line the command wrote on stderr (progress, a one-line refusal, a warning). */
    synchronized void stderr(String line) {
        if (stderrLines == JobFiles.MAX_STDERR_LINES) {
            ObjectNode cut = event("stderr");
            cut.put("line", "icn: (the head keeps no more of this command's stderr: " + JobFiles.MAX_STDERR_LINES + " lines kept)");
            add(cut);
        }
        if (++stderrLines > JobFiles.MAX_STDERR_LINES) {
            return;
        }
        ObjectNode e = event("stderr");
        e.put("line", line.length() <= JobFiles.MAX_LINE_CHARS ? line : line.substring(0, JobFiles.MAX_LINE_CHARS) + "…");
        add(e);
    }

    private int stderrLines;

    /** The command ended with {@code code}, having printed {@code text} on stdout and written results directory {@code dir} (or none). */
    synchronized void ended(int code, String text, String dir) {
        ended(code, text, dir, null);
    }

    /** As above, with why it failed ({@code why}, one line, or null). */
    synchronized void ended(int code, String text, String dir, String why) {
        state = cancelled != null ? State.CANCELLED : State.DONE;
        ended = Instant.now();
        exitCode = code;
        stdout = text;
        results = dir;
        reason = why;
        process = null;
        add(endEvent());
        save();
    }

    /**
     * Asks it to stop: a queued job ends at once (true); a running one's process is asked to end (SIGTERM: its results directory
     * is marked interrupted), and is killed if it has not within {@link Submissions#CANCEL_KILL_AFTER} (false: it ends when its
     * process has).
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
        Process p = process;
        if (p != null) {
            p.destroy();
            p.onExit().orTimeout(Submissions.CANCEL_KILL_AFTER.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)
                    .exceptionally(timedOut -> {
                        p.destroyForcibly();
                        return p;
                    });
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
        if (reason != null) {
            o.put("reason", reason);
        }
        o.set("workers", JSON.valueToTree(workers));
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
        if (reason != null) {
            e.put("reason", reason);
        }
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
