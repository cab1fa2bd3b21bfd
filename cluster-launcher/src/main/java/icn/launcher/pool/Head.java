package icn.launcher.pool;

import akka.actor.Address;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.AskPattern;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.receptionist.Receptionist;
import akka.cluster.Member;
import akka.cluster.MemberStatus;
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
import icn.node.actor.HostManager;
import icn.protocols.wire.ManagerProtocol;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.StreamSupport;

/**
 * The head of a standing cluster: the member with the coordinator role, which holds no node actor itself. It starts the workers
 * (JVMs of this machine, or on the hosts of a host file over SSH), waits a bounded time for them to join, serves the HTTP API,
 * runs submitted commands one at a time on the workers (warm JVMs: compiled code, no formation), and on stop has every worker
 * leave and exit before it exits itself.
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

    private Head(Config config, ActorSystem<Void> system, LocalWorkers local, String token, Path runs, ClusterCertificates certificates) {
        this.config = config;
        this.certificates = certificates;
        this.system = system;
        this.local = local;
        this.token = token;
        this.runs = runs;
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
            head.watchWorkers(workers, seed, progress);
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

    /** How often a lost worker of this machine is started again before the head leaves it lost. */
    static final int RESTARTS = 3;

    /**
     * Watches the workers it started: status says {@code degraded} while fewer than {@code started} serve, and a worker of this
     * machine whose process has ended (killed, out of memory, crashed) is started again, at most {@value #RESTARTS} times each,
     * every restart said in the head's log and the audit log.
     */
    private void watchWorkers(int started, HostPort seed, java.util.function.Consumer<String> say) {
        this.workersStarted = started;
        if (local == null) {
            watchSshWorkers(seed, say);
            return;
        }
        int[] restarts = new int[started];
        Thread watch = new Thread(() -> {
            while (!stopping) {
                List<Process> now = local.processes();
                for (int i = 0; i < now.size() && !stopping; i++) {
                    Process p = now.get(i);
                    if (p.isAlive() || restarts[i] > RESTARTS) {
                        continue;
                    }
                    if (restarts[i] == RESTARTS) {
                        restarts[i]++;
                        String line = String.format("worker %d exited again (exit %d); it was started again %d times: left lost (its log: %s)",
                                i + 1, p.exitValue(), RESTARTS, config.logs().resolve("worker-" + (i + 1) + ".log"));
                        say.accept(line);
                        audit.note(line);
                        continue;
                    }
                    restarts[i]++;
                    String line = String.format("worker %d (process %d) exited (exit %d): starting it again, try %d of %d", i + 1, p.pid(),
                            p.exitValue(), restarts[i], RESTARTS);
                    say.accept(line);
                    audit.note(line);
                    try {
                        local.restart(i + 1);
                    } catch (java.io.IOException e) {
                        say.accept("worker " + (i + 1) + " could not be started again: " + e.getMessage());
                    }
                }
                sleep(500);
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

    /**
     * Watches the workers it started on the host file's hosts: one that was a member and is no longer (its JVM killed, its host
     * cut off or rebooted) is started again over SSH as at the start, with the same stores, after each of {@link #RELAUNCH_AFTER}
     * until it is back; every try, its outcome and the worker's return are said in the head's log and the audit log.
     */
    private void watchSshWorkers(HostPort seed, java.util.function.Consumer<String> say) {
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
            while (!stopping) {
                Set<String> up = upWorkers();
                long now = System.nanoTime();
                for (int i = 0; i < n && !stopping; i++) {
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
                        failed = stopping ? null : SshWorkers.awaited(p, hostOf.get(i).ssh());
                        relaunching = null;
                    } catch (java.io.IOException e) {
                        failed = "cannot run " + String.join(" ", ssh) + ": " + e.getMessage();
                    }
                    if (failed != null && !stopping) {
                        note(say, "worker " + a + ": try " + tries[i] + " failed: " + failed);
                    }
                }
                sleep(1000);
            }
        }, "icn-head-ssh-workers");
        watch.setDaemon(true);
        watch.start();
    }

    /** A line of the head's doing, in its log and the audit log. */
    private void note(java.util.function.Consumer<String> say, String line) {
        say.accept(line);
        audit.note(line);
    }

    /** The addresses ({@code host:port}) of the workers that are members, up and reachable. */
    private Set<String> upWorkers() {
        Set<String> up = new java.util.HashSet<>();
        Set<Address> unreachable = new java.util.HashSet<>();
        Cluster.get(system).state().getUnreachable().forEach(m -> unreachable.add(m.address()));
        for (Member m : Cluster.get(system).state().getMembers()) {
            if (m.status() == MemberStatus.up() && !unreachable.contains(m.address()) && !m.address().equals(Cluster.get(system).selfMember().address())) {
                up.add(m.address().getHost().orElse("") + ":" + m.address().getPort().orElse(0));
            }
        }
        return up;
    }

    private void awaitWorkers(int expected) {
        long deadline = System.nanoTime() + config.formationTimeout().toNanos();
        while (true) {
            int managers = managers().size();
            if (managers >= expected && upMembers() >= expected + 1) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new ClusterException(String.format("the standing cluster did not form within %d s: %d of %d worker JVMs joined%s",
                        config.formationTimeout().toSeconds(), managers, expected, missing()));
            }
            if (local != null && local.processes().stream().anyMatch(p -> !p.isAlive())) {
                throw new ClusterException("a worker JVM exited while the standing cluster was forming (its log: " + config.logs() + ")");
            }
            sleep(100);
        }
    }

    /** "; missing: 10.0.0.3:25521 ..." for the workers of a host file that have not joined. */
    private String missing() {
        if (config.hosts() == null) {
            return "";
        }
        Set<String> joined = new java.util.HashSet<>();
        for (Member m : Cluster.get(system).state().getMembers()) {
            joined.add(m.address().getHost().orElse("") + ":" + m.address().getPort().orElse(0));
        }
        List<String> absent = config.hosts().hosts().stream().flatMap(h -> h.workerAddresses().stream()).filter(a -> !joined.contains(a))
                .toList();
        return absent.isEmpty() ? "" : "; missing: " + String.join(", ", absent) + " (each host's log is .icn/logs/ in its emulator directory)";
    }

    private long upMembers() {
        return StreamSupport.stream(Cluster.get(system).state().getMembers().spliterator(), false)
                .filter(m -> m.status() == MemberStatus.up()).count();
    }

    private void serve(Command command, Consumer<String> progress) {
        runners = new JobRunners(this::runner, this::runnerGone, () -> Math.max(1, workersStarted), config.logs());
        try {
            runners.prestart();
        } catch (java.io.IOException e) {
            throw new ClusterException("could not start a job runner: " + e.getMessage());
        }
        submissions = new Submissions(command, this::serving, runners, this::clusterInfo, runs, config.retention(), line -> {
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

    /** The workers now, in the order of their addresses, each with what it says of itself (members that do not answer are left out). */
    private List<PoolMachines.Worker> workers(boolean collectGarbage) {
        List<ActorRef<ManagerProtocol.Command>> managers = managers();
        List<CompletableFuture<ManagerProtocol.MemberStats>> asked = new ArrayList<>();
        for (ActorRef<ManagerProtocol.Command> m : managers) {
            asked.add(AskPattern.<ManagerProtocol.Command, ManagerProtocol.MemberStats>ask(m,
                    replyTo -> new ManagerProtocol.Inspect(collectGarbage, replyTo), collectGarbage ? ASK.multipliedBy(6) : ASK,
                    system.scheduler()).toCompletableFuture());
        }
        List<PoolMachines.Worker> answered = new ArrayList<>();
        for (int i = 0; i < managers.size(); i++) {
            try {
                answered.add(new PoolMachines.Worker(managers.get(i), asked.get(i).get()));
            } catch (Exception e) {
                // a member that does not answer is not offered to runs; status lists it as not answering
            }
        }
        return answered;
    }

    private List<ActorRef<ManagerProtocol.Command>> managers() {
        try {
            Receptionist.Listing listing = AskPattern.<Receptionist.Command, Receptionist.Listing>ask(system.receptionist(),
                    replyTo -> Receptionist.find(HostManager.KEY, replyTo), ASK, system.scheduler()).toCompletableFuture().get();
            Set<Address> unreachable = new java.util.HashSet<>();
            Cluster.get(system).state().getUnreachable().forEach(m -> unreachable.add(m.address()));
            return listing.getServiceInstances(HostManager.KEY).stream()
                    .filter(r -> !unreachable.contains(r.path().address()))
                    .sorted(Comparator.comparing((ActorRef<ManagerProtocol.Command> r) -> r.path().address().getHost().orElse(""))
                            .thenComparing(r -> r.path().address().getPort().orElse(0)))
                    .toList();
        } catch (Exception e) {
            return List.of();
        }
    }

    /** The workers that serve now (reachable, with a host manager), by their cluster addresses, in order. */
    private List<String> serving() {
        return managers().stream().map(m -> hostPort(m.path().address()).toString()).toList();
    }

    private static HostPort hostPort(Address a) {
        return new HostPort(a.getHost().orElse("?"), a.getPort().orElse(0));
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
        for (PoolMachines.Worker w : workers(false)) {
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
        ArrayNode members = o.putArray("workers");
        List<PoolMachines.Worker> answered = workers(false);
        Set<String> seen = new java.util.HashSet<>();
        for (PoolMachines.Worker w : answered) {
            seen.add(w.manager().path().address().toString());
            ObjectNode m = worker(w.stats());
            m.put("job", held.get(hostPort(w.manager().path().address()).toString()));
            members.add(m);
        }
        Set<Address> unreachable = new java.util.HashSet<>();
        Cluster.get(system).state().getUnreachable().forEach(m -> unreachable.add(m.address()));
        List<String> problems = new ArrayList<>();
        for (Member m : Cluster.get(system).state().getMembers()) {
            if (m.hasRole("coordinator") || m.hasRole(ActorSystems.JOB_ROLE) || seen.contains(m.address().toString())) {
                continue;
            }
            ObjectNode missing = members.addObject();
            missing.put("address", m.address().toString());
            missing.put("status", m.status().toString());
            String health = unreachable.contains(m.address()) ? "unreachable" : "not answering";
            missing.put("health", health);
            problems.add(m.address() + " " + health);
        }
        if (answered.isEmpty()) {
            problems.add("no worker");
        }
        if (answered.size() < workersStarted) {
            problems.add(0, answered.size() + " of the " + workersStarted + " workers started serve");
        }
        o.put("workersStarted", workersStarted);
        o.put("health", problems.isEmpty() ? "ok" : "degraded: " + String.join("; ", problems));
        return o;
    }

    private static ObjectNode worker(ManagerProtocol.MemberStats s) {
        ObjectNode m = Submission.JSON.createObjectNode();
        m.put("address", s.member());
        m.put("status", "Up");
        m.put("health", "ok");
        m.put("host", s.hostName());
        m.put("pid", s.pid());
        m.put("cores", s.cores());
        m.put("java", s.java());
        m.put("maxHeapBytes", s.maxHeap());
        m.put("usableHeapBytes", s.usableHeap());
        m.put("usedHeapBytes", s.usedHeap());
        m.put("threads", s.threads());
        m.put("hosts", s.hosts());
        m.put("nodeActors", s.nodeActors());
        m.put("keptNodeActors", s.keptNodeActors());
        m.put("runsServed", s.runsServed());
        m.put("uptimeSeconds", s.uptimeMillis() / 1000);
        return m;
    }

    /** Every worker after a full collection: what {@code GET /v1/cluster?gc=true} answers (for the leak test and benchmarks). */
    ObjectNode statusAfterCollection() {
        ObjectNode o = status();
        ArrayNode members = o.putArray("workers");
        workers(true).forEach(w -> members.add(worker(w.stats())));
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
        Process ssh = relaunching;
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

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted while the standing cluster was forming");
        }
    }
}
