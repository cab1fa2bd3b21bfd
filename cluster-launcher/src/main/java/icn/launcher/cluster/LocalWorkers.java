package icn.launcher.cluster;

import icn.launcher.Version;
import icn.launcher.output.Logs;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Worker JVMs this process starts on loopback ({@code icn run --jvms K}). They are stopped when the run ends, also when it fails
 * or is interrupted (a shutdown hook), and each stops by itself if this process disappears (it watches our pid), so no process is
 * left behind even after kill -9.
 */
public final class LocalWorkers implements AutoCloseable {

    private final List<Process> processes = new ArrayList<>(); // worker number i at index i - 1
    private final List<List<String>> commands = new ArrayList<>(); // what started each, to start it again
    private final Path logs;
    private final boolean keepLogs;
    private final Thread hook = new Thread(this::destroyAll, "icn-stop-workers");

    private LocalWorkers(Path logs, boolean keepLogs) {
        this.logs = logs;
        this.keepLogs = keepLogs;
    }

    /** Starts {@code count} workers joining {@code seed}. */
    static LocalWorkers start(int count, HostPort seed) {
        try {
            return start(count, seed, Files.createTempDirectory("icn-workers-"), false, count + 1);
        } catch (IOException e) {
            throw new ClusterException("could not start a worker JVM: " + e.getMessage());
        }
    }

    /**
     * Starts {@code count} workers of a standing cluster on this machine, joining its head at {@code seed}; their logs stay in
     * {@code logs} ({@code worker-1.log} ...). Each stops when the head's process is gone. With {@code certificates} (else null),
     * worker {@code i} is given the directory of its own stores ({@code --tls-stores}, an owner-only path: the key and its
     * password never appear on a command line or in the environment).
     */
    public static LocalWorkers startStanding(int count, HostPort seed, Path logs, List<String> workerOptions, ClusterCertificates certificates) {
        // a standing cluster's workers serve run after run for as long as it stands: both compilers, whatever the cores (STANDING)
        return start(count, seed, logs, true, STANDING, workerOptions, certificates);
    }

    /**
     * The JVM count {@link #compilerOptions} is given for a standing cluster's workers: they keep both compilers. C1 alone (what a
     * run of several JVMs sharing too few cores gets) saves the optimising compiler's threads a core during one run's start; a
     * standing worker's start is paid once, and every run after it runs on its code. Measured on 2 cores, two standing workers
     * pinned to a core each, {@code faults coverage --topology scc:6 --seeds 20}: with C1 alone the workers took 6.5 s of CPU
     * each per command where one worker with both compilers took 4.8 s for all of it (perf: C1 stubs, slow subtype checks and
     * vtable chunks on top), and two workers were slower than one.
     */
    public static final int STANDING = 0;

    private static LocalWorkers start(int count, HostPort seed, Path logs, boolean keepLogs, int jvmsOnThisMachine) {
        return start(count, seed, logs, keepLogs, jvmsOnThisMachine, List.of(), null);
    }

    private static LocalWorkers start(int count, HostPort seed, Path logs, boolean keepLogs, int jvmsOnThisMachine, List<String> options,
            ClusterCertificates certificates) {
        try {
            Files.createDirectories(logs);
            LocalWorkers workers = new LocalWorkers(logs, keepLogs);
            Runtime.getRuntime().addShutdownHook(workers.hook);
            for (int i = 0; i < count; i++) {
                List<String> own = new ArrayList<>(options);
                if (certificates != null) {
                    own.add("--tls-stores");
                    own.add(certificates.member(ClusterCertificates.worker(i + 1)).toString());
                }
                workers.startOne(i + 1, jvmsOnThisMachine, seed, own);
            }
            return workers;
        } catch (IOException e) {
            throw new ClusterException("could not start a worker JVM: " + e.getMessage());
        }
    }

    private synchronized void startOne(int number, int jvms, HostPort seed, List<String> options) throws IOException {
        List<String> command = icnCommand(jvms);
        command.add("worker");
        command.add("--join");
        command.add(seed.toString());
        command.addAll(options);
        command.add("--parent-pid");
        command.add(Long.toString(ProcessHandle.current().pid()));
        commands.add(List.copyOf(command));
        processes.add(launch(number, command));
    }

    private Process launch(int number, List<String> command) throws IOException {
        Path log = logs.resolve("worker-" + number + ".log");
        // appended to: a worker started again writes after what the one before it wrote
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    }

