package icn.launcher.pool;

import icn.launcher.output.Console;
import icn.protocols.topology.FileNetwork;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Jobs of the head's unit tests: a job's "process" is a thread of the test's JVM that runs {@code body} with the job's stdout
 * and stderr files as its console and its files confined to its directory, as {@link JobProcess} confines them. Destroying it
 * interrupts the thread (a body that sleeps ends with 130). The tests of real job processes are the cluster's ITs.
 */
final class FakeJobs implements Submissions.Launcher {

    /** What a job does: its console and arguments in, its exit code out. */
    @FunctionalInterface
    interface Body {
        int run(Console console, List<String> args) throws InterruptedException;
    }

    private final Body body;

    FakeJobs(Body body) {
        this.body = body;
    }

    @Override
    public Submissions.Launched start(Submission job, List<String> workers) throws IOException {
        java.util.concurrent.CompletableFuture<Integer> ended = new java.util.concurrent.CompletableFuture<>();
        return new Submissions.Launched(new ThreadProcess(job, body, ended), ended);
    }

    /** A job run by a thread, with the face of a process. */
    private static final class ThreadProcess extends Process {
        private final Thread thread;
        private volatile int exit = -1;

        ThreadProcess(Submission job, Body body, java.util.concurrent.CompletableFuture<Integer> ended) throws IOException {
            Path work = job.work();
            PrintStream out = new PrintStream(new FileOutputStream(work.resolve(JobFiles.STDOUT).toFile(), true), true, StandardCharsets.UTF_8);
            PrintStream err = new PrintStream(new FileOutputStream(work.resolve(JobFiles.STDERR).toFile(), true), true, StandardCharsets.UTF_8);
            thread = new Thread(() -> {
                int code;
                // on this job's thread only: a job left running when its test ends must not confine the next test class in this JVM
                FileNetwork.Confinement files = FileNetwork.readOnlyUnderOnThisThread(work.resolve("in"));
                try {
                    code = body.run(new Console(out, err, false), job.args());
                } catch (InterruptedException e) {
                    code = 130;
                } catch (RuntimeException e) {
                    err.println("icn: " + e);
                    code = 1;
                } finally {
                    files.close();
                    out.close();
                    err.close();
                }
                exit = code;
                ended.complete(code);
            }, "fake-job-" + job.id());
            thread.start();
        }

        @Override
        public OutputStream getOutputStream() {
            return OutputStream.nullOutputStream();
        }

        @Override
        public InputStream getInputStream() {
            return InputStream.nullInputStream();
        }

        @Override
        public InputStream getErrorStream() {
            return InputStream.nullInputStream();
        }

        @Override
        public int waitFor() throws InterruptedException {
            thread.join();
            return exit;
        }

        @Override
        public boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
            thread.join(Math.max(1, unit.toMillis(timeout)));
            return !thread.isAlive();
        }

        @Override
        public int exitValue() {
            if (thread.isAlive()) {
                throw new IllegalThreadStateException("running");
            }
            return exit;
        }

        @Override
        public void destroy() {
            thread.interrupt();
        }

        @Override
        public boolean isAlive() {
            return thread.isAlive();
        }

        @Override
        public long pid() {
            return ProcessHandle.current().pid();
        }
    }
}
