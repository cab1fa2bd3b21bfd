package icn.launcher.pool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * The head's job runners ({@link JobProcess}): processes of this machine, each joined to the cluster, each running one job at a
 * time. A job takes an idle runner (warm: its code compiled, its member joined) or a new one; a runner whose job ended by itself
 * waits for the next; one that was cancelled, ran out of memory or died is gone, and the next job gets a new one. One runner is
 * started with the head, so that the first job does not wait for a JVM to start and join.
 */
final class JobRunners implements Submissions.Launcher, AutoCloseable {

    /** Why a job's runner ended under it: its exit code and what it said last. */
    static final class RunnerDied extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int exitCode;

        RunnerDied(int exitCode, String reason) {
            super(reason, null, false, false);
            this.exitCode = exitCode;
        }
    }

    /** How a runner is started: its command, and the cluster address it will have. */
    record Start(ProcessBuilder command, icn.launcher.cluster.HostPort address) {
    }

    /** One runner: its process, its stdin (jobs in), its answers (jobs ended), its log. */
    private final class Runner {
        final Process process;
        final icn.launcher.cluster.HostPort address;
        final OutputStream jobs;
        final Path log;
        volatile CompletableFuture<Integer> current;
        /** The job it runs now. */
        volatile String jobId;
        /** What it printed on stdout besides its answers: the JVM's own last words go there (an out-of-memory exit's line). */
        final java.util.Deque<String> said = new java.util.ArrayDeque<>();

        Runner(Process process, icn.launcher.cluster.HostPort address, Path log) {
            this.process = process;
            this.address = address;
            this.jobs = process.getOutputStream();
            this.log = log;
            Thread reader = new Thread(this::read, "icn-runner-" + process.pid());
            reader.setDaemon(true);
            reader.start();
        }

        private void read() {
            try (BufferedReader answers = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = answers.readLine()) != null) {
                    CompletableFuture<Integer> job = current;
                    if (line.startsWith(JobProcess.LEASE) && job != null) {
                        int n = Integer.parseInt(line.substring(JobProcess.LEASE.length()).strip());
                        send(JobProcess.LEASED + Submission.JSON.valueToTree(leaser.lease(jobId, n)));
                    } else if (line.startsWith(JobProcess.RELEASE)) {
                        leaser.release(jobId, line.substring(JobProcess.RELEASE.length()).strip());
                    } else if (line.startsWith(JobProcess.CHECKED) && job != null) {
                        current = null;
                        job.complete(Integer.parseInt(line.substring(JobProcess.CHECKED.length()).strip()));
                    } else if (!line.startsWith(JobProcess.ENDED)) {
                        synchronized (said) {
                            said.addLast(line.length() > 400 ? line.substring(0, 400) : line);
                            if (said.size() > 20) {
                                said.removeFirst();
                            }
                        }
                    } else if (job != null) {
                        current = null;
                        int code = Integer.parseInt(line.substring(JobProcess.ENDED.length()).strip());
                        synchronized (JobRunners.this) {
                            if (!closing && process.isAlive()) {
                                idle.push(this);
                            }
                        }
                        job.complete(code);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // the runner is gone: said below
            }
            int exit;
            try {
                exit = process.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                exit = -1;
            }
            synchronized (JobRunners.this) {
                idle.remove(this);
                all.remove(this);
                if (checker == this) {
                    checker = null;
                }
            }
            gone.accept(address); // its member is downed now, not after failure detection: its runs' hosts are stopped at once
            CompletableFuture<Integer> job = current;
            if (job != null) {
                List<String> stdout;
                synchronized (said) {
                    stdout = List.copyOf(said);
                }
                job.completeExceptionally(new RunnerDied(exit, lastWords(stdout, log)));
            }
        }

        void send(String line) throws IOException {
            jobs.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            jobs.flush();
        }
    }

    private volatile WorkerLender leaser = new WorkerLender() {
        @Override
        public List<String> lease(String jobId, int n) {
            return List.of();
        }

        @Override
        public void release(String jobId, String worker) {
        }
    };

    /** Who lends workers to the runners' jobs from now on. */
    void lendFrom(WorkerLender lender) {
        this.leaser = lender;
    }

    private final IntFunction<Start> starter;
    private final java.util.function.Consumer<icn.launcher.cluster.HostPort> gone;
    private final java.util.function.IntSupplier clusterSize;
    private final Path logs;
    private final Deque<Runner> idle = new ArrayDeque<>();
    private final List<Runner> all = new ArrayList<>();
    private int made;
    private volatile boolean closing;

    /**
     * Runners started by {@code starter} (given the runner's number), each logging to {@code logs}/runner-N.log; {@code gone} is told
     * the address of a runner whose process has ended.
     */
    JobRunners(IntFunction<Start> starter, java.util.function.Consumer<icn.launcher.cluster.HostPort> gone,
            java.util.function.IntSupplier clusterSize, Path logs) {
        this.starter = starter;
        this.clusterSize = clusterSize;
        this.gone = gone;
        this.logs = logs;
    }

    /** Starts a runner that waits for a job, and the checker (a runner of its own for jobs' checks). */
    synchronized void prestart() throws IOException {
        idle.push(launch());
        checker = launch();
    }

    /** The runner that checks jobs before they are queued, one at a time; started again when it has died. */
    private Runner checker;
    /** How long a check may take before the job is queued unchecked (its run refuses it then, as before). */
    static final java.time.Duration CHECK_LIMIT = java.time.Duration.ofSeconds(20);

    @Override
    public Integer check(Submission job, List<String> workers) {
        CompletableFuture<Integer> checked = new CompletableFuture<>();
        Runner r;
        synchronized (this) {
            if (closing) {
                return null;
            }
            try {
                if (checker == null || !checker.process.isAlive()) {
                    checker = launch();
                }
            } catch (IOException e) {
                return null;
            }
            r = checker;
        }
        synchronized (r) { // one check at a time on the checker
            r.current = checked;
            r.jobId = null;
            ObjectNode line = Submission.JSON.createObjectNode();
            line.put("check", true);
            line.put("dir", job.work().toString());
            line.set("workers", Submission.JSON.valueToTree(workers));
            try {
                r.send(line.toString());
                return checked.get(CHECK_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (IOException | java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                if (e instanceof java.util.concurrent.TimeoutException) {
                    r.process.destroyForcibly(); // a check that takes this long is no check: the next one gets a new checker
                }
                return null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
    }

    private synchronized Runner launch() throws IOException {
        int number = ++made;
        Path log = logs.resolve("runner-" + number + ".log");
        Start start = starter.apply(number);
        Process p = start.command().redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        Runner r = new Runner(p, start.address(), log);
        all.add(r);
        return r;
    }

    @Override
    public Submissions.Launched start(Submission job, List<String> workers) throws IOException {
        Runner r;
        synchronized (this) {
            if (closing) {
                throw new IOException("the cluster is stopping");
            }
            Runner warm = idle.poll();
            while (warm != null && !warm.process.isAlive()) {
                warm = idle.poll();
            }
            r = warm != null ? warm : launch();
        }
        CompletableFuture<Integer> ended = new CompletableFuture<>();
        r.current = ended;
        r.jobId = job.id();
        ObjectNode line = Submission.JSON.createObjectNode();
        line.put("dir", job.work().toString());
        line.set("workers", Submission.JSON.valueToTree(workers));
        line.put("clusterSize", clusterSize.getAsInt());
        r.send(line.toString());
        return new Submissions.Launched(r.process, ended);
    }

    /** How many runners are alive, and how many of them wait for a job. */
    synchronized int[] counts() {
        return new int[] {all.size(), idle.size()};
    }

    /**
     * The last lines a runner wrote ({@code stdout}, besides its answers, then its log, which is its stderr), as one reason: an
     * out-of-memory exit's line if there is one, else its last line starting with "icn".
     */
    static String lastWords(List<String> stdout, Path log) {
        try {
            List<String> lines = new ArrayList<>(Files.exists(log) ? Files.readAllLines(log, StandardCharsets.ISO_8859_1) : List.of());
            lines.addAll(stdout);
            for (int i = lines.size() - 1; i >= Math.max(0, lines.size() - 40); i--) {
                String l = lines.get(i);
                if (l.contains("OutOfMemoryError") || l.contains("out of heap") || l.contains("GC overhead")) {
                    return l.strip();
                }
            }
            for (int i = lines.size() - 1; i >= Math.max(0, lines.size() - 40); i--) {
                if (lines.get(i).startsWith("icn")) {
                    return lines.get(i).strip();
                }
            }
            return null;
        } catch (IOException e) {
            return null;
        }
    }

    /** Ends every runner: its stdin closed (it leaves the cluster and exits), killed if still there a few seconds later. */
    @Override
    public void close() {
        List<Runner> now;
        synchronized (this) {
            closing = true;
            now = List.copyOf(all);
            idle.clear();
        }
        for (Runner r : now) {
            try {
                r.jobs.close();
            } catch (IOException e) {
                // gone already
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(6);
        for (Runner r : now) {
            try {
                if (!r.process.waitFor(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                    r.process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                r.process.destroyForcibly();
            }
        }
    }
}
