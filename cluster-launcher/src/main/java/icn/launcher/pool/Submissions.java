package icn.launcher.pool;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.ExitCodes;
import icn.protocols.FileNames;
import icn.protocols.InvalidInputException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The head's jobs: each checked when it comes, kept in a directory of its own under the cluster's job store, and run in a process
 * of its own (a {@link JobProcess}) on workers it holds alone, as many at once as the free workers allow: first come, first
 * served, and a later job that fits the free workers starts before an earlier one that does not (backfill). A job holds {@code
 * --jvms K} workers when it says so, one otherwise. Its events (queued, started, every stderr line, end) are kept for whoever
 * follows it; its record, stdout, stderr and results outlive the head, which finds them again when started with the same store.
 * Ended jobs are forgotten by the store's {@link Head.Retention}.
 */
final class Submissions implements AutoCloseable, WorkerLender {

    /**
     * How the head checks a command before it queues it: an InvalidInputException with the line the command would print for a
     * command line its parser refuses (an unknown option, a missing one, a value of the wrong kind).
     */
    @FunctionalInterface
    interface Command {
        void check(List<String> args);
    }

    /** How the head starts a job: in the job's directory, on the workers at {@code workers} (cluster addresses), in a process. */
    @FunctionalInterface
    interface Launcher {
        Launched start(Submission job, List<String> workers) throws IOException;

        /**
         * Checks a job before it is queued: its command run with its files up to where it would make its results directory, with
         * the heaps of {@code workers} (those it would hold); its exit code then (2: bad input), or null when it cannot say.
         */
        default Integer check(Submission job, List<String> workers) {
            return null;
        }
    }

    /**
     * A job started: the process it runs in (killed to cancel it), and its exit code once it has ended, or {@link
     * JobRunners.RunnerDied} when its process ended under it.
     */
    record Launched(Process process, java.util.concurrent.CompletableFuture<Integer> ended) {
    }

    /** A job's stdout and stderr, in its directory. */
    static final String STDOUT = "stdout";
    static final String STDERR = "stderr";
    /** A cancelled job's process that has not ended this long after it was asked to is killed. */
    static final java.time.Duration CANCEL_KILL_AFTER = java.time.Duration.ofSeconds(3);
    /** A job that prints more than this on stdout is cancelled (its results are files; stdout is what it says of them). */
    static final long MAX_STDOUT_BYTES = 64L << 20;

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
    private final Supplier<List<String>> serving;
    private final Launcher launcher;
    private final Supplier<ObjectNode> clusterInfo;
    private final Path runs;
    private final Head.Retention retention;
    private final java.util.function.Consumer<String> log;
    private final Map<String, Submission> all = new LinkedHashMap<>();
    /** Which job holds each worker (by its cluster address). */
    private final Map<String, String> held = new LinkedHashMap<>();
    private final Object wake = new Object();
    /** The workers that served when the scheduler last looked. */
    private volatile List<String> lastServing = List.of();
    private final AtomicLong ids = new AtomicLong();
    private final AtomicLong served = new AtomicLong();
    private final Thread scheduler;
    private volatile boolean closing;

    /**
     * Jobs kept in {@code runs} (the job store: one directory per job, named by its number), started by {@code launcher} on the
     * workers {@code serving} names; what a head found there from before is listed again, an unfinished job as lost.
     */
    Submissions(Command command, Supplier<List<String>> serving, Launcher launcher, Supplier<ObjectNode> clusterInfo, Path runs,
            Head.Retention retention, java.util.function.Consumer<String> log) {
        this.command = command;
        this.serving = serving;
        this.launcher = launcher;
        this.clusterInfo = clusterInfo;
        this.runs = runs;
        this.retention = retention;
        this.log = log;
        loadKept();
        forgetOld();
        scheduler = new Thread(this::scheduleLoop, "icn-jobs");
        scheduler.setDaemon(true);
        scheduler.start();
    }

