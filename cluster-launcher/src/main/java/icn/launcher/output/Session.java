package icn.launcher.output;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one command writes and has written: its {@link Console}, its command line and start, the results directory it opened, why
 * it failed, its progress lines (for an interrupted run's report) and the rows it has measured so far. One is made for each command
 * ({@link #of}) and handed to it; nothing of it is process-wide. A job runner's process has a session of its own and one per job
 * ({@link #job}): an interruption of the process marks the results of each ({@link #interrupted}).
 */
public final class Session {

    /** The lines an interrupted run's report lists: the last ones printed. */
    static final int RECENT = 400;

    private final Console console;
    private final List<String> commandLine;
    private final long started = System.nanoTime();
    /** Runs before a results directory is made: a job runner's check of a job ends there (it throws). */
    private final Runnable opening;
    /** The standing cluster the commands run on, for the manifests; null for this machine. */
    private final ObjectNode cluster;
    /** How the command names a path in what it prints and records: as it is, or (a job's) where its submitter typed it. */
    private final java.util.function.UnaryOperator<String> naming;
    private final Session parent;
    private final Set<Session> jobs = ConcurrentHashMap.newKeySet();
    /** Every results directory of this session whose command has not ended: what an interruption marks. */
    final Set<Results> running = ConcurrentHashMap.newKeySet();

    private volatile String command = "icn";
    private volatile Results open;
    private volatile String failure;
    private volatile boolean lineOpen;
    private final ArrayDeque<String> recentLines = new ArrayDeque<>(); // guarded by this
    private long printed; // guarded by this

    private Session(Console console, List<String> commandLine, Runnable opening, ObjectNode cluster,
            java.util.function.UnaryOperator<String> naming, Session parent) {
        this.console = console;
        this.naming = naming;
        this.commandLine = commandLine.stream().map(naming).toList();
        this.opening = opening;
        this.cluster = cluster;
        this.parent = parent;
    }

    /** The session of a command line {@code args} that writes to {@code console}, on this machine. */
    public static Session of(Console console, List<String> args) {
        return new Session(console, args, () -> { }, null, s -> s, null);
    }

    /**
     * The session of a job this process runs for a standing cluster: {@code args} writing to {@code console}, on {@code cluster} (its
     * head, API and workers, for the manifests); {@code opening} runs before its results directory is made; {@code named} names
     * the paths it prints and records (the job's results under the {@code --out} its submitter typed, its files by the paths they
     * were sent by), so that what comes back names nothing of the head's and needs no rewriting. Until {@link #close()}d, an
     * interruption of this process marks the job's results too.
     */
    public Session job(Console jobConsole, List<String> args, ObjectNode on, Runnable beforeOpening,
            java.util.function.UnaryOperator<String> named) {
        Session s = new Session(jobConsole, args, beforeOpening, on, named, this);
        jobs.add(s);
        return s;
    }

    /** A job's session is done: an interruption of its process no longer concerns it. */
    public void close() {
        if (parent != null) {
            parent.jobs.remove(this);
        }
    }

    /** {@code path} as this command names it in what it prints and records (a job's: where its submitter typed it). */
    public String shown(java.nio.file.Path path) {
        return naming.apply(path.toString());
    }

    /** A word of the command line that names a path ({@code scenario.conf}, {@code file:net.txt}), as this command names it. */
    public String shown(String word) {
        return naming.apply(word);
    }

    public Console console() {
        return console;
    }

    public PrintStream out() {
        return console.out();
    }

    public PrintStream err() {
        return console.err();
    }

    /** The command about to run ({@code icn faults coverage}), recorded for the manifests and directory names. */
    public void command(String qualifiedName) {
        command = qualifiedName;
    }

    /** The words of the running command after {@code icn}, e.g. {@code faults coverage}. */
    String commandName() {
        return command.startsWith("icn ") ? command.substring(4) : command;
    }

    List<String> commandLine() {
        return commandLine;
    }

    ObjectNode cluster() {
        return cluster;
    }

    /** Runs the hook due before a results directory is made (a job runner's check of a job ends there: it throws). */
    void beforeOpening() {
        opening.run();
    }

    void opened(Results r) {
        open = r;
        running.add(r);
    }

    /** The results directory this session's command opened and has not ended, or null. */
    Results open() {
        return open;
    }

    /** Why the command failed (its one stderr line), for the manifest and report of its results directory. */
    public void failed(String why) {
        failure = why;
    }

    /**
     * Ends the manifest of the results directory this command opened and did not end (a command that failed, or one whose runner
     * wrote the directory itself), with its exit code; with {@code --json} and no failure, says where the directory is on stderr.
     */
    public void endOpen(int exitCode) {
        Results r = open;
        open = null;
        String why = failure;
        failure = null;
        if (r != null) {
            r.endAfterCommand(why, exitCode);
        }
    }

    /** Records one row the command measured, in its open results directory ({@code measured-so-far/FILE}); nowhere without one. */
    public void measured(String file, String header, String row) {
        Results r = open;
        if (r != null) {
            r.measured(file, header, row);
        }
    }

    // progress lines, kept for an interrupted run's report

    synchronized void remember(String text) {
        recentLines.addLast(text);
        if (recentLines.size() > RECENT) {
            recentLines.removeFirst();
        }
        printed++;
    }

    /** How many progress lines this session has had so far: {@link #progressSince}'s mark. */
    synchronized long progressCount() {
        return printed;
    }

    /** The progress lines since {@code mark} (a {@link #progressCount()}), the last {@value #RECENT} of them at most. */
    synchronized List<String> progressSince(long mark) {
        long from = Math.max(0, recentLines.size() - (printed - mark));
        List<String> lines = new ArrayList<>(recentLines);
        return lines.subList((int) Math.min(from, lines.size()), lines.size());
    }

    void lineOpen(boolean open) {
        lineOpen = open;
    }

    /** Whether a progress line stands on the terminal without its end of line (a line printed now would follow it). */
    public boolean lineOpen() {
        return lineOpen;
    }

    // interruptions

    /** Whether a results directory of this session or its jobs has a command that has not ended (what {@link #interrupted} marks). */
    public boolean anyRunning() {
        return !running.isEmpty() || jobs.stream().anyMatch(Session::anyRunning);
    }

    /**
     * Ends what this session and its jobs write, for a process that is being ended; System.out and System.err (where the log's
     * terminal lines go) too, and the log's terminal lines. Returns the stderr in place before, for the interruption's one line.
     */
    public PrintStream silence() {
        jobs.forEach(j -> j.console.silence());
        PrintStream before = console.silence();
        PrintStream sink = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        System.setOut(sink);
        System.setErr(sink);
        Logs.silence();
        return before;
    }

    /**
     * The process is being ended by {@code signal} ("SIGINT"; null when it is not known) before its command did: marks every results
     * directory of this session and its jobs whose command has not ended as interrupted and returns the one line to end with,
     * {@code icn: interrupted (SIGINT) after 12.3 s; results/x is marked interrupted}. {@code exitCode} is the process's (130 for
     * SIGINT, 143 for SIGTERM), null when not known. A directory that cannot be marked is named in the line.
     */
    public String interrupted(String signal, Integer exitCode) {
        List<String> marked = new ArrayList<>();
        List<String> unmarked = new ArrayList<>();
        mark(signal, exitCode, marked, unmarked);
        String line = interruptedLine(signal);
        if (!marked.isEmpty()) {
            line += "; " + String.join(", ", marked) + (marked.size() == 1 ? " is" : " are") + " marked interrupted";
        }
        if (!unmarked.isEmpty()) {
            line += "; could not mark " + String.join(", ", unmarked);
        }
        return line;
    }

    private void mark(String signal, Integer exitCode, List<String> marked, List<String> unmarked) {
        double seconds = (System.nanoTime() - started) / 1e9;
        for (Results r : List.copyOf(running)) {
            try {
                if (r.interrupt(signal, exitCode, seconds)) {
                    marked.add(shown(r.dir()));
                }
            } catch (RuntimeException e) {
                unmarked.add(shown(r.dir()) + " ("+ e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
            }
        }
        for (Session job : List.copyOf(jobs)) {
            job.mark(signal, exitCode, marked, unmarked);
        }
    }

    /** {@code icn: interrupted (SIGINT) after 12.3 s}: how the line of an interruption starts (the command's time so far). */
    public String interruptedLine(String signal) {
        return String.format(Locale.ROOT, "icn: interrupted%s after %.1f s", signal == null ? "" : " (" + signal + ")",
                (System.nanoTime() - started) / 1e9);
    }
}
