package icn.launcher.pool;

import akka.actor.Address;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import akka.cluster.Member;
import akka.cluster.typed.Cluster;
import akka.cluster.typed.Join;
import akka.cluster.typed.Leave;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.Version;
import icn.launcher.cluster.ActorSystems;
import icn.launcher.cluster.ClusterCertificates;
import icn.launcher.cluster.ClusterException;
import icn.launcher.cluster.HostPort;
import icn.launcher.cluster.LocalWorkers;
import icn.launcher.cluster.Tls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import java.util.stream.StreamSupport;

/**
 * The head of a standing cluster: the member with the coordinator role, which holds no node actor itself. It starts the workers
 * (JVMs of this machine, or on the hosts of a host file over SSH), waits a bounded time for them to join, serves the HTTP API,
 * runs submitted commands as jobs on the workers (warm JVMs: compiled code, no formation; {@link Submissions}), starts lost
 * workers again ({@link WorkerWatch}), and on stop has every worker leave and exit before it exits itself. What it knows of the
 * members it asks {@link HeadMembers}.
 */
public final class Head {

    /** How a head is started: where it and its API listen, its workers, SSH, TLS, how long formation may take, where logs go. */
    public record Config(HostPort bind, HostPort advertise, HostPort api, int localWorkers, HostFile hosts, String ssh, Tls.Mode tls,
            Duration formationTimeout, Path logs, boolean record, Duration keepNetwork, Retention retention) {
    }

    /** Which ended jobs the head's job store keeps: the last {@code jobs}, none that ended more than {@code age} ago. */
    public record Retention(int jobs, Duration age) {
        public static final Retention DEFAULT = new Retention(1000, Duration.ofDays(30));
    }

    /** How the head checks a submitted command line before it queues it (the launcher's own parser). */
    public interface Command extends Submissions.Command {
    }

    /** The commands a standing cluster runs as jobs (the experiments). */
    public static Set<String> submittable() {
        return SubmissionChecks.SUBMITTABLE;
    }

    /** The directory of the head's job store, under the emulator's home: every job's record, output and results. */
    public static Path jobStore() {
        return ClusterRecord.home().resolve("jobs");
    }

    private static final Duration ASK = Duration.ofSeconds(5);
    private static final Duration LEAVE_LIMIT = Duration.ofSeconds(30);
    /** On SIGTERM the workers are told to leave, and this machine's are stopped by their own hook: the head waits only this long. */
    private static final Duration LEAVE_LIMIT_AT_EXIT = Duration.ofSeconds(3);

    private final Config config;
    private final ActorSystem<Void> system;
    private final LocalWorkers local;
    private final Instant started = Instant.now();
    private final String token;
    private final Path runs;
    private final ClusterCertificates certificates;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile Submissions submissions;
    private volatile JobRunners runners;
    private volatile ApiServer api;
    private volatile Audit audit;
    /** How many workers the head started: fewer serving is a degraded cluster. */
    private volatile int workersStarted;
    private volatile boolean stopping;
    private final WorkerWatch watch;
    /** The cluster's members as this head sees them. */
    private final HeadMembers members;

    private Head(Config config, ActorSystem<Void> system, LocalWorkers local, String token, Path runs, ClusterCertificates certificates) {
        this.config = config;
        this.certificates = certificates;
        this.system = system;
        this.local = local;
        this.token = token;
        this.runs = runs;
        this.members = new HeadMembers(system, ASK);
        this.watch = new WorkerWatch(config, local, certificates, () -> audit, () -> members.upWorkers(), () -> stopping);
    }