    private void loadKept() {
        List<Path> dirs;
        try (Stream<Path> list = Files.list(runs)) {
            dirs = list.filter(d -> d.getFileName().toString().matches("[0-9]{1,18}") && Files.isRegularFile(d.resolve(Submission.RECORD)))
                    .sorted(Comparator.comparingLong(d -> Long.parseLong(d.getFileName().toString()))).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the job store " + runs + " (" + e.getClass().getSimpleName() + ")", e);
        }
        for (Path d : dirs) {
            try {
                Submission s = Submission.load(d);
                all.put(s.id(), s);
                ids.set(Math.max(ids.get(), Long.parseLong(s.id())));
                if (s.state() == Submission.State.LOST) {
                    log.accept("job " + s.id() + " is lost: " + s.reason());
                }
            } catch (IOException | RuntimeException e) {
                log.accept("job store: " + d.getFileName() + " is not a job's record that can be read (" + e.getClass().getSimpleName()
                        + "); left as it is");
            }
        }
    }

    /**
     * Queues a command line; its files are written next to it and its arguments pointed at them. Refused as bad input, in one line
     * naming nothing of the head's: a command that is not an experiment, too many or too long arguments or files, a file's path
     * that names no file, a path the command line names that it did not send, and more workers than the cluster has. What the
     * manifest and the status show is what the job runs, never what the submitter says it typed.
     */
    Submission submit(List<String> args, List<Upload> uploads) {
        return submit(args, uploads, DEFAULT_OUT);
    }

    /** The {@code --out} a submission's results are named under when its submitter names none: a local run's default. */
    static final String DEFAULT_OUT = "results";

    /**
     * As above, the job's results named under {@code shownOut}, the {@code --out} its submitter typed (where it writes them), and
     * its files by the paths they were sent by: what the job prints and records names nothing of the head's, and comes back as it
     * is. Only names: the job writes and reads in its own directory.
     */
    Submission submit(List<String> args, List<Upload> uploads, String typedOut) {
        if (closing) {
            throw new IllegalStateException("the cluster is stopping");
        }
        String shownOut = checkShownOut(typedOut);
        List<String> rewritten = new ArrayList<>(SubmitArgs.withoutClusterAndOut(checkArgs(args)));
        checkCommand(rewritten);
        List<String> names = checkUploads(uploads);
        checkNamesOnlyWhatItSent(rewritten, uploads);
        command.check(rewritten);
        int wanted = workersWanted(rewritten);
        int workers = serving.get().size();
        if (wanted > Math.max(1, workers)) {
            throw new InvalidInputException("--jvms " + wanted + ": the cluster has " + workers + " worker" + (workers == 1 ? "" : "s")
                    + " (a job holds K workers for --jvms K, one otherwise)");
        }
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
        refuseWhatItsCheckRefuses(s, wanted, shownOut);
        synchronized (all) {
            all.put(id, s);
            s.queued(queued() - 1 + running().size()); // jobs ahead of it: those waiting, and those running
        }
        s.save();
        wake();
        return s;
    }

    /**
     * Runs the job's check (its command, in a runner, up to where it would write anything) and refuses it with the command's own
     * line when that is bad input: the network, the options, the files and the heap against the workers it would hold, as the
     * command checks them. Nothing of it is kept then.
     */
    private void refuseWhatItsCheckRefuses(Submission s, int wanted, String shownOut) {
        try {
            Files.write(s.work().resolve(JobProcess.COMMAND_FILE), Submission.JSON.writeValueAsBytes(s.args()));
            ObjectNode names = Submission.JSON.createObjectNode();
            names.put("out", s.out().toString());
            names.put("shownOut", shownOut);
            ArrayNode files = names.putArray("inputs");
            s.inputs().forEach(in -> files.addObject().put("path", in.path()).put("given", in.given()));
            Files.write(s.work().resolve(JobProcess.NAMES_FILE), Submission.JSON.writeValueAsBytes(names));
            Files.write(s.work().resolve(JobProcess.CLUSTER_FILE), Submission.JSON.writeValueAsBytes(clusterInfo.get()));
        } catch (IOException e) {
            delete(s.work());
            throw new UncheckedIOException("cannot keep the submission's files on the head (" + e.getClass().getSimpleName() + ")", e);
        }
        List<String> now = serving.get();
        Integer code = launcher.check(s, now.subList(0, Math.min(wanted, now.size())));
        Path err = s.work().resolve(JobProcess.CHECK_ERR);
        String line = null;
        try {
            if (Files.exists(err)) {
                for (String l : Files.readAllLines(err, StandardCharsets.UTF_8)) {
                    if (l.startsWith("icn: ")) {
                        line = l.substring("icn: ".length());
                    }
                }
            }
            Files.deleteIfExists(err);
            Files.deleteIfExists(s.work().resolve(JobProcess.CHECK_OUT));
        } catch (IOException | java.io.UncheckedIOException e) {
            // what the check printed is not the job's; a file left is harmless
        }
        if (code != null && code == ExitCodes.BAD_INPUT) {
            delete(s.work());
            throw new InvalidInputException(line != null ? line : "the command refused its input (exit 2)");
        }
    }

