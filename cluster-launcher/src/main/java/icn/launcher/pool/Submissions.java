package icn.launcher.pool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.ExitCodes;
import icn.launcher.cluster.Engines;
import icn.launcher.output.Console;
import icn.launcher.output.Logs;
import icn.launcher.output.Results;
import icn.protocols.FileNames;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.FileNetwork;
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
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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

    /**
     * How the head runs a command: its arguments as run here, which are also what its manifest records as run (issue 36: a command
     * line the submitter only claimed was recorded as the one that ran).
     */
    @FunctionalInterface
    interface Command {
        int execute(List<String> args);

        /**
         * Refuses, before anything is queued, a command line the command's parser refuses (an unknown option, a missing one, a
         * value of the wrong kind): an InvalidInputException with the line the command would print. What only its run can check
         * (a network's name, its size against the heap) is still found when it runs.
         */
        default void check(List<String> args) {
        }
    }

    static final int KEPT = 20;

    /**
     * The commands a submission may run: the experiments. Starting, stopping and joining clusters ({@code cluster}, {@code worker},
     * {@code coordinator}) is the operator's, on the head's machine, and so are {@code bench} (it starts JVMs of its own and times
     * this machine) and help (a submitter's own {@code icn} prints it): none is a submitted run (issue 36).
     */
    static final Set<String> SUBMITTABLE = Set.of("run", "broadcast", "route", "compare", "faults", "traffic", "reproduce", "topology",
            "claims");

    /** The most arguments a submission may have, and the longest one (characters). */
    static final int MAX_ARGS = 1000;
    static final int MAX_ARG_CHARS = 64 * 1024;
    /** All of a submission's arguments together: what the head keeps and shows of it in every listing. */
    static final int MAX_ARGS_CHARS = 256 * 1024;
    /** The stderr lines kept as a submission's events, and the length of one. */
    static final int MAX_STDERR_LINES = 10_000;
    static final int MAX_LINE_CHARS = 4096;
    /** The most files a submission may send, and their most bytes in all. */
    static final int MAX_FILES = 256;
    static final long MAX_FILE_BYTES = 64L << 20;
    /** The longest file name a sent file may have: as long as common file systems hold (in bytes, for ASCII). */
    static final int MAX_NAME = 255;
    /** The bytes of a command's stdout kept from its start, and as many from its end: the cut between them is marked. */
    static final int STDOUT_KEPT_EACH = 512 * 1024;

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

    /**
     * Queues a command line; its files are written next to it and its arguments pointed at them. Refused as bad input, in one line
     * naming nothing of the head's: a command that is not an experiment, too many or too long arguments or files, a file's path
     * that names no file, and a path the command line names that it did not send. What the manifest and the status show is what
     * the head runs, never what the submitter says it typed.
     */
    Submission submit(List<String> args, List<Upload> uploads) {
        if (closing) {
            throw new IllegalStateException("the cluster is stopping");
        }
        List<String> rewritten = new ArrayList<>(SubmitArgs.withoutClusterAndOut(checkArgs(args)));
        checkCommand(rewritten);
        List<String> names = checkUploads(uploads);
        checkNamesOnlyWhatItSent(rewritten, uploads);
        command.check(rewritten);
        String id = Long.toString(ids.incrementAndGet());
        Path work = runs.resolve(id);
        List<Submission.Input> inputs = new ArrayList<>();
        try {
            Files.createDirectories(work);
            for (int k = 0; k < uploads.size(); k++) {
                Upload u = uploads.get(k);
                Path at = Files.createDirectories(inputs(work).resolve(Integer.toString(k))).resolve(FileNames.safe(names.get(k)));
                Files.write(at, u.content());
                inputs.add(new Submission.Input(at.toString(), u.given()));
                SubmitArgs.replace(rewritten, u.given(), at.toString());
            }
        } catch (IOException e) {
            delete(work);
            // the head's own trouble (a full disk): said without its paths, which are nothing to the submitter
            throw new UncheckedIOException("cannot keep the submission's files on the head (" + e.getClass().getSimpleName() + ")", e);
        }
        Path out = work.resolve("o");
        // before a "--" (after it every word is a positional argument, and --out would be one)
        int end = rewritten.indexOf("--");
        rewritten.addAll(end < 0 ? rewritten.size() : end, List.of("--out", out.toString()));
        Submission s = new Submission(id, rewritten, work, out, inputs);
        synchronized (all) {
            all.put(id, s);
            s.queued(queued() - 1 + (current == null ? 0 : 1)); // submissions ahead of it: those waiting, and the one running
        }
        runner.execute(() -> run(s));
        return s;
    }

    /** Where a submission's files are: the only place its command reads a network file from. */
    private static Path inputs(Path work) {
        return work.resolve("in");
    }

    private static List<String> checkArgs(List<String> args) {
        if (args.size() > MAX_ARGS) {
            throw new InvalidInputException("a submission has at most " + MAX_ARGS + " arguments; this one has " + args.size());
        }
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i) == null) {
                throw new InvalidInputException("argument " + (i + 1) + " is not a string");
            }
            if (args.get(i).length() > MAX_ARG_CHARS) {
                throw new InvalidInputException("argument " + (i + 1) + " is longer than " + MAX_ARG_CHARS + " characters");
            }
        }
        long total = args.stream().mapToLong(String::length).sum();
        if (total > MAX_ARGS_CHARS) {
            throw new InvalidInputException("a submission's arguments have at most " + MAX_ARGS_CHARS + " characters in all; these have " + total);
        }
        return args;
    }

    private static void checkCommand(List<String> args) {
        if (args.isEmpty()) {
            throw new InvalidInputException("no command: send the words after 'icn', e.g. [\"broadcast\", \"--topology\", \"scc:6\"]");
        }
        if (!SUBMITTABLE.contains(args.get(0))) {
            throw new InvalidInputException("'" + quoted(args.get(0)) + "' cannot be submitted: a standing cluster runs the experiments ("
                    + String.join(", ", new java.util.TreeSet<>(SUBMITTABLE)) + "); starting and stopping clusters, bench and help are"
                    + " run on a machine itself");
        }
    }

    /**
     * The file name each upload is kept under (its path's last name, as the submitter gave it), refusing what no file has: an
     * empty path, "/", "." or "..", a path with a NUL, a name longer than a file system holds ({@value #MAX_NAME} characters);
     * and more files or bytes than a submission may send.
     */
    private static List<String> checkUploads(List<Upload> uploads) {
        if (uploads.size() > MAX_FILES) {
            throw new InvalidInputException("a submission sends at most " + MAX_FILES + " files; this one sends " + uploads.size());
        }
        long bytes = 0;
        List<String> names = new ArrayList<>();
        for (Upload u : uploads) {
            String given = u.given();
            Path name;
            try {
                name = given == null || given.isBlank() || given.length() > MAX_ARG_CHARS ? null : Path.of(given).getFileName();
            } catch (java.nio.file.InvalidPathException e) {
                name = null;
            }
            if (name == null || name.toString().equals(".") || name.toString().equals("..") || name.toString().length() > MAX_NAME) {
                throw new InvalidInputException("file '" + quoted(given) + "': not the path of a file (send each file by the path its"
                        + " command line names)");
            }
            if (u.content() == null) {
                throw new InvalidInputException("file '" + quoted(given) + "': no content");
            }
            bytes += u.content().length;
            if (bytes > MAX_FILE_BYTES) {
                throw new InvalidInputException("a submission sends at most " + (MAX_FILE_BYTES >> 20) + " MiB of files");
            }
            names.add(name.toString());
        }
        return names;
    }

    /**
     * Refuses a path on the command line that is none of the files the submission sent (issue 36: "a submission names only what
     * it sent"): a {@code file:PATH} network, an absolute path or one that climbs with "..", and any word that names a file or
     * directory where the head runs. Each would be the head's file read for the submitter. Networks and absolute or climbing paths
     * are refused whether or not they exist, so that the refusal tells nothing of the head's files; only a relative word is looked
     * up, in the head's working directory, as the command would look it up. The launcher has no short option that takes a path, so
     * {@code --option=value} and the word alone are all the forms a path can take.
     */
    private static void checkNamesOnlyWhatItSent(List<String> args, List<Upload> uploads) {
        Set<String> sent = new HashSet<>();
        uploads.forEach(u -> sent.add(u.given()));
        for (String a : args.subList(1, args.size())) {
            List<String> words = SubmitArgs.named(a);
            for (String network : words.subList(1, words.size())) {
                if (!sent.contains(network)) {
                    throw new InvalidInputException("file:" + quoted(network) + ": a submitted command reads a network only from a file"
                            + " sent with it, and this one sent none by that name");
                }
            }
            String word = words.get(0);
            if (!sent.contains(word) && namesAPath(word)) {
                throw new InvalidInputException("'" + quoted(word) + "' names a file that was not sent with the submission: a submitted"
                        + " command reads only the files sent with it");
            }
        }
    }

    /** Whether {@code word} would be read as a path of the head's: absolute, climbing with "..", or naming what is there. */
    private static boolean namesAPath(String word) {
        if (word.isEmpty()) {
            return false;
        }
        try {
            Path p = Path.of(word);
            for (Path part : p) {
                if (part.toString().equals("..")) {
                    return true;
                }
            }
            return p.isAbsolute() || Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        } catch (java.nio.file.InvalidPathException e) {
            return false; // no path: a NUL, which no command reads as a file either
        }
    }

    /** {@code text} fit to be quoted in a one-line answer: control characters as '?', and at most 200 characters. */
    private static String quoted(String text) {
        String t = String.valueOf(text).replaceAll("\\p{Cntrl}", "?");
        return t.length() > 200 ? t.substring(0, 200) + "…" : t;
    }

    private void run(Submission s) {
        if (s.ended()) {
            return; // cancelled while queued
        }
        current = s;
        s.started(Thread.currentThread());
        HeadAndTail stdout = new HeadAndTail(STDOUT_KEPT_EACH);
        PrintStream out = new PrintStream(stdout, true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new Lines(s::stderr), true, StandardCharsets.UTF_8);
        Console.Redirect console = Console.redirect(out, err);
        AutoCloseable nodes = null;
        AutoCloseable manifest = null;
        FileNetwork.Confinement networks = FileNetwork.readOnlyUnder(inputs(s.work()));
        int code;
        try {
            nodes = Engines.use(machines.apply(s));
            manifest = Results.onCluster(clusterInfo.get());
            code = command.execute(s.args());
        } catch (RuntimeException e) {
            err.println("icn: the head could not run the command: " + e);
            code = ExitCodes.RUN_FAILED;
        } finally {
            Thread.interrupted(); // a cancellation's interrupt ends with the command, not with the next one
            closeQuietly(manifest);
            closeQuietly(nodes);
            networks.close();
            console.close();
            err.close();
            Logs.closeFile();
            current = null;
        }
        served.incrementAndGet();
        s.ended(s.cancelRequested() && code != ExitCodes.BAD_INPUT ? ExitCodes.CANCELLED : code, stdout.text(), resultsDirectory(s.out()));
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

    /**
     * A command's stdout as the head keeps it: its first and its last {@code each} bytes, and a line saying how many between them
     * were cut, so that a command printing without end cannot fill the head's heap (its results are in files, which stay whole).
     */
    static final class HeadAndTail extends OutputStream {
        private final int each;
        private final ByteArrayOutputStream head = new ByteArrayOutputStream();
        private final byte[] tail;
        private int tailStart;
        private int tailSize;
        private long cut;

        HeadAndTail(int each) {
            this.each = each;
            this.tail = new byte[each];
        }

        @Override
        public synchronized void write(int b) {
            if (head.size() < each) {
                head.write(b);
            } else if (tailSize < each) {
                tail[(tailStart + tailSize++) % each] = (byte) b;
            } else {
                tail[tailStart] = (byte) b; // the oldest byte of the tail is cut
                tailStart = (tailStart + 1) % each;
                cut++;
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) {
                write(b[i]);
            }
        }

        /** What was kept, as text, with the cut marked where it was. */
        synchronized String text() {
            ByteArrayOutputStream all = new ByteArrayOutputStream(head.size() + tailSize + 100);
            all.writeBytes(head.toByteArray());
            if (cut > 0) {
                all.writeBytes(("\n[icn: " + cut + " bytes of stdout cut here; the head keeps the first and the last " + each
                        + " bytes]\n").getBytes(StandardCharsets.UTF_8));
            }
            for (int i = 0; i < tailSize; i++) {
                all.write(tail[(tailStart + i) % each]);
            }
            return all.toString(StandardCharsets.UTF_8);
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