    /**
     * Starts the head and its workers and waits until every worker has joined (within the formation timeout), then serves the
     * API; the cluster is recorded for later commands if {@code config.record()}. One line (a {@link ClusterException}) if the
     * cluster does not form; whatever was started is stopped again.
     */
    public static Head start(Config config, Command command, Consumer<String> progress) {
        HostPort seed = config.advertise() != null ? config.advertise() : config.bind();
        boolean freePort = config.bind().port() == 0;
        HostPort bind = freePort ? new HostPort(config.bind().host(), icn.launcher.cluster.ClusterMachines.freePort(config.bind().host()))
                : config.bind();
        if (freePort && config.advertise() == null) {
            seed = bind;
        }
        // owner: the head has its workers leave first and then ends without the cluster's leave rounds (nobody is left to tell,
        // and on SIGTERM they would wait for workers already gone to be downed)
        int workers = config.hosts() != null ? config.hosts().workers() : config.localWorkers();
        // the cluster's CA and a key per member, made anew at every start (issue 36); the CA's key is not kept
        ClusterCertificates certificates = config.tls() == Tls.Mode.CLUSTER_CA
                ? ClusterCertificates.make(ClusterRecord.home().resolve("tls"), ClusterCertificates.members(workers)) : null;
        ActorSystem<Void> system = ActorSystems.member(Behaviors.empty(), "coordinator", bind, config.advertise(), null,
                config.tls().stores(certificates, ClusterCertificates.HEAD), true);
        LocalWorkers local = null;
        Head head = null;
        try {
            Cluster cluster = Cluster.get(system);
            cluster.manager().tell(Join.create(cluster.selfMember().address()));
            if (config.hosts() != null) {
                SshWorkers.start(config.hosts(), SshWorkers.command(config.ssh()), seed, SshWorkers.ownDirectory(), System.getenv("ICN_HEAP"),
                        config.tls(), certificates, config.formationTimeout(), config.keepNetwork(), progress);
            } else {
                List<String> options = new ArrayList<>(List.of("--keep-network", Long.toString(config.keepNetwork().toSeconds())));
                // with --tls a worker of this machine gets the head's ICN_TLS_* variables with its environment
                options.addAll(config.tls().workerOptions());
                local = LocalWorkers.startStanding(workers, seed, config.logs(), options, certificates);
            }
            progress.accept(String.format("forming a standing cluster: the head at %s and %d worker JVM%s", seed, workers, workers == 1 ? "" : "s"));
            Path runs = ownerOnly(jobStore());
            head = new Head(config, system, local, newToken(), runs, certificates);
            head.awaitWorkers(workers);
            head.serve(command, progress);
            head.workersStarted = workers;
            head.watch.watch(workers, seed, progress);
            return head;
        } catch (RuntimeException | java.io.IOException e) {
            if (head != null) {
                head.shutDown(LEAVE_LIMIT_AT_EXIT);
            } else {
                if (local != null) {
                    local.close();
                }
                ActorSystems.terminate(system);
            }
            throw e instanceof ClusterException c ? c : e instanceof RuntimeException r ? r : new ClusterException(e.getMessage());
        }
    }

    /** {@code dir}, made if it is not there, readable by its owner only (it holds every job's files). */
    private static Path ownerOnly(Path dir) throws java.io.IOException {
        Files.createDirectories(dir);
        try {
            Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        } catch (UnsupportedOperationException e) {
            // a file system without POSIX permissions: the home directory's own access holds
        }
        return dir;
    }