    /** How many workers a job holds: K for {@code --jvms K} (one run spread over K JVMs), else one. */
    static int workersWanted(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                break;
            }
            String value = a.equals("--jvms") && i + 1 < args.size() ? args.get(i + 1) : a.startsWith("--jvms=") ? a.substring(7) : null;
            if (value != null) {
                try {
                    return Math.max(1, Integer.parseInt(value.strip()));
                } catch (NumberFormatException e) {
                    return 1; // the command's parser has refused it already
                }
            }
        }
        return 1;
    }

    /** Where a submission's files are: the only place its command reads a network file from. */
    private static Path inputs(Path work) {
        return work.resolve("in");
    }

    /** The longest {@code out} a submission may name its results under. */
    static final int MAX_OUT_CHARS = 4096;

    /**
     * The {@code --out} a submitter typed, used only to name its job's results in what the job prints and records: one line of at
     * most {@value #MAX_OUT_CHARS} characters, without control characters.
     */
    static String checkShownOut(String out) {
        if (out == null || out.isBlank()) {
            return DEFAULT_OUT;
        }
        if (out.length() > MAX_OUT_CHARS || out.chars().anyMatch(Character::isISOControl)) {
            throw new InvalidInputException("\"out\" must be one line of at most " + MAX_OUT_CHARS + " characters without control"
                    + " characters: the --out the results are named under");
        }
        return out;
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

    private void wake() {
        synchronized (wake) {
            wake.notifyAll();
        }
    }

    private void scheduleLoop() {
        while (!closing) {
            try {
                schedule();
            } catch (RuntimeException e) {
                log.accept("the job scheduler: " + e);
            }
            synchronized (wake) {
                try {
                    wake.wait(500);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /**
     * Starts every waiting job that the free workers hold, in the order they came; one that does not fit lets a later one that
     * does start first (backfill).
     */
    private void schedule() {
        List<String> now = serving.get();
        lastServing = now;
        List<Map.Entry<Submission, List<String>>> starting = new ArrayList<>();
        synchronized (all) {
            held.keySet().removeIf(w -> !now.contains(w) && !running(held.get(w)));
            List<String> free = new ArrayList<>(now);
            free.removeAll(held.keySet());
            for (Submission s : all.values()) {
                if (closing || free.isEmpty()) {
                    break;
                }
                if (s.state() != Submission.State.QUEUED || s.dispatched) {
                    continue;
                }
                int k = workersWanted(s.args());
                if (k <= free.size()) {
                    List<String> take = List.copyOf(free.subList(0, k));
                    free.removeAll(take);
                    take.forEach(w -> held.put(w, s.id()));
                    s.dispatched = true;
                    starting.add(Map.entry(s, take));
                }
            }
        }
        for (Map.Entry<Submission, List<String>> e : starting) {
            Thread t = new Thread(() -> run(e.getKey(), e.getValue()), "icn-job-" + e.getKey().id());
            t.setDaemon(true);
            t.start();
        }
    }

    /**
     * Lends up to {@code n} free workers to running job {@code jobId} for one run each of its sweep: none while a job waits (the
     * workers given back go to it first, so that sweeps cannot starve a job that waits for several), none to a job that is not
     * running.
     */
    @Override
    public List<String> lease(String jobId, int n) {
        List<String> lent = new ArrayList<>();
        synchronized (all) {
            if (closing || !running(jobId)) {
                return lent;
            }
            List<String> free = new ArrayList<>(lastServing);
            free.removeAll(held.keySet());
            for (Submission s : all.values()) {
                if (s.state() == Submission.State.QUEUED && !s.dispatched) {
                    wake(); // the workers given back go to the waiting jobs first, so that a sweep does not starve them
                    return lent;
                }
            }
            for (String w : free) {
                if (lent.size() == n) {
                    break;
                }
                held.put(w, jobId);
                lent.add(w);
            }
        }
        return lent;
    }

    /** A worker lent to {@code jobId} is free again, unless it is not that job's to give back. */
    @Override
    public void release(String jobId, String worker) {
        synchronized (all) {
            Submission s = all.get(jobId);
            if (jobId.equals(held.get(worker)) && (s == null || !s.workers().contains(worker))) {
                held.remove(worker);
            }
        }
        wake();
    }

    private boolean running(String id) {
        Submission s = all.get(id);
        return s != null && !s.ended();
    }

    /** Runs a job's process on {@code workers} to its end, following its stderr as events; the workers are free again after. */
    private void run(Submission s, List<String> workers) {
        Process p = null;
        String why = null;
        int code;
        try (Tail err = new Tail(s.work().resolve(STDERR), s::stderr)) {
            Files.write(s.work().resolve(JobProcess.COMMAND_FILE), Submission.JSON.writeValueAsBytes(s.args()));
            Files.write(s.work().resolve(JobProcess.CLUSTER_FILE), Submission.JSON.writeValueAsBytes(clusterInfo.get()));
            if (s.ended()) {
                return; // cancelled while it was being started
            }
            Launched job = launcher.start(s, workers);
            p = job.process();
            s.started(p, workers);
            log.accept("job " + s.id() + " started on " + String.join(", ", workers) + " (process " + p.pid() + ")");
            if (s.cancelRequested()) {
                s.cancel(s.cancelled());
            }
            Path stdout = s.work().resolve(STDOUT);
            Integer ended = null;
            while (ended == null) {
                try {
                    ended = job.ended().get(100, TimeUnit.MILLISECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    err.poll();
                    if (Files.exists(stdout) && Files.size(stdout) > MAX_STDOUT_BYTES && !s.cancelRequested()) {
                        s.cancel("it printed more than " + (MAX_STDOUT_BYTES >> 20) + " MiB on stdout");
                    }
                } catch (java.util.concurrent.ExecutionException e) {
                    JobRunners.RunnerDied died = e.getCause() instanceof JobRunners.RunnerDied d ? d
                            : new JobRunners.RunnerDied(ExitCodes.RUN_FAILED, String.valueOf(e.getCause()));
                    ended = died.exitCode;
                    why = s.cancelRequested() ? null : reason(died.exitCode, died.getMessage());
                }
            }
            err.poll();
            code = ended;
            if (why == null && code != ExitCodes.OK && code != ExitCodes.BAD_INPUT && !s.cancelRequested()) {
                why = reason(code, err.last());
            }
        } catch (IOException e) {
            code = ExitCodes.RUN_FAILED;
            why = "its process could not be started (" + e.getClass().getSimpleName() + ")";
            s.stderr("icn: the head could not start the job's process (" + e.getClass().getSimpleName() + ")");
        } catch (InterruptedException e) {
            if (p != null) {
                p.destroyForcibly();
            }
            code = ExitCodes.CANCELLED;
            why = "the head stopped while it ran";
        } finally {
            synchronized (all) {
                held.values().removeIf(s.id()::equals);
            }
        }
        served.incrementAndGet();
        int shown = s.cancelRequested() && code != ExitCodes.BAD_INPUT ? ExitCodes.CANCELLED : code;
        s.ended(shown, stdoutOf(s.work()), resultsDirectory(s.out()), why);
        log.accept("job " + s.id() + " ended: " + s.state().key() + ", exit " + shown + (why == null ? "" : " (" + why + ")")
                + (s.cancelled() == null ? "" : " (" + s.cancelled() + ")"));
        forgetOld();
        wake();
    }

    /** Why a job's process failed, in one line: what it said last, or how it ended. */
    static String reason(int code, String lastLine) {
        String how = code > 128 && code < 160 ? "its process was killed (signal " + (code - 128) + ")" : "exit code " + code;
        if (lastLine == null || lastLine.isBlank()) {
            return how;
        }
        String said = lastLine.length() > 300 ? lastLine.substring(0, 300) + "…" : lastLine;
        return said.contains("OutOfMemoryError") || said.toLowerCase(java.util.Locale.ROOT).contains("out of memory")
                || said.toLowerCase(java.util.Locale.ROOT).contains("heap") ? "out of memory: " + said : said + " (" + how + ")";
    }

    /** What a job printed on stdout, as the head shows it: its first and last {@value #STDOUT_KEPT_EACH} bytes. */
    static String stdoutOf(Path work) {
        Path file = work.resolve(STDOUT);
        if (!Files.isRegularFile(file)) {
            return "";
        }
        HeadAndTail kept = new HeadAndTail(STDOUT_KEPT_EACH);
        try (java.io.InputStream in = Files.newInputStream(file)) {
            in.transferTo(kept);
        } catch (IOException e) {
            // what was read is shown
        }
        return kept.text();
    }

    /** The one directory the command made under its {@code --out}, or null (bad input makes none). */
    static String resultsDirectory(Path out) {
        if (!Files.isDirectory(out)) {
            return null;
        }
        try (Stream<Path> dirs = Files.list(out)) {
            return dirs.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().findFirst().orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    /** Forgets the ended jobs the retention does not keep (the oldest beyond its count, those older than its age), with their files. */
    private void forgetOld() {
        List<Submission> old = new ArrayList<>();
        java.time.Instant cutoff = java.time.Instant.now().minus(retention.age());
        synchronized (all) {
            List<Submission> ended = all.values().stream().filter(Submission::ended).toList();
            for (int i = 0; i < ended.size(); i++) {
                Submission s = ended.get(i);
                java.time.Instant at = s.endedAt();
                if (i < ended.size() - retention.jobs() || (at != null && at.isBefore(cutoff))) {
                    old.add(s);
                    all.remove(s.id());
                }
            }
        }
        old.forEach(s -> delete(s.work()));
    }

    /**
     * A file another process writes, read as it grows: each whole line is handed to {@code sink} (the job's stderr, as its
     * events), the last one kept for the job's reason.
     */
    static final class Tail implements AutoCloseable {
        private final Path file;
        private final Lines lines;
        private final java.util.concurrent.atomic.AtomicReference<String> last = new java.util.concurrent.atomic.AtomicReference<>();
        private long read;

        Tail(Path file, java.util.function.Consumer<String> sink) {
            this.file = file;
            this.lines = new Lines(line -> {
                last.set(line);
                sink.accept(line);
            });
        }

        void poll() throws IOException {
            if (!Files.exists(file)) {
                return;
            }
            try (java.nio.channels.FileChannel in = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.READ)) {
                java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocate(64 * 1024);
                int n;
                while ((n = in.read(buffer, read)) > 0) {
                    read += n;
                    lines.write(buffer.array(), 0, n);
                    buffer.clear();
                }
            }
        }

        String last() {
            return last.get();
        }

        @Override
        public void close() {
            lines.close();
        }
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

    /** The jobs kept, in the order they came, from the one after {@code after} (null: the first), at most {@code limit}. */
    List<Submission> page(String after, int limit) {
        long from = after == null ? Long.MIN_VALUE : Long.parseLong(after);
        synchronized (all) {
            return all.values().stream().filter(s -> Long.parseLong(s.id()) > from).limit(limit).toList();
        }
    }

    /** How many jobs the store keeps. */
    int kept() {
        synchronized (all) {
            return all.size();
        }
    }

    /** The jobs running now. */
    List<Submission> running() {
        synchronized (all) {
            return all.values().stream().filter(s -> s.state() == Submission.State.RUNNING).toList();
        }
    }

    /** Which job holds each worker now (cluster address to job id). */
    Map<String, String> held() {
        synchronized (all) {
            return Map.copyOf(held);
        }
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

    /** Cancels every job (a running one's process is ended), waits a bounded time for them to end; their records stay. */
    @Override
    public void close() {
        closing = true;
        wake();
        recent().forEach(s -> s.cancel(ClusterClient.STOPPING));
        long deadline = System.nanoTime() + CANCEL_KILL_AFTER.plusSeconds(5).toNanos();
        while (!running().isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
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
