package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.launcher.cluster.LocalWorkers;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * {@code java -jar icn.jar ...} as a real process for the cluster integration tests (failsafe; the jar's path comes in the system
 * property {@code icn.jar}). stdout and stderr go to files, so they can be read while the process runs. Every 200 ms the process's
 * descendants (the worker JVMs a local cluster starts) are collected, so a test can check after the end that none survived.
 * {@link #close()} destroys the process and every descendant it has seen, also when a test fails or times out; a shutdown hook
 * does the same if the test JVM itself is stopped.
 */
final class IcnProcess implements AutoCloseable {

    /** A progress line ({@code [  1.2s] ...}), printed on stderr by commands without --json. */
    static final Pattern PROGRESS = Pattern.compile("^\\[\\s*\\d+\\.\\ds\\] .*");

    private static final Set<IcnProcess> OPEN = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> OPEN.forEach(IcnProcess::destroyEverything), "icn-it-cleanup"));
    }

    private final List<String> args;
    private final Process process;
    private final Path out;
    private final Path err;
    private final long startNanos = System.nanoTime();
    /** Every descendant seen, with its command line as last seen alive (an ended process's info is empty). */
    private final Map<ProcessHandle, String> seen = new ConcurrentHashMap<>();
    private final ScheduledExecutorService poller;
    private final java.util.concurrent.atomic.AtomicLong exitNanos = new java.util.concurrent.atomic.AtomicLong(-1);

    private IcnProcess(List<String> args, Process process, Path out, Path err) {
        this.args = List.copyOf(args);
        this.process = process;
        this.out = out;
        this.err = err;
        this.poller = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "icn-it-descendants-" + process.pid());
            t.setDaemon(true);
            return t;
        });
        poller.scheduleWithFixedDelay(this::collectDescendants, 0, 200, TimeUnit.MILLISECONDS);
        process.onExit().thenRun(this::exited);
    }

    private void exited() {
        exitNanos.compareAndSet(-1, System.nanoTime());
    }

    /**
     * What {@link #start} adds to a command's JVM and to the worker JVMs it starts (through JDK_JAVA_OPTIONS, which every
     * {@code java} launcher of the process tree reads; LocalWorkers passes on only heap, collector and class-data options): the JIT
     * compiles with C1 only. These JVMs live for seconds, and on a 2-core machine the optimising compiler's work costs a short run
     * more CPU than it saves. With the class-data archive it more than halves the CPU time of the cluster tests (ThreeJvmClusterIT:
     * 96 s of CPU before, 40 s after). It changes nothing a command computes or prints: each JVM notes the variable on stderr
     * ("NOTE: Picked up JDK_JAVA_OPTIONS"), which {@link #errLines()} leaves out.
     */
    static final String C1_ONLY = LocalWorkers.C1_ONLY;

    /**
     * ./icn's options for the class-data archive the package phase makes beside the jar (see ClassDataArchiveIT), so that a test's
     * JVMs start as ./icn starts them; none where the build made no archive (-Dexec.skip=true).
     */
    static List<String> classDataOptions() {
        Path archive = jar().resolveSibling("icn.jsa");
        if (!Files.isRegularFile(archive)) {
            return List.of();
        }
        List<String> options = new ArrayList<>();
        options.add("-XX:SharedArchiveFile=" + archive);
        options.addAll(ClassDataArchiveIT.QUIET);
        return options;
    }

    /**
     * ./icn's collector and huge pages for a test's JVMs (LocalWorkers passes both on to the workers a command starts), so that they
     * run as ./icn runs them: the parallel collector unless {@code jvm} names another, and transparent huge pages where the kernel
     * offers them (./icn's test, the same). On this 2-core machine, 3 JVMs of {@code broadcast --topology scc:6 --jvms 3} with C1
     * and the archive, 9 alternating pairs: 9.32 s of CPU with the JVM's default G1, 8.65 s with these (docs/benchmarks.md).
     */
    static List<String> launcherOptions(List<String> jvm) {
        List<String> options = new ArrayList<>();
        if (jvm.stream().noneMatch(o -> o.startsWith("-XX:+Use") && o.endsWith("GC"))) {
            options.add("-XX:+UseParallelGC");
        }
        if (transparentHugePages()) {
            options.add("-XX:+UseTransparentHugePages");
        }
        return options;
    }

    /** Whether the kernel offers transparent huge pages to a process that asks (madvise or always), as ./icn checks. */
    static boolean transparentHugePages() {
        Path setting = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        try {
            return Files.isReadable(setting) && Pattern.compile("\\[(madvise|always)\\]").matcher(Files.readString(setting)).find();
        } catch (IOException e) {
            return false;
        }
    }

    static Path jar() {
        String path = System.getProperty("icn.jar");
        assertNotNull(path, "system property icn.jar (set by failsafe's configuration in cluster-launcher/pom.xml)");
        Path jar = Path.of(path);
        assertTrue(Files.isRegularFile(jar), () -> jar + " exists (built by the package phase)");
        return jar;
    }

    /**
     * Starts {@code java <class-data options> <collector, huge pages> <heap> -jar icn.jar args...} in {@code dir}, C1 only (see
     * {@link #C1_ONLY}, {@link #launcherOptions}).
     */
    static IcnProcess start(Path dir, String heap, String... args) throws IOException {
        return start(dir, Map.of(), List.of(heap), args);
    }

    /**
     * Starts {@code java <class-data options> <collector, huge pages> <jvm options> -jar icn.jar args...} in {@code dir}, C1 only (see
     * {@link #C1_ONLY}, {@link #launcherOptions}), with {@code env} added to the environment (and no ICN_TLS_* variable but those in
     * {@code env}).
     */
    static IcnProcess start(Path dir, Map<String, String> env, List<String> jvm, String... args) throws IOException {
        return start(dir, env, List.of(), jvm, args);
    }

    /**
     * As above, the command run through {@code prefix} (e.g. {@code ip netns exec NAMESPACE}: the process in a network namespace
     * of its own).
     */
    static IcnProcess start(Path dir, Map<String, String> env, List<String> prefix, List<String> jvm, String... args) throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(classDataOptions());
        command.addAll(launcherOptions(jvm));
        command.addAll(jvm);
        command.add("-jar");
        command.add(jar().toString());
        command.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "stdout-", ".txt");
        Path err = Files.createTempFile(dir, "stderr-", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(nullFile()));
        builder.environment().remove("ICN_DEBUG");
        builder.environment().remove("ICN_LOG_LEVEL");
        builder.environment().keySet().removeIf(k -> k.startsWith("ICN_TLS_"));
        builder.environment().putAll(env);
        c1Only(builder.environment());
        IcnProcess p = new IcnProcess(List.of(args), builder.start(), out, err);
        OPEN.add(p);
        return p;
    }

    /** Adds {@link #C1_ONLY} to JDK_JAVA_OPTIONS in {@code environment}, for the JVM started with it and every JVM that one starts. */
    static void c1Only(Map<String, String> environment) {
        environment.merge("JDK_JAVA_OPTIONS", C1_ONLY, (old, c1) -> old + " " + c1);
    }

    /** A scenario file {@code dir/NAME.conf}: {@code name = NAME} and then {@code lines}. */
    static Path scenario(Path dir, String name, String... lines) throws IOException {
        List<String> all = new ArrayList<>();
        all.add("name = " + name);
        all.addAll(List.of(lines));
        all.add("");
        return Files.writeString(dir.resolve(name + ".conf"), String.join("\n", all), StandardCharsets.UTF_8);
    }

    private static File nullFile() {
        return new File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    private void collectDescendants() {
        try {
            process.descendants().forEach(h -> {
                String command = commandOf(h);
                if (h.info().arguments().isPresent()) {
                    seen.put(h, command); // the latest: a child seen right after fork may still show the launcher's command
                } else {
                    seen.putIfAbsent(h, command);
                }
            });
        } catch (RuntimeException e) {
            // the process is gone: nothing new to collect
        }
    }

    Process process() {
        return process;
    }

    String commandLine() {
        return "icn " + String.join(" ", args);
    }

    /** Waits for the end; false if the time ran out (the process is then still running; {@link #close()} stops it). */
    boolean waitFor(Duration limit) throws InterruptedException {
        boolean finished = process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
        if (finished) {
            exited(); // waitFor returns at the exit; onExit's callback may run a moment later
        }
        return finished;
    }

    int exitValue() {
        return process.exitValue();
    }

    /** Seconds from start to exit (or to now, while it runs). */
    double seconds() {
        long end = exitNanos.get() > 0 ? exitNanos.get() : System.nanoTime();
        return (end - startNanos) / 1e9;
    }

    /** System.nanoTime() when the process exited, -1 while it runs. */
    long exitNanos() {
        if (!process.isAlive()) {
            exited();
        }
        return exitNanos.get();
    }

    String out() {
        return read(out);
    }

    /** stderr lines, blank ones and the JVM's or SLF4J's own notes left out. */
    /** The arguments given to {@code icn}. */
    List<String> args() {
        return args;
    }

    List<String> errLines() {
        return Cli.lines(read(err)).stream().filter(IcnProcess::isIcnLine).toList();
    }

    /** stderr lines that are not progress lines (what a command prints besides its progress). */
    List<String> errLinesWithoutProgress() {
        return errLines().stream().filter(l -> !PROGRESS.matcher(l).matches()).toList();
    }

    private static boolean isIcnLine(String line) {
        return !line.startsWith("SLF4J:") && !isJvmNote(line);
    }

    /** The JVM's note that it read JAVA_TOOL_OPTIONS or JDK_JAVA_OPTIONS (see {@link #C1_ONLY}): not a command's output. */
    static boolean isJvmNote(String line) {
        return line.startsWith("Picked up JAVA_TOOL_OPTIONS") || line.startsWith("NOTE: Picked up");
    }

    /** stdout parsed as exactly one JSON object. */
    JsonNode json() {
        try {
            JsonNode node = Cli.JSON.readTree(out());
            assertTrue(node != null && node.isObject(), () -> "stdout is one JSON object: " + describe());
            return node;
        } catch (IOException e) {
            throw new AssertionError("stdout is one JSON object: " + describe(), e);
        }
    }

    /** Every descendant seen so far (also those that have ended). */
    Set<ProcessHandle> seenDescendants() {
        collectDescendants();
        return Set.copyOf(seen.keySet());
    }

    /** The command line a descendant had when it was last seen alive. */
    String seenCommandOf(ProcessHandle h) {
        return seen.getOrDefault(h, commandOf(h));
    }

    /** Descendants seen (alive or ended) whose command line contained {@code worker}. */
    List<ProcessHandle> seenWorkers() {
        return seenDescendants().stream().filter(h -> seenCommandOf(h).contains(" worker "))
                .sorted(java.util.Comparator.comparingLong(ProcessHandle::pid)).toList();
    }

    /** Live descendants whose command line contains {@code worker} (the worker JVMs of a local cluster). */
    List<ProcessHandle> liveWorkers() {
        return seenWorkers().stream().filter(ProcessHandle::isAlive).toList();
    }

    static String commandOf(ProcessHandle h) {
        ProcessHandle.Info info = h.info();
        String cmd = info.command().orElse("?");
        return info.arguments().map(a -> cmd + " " + String.join(" ", a) + " ").orElse(info.commandLine().orElse(cmd) + " ");
    }

    /**
     * Waits up to {@code within} until no descendant this process ever had is alive; returns those still alive (pid and command
     * line), empty when none survived.
     */
    List<String> survivingDescendants(Duration within) throws InterruptedException {
        Set<ProcessHandle> all = seenDescendants();
        long deadline = System.nanoTime() + within.toNanos();
        while (all.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        return all.stream().filter(ProcessHandle::isAlive).map(h -> h.pid() + ": " + seenCommandOf(h)).toList();
    }

    /** Command, exit code, stdout and stderr, for assertion messages. */
    String describe() {
        String exit = process.isAlive() ? "still running" : "exit " + process.exitValue();
        return commandLine() + "\n" + exit + String.format(" after %.1f s", seconds()) + "\n--- stdout ---\n" + abbreviate(out())
                + "\n--- stderr ---\n" + String.join("\n", Cli.lines(read(err)));
    }

    private static String abbreviate(String s) {
        return s.length() > 4000 ? s.substring(0, 4000) + "… (" + s.length() + " chars)" : s;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The descendants' pids and command lines, for reports. */
    String describeDescendants() {
        return seenDescendants().stream().map(h -> h.pid() + (h.isAlive() ? " (alive) " : " (ended) ") + seenCommandOf(h))
                .collect(Collectors.joining("\n"));
    }

    private void destroyEverything() {
        collectDescendants();
        seen.keySet().forEach(ProcessHandle::destroyForcibly);
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /**
     * Lets go of a process that has ended, leaving its descendants running (icn cluster start's head and workers, which the test
     * stops itself): no more polling, no kill at the JVM's end.
     */
    void release() {
        poller.shutdownNow();
        OPEN.remove(this);
    }

    /** Destroys the process and every descendant seen (SIGKILL), and waits for them a bounded time. */
    @Override
    public void close() {
        try {
            destroyEverything();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            for (ProcessHandle h : seenDescendants()) {
                awaitEnd(h, deadline);
            }
            awaitEnd(process.toHandle(), deadline);
        } finally {
            poller.shutdownNow();
            OPEN.remove(this);
        }
    }

    private static void awaitEnd(ProcessHandle h, long deadline) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            return;
        }
        try {
            h.onExit().get(left, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // timed out or not observable: destroyForcibly was sent already
        }
    }
}
