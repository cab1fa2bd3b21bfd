package icn.launcher.pool;

import icn.launcher.cluster.ClusterCertificates;
import icn.launcher.cluster.HostPort;
import icn.launcher.cluster.LocalWorkers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The head's watch over the workers it started: a worker of this machine whose process ended is started again, one of a host
 * file's hosts that left the cluster is started again over SSH, each a bounded number of times, and every restart is said in the
 * head's log and its audit log.
 */
final class WorkerWatch {

    private final Head.Config config;
    private final LocalWorkers local;
    private final ClusterCertificates certificates;
    private final Supplier<Audit> audit;
    private final Supplier<Set<String>> upWorkers;
    private final BooleanSupplier stopping;

    WorkerWatch(Head.Config config, LocalWorkers local, ClusterCertificates certificates, Supplier<Audit> audit,
            Supplier<Set<String>> upWorkers, BooleanSupplier stopping) {
        this.config = config;
        this.local = local;
        this.certificates = certificates;
        this.audit = audit;
        this.upWorkers = upWorkers;
        this.stopping = stopping;
    }

    /** How often a lost worker of this machine is started again before the head leaves it lost. */
    static final int RESTARTS = 3;

    /**
     * Watches the workers it started: status says {@code degraded} while fewer than {@code started} serve, and a worker of this
     * machine whose process has ended (killed, out of memory, crashed) is started again, at most {@value #RESTARTS} times each,
     * every restart said in the head's log and the audit log.
     */
    void watch(int started, HostPort seed, Consumer<String> say) {
        if (local == null) {
            watchSshWorkers(seed, say);
            return;
        }
        int[] restarts = new int[started];
        Thread watch = new Thread(() -> {
            while (!stopping.getAsBoolean()) {
                List<Process> now = local.processes();
                for (int i = 0; i < now.size() && !stopping.getAsBoolean(); i++) {
                    Process p = now.get(i);
                    if (p.isAlive() || restarts[i] > RESTARTS) {
                        continue;
                    }
                    if (restarts[i] == RESTARTS) {
                        restarts[i]++;
                        String line = String.format("worker %d exited again (exit %d); it was started again %d times: left lost (its log: %s)",
                                i + 1, p.exitValue(), RESTARTS, config.logs().resolve("worker-" + (i + 1) + ".log"));
                        say.accept(line);
                        audit.get().note(line);
                        continue;
                    }
                    restarts[i]++;
                    String line = String.format("worker %d (process %d) exited (exit %d): starting it again, try %d of %d", i + 1, p.pid(),
                            p.exitValue(), restarts[i], RESTARTS);
                    say.accept(line);
                    audit.get().note(line);
                    try {
                        local.restart(i + 1);
                    } catch (java.io.IOException e) {
                        say.accept("worker " + (i + 1) + " could not be started again: " + e.getMessage());
                    }
                }
                Head.sleep(500);
            }
        }, "icn-head-workers");
        watch.setDaemon(true);
        watch.start();
    }

    /**
     * When a lost worker of another host is started again over SSH, counted from when it was found gone: a try after each of these
     * delays, at most as many tries as there are delays. Spaced out, so that a host cut off for a while (a partition, a reboot) is
     * still tried once it answers again.
     */
    static final List<Duration> RELAUNCH_AFTER = List.of(Duration.ofSeconds(5), Duration.ofSeconds(20), Duration.ofSeconds(60));

    /** The SSH start of a lost worker that is under way, if any: ended with the head. */
    private volatile Process relaunching;

    /** The SSH start of a lost worker under way, or null. */
    Process relaunching() {
        return relaunching;
    }

    /**
     * Watches the workers it started on the host file's hosts: one that was a member and is no longer (its JVM killed, its host
     * cut off or rebooted) is started again over SSH as at the start, with the same stores, after each of {@link #RELAUNCH_AFTER}
     * until it is back; every try, its outcome and the worker's return are said in the head's log and the audit log.
     */
    private void watchSshWorkers(HostPort seed, Consumer<String> say) {
        List<HostFile.Host> hostOf = new ArrayList<>();
        List<Integer> jvmOf = new ArrayList<>();
        List<String> addresses = new ArrayList<>();
        for (HostFile.Host h : config.hosts().hosts()) {
            for (int j = 0; j < h.jvms(); j++) {
                hostOf.add(h);
                jvmOf.add(j);
                addresses.add(h.workerAddresses().get(j));
            }
        }
        int n = addresses.size();
        boolean[] seen = new boolean[n];
        long[] goneSince = new long[n];
        int[] tries = new int[n];
        List<String> ssh = SshWorkers.command(config.ssh());
        Thread watch = new Thread(() -> {
            while (!stopping.getAsBoolean()) {
                Set<String> up = upWorkers.get();
                long now = System.nanoTime();
                for (int i = 0; i < n && !stopping.getAsBoolean(); i++) {
                    String a = addresses.get(i);
                    if (up.contains(a)) {
                        if (goneSince[i] != 0 && tries[i] > 0) {
                            note(say, "worker " + a + " is back, started again over SSH (try " + tries[i] + " of " + RELAUNCH_AFTER.size() + ")");
                        }
                        seen[i] = true;
                        goneSince[i] = 0;
                        tries[i] = 0;
                        continue;
                    }
                    if (!seen[i] || tries[i] > RELAUNCH_AFTER.size()) {
                        continue; // never a member (the start said so), or left lost
                    }
                    if (goneSince[i] == 0) {
                        goneSince[i] = now;
                        note(say, "worker " + a + " is no longer a member: it is started again over SSH, at most " + RELAUNCH_AFTER.size()
                                + " tries");
                        continue;
                    }
                    if (tries[i] == RELAUNCH_AFTER.size()) {
                        tries[i]++;
                        note(say, "worker " + a + " did not come back after " + RELAUNCH_AFTER.size() + " tries over SSH: left lost (its"
                                + " log is .icn/logs/ in the emulator's directory on " + hostOf.get(i).ssh() + ")");
                        continue;
                    }
                    if (now - goneSince[i] < RELAUNCH_AFTER.get(tries[i]).toNanos()) {
                        continue;
                    }
                    tries[i]++;
                    note(say, String.format("worker %s: starting it again over %s to %s, try %d of %d", a, ssh.get(0), hostOf.get(i).ssh(),
                            tries[i], RELAUNCH_AFTER.size()));
                    String failed;
                    try {
                        Process p = SshWorkers.launch(hostOf.get(i), jvmOf.get(i), i + 1, ssh, seed, SshWorkers.ownDirectory(),
                                System.getenv("ICN_HEAP"), config.tls(), certificates, config.formationTimeout(), config.keepNetwork());
                        relaunching = p;
                        failed = stopping.getAsBoolean() ? null : SshWorkers.awaited(p, hostOf.get(i).ssh());
                        relaunching = null;
                    } catch (java.io.IOException e) {
                        failed = "cannot run " + String.join(" ", ssh) + ": " + e.getMessage();
                    }
                    if (failed != null && !stopping.getAsBoolean()) {
                        note(say, "worker " + a + ": try " + tries[i] + " failed: " + failed);
                    }
                }
                Head.sleep(1000);
            }
        }, "icn-head-ssh-workers");
        watch.setDaemon(true);
        watch.start();
    }

    /** A line of the head's doing, in its log and the audit log. */
    private void note(Consumer<String> say, String line) {
        say.accept(line);
        audit.get().note(line);
    }
}