    private static String newToken() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private void awaitWorkers(int expected) {
        long deadline = System.nanoTime() + config.formationTimeout().toNanos();
        while (true) {
            int managers = members.managers().size();
            if (managers >= expected && members.upMembers() >= expected + 1) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new ClusterException(String.format("the standing cluster did not form within %d s: %d of %d worker JVMs joined%s",
                        config.formationTimeout().toSeconds(), managers, expected, members.missing(config.hosts())));
            }
            if (local != null && local.processes().stream().anyMatch(p -> !p.isAlive())) {
                throw new ClusterException("a worker JVM exited while the standing cluster was forming (its log: " + config.logs() + ")");
            }
            sleep(100);
        }
    }

    private void serve(Command command, Consumer<String> progress) {
        runners = new JobRunners(this::runner, this::runnerGone, () -> Math.max(1, workersStarted), config.logs());
        try {
            runners.prestart();
        } catch (java.io.IOException e) {
            throw new ClusterException("could not start a job runner: " + e.getMessage());
        }
        submissions = new Submissions(command, () -> members.serving(), runners, this::clusterInfo, runs, config.retention(), line -> {
            progress.accept(line);
            if (audit != null) {
                audit.note(line);
            }
        });
        runners.lendFrom(submissions);
        List<String> names = new ArrayList<>(List.of(config.api().host(), config.bind().host(), hostName()));
        if (config.advertise() != null) {
            names.add(config.advertise().host());
        }
        audit = Audit.to(config.logs().resolve("audit.log"));
        try {
            api = ApiServer.start(config.api(), token, submissions, new ApiServer.Head() {
                @Override
                public ObjectNode status(boolean collectGarbage) {
                    return collectGarbage ? statusAfterCollection() : Head.this.status();
                }

                @Override
                public void stop() {
                    Thread t = new Thread(() -> shutDown(LEAVE_LIMIT), "icn-head-stop");
                    t.start();
                }
            }, ApiServer.Limits.DEFAULT, audit, names);
        } catch (RuntimeException e) {
            audit.close();
            throw e;
        }
        audit.note("started: API at " + apiUrl() + ", head " + address());
        if (config.record()) {
            new ClusterRecord(apiUrl(), token, address().toString(), ProcessHandle.current().pid(), hostName(), started.toString(),
                    config.logs().toString()).write();
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> shutDown(LEAVE_LIMIT_AT_EXIT), "icn-head-shutdown"));
        system.getWhenTerminated().thenRun(stopped::countDown);
    }

    /** The API's URL, e.g. {@code http://127.0.0.1:25580}. */
    public String apiUrl() {
        HostPort a = api.address();
        return "http://" + (a.host().contains(":") ? "[" + a.host() + "]" : a.host()) + ":" + a.port();
    }

    /** The cluster's token (needed by every request to the API but {@code GET /v1/proof}). */
    public String token() {
        return token;
    }

    /** The head's cluster address (what workers join). */
    public HostPort address() {
        Address self = Cluster.get(system).selfMember().address();
        return new HostPort(self.getHost().orElse("?"), self.getPort().orElse(0));
    }

    /** Blocks until the head has stopped (the API's stop, SIGTERM, or its actor system ending). */
    public void awaitStopped() throws InterruptedException {
        stopped.await();
    }

    /**
     * How a job runner of this machine starts ({@code icn cluster job}): it joins the cluster with the head's stores, on the head's
     * host, and runs the jobs it is handed on its stdin. With ICN_JOB_HEAP (e.g. 2g) its heap is that; else the head's. It exits
     * on running out of memory, which ends its job alone.
     */
    private JobRunners.Start runner(int number) {
        List<String> command = new ArrayList<>(LocalWorkers.icnCommand(1));
        String heap = System.getenv("ICN_JOB_HEAP");
        if (heap != null && heap.matches("[0-9]{1,6}[kKmMgG]?")) {
            command.removeIf(a -> a.startsWith("-Xmx") || a.startsWith("-Xms"));
            command.add(1, "-Xmx" + heap);
        }
        command.add(1, "-XX:+ExitOnOutOfMemoryError");
        String bindHost = config.bind().host();
        int port = icn.launcher.cluster.ClusterMachines.freePort(bindHost);
        String canonical = address().host();
        command.addAll(List.of("cluster", "job", "--join", address().toString(), "--bind", new HostPort(bindHost, port).toString()));
        if (!canonical.equals(bindHost)) {
            command.addAll(List.of("--advertise", new HostPort(canonical, port).toString()));
        }
        command.addAll(List.of("--parent-pid", Long.toString(ProcessHandle.current().pid())));
        switch (config.tls()) {
            case CLUSTER_CA -> command.addAll(List.of("--tls-stores", certificates.member(ClusterCertificates.HEAD).toString()));
            case OWN_STORES -> command.add("--tls");
            case INSECURE -> { }
        }
        return new JobRunners.Start(new ProcessBuilder(command).directory(runs.toFile()), new HostPort(canonical, port));
    }

    /** A job runner's process has ended: its member is downed at once, so that workers stop the hosts of its runs. */
    private void runnerGone(HostPort runner) {
        if (!stopping) {
            Cluster.get(system).manager().tell(akka.cluster.typed.Down.apply(
                    new Address("akka", system.name(), runner.host(), runner.port())));
        }
    }

    /** What the manifest of a submitted command records of the cluster it ran on. */
    private ObjectNode clusterInfo() {
        ObjectNode o = Submission.JSON.createObjectNode();
        o.put("api", apiUrl());
        o.put("head", address().toString());
        ArrayNode ws = o.putArray("workers");
        for (PoolMachines.Worker w : members.workers(false)) {
            ObjectNode m = ws.addObject();
            m.put("address", w.stats().member());
            m.put("host", w.stats().hostName());
            m.put("cores", w.stats().cores());
            m.put("maxHeapBytes", w.stats().maxHeap());
            m.put("java", w.stats().java());
        }
        return o;
    }

    /** What {@code GET /v1/cluster} answers: the head, the members with their health, the submission running and those waiting. */
    ObjectNode status() {
        ObjectNode o = Submission.JSON.createObjectNode();
        o.put("api", apiUrl());
        o.put("version", Version.VERSION);
        o.put("stopping", stopping);
        ObjectNode h = o.putObject("head");
        h.put("address", address().toString());
        h.put("host", hostName());
        h.put("pid", ProcessHandle.current().pid());
        h.put("cores", Runtime.getRuntime().availableProcessors());
        h.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        h.put("usedHeapBytes", Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory());
        h.put("threads", java.lang.management.ManagementFactory.getThreadMXBean().getThreadCount());
        h.put("uptimeSeconds", Duration.between(started, Instant.now()).toSeconds());
        h.put("runsServed", submissions.served());
        List<Submission> running = submissions.running();
        ArrayNode jobs = o.putArray("running");
        for (Submission s : running) {
            ObjectNode c = jobs.addObject();
            c.put("id", s.id());
            c.set("commandLine", Submission.JSON.valueToTree(s.shown()));
            c.set("workers", Submission.JSON.valueToTree(s.workers()));
        }
        if (running.isEmpty()) {
            o.putNull("current");
        } else {
            o.set("current", jobs.get(0).deepCopy()); // the first of them, for clients of before several jobs ran at once
        }
        o.put("queued", submissions.queued());
        o.put("jobsKept", submissions.kept());
        int[] r = runners.counts();
        h.put("jobRunners", r[0]);
        h.put("idleJobRunners", r[1]);
        Map<String, String> held = submissions.held();
        ArrayNode listed = o.putArray("workers");
        List<PoolMachines.Worker> answered = members.workers(false);
        List<String> problems = members.list(answered, held, listed);
        if (answered.size() < workersStarted) {
            problems.add(0, answered.size() + " of the " + workersStarted + " workers started serve");
        }
        o.put("workersStarted", workersStarted);
        o.put("health", problems.isEmpty() ? "ok" : "degraded: " + String.join("; ", problems));
        return o;
    }

    /** Every worker after a full collection: what {@code GET /v1/cluster?gc=true} answers (for the leak test and benchmarks). */
    ObjectNode statusAfterCollection() {
        ObjectNode o = status();
        ArrayNode listed = o.putArray("workers");
        members.workers(true).forEach(w -> listed.add(HeadMembers.worker(w.stats())));
        return o;
    }

    /**
     * Stops the cluster: no new submission, the current one cancelled, every worker leaves (and its JVM exits once it is out),
     * waited for up to {@code leaveLimit}; then the API and this member. Called once (the API's stop, SIGTERM); later calls do
     * nothing.
     */
    void shutDown(Duration leaveLimit) {
        synchronized (this) {
            if (stopping) {
                return;
            }
            stopping = true;
        }
        Process ssh = watch.relaunching();
        if (ssh != null) {
            ssh.destroyForcibly(); // a worker being started again: the cluster it would join is stopping
        }
        if (api != null) {
            api.stopping();
        }
        if (submissions != null) {
            submissions.close();
        }
        if (runners != null) {
            runners.close();
        }
        Cluster cluster = Cluster.get(system);
        Address self = cluster.selfMember().address();
        for (Member m : cluster.state().getMembers()) {
            if (!m.address().equals(self)) {
                cluster.manager().tell(Leave.create(m.address()));
            }
        }
        long deadline = System.nanoTime() + leaveLimit.toNanos();
        while (System.nanoTime() < deadline && StreamSupport.stream(cluster.state().getMembers().spliterator(), false)
                .anyMatch(m -> !m.address().equals(self))) {
            sleep(100);
        }
        if (local != null) {
            local.close(); // local workers that have not left by now are stopped
        }
        if (api != null) {
            audit.note("stopped");
            api.close();
        }
        ClusterRecord.remove(ProcessHandle.current().pid());
        ActorSystems.terminate(system);
        stopped.countDown();
    }

    private static String hostName() {
        return ClusterRecord.thisHost();
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted while the standing cluster was forming");
        }
    }
}
