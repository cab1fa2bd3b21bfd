package icn.launcher.pool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.ExitCodes;
import icn.protocols.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

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

    /** A cancelled job's process that has not ended this long after it was asked to is killed. */
    static final java.time.Duration CANCEL_KILL_AFTER = java.time.Duration.ofSeconds(3);

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
        for (Submission s : Submission.loadStore(runs, log)) {
            all.put(s.id(), s);
            ids.set(Math.max(ids.get(), Long.parseLong(s.id())));
        }
        forgetOld();
        scheduler = new Thread(this::scheduleLoop, "icn-jobs");
        scheduler.setDaemon(true);
        scheduler.start();
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
        String shownOut = SubmissionChecks.checkShownOut(typedOut);
        List<String> rewritten = new ArrayList<>(SubmitArgs.withoutClusterAndOut(SubmissionChecks.checkArgs(args)));
        SubmissionChecks.checkCommand(rewritten);
        List<String> names = SubmissionChecks.checkUploads(uploads);
        SubmissionChecks.checkNamesOnlyWhatItSent(rewritten, uploads);
        command.check(rewritten);
        int wanted = SubmissionChecks.workersWanted(rewritten);
        int workers = serving.get().size();
        if (wanted > Math.max(1, workers)) {
            throw new InvalidInputException("--jvms " + wanted + ": the cluster has " + workers + " worker" + (workers == 1 ? "" : "s")
                    + " (a job holds K workers for --jvms K, one otherwise)");
        }
        String id = Long.toString(ids.incrementAndGet());
        Path work = runs.resolve(id);
        List<Submission.Input> inputs = JobFiles.writeInputs(work, uploads, names, rewritten);
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
        JobFiles.writeManifest(s, shownOut, clusterInfo.get());
        List<String> now = serving.get();
        Integer code = launcher.check(s, now.subList(0, Math.min(wanted, now.size())));
        String line = JobFiles.checkLine(s.work());
        if (code != null && code == ExitCodes.BAD_INPUT) {
            icn.protocols.FileTrees.deleteQuietly(s.work());
            throw new InvalidInputException(line != null ? line : "the command refused its input (exit 2)");
        }
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
                int k = SubmissionChecks.workersWanted(s.args());
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
        try (JobFiles.Tail err = new JobFiles.Tail(s.work().resolve(JobFiles.STDERR), s::stderr)) {
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
            Path stdout = s.work().resolve(JobFiles.STDOUT);
            Integer ended = null;
            while (ended == null) {
                try {
                    ended = job.ended().get(100, TimeUnit.MILLISECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    err.poll();
                    if (Files.exists(stdout) && Files.size(stdout) > JobFiles.MAX_STDOUT_BYTES && !s.cancelRequested()) {
                        s.cancel("it printed more than " + (JobFiles.MAX_STDOUT_BYTES >> 20) + " MiB on stdout");
                    }
                } catch (java.util.concurrent.ExecutionException e) {
                    JobRunners.RunnerDied died = e.getCause() instanceof JobRunners.RunnerDied d ? d
                            : new JobRunners.RunnerDied(ExitCodes.RUN_FAILED, String.valueOf(e.getCause()));
                    ended = died.exitCode;
                    why = s.cancelRequested() ? null : JobFiles.reason(died.exitCode, died.getMessage());
                }
            }
            err.poll();
            code = ended;
            if (why == null && code != ExitCodes.OK && code != ExitCodes.BAD_INPUT && !s.cancelRequested()) {
                why = JobFiles.reason(code, err.last());
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
        s.ended(shown, JobFiles.stdoutOf(s.work()), JobFiles.resultsDirectory(s.out()), why);
        log.accept("job " + s.id() + " ended: " + s.state().key() + ", exit " + shown + (why == null ? "" : " (" + why + ")")
                + (s.cancelled() == null ? "" : " (" + s.cancelled() + ")"));
        forgetOld();
        wake();
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
        old.forEach(s -> icn.protocols.FileTrees.deleteQuietly(s.work()));
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
        recent().forEach(s -> s.cancel(FollowedJob.STOPPING));
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

}
