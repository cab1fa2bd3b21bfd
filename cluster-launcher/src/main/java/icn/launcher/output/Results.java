package icn.launcher.output;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.ExitCodes;
import icn.launcher.Version;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The results directory of one command: {@code <out>/<command-or-scenario>-<time>/}, made once the input has been validated (bad
 * input leaves nothing behind), with a {@code manifest.json} that says what made it (command line, scenario file as given, seed,
 * version and commit, JVMs, cores, start and end) and, when the command ends, {@code result.json} (the object {@code --json}
 * prints, with {@code resultsDirectory}) and {@code report.md}. The manifest is written when the directory is made ({@code "status":
 * "running"}) and again at the end ({@code "ended"}); a run ended by a signal before the command ended is marked {@code
 * "interrupted"} by {@link #interrupted} (the shutdown hook's), with a report of what it had done by then.
 */
public final class Results {

    /** The manifest's file name. */
    static final String MANIFEST = "manifest.json";
    /** The result's file name: the same object {@code --json} prints. */
    static final String RESULT = "result.json";
    /** The log's file name: Akka's lines of the run. */
    static final String LOG = "icn.log";
    /** The report's file name. */
    static final String REPORT = "report.md";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The manifest's {@code status}: the command runs, it ended (its exit code says how), or a signal ended the process first. */
    private enum State {
        RUNNING, ENDED, INTERRUPTED;

        String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final Session session;
    private final Path dir;
    private final ObjectNode manifest;
    private final Options options;
    /** The progress lines of this directory's command: those after this mark ({@link Session#progressCount()} when it was made). */
    private final long progressMark;
    private State state = State.RUNNING; // guarded by this
    private boolean keepRows; // guarded by this: a failed command keeps the rows it measured

    /** Where results go ({@code --out}), the seed the manifest records, and whether stdout gets the JSON ({@code --json}). */
    public record Options(Path out, long seed, boolean json) {
    }

    private Results(Session session, Path dir, ObjectNode manifest, Options options) {
        this.session = session;
        this.dir = dir;
        this.manifest = manifest;
        this.options = options;
        this.progressMark = session.progressCount();
    }

    /** A results directory named after the command, e.g. {@code results/broadcast-20261125-101500/}. */
    public static Results open(Session session, Options options, int jvms) {
        return open(session, options, session.commandName().replace(' ', '-'), null, jvms);
    }

    /**
     * A results directory named {@code name-<time>} (a scenario's name, or the command's), recording {@code scenarioFile} as given
     * (null for a command line without one, or a built-in scenario's name as {@code builtin:NAME}).
     */
    public static Results open(Session session, Options options, String name, String scenarioFile, int jvms) {
        session.beforeOpening(); // a standing cluster's check of a job ends here: every refusal of bad input comes before this point
        Path dir = ResultsDirectories.newDirectory(options.out(), name);
        ObjectNode m = JSON.createObjectNode();
        m.put("command", "icn " + session.commandName());
        ArrayNode line = m.putArray("commandLine");
        line.add("icn");
        session.commandLine().forEach(line::add);
        if (scenarioFile == null) {
            m.putNull("scenario");
        } else {
            m.set("scenario", ResultsDirectories.scenario(session, scenarioFile));
        }
        m.put("seed", options.seed());
        m.put("version", Version.VERSION);
        m.put("gitCommit", ResultsDirectories.gitCommit());
        m.put("jvms", jvms);
        m.put("cores", Runtime.getRuntime().availableProcessors());
        m.put("java", System.getProperty("java.version"));
        m.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        ObjectNode on = session.cluster();
        if (on != null) {
            m.set("cluster", on.deepCopy());
        }
        m.put("started", Instant.now().toString());
        m.putNull("ended");
        m.putNull("exitCode");
        m.put("status", State.RUNNING.key());
        Results r = new Results(session, dir, m, options);
        r.writeManifest();
        session.opened(r);
        // Akka's log lines, held until now, go to the results directory (and to stderr as well with --verbose)
        Logs.toFile(dir.resolve(LOG));
        return r;
    }

    /**
     * Why {@code out} ({@code --out}) cannot hold results directories, in one line, or null: it, or a directory it would be made
     * in, is a file. Commands check it before they run ({@link Icn}), so that a run is not lost to it at its end.
     */
    public static String outProblem(Path out) {
        if (out == null) {
            return null;
        }
        Path whole = out.toAbsolutePath().normalize();
        for (Path p = whole; p != null; p = p.getParent()) {
            if (Files.isDirectory(p)) {
                return null;
            }
            if (Files.exists(p)) {
                return "--out " + out + (p.equals(whole) ? " is a file" : ": " + p + " is a file")
                        + ", not a directory: name a directory for the results (it is made if missing)";
            }
        }
        return null;
    }

    public Path dir() {
        return dir;
    }

    /** The directory the results directory is in ({@code --out}). */
    public Path root() {
        return dir.getParent();
    }

    /** The results directory's own name, for report writers that fill it ({@code ReportWriter.writeDirectory(root(), name(), …)}). */
    public String name() {
        return dir.getFileName().toString();
    }

    /** What a command ends with: the object {@code --json} prints, the text it prints otherwise, and whether it succeeded. */
    record Outcome(JsonNode json, String text, boolean ok) {
    }

    /** The object of one result, or {@code {"results": [...]}} holding several (one per network, or per network and algorithm). */
    public static JsonNode oneOrMany(List<? extends JsonNode> all, long seed) {
        if (all.size() == 1) {
            return all.get(0);
        }
        ObjectNode o = JSON.createObjectNode();
        o.put("seed", seed);
        all.forEach(o.withArray("results")::add);
        return o;
    }

    /** {@link #finish(JsonNode, String, int)} with exit code 0 when the outcome is a success, 1 otherwise. */
    public int finish(Outcome outcome) {
        return finish(outcome.json(), outcome.text(), outcome.ok() ? 0 : ExitCodes.RUN_FAILED);
    }

    /** Records a figure in the manifest (e.g. the JVMs a scenario used, once known). */
    synchronized void manifest(String key, long value) {
        manifest.put(key, value);
    }

    /** Writes a file of the results (a CSV, a table, a network's links). */
    public void write(String file, String text) {
        try {
            Files.writeString(dir.resolve(file), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Ends the command: result.json (the same object {@code --json} prints, with {@code resultsDirectory}), report.md (the text,
     * unless the command wrote its own report), the manifest's end and exit code; then prints the object ({@code --json}, and the
     * directory on stderr) or the text and where the results are.
     */
    public int finish(JsonNode result, String text, int exitCode) {
        JsonNode shown = withDirectory(result);
        synchronized (this) { // a signal's hook marks the directory under the same lock: it ends either interrupted or whole
            if (state != State.RUNNING) {
                return exitCode;
            }
            try {
                Files.writeString(dir.resolve(RESULT), JSON.writeValueAsString(shown) + System.lineSeparator(), StandardCharsets.UTF_8);
                Path report = dir.resolve(REPORT);
                if (!Files.exists(report)) {
                    Files.writeString(report, "# icn " + session.commandName() + "\n\n```\n" + text + (text.endsWith("\n") ? "" : "\n")
                            + "```\n\nSeed " + options.seed() + "; the whole result: `result.json`; what made it: `manifest.json`.\n",
                            StandardCharsets.UTF_8);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            end(exitCode);
        }
        if (options.json()) {
            session.out().println(shown.toString());
            session.out().flush();
            session.err().println("Results: " + session.shown(dir));
        } else {
            session.out().print(text.endsWith("\n") || text.isEmpty() ? text : text + System.lineSeparator());
            session.out().println("Results: " + session.shown(dir));
        }
        return exitCode;
    }

    /** {@code result} with {@code resultsDirectory}: this directory, as {@code --out} named it (an object; anything else as it is). */
    private JsonNode withDirectory(JsonNode result) {
        if (result instanceof ObjectNode o) {
            o.put("resultsDirectory", session.shown(dir));
        }
        return result;
    }

    /**
     * Prints the object of a command that writes its results directory itself (a scenario's runner, {@code icn run --json}) as
     * {@link #finish} does: with {@code resultsDirectory}, the directory this thread's command made (none with
     * {@code --no-reports}), whose result.json then becomes the same object.
     */
    public static void printJson(Session session, JsonNode result) {
        Results r = session.open();
        JsonNode shown = r == null ? result : r.withDirectory(result);
        if (r != null && Files.exists(r.dir.resolve(RESULT))) {
            r.write(RESULT, shown.toPrettyString() + System.lineSeparator());
        }
        session.out().println(shown.toString());
    }

    synchronized void endAfterCommand(String why, int exitCode) {
        if (state != State.RUNNING) {
            return;
        }
        if (why != null) {
            // a run that could not finish still ends with a report of what happened, and keeps the rows it measured
            manifest.put("failure", why);
            keepRows = true;
            Path report = dir.resolve(REPORT);
            if (!Files.exists(report)) {
                StringBuilder rows = new StringBuilder();
                try {
                    measuredSoFarNote(rows);
                } catch (IOException e) {
                    rows.setLength(0);
                }
                write(REPORT, "# icn " + session.commandName() + ": did not finish\n\n" + why + "\n\n" + rows + "Exit code " + exitCode
                        + "; what made it: `manifest.json`; Akka's log: `" + LOG + "`.\n");
            }
        }
        end(exitCode);
        if (why == null && options.json()) {
            session.err().println("Results: " + session.shown(dir));
        }
    }

    /**
     * Records the end and exit code in the manifest (also for a run that failed before it had a result); nothing once it has
     * ended, or was marked interrupted.
     */
    synchronized void end(int exitCode) {
        if (state != State.RUNNING) {
            return;
        }
        state = State.ENDED;
        session.running.remove(this);
        if (!keepRows) {
            dropMeasuredSoFar();
        }
        manifest.put("ended", Instant.now().toString());
        manifest.put("exitCode", exitCode);
        manifest.put("status", state.key());
        writeManifest();
    }

    /**
     * Marks this directory interrupted, unless its command ended first: the manifest gets {@code "status": "interrupted"}, the
     * signal, the end and the exit code; the files the command was writing into a hidden sibling ({@code .<name>.tmp-*}, where
     * reports are put together) move in as {@code unfinished/}; and report.md says what was done by then (appended to the
     * command's own report if it had written one).
     */
    synchronized boolean interrupt(String signal, Integer exitCode, double seconds) {
        if (state != State.RUNNING) {
            return false;
        }
        state = State.INTERRUPTED;
        session.running.remove(this);
        manifest.put("ended", Instant.now().toString());
        if (exitCode == null) {
            manifest.putNull("exitCode");
        } else {
            manifest.put("exitCode", exitCode.intValue());
        }
        manifest.put("status", state.key());
        manifest.put("signal", signal);
        writeManifest();
        try {
            List<String> unfinished = moveUnfinished();
            Path report = dir.resolve(REPORT);
            String note = interruptionNote(signal, exitCode, seconds, unfinished);
            if (Files.exists(report)) {
                Files.writeString(report, "\n## Interrupted\n\n" + note, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            } else {
                write(REPORT, "# " + manifest.path("command").asText() + ": interrupted\n\n" + note);
            }
        } catch (IOException | UncheckedIOException e) {
            // the manifest says it: the report of what was done is a courtesy the dying process may not manage
        }
        return true;
    }

    /** The directory of the rows a command measured while it ran ({@link Session#measured}). */
    static final String MEASURED_SO_FAR = "measured-so-far";

    /** Appends a measured row to {@code measured-so-far/FILE} (with its header first), while the command runs. */
    synchronized void measured(String file, String header, String row) {
        if (state != State.RUNNING) {
            return;
        }
        try {
            Path csv = dir.resolve(MEASURED_SO_FAR).resolve(icn.protocols.FileNames.safe(file));
            Files.createDirectories(csv.getParent());
            String text = (Files.exists(csv) ? "" : header + System.lineSeparator()) + row + System.lineSeparator();
            Files.writeString(csv, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            // the rows are a courtesy to an interrupted run: a command that ends writes its whole results anyway
        }
    }

    /** A command that ended wrote its whole results: the rows it kept on the way go. */
    private void dropMeasuredSoFar() {
        Path rows = dir.resolve(MEASURED_SO_FAR);
        if (!Files.isDirectory(rows)) {
            return;
        }
        try (Stream<Path> all = Files.list(rows)) {
            for (Path p : all.toList()) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(rows);
        } catch (IOException e) {
            // a leftover directory of rows is harmless
        }
    }

    /** The hidden siblings this directory's report was being put together in, moved in: {@code unfinished}, {@code unfinished-2}. */
    private List<String> moveUnfinished() throws IOException {
        List<String> moved = new ArrayList<>();
        Path root = dir.toAbsolutePath().getParent();
        String prefix = "." + name() + ".tmp-";
        List<Path> siblings;
        try (Stream<Path> all = Files.list(root)) {
            siblings = all.filter(p -> p.getFileName().toString().startsWith(prefix) && Files.isDirectory(p)).sorted().toList();
        }
        for (Path p : siblings) {
            String name = moved.isEmpty() ? "unfinished" : "unfinished-" + (moved.size() + 1);
            Files.move(p, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
            moved.add(name);
        }
        return moved;
    }

    /** What report.md says of an interrupted run: when and how, the files it had written, and its progress lines until then. */
    private String interruptionNote(String signal, Integer exitCode, double seconds, List<String> unfinished) throws IOException {
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "%s after %.1f s, before the command ended: this directory holds what the run had written"
                + " by then, and `manifest.json` says `\"status\": \"interrupted\"`. Figures of a run that did not end are not its"
                + " results: run the command again for those.%n%n", signal == null ? "The process was ended" : "Interrupted by " + signal,
                seconds));
        List<String> files = new ArrayList<>();
        try (Stream<Path> all = Files.list(dir)) {
            for (Path p : all.sorted().toList()) {
                String name = p.getFileName().toString();
                if (!name.equals(REPORT)) {
                    files.add(Files.isDirectory(p) ? "`" + name + "/`" : String.format(Locale.ROOT, "`%s` (%,d bytes)", name, Files.size(p)));
                }
            }
        }
        md.append("Written before the interruption: ").append(String.join(", ", files)).append(".\n\n");
        if (!unfinished.isEmpty()) {
            md.append("`").append(String.join("/`, `", unfinished)).append("/`: what the command was putting together when it was"
                    + " interrupted, as far as it got.\n\n");
        }
        measuredSoFarNote(md);
        List<String> lines = session.progressSince(progressMark);
        if (lines.isEmpty()) {
            md.append("No progress line was printed before the interruption.\n\n");
        } else {
            md.append("Its progress until then (the last line is what it was doing):\n\n```\n").append(String.join("\n", lines))
                    .append("\n```\n\n");
        }
        md.append("Exit code ").append(exitCode == null ? "unknown" : exitCode).append("; what made it: `").append(MANIFEST)
                .append("`; Akka's log: `").append(LOG).append("`.\n");
        return md.toString();
    }

    /** The rows measured before the interruption, file by file, with how many there are and the table itself where it is short. */
    private void measuredSoFarNote(StringBuilder md) throws IOException {
        Path rows = dir.resolve(MEASURED_SO_FAR);
        if (!Files.isDirectory(rows)) {
            md.append("Nothing had been measured to the end of a row before the interruption.\n\n");
            return;
        }
        try (Stream<Path> all = Files.list(rows)) {
            for (Path csv : all.sorted().toList()) {
                List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
                md.append(String.format(Locale.ROOT, "Measured before the interruption: `%s/%s`, %d row(s)%s%n%n", MEASURED_SO_FAR,
                        csv.getFileName(), Math.max(0, lines.size() - 1), lines.size() <= 41 ? ":" : " (the first 40 below):"));
                md.append("```\n").append(String.join("\n", lines.subList(0, Math.min(lines.size(), 41)))).append("\n```\n\n");
            }
        }
    }

    private void writeManifest() {
        try {
            Files.writeString(dir.resolve(MANIFEST), JSON.writeValueAsString(manifest) + System.lineSeparator(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
