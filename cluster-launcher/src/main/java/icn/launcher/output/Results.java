package icn.launcher.output;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.ExitCodes;
import icn.launcher.Version;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * The results directory of one command: {@code <out>/<command-or-scenario>-<time>/}, made once the input has been validated (bad
 * input leaves nothing behind), with a {@code manifest.json} that says what made it (command line, scenario file as given, seed,
 * version and commit, JVMs, cores, start and end) and, when the command ends, {@code result.json} (the object {@code --json}
 * prints) and {@code report.md}. The manifest is written when the directory is made and again at the end, so a run that never
 * ends still leaves one behind.
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
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);
    private static volatile List<String> commandLine = List.of();
    private static final ThreadLocal<Results> OPEN = new ThreadLocal<>();
    private static final ThreadLocal<String> FAILURE = new ThreadLocal<>();

    private final Path dir;
    private final ObjectNode manifest;
    private final Options options;

    /** Where results go ({@code --out}), the seed the manifest records, and whether stdout gets the JSON ({@code --json}). */
    public record Options(Path out, long seed, boolean json) {
    }

    private Results(Path dir, ObjectNode manifest, Options options) {
        this.dir = dir;
        this.manifest = manifest;
        this.options = options;
    }

    private static volatile String command = "icn";
    private static volatile ObjectNode cluster;

    /**
     * The standing cluster the next results directories' commands run on ({@code info}: its head, API and workers), recorded in
     * their manifests as {@code cluster} until the returned handle is closed. A standing cluster's head sets it for each command it
     * runs for a submitter.
     */
    public static AutoCloseable onCluster(ObjectNode info) {
        cluster = info;
        return () -> cluster = null;
    }

    /** The command about to run ({@code icn faults coverage}), recorded by {@link Icn#execute} for the manifests and directory names. */
    public static void command(String qualifiedName) {
        command = qualifiedName;
    }

    /** The words of the running command after {@code icn}, e.g. {@code faults coverage}. */
    static String commandName() {
        return command.startsWith("icn ") ? command.substring(4) : command;
    }

    /** The arguments of this process's command line, recorded by {@link Icn#execute} for the manifests. */
    public static void commandLine(String... args) {
        commandLine = List.of(args);
    }

    /** A results directory named after the command, e.g. {@code results/broadcast-20261125-101500/}. */
    public static Results open(Options options, int jvms) {
        return open(options, commandName().replace(' ', '-'), null, jvms);
    }

    /**
     * A results directory named {@code name-<time>} (a scenario's name, or the command's), recording {@code scenarioFile} as given
     * (null for a command line without one, or a built-in scenario's name as {@code builtin:NAME}).
     */
    public static Results open(Options options, String name, String scenarioFile, int jvms) {
        Path dir = newDirectory(options.out(), name);
        ObjectNode m = JSON.createObjectNode();
        m.put("command", "icn " + commandName());
        ArrayNode line = m.putArray("commandLine");
        line.add("icn");
        commandLine.forEach(line::add);
        if (scenarioFile == null) {
            m.putNull("scenario");
        } else {
            ObjectNode s = m.putObject("scenario");
            s.put("file", scenarioFile);
            Path p = Path.of(scenarioFile);
            if (!scenarioFile.startsWith("builtin:") && Files.isRegularFile(p)) {
                try {
                    s.put("text", Files.readString(p, StandardCharsets.UTF_8));
                } catch (IOException e) {
                    s.putNull("text");
                }
            } else if (scenarioFile.startsWith("builtin:")) {
                // a built-in scenario's text, as shipped in the jar
                String builtin = scenarioFile.substring("builtin:".length());
                try (InputStream in = Results.class.getResourceAsStream("/scenarios/" + (builtin.endsWith(".conf") ? builtin : builtin + ".conf"))) {
                    if (in == null) {
                        s.putNull("text");
                    } else {
                        s.put("text", new String(in.readAllBytes(), StandardCharsets.UTF_8));
                    }
                } catch (IOException e) {
                    s.putNull("text");
                }
            } else {
                s.putNull("text");
            }
        }
        m.put("seed", options.seed());
        m.put("version", Version.VERSION);
        m.put("gitCommit", gitCommit());
        m.put("jvms", jvms);
        m.put("cores", Runtime.getRuntime().availableProcessors());
        m.put("java", System.getProperty("java.version"));
        m.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        ObjectNode on = cluster;
        if (on != null) {
            m.set("cluster", on.deepCopy());
        }
        m.put("started", Instant.now().toString());
        m.putNull("ended");
        m.putNull("exitCode");
        Results r = new Results(dir, m, options);
        r.writeManifest();
        OPEN.set(r);
        // Akka's log lines, held until now, go to the results directory (and to stderr as well with --verbose)
        Logs.toFile(dir.resolve(LOG));
        return r;
    }

    /** {@code <out>/<name>-<time>}, with -2, -3 ... when two runs start in the same second. */
    private static Path newDirectory(Path out, String name) {
        String base = name + "-" + LocalDateTime.now().format(STAMP);
        try {
            Files.createDirectories(out);
            for (int k = 1; ; k++) {
                Path dir = out.resolve(k == 1 ? base : base + "-" + k);
                try {
                    return Files.createDirectory(dir);
                } catch (FileAlreadyExistsException taken) {
                    // next suffix
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a results directory under " + out + ": " + e.getMessage(), e);
        }
    }

    /** The commit of the emulator this jar was built from, "unknown" outside a git clone; "+dirty" with uncommitted changes. */
    static String gitCommit() {
        try (InputStream in = Results.class.getResourceAsStream("/icn-git.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            String id = p.getProperty("git.commit.id", "unknown");
            return "true".equals(p.getProperty("git.dirty")) ? id + "+dirty" : id;
        } catch (IOException e) {
            return "unknown";
        }
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
    void manifest(String key, long value) {
        manifest.put(key, value);
    }

    /** Writes a file of the results (a CSV, a table). */
    void write(String file, String text) {
        try {
            Files.writeString(dir.resolve(file), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Ends the command: result.json (the same object {@code --json} prints), report.md (the text, unless the command wrote its own
     * report), the manifest's end and exit code; then prints the object ({@code --json}) or the text and where the results are.
     */
    public int finish(JsonNode result, String text, int exitCode) {
        try {
            Files.writeString(dir.resolve(RESULT), JSON.writeValueAsString(result) + System.lineSeparator(), StandardCharsets.UTF_8);
            Path report = dir.resolve(REPORT);
            if (!Files.exists(report)) {
                Files.writeString(report, "# icn " + commandName() + "\n\n```\n" + text + (text.endsWith("\n") ? "" : "\n")
                        + "```\n\nSeed " + options.seed() + "; the whole result: `result.json`; what made it: `manifest.json`.\n",
                        StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        end(exitCode);
        if (options.json()) {
            Console.out().println(result.toString());
        } else {
            Console.out().print(text.endsWith("\n") || text.isEmpty() ? text : text + System.lineSeparator());
            Console.out().println("Results: " + dir);
        }
        return exitCode;
    }

    /** Ends the manifest of a results directory this thread opened and did not end (a command that failed), with its exit code. */
    public static void endOpen(int exitCode) {
        Results r = OPEN.get();
        OPEN.remove();
        String why = FAILURE.get();
        FAILURE.remove();
        if (r != null && r.manifest.get("ended").isNull()) {
            if (why != null) {
                // a run that could not finish still ends with a report of what happened
                r.manifest.put("failure", why);
                Path report = r.dir.resolve(REPORT);
                if (!Files.exists(report)) {
                    r.write(REPORT, "# icn " + commandName() + ": did not finish\n\n" + why + "\n\nExit code " + exitCode
                            + "; what made it: `manifest.json`; Akka's log: `" + LOG + "`.\n");
                }
            }
            r.end(exitCode);
        }
    }

    /** Why the command running on this thread failed (its one stderr line), for the manifest and report of its results directory. */
    public static void failed(String why) {
        FAILURE.set(why);
    }

    /** Records the end and exit code in the manifest (also for a run that failed before it had a result). */
    void end(int exitCode) {
        manifest.put("ended", Instant.now().toString());
        manifest.put("exitCode", exitCode);
        writeManifest();
    }

    private void writeManifest() {
        try {
            Files.writeString(dir.resolve(MANIFEST), JSON.writeValueAsString(manifest) + System.lineSeparator(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
