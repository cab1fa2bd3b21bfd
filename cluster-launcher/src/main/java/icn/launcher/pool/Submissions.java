package icn.launcher.pool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.ExitCodes;
import icn.launcher.cluster.Engines;
import icn.launcher.output.Console;
import icn.launcher.output.Logs;
import icn.launcher.output.Results;
import icn.protocols.InvalidInputException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The head's submissions: queued in the order they came and run one at a time, each in the head's JVM as the command would run
 * on the submitter's machine, with its output carried to its events, its results in a directory of its own, and node actors on the
 * cluster's workers. One at a time, so that what one run measures is not what another run costs; the others wait their turn. The
 * last {@value #KEPT} ended submissions are kept for their results.
 */
final class Submissions implements AutoCloseable {

    /** How the head runs a command: its arguments as run here, and as the submitter gave them (for the manifest). */
    @FunctionalInterface
    interface Command {
        int execute(List<String> args, List<String> shown);
    }


    static final int KEPT = 20;

    private final Command command;
    private final Function<Submission, Engines.Machines> machines;
    private final Supplier<ObjectNode> clusterInfo;
    private final Path runs;
    private final ExecutorService runner = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "icn-submissions");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, Submission> all = new LinkedHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final AtomicLong served = new AtomicLong();
    private volatile Submission current;
    private volatile boolean closing;

    Submissions(Command command, Function<Submission, Engines.Machines> machines, Supplier<ObjectNode> clusterInfo, Path runs) {
        this.command = command;
        this.machines = machines;
        this.clusterInfo = clusterInfo;
        this.runs = runs;
    }

    /** Queues a command line; its files are written next to it and its arguments pointed at them. */
    Submission submit(List<String> args, List<String> shown, List<Upload> uploads) {
        if (closing) {
            throw new IllegalStateException("the cluster is stopping");
        }
        if (args.isEmpty()) {
            throw new InvalidInputException("no command: send the words after 'icn', e.g. [\"broadcast\", \"--topology\", \"scc:6\"]");
        }
        String id = Long.toString(ids.incrementAndGet());
        Path work = runs.resolve(id);
        List<Submission.Input> inputs = new ArrayList<>();
        List<String> rewritten = new ArrayList<>(SubmitArgs.withoutClusterAndOut(args));
        try {
            Files.createDirectories(work);
            for (int k = 0; k < uploads.size(); k++) {
                Upload u = uploads.get(k);
                String name = Path.of(u.given()).getFileName().toString();
                Path at = Files.createDirectories(work.resolve("in").resolve(Integer.toString(k))).resolve(name);
                Files.write(at, u.content());
                inputs.add(new Submission.Input(at.toString(), u.given()));
                SubmitArgs.replace(rewritten, u.given(), at.toString());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the submission's files in " + work + ": " + e.getMessage(), e);
        }
        Path out = work.resolve("o");
        rewritten.add("--out");
        rewritten.add(out.toString());
        Submission s = new Submission(id, rewritten, shown.isEmpty() ? args : shown, work, out, inputs);
        synchronized (all) {
            all.put(id, s);
            s.queued(queued() - 1 + (current == null ? 0 : 1)); // submissions ahead of it: those waiting, and the one running
        }
        runner.execute(() -> run(s));
        return s;
    }

    private void run(Submission s) {
        if (s.ended()) {
            return; // cancelled while queued
        }
        current = s;
        s.started(Thread.currentThread());
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(stdout, true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new Lines(s::stderr), true, StandardCharsets.UTF_8);
        Console.Redirect console = Console.redirect(out, err);
        AutoCloseable nodes = null;
        AutoCloseable manifest = null;
        int code;
        try {
            nodes = Engines.use(machines.apply(s));
            manifest = Results.onCluster(clusterInfo.get());
            code = command.execute(s.args(), s.shown());
        } catch (RuntimeException e) {
            err.println("icn: the head could not run the command: " + e);
            code = ExitCodes.RUN_FAILED;
        } finally {
            Thread.interrupted(); // a cancellation's interrupt ends with the command, not with the next one
            closeQuietly(manifest);
            closeQuietly(nodes);
            console.close();
            err.close();
            Logs.closeFile();
            current = null;
        }
        served.incrementAndGet();
        s.ended(s.cancelRequested() && code != ExitCodes.BAD_INPUT ? ExitCodes.CANCELLED : code, stdout.toString(StandardCharsets.UTF_8),
                resultsDirectory(s.out()));
        forgetOld();
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c != null) {
            try {
                c.close();
            } catch (Exception e) {
                // restoring the head's defaults does not fail
            }
        }
    }

    /** The one directory the command made under its {@code --out}, or null (bad input makes none). */
    private static String resultsDirectory(Path out) {
        if (!Files.isDirectory(out)) {
            return null;
        }
        try (Stream<Path> dirs = Files.list(out)) {
            return dirs.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().findFirst().orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    /** Drops the oldest ended submissions beyond {@value #KEPT}, with their files. */
    private void forgetOld() {
        List<Submission> old = new ArrayList<>();
        synchronized (all) {
            List<Submission> ended = all.values().stream().filter(Submission::ended).toList();
            for (int i = 0; i < ended.size() - KEPT; i++) {
                old.add(ended.get(i));
                all.remove(ended.get(i).id());
            }
        }
        old.forEach(s -> delete(s.work()));
    }

    static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // a file left in the head's temporary directory goes with it
                }
            });
        } catch (IOException e) {
            // likewise
        }
    }

    Optional<Submission> find(String id) {
        synchronized (all) {
            return Optional.ofNullable(all.get(id));
        }
    }

    List<Submission> recent() {
        synchronized (all) {
            return List.copyOf(all.values());
        }
    }

    /** The submission running now, if any. */
    Optional<Submission> current() {
        return Optional.ofNullable(current);
    }

    /** Submissions waiting for their turn. */
    int queued() {
        synchronized (all) {
            return (int) all.values().stream().filter(s -> s.state() == Submission.State.QUEUED).count();
        }
    }

    /** Submissions that have run to their end (completed, failed or cancelled while running). */
    long served() {
        return served.get();
    }

    /** Cancels every submission, waits (a bounded time) for the running one to end. */
    @Override
    public void close() {
        closing = true;
        recent().forEach(s -> s.cancel("the cluster is stopping"));
        runner.shutdown();
        try {
            runner.awaitTermination(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** An output stream that hands each line written to it to {@code sink} (the command's stderr, as events). */
    static final class Lines extends OutputStream {
        private final java.util.function.Consumer<String> sink;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        Lines(java.util.function.Consumer<String> sink) {
            this.sink = sink;
        }

        @Override
        public synchronized void write(int b) {
            if (b == '\n' || b == '\r') {
                emit();
            } else {
                line.write(b);
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) {
                write(b[i]);
            }
        }

        @Override
        public synchronized void close() {
            emit();
        }

        private void emit() {
            if (line.size() > 0) {
                String text = line.toString(StandardCharsets.UTF_8);
                line.reset();
                // a terminal's progress line would start with an erase sequence; the submitter shows lines as they come
                sink.accept(text.replace("\033[K", ""));
            }
        }
    }
}