    /**
     * Starts worker {@code number} (1, 2 ...) again as it was started, in place of its process that has ended (a standing
     * cluster replaces a lost worker); its process.
     */
    public synchronized Process restart(int number) throws IOException {
        Process p = launch(number, commands.get(number - 1));
        processes.set(number - 1, p);
        return p;
    }

    /**
     * The start of a command line that runs {@code icn} in a new JVM of this machine with this JVM's options as a worker gets them
     * ({@link #copiedToWorkers}, {@link #compilerOptions} for a run of {@code jvms} JVMs) and this JVM's classpath; the caller adds
     * the subcommand and its arguments.
     */
    public static List<String> icnCommand(int jvms) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> ours = ManagementFactory.getRuntimeMXBean().getInputArguments();
        for (String arg : ours) {
            if (copiedToWorkers(arg)) {
                command.add(arg);
            }
        }
        command.addAll(compilerOptions(ours, jvms, Runtime.getRuntime().availableProcessors()));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Version.MAIN_CLASS);
        return command;
    }

    /**
     * Whether a local worker JVM gets this option of the coordinator's JVM: the same heap, collector, generations, huge pages,
     * compiler and icn properties (./icn chooses them; a worker of the same machine shares its reasons), and the same class-data
     * archive (its classpath is ours, so it fits the worker too).
     */
    public static boolean copiedToWorkers(String arg) {
        return arg.startsWith("-Xm") || arg.startsWith("-Xss") || arg.startsWith("-XX:+Use") || arg.startsWith("-XX:-Use")
                || arg.startsWith("-XX:NewRatio=") || arg.startsWith("-XX:MetaspaceSize=") || choosesCompiler(arg)
                || arg.startsWith("-XX:SurvivorRatio=") || arg.startsWith("-XX:MaxTenuringThreshold=") || arg.startsWith("-Dicn.")
                || sharesClasses(arg);
    }

    /**
     * The JIT of a local worker: C1 alone ({@code -XX:TieredStopAtLevel=1}) when the JVMs of the run share too few cores, fewer than
     * two per JVM, unless the coordinator's JVM was given a level (ICN_JAVA_OPTS), which the worker then copies. Every JVM of
     * the run compiles the same code at the same moments (start, joining, spawning), and the optimising compiler's thread of each
     * then takes a core from the node work of all. On 2 cores, 4 alternating rounds, both compilers in every JVM against C1 in the two
     * workers: {@code broadcast --topology scc:8 --algorithm one-port --jvms 3} 13.4 s against 9.8 s (25.7 / 18.3 s of CPU),
     * {@code icn run} 11.5 s against 9.1 s; SCC_9 on 3 JVMs, 2 rounds, 39.3 and 36.6 s against 36.0 and 35.7 s (docs/benchmarks.md,
     * eighth pass). The coordinator keeps both: a single JVM's long runs need the optimising compiler (SCC_9 one-port alone: 20.5-24.2 s
     * with it, 27.8-49.3 s without). {@code jvms} counts every JVM of the run on this machine, this one included.
     */
    public static List<String> compilerOptions(List<String> coordinatorOptions, int jvms, int cores) {
        boolean told = coordinatorOptions.stream().anyMatch(LocalWorkers::choosesCompiler);
        return told || jvms == STANDING || cores >= 2 * jvms ? List.of() : List.of(C1_ONLY);
    }

    private static boolean choosesCompiler(String jvmArg) {
        return jvmArg.startsWith("-XX:TieredStopAtLevel=") || jvmArg.equals("-XX:+TieredCompilation") || jvmArg.equals("-XX:-TieredCompilation");
    }

    /** The option that leaves a JVM's JIT at C1 (see {@link #compilerOptions}). */
    public static final String C1_ONLY = "-XX:TieredStopAtLevel=1";

    /**
     * Class-data sharing: the archive or a newer JDK's AOT cache, and how quietly a JVM falls back without it, and on such a JDK
     * the permission Akka needs to use sun.misc.Unsafe without a warning (see ./icn and cluster-launcher/pom.xml). A worker runs
     * on this JVM's JDK, so what fits this one fits it.
     */
    static boolean sharesClasses(String jvmArg) {
        return jvmArg.startsWith("-XX:SharedArchiveFile=") || jvmArg.startsWith("-Xshare:") || jvmArg.startsWith("-Xlog:cds")
                || jvmArg.startsWith("-Xlog:class+path") || jvmArg.startsWith("-XX:AOTCache=") || jvmArg.startsWith("-Xlog:aot")
                || jvmArg.startsWith("--sun-misc-unsafe-memory-access=");
    }

    int count() {
        return processes.size();
    }

    Path logs() {
        return logs;
    }

    /** The worker processes (worker i at index i - 1), for tests and for the benchmark that kills one. */
    public synchronized List<Process> processes() {
        return List.copyOf(processes);
    }

    /** The last lines of every worker's log, for a report of what went wrong. */
    String tails() {
        StringBuilder sb = new StringBuilder();
        try (var files = Files.list(logs)) {
            for (Path p : files.sorted().toList()) {
                List<String> lines = Files.readAllLines(p);
                sb.append("--- ").append(p.getFileName()).append('\n');
                lines.subList(Math.max(0, lines.size() - 5), lines.size()).forEach(l -> sb.append(l).append('\n'));
            }
        } catch (IOException e) {
            sb.append("(worker logs unreadable: ").append(e.getMessage()).append(")\n");
        }
        return sb.toString();
    }

    /** Asks every worker to stop (SIGTERM) without waiting for it: {@link #close()} waits. */
    void stop() {
        for (Process p : processes()) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
        }
    }

    private void destroyAll() {
        stop();
        for (Process p : processes()) {
            try {
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    p.waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A warning of the failure detector or the heartbeats: a healthy member looked late, or a member was marked unreachable. */
    public static final java.util.regex.Pattern HEALTH_WARNING = java.util.regex.Pattern.compile(
            "(?i).*\\b(WARN|ERROR)\\b.*(heartbeat|unreachable|failure detector|phi value).*");

    private static final java.util.regex.Pattern GAP = java.util.regex.Pattern.compile("(?:\\[(\\d+)\\] ms ago|: (\\d+) millis)");

    /**
     * Whether a health warning tells of a member marked unreachable, or of a heartbeat gap as long as the failure detector's
     * acceptable pause (5 s): a member close to being declared lost, not a heartbeat a second late on a busy machine.
     */
    public static boolean nearLoss(String line) {
        if (line.toLowerCase(java.util.Locale.ROOT).contains("unreachable") && !line.contains("may cause failure detection")) {
            return true;
        }
        java.util.regex.Matcher m = GAP.matcher(line);
        return m.find() && Long.parseLong(m.group(1) != null ? m.group(1) : m.group(2)) >= 5000;
    }

    /** The failure-detector and heartbeat warnings in the workers' logs, each prefixed with its worker's log name. */
    List<String> healthWarnings() {
        List<String> found = new ArrayList<>();
        try (var files = Files.list(logs)) {
            for (Path p : files.sorted().toList()) {
                String name = p.getFileName().toString().replaceFirst("\\.log$", "");
                for (String line : Files.readAllLines(p)) {
                    if (HEALTH_WARNING.matcher(line).matches()) {
                        found.add(name + ": " + line);
                    }
                }
            }
        } catch (IOException e) {
            found.add("(worker logs unreadable: " + e.getMessage() + ")");
        }
        return found;
    }

    @Override
    public void close() {
        destroyAll();
        // the workers' logs are temporary: their heartbeat and failure-detector warnings (a member that looked lost) go to stderr
        // with this JVM's own, so that a run's health is visible in one place
        List<String> warnings = healthWarnings();
        if (!warnings.isEmpty()) {
            // one line on the terminal; the warnings themselves into the run's log (icn.log), and on stderr with --verbose
            System.err.println("icn: cluster health: " + warnings.size() + " heartbeat or failure-detector warning(s) in worker logs"
                    + (Logs.isVerbose() ? ":" : " (listed in the results directory's icn.log)"));
            org.slf4j.Logger health = org.slf4j.LoggerFactory.getLogger("cluster.health");
            warnings.forEach(w -> health.info("{}", w));
        }
        if (keepLogs || System.getProperty("icn.debug.keep-worker-logs") != null) {
            if (!keepLogs) {
                System.err.println("icn: worker logs kept in " + logs);
            }
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // already shutting down: the hook runs anyway
        }
        try (var files = Files.list(logs)) {
            for (Path p : files.toList()) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(logs);
        } catch (IOException e) {
            // temporary logs only
        }
    }
}
