package icn.launcher.pool;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorRefResolver;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.AskPattern;
import akka.actor.typed.javadsl.Behaviors;
import akka.cluster.MemberStatus;
import akka.cluster.typed.Cluster;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.ExitCodes;
import icn.launcher.cluster.ActorSystems;
import icn.launcher.cluster.ClusterException;
import icn.launcher.cluster.Engines;
import icn.launcher.cluster.HostPort;
import icn.launcher.cluster.Processes;
import icn.launcher.cluster.Tls;
import icn.launcher.cluster.CommandContext;
import icn.launcher.output.Console;
import icn.launcher.output.Session;
import icn.protocols.topology.FileNetwork;
import icn.protocols.wire.ManagerProtocol;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A standing cluster's job runner: a process of its own that the head started on the head's machine (issue 37: nothing of a job
 * runs in the head's JVM). It joins the cluster as a member with the {@value #ROLE} role and then runs the jobs the head hands it
 * on its stdin, one at a time, each on the workers the head gave it (and no other), with the job's stdout and stderr as its
 * console and its files read only from the job's own directory; it answers {@code ended CODE} on its stdout when a job has
 * ended. A runner stays warm for the next job (its code compiled, its member joined). A job that runs out of memory, loops or is
 * cancelled takes its runner with it (the head kills it), and nothing else.
 */
public final class JobProcess {

    /** The role of a job runner's member: a worker's host manager obeys it as it obeys the head. */
    public static final String ROLE = ActorSystems.JOB_ROLE;

    /** How long a runner may take to join its cluster. */
    static final Duration JOIN_LIMIT = Duration.ofSeconds(30);
    private static final Duration ASK = Duration.ofSeconds(10);

    /** What the head tells a runner: whom to join, where to listen, its stores, its head's pid. */
    public record Options(HostPort join, HostPort bind, HostPort advertise, Tls.Stores stores, Long parentPid) {
    }

    /** The job's command line, as the head wrote it in its directory. */
    static final String COMMAND_FILE = "command.json";
    /**
     * How the job names its paths ({@code {"out": DIR, "shownOut": "results", "inputs": [{"path": ..., "given": ...}]}}): its
     * results under the {@code --out} its submitter typed, its files by the paths they were sent by.
     */
    static final String NAMES_FILE = "names.json";
    /** What the manifest of its results records of the cluster it ran on. */
    static final String CLUSTER_FILE = "cluster.json";
    /** What a runner says on its stdout when a job has ended, before the exit code. */
    static final String ENDED = "ended ";
    /** What it says when a job's check has ended: 2 for bad input (the line is the last of the job's check.err), else passed. */
    static final String CHECKED = "checked ";
    /** Where a job's check writes what the command printed. */
    static final String CHECK_OUT = "check.out";
    static final String CHECK_ERR = "check.err";

    /** Thrown where a checked command would make its results directory: it has refused nothing, and stops there. */
    static final class Checked extends Error {
        private static final long serialVersionUID = 1L;

        Checked() {
            super("checked", null, false, false);
        }
    }

    private JobProcess() {
    }

    /** How a runner runs a job's command line: the launcher's own entry ({@code Icn.execute}), with the job's context. */
    @FunctionalInterface
    public interface Launcher {
        int run(CommandContext ctx, String... args);
    }

    /**
     * Serves jobs until its stdin ends (the head closed it, or is gone): joins, then reads one job per line ({@code {"dir":
     * DIR, "workers": ["HOST:PORT", ...]}}) and runs it through {@code execute} (the launcher's own entry), each job with a context
     * of its own: a session of {@code runner}'s (so that an interruption of this process marks the job's results) and engines on
     * the job's workers.
     */
    public static int serve(Options o, Session runner, Launcher execute) {
        if (o.parentPid() != null) {
            watchHead(o.parentPid());
        }
        java.io.PrintStream answers = System.out;
        System.setOut(System.err); // stdout is the head's line: nothing else may write on it
        ActorSystem<Void> system = ActorSystems.member(Behaviors.empty(), ROLE, o.bind(), o.advertise(), o.join(), o.stores(), false);
        try {
            awaitUp(system, o.join());
            Head head = new Head(system, answers);
            String line;
            while ((line = head.jobs.take()) != Head.END) {
                JsonNode job = Submission.JSON.readTree(line);
                List<HostPort> workers = new ArrayList<>();
                job.path("workers").forEach(w -> workers.add(HostPort.parse("--workers", w.asText())));
                boolean check = job.path("check").asBoolean(false);
                int code = runOne(system, runner, Path.of(job.path("dir").asText()), workers, head, job.path("clusterSize").asInt(1),
                        check, execute);
                head.say((check ? CHECKED : ENDED) + code);
            }
            return ExitCodes.OK;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCodes.CANCELLED;
        } catch (IOException e) {
            throw new ClusterException("the job runner could not read its next job (" + e.getClass().getSimpleName() + ")");
        } finally {
            ActorSystems.terminate(system, Duration.ofSeconds(5));
        }
    }

    /** What a runner asks its head for a worker to borrow, before the number. */
    static final String LEASE = "lease ";
    /** The head's answer: a JSON array of the workers lent (perhaps empty). */
    static final String LEASED = "leased ";
    /** A borrowed worker given back, before its address. */
    static final String RELEASE = "release ";
    /** How long a runner waits for its head to answer a lease. */
    private static final Duration LEASE_ANSWER = Duration.ofSeconds(5);

    /**
     * The runner's head as its stdin and stdout show it: jobs and lease answers come in on stdin (read by a thread of its own, so
     * that a job's runs can borrow workers while the job runs), its answers and requests go out on stdout, one line each.
     */
    private static final class Head {
        static final String END = new String("end of stdin");
        final java.util.concurrent.BlockingQueue<String> jobs = new java.util.concurrent.LinkedBlockingQueue<>();
        final java.util.concurrent.BlockingQueue<String> lent = new java.util.concurrent.LinkedBlockingQueue<>();
        private final java.io.PrintStream out;
        private final ActorSystem<Void> system;
        private final Object leasing = new Object();
        /** Workers lent before, as they said what they are then: a worker lent again is not asked again. */
        private final java.util.Map<HostPort, PoolMachines.Worker> known = new java.util.concurrent.ConcurrentHashMap<>();

        Head(ActorSystem<Void> system, java.io.PrintStream out) {
            this.system = system;
            this.out = out;
            Thread reader = new Thread(this::read, "icn-runner-stdin");
            reader.setDaemon(true);
            reader.start();
        }

        private void read() {
            try (java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in,
                    java.nio.charset.StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    (line.startsWith(LEASED) ? lent : jobs).add(line);
                }
            } catch (IOException e) {
                // the head is gone: the runner ends as below
            }
            jobs.add(END);
        }

        synchronized void say(String line) {
            out.println(line);
            out.flush();
        }

        /** The leases of a job whose cluster has {@code size} workers. */
        PoolMachines.Leases leases(int size) {
            return new PoolMachines.Leases() {
                @Override
                public List<PoolMachines.Worker> lease(int n) {
                    String answer;
                    synchronized (leasing) {
                        lent.clear();
                        say(LEASE + n);
                        try {
                            answer = lent.poll(LEASE_ANSWER.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            return List.of();
                        }
                    }
                    if (answer == null) {
                        return List.of();
                    }
                    List<HostPort> addresses = new ArrayList<>();
                    try {
                        Submission.JSON.readTree(answer.substring(LEASED.length())).forEach(w -> addresses.add(HostPort.parse("lease", w.asText())));
                        List<PoolMachines.Worker> lent = new ArrayList<>();
                        for (HostPort a : addresses) {
                            PoolMachines.Worker w = known.get(a);
                            if (w == null) {
                                w = workers(system, List.of(a)).get(0);
                                known.put(a, w);
                            }
                            lent.add(w);
                        }
                        return lent;
                    } catch (IOException | RuntimeException e) {
                        addresses.forEach(a -> say(RELEASE + a));
                        return List.of();
                    }
                }

                @Override
                public void release(PoolMachines.Worker worker) {
                    akka.actor.Address a = worker.manager().path().address();
                    say(RELEASE + new HostPort(a.getHost().orElse("?"), a.getPort().orElse(0)));
                }

                @Override
                public int clusterSize() {
                    return size;
                }
            };
        }
    }

    /** Runs one job in {@code dir} on {@code addresses}, borrowing from {@code head}; its exit code. */
    private static int runOne(ActorSystem<Void> system, Session runner, Path dir, List<HostPort> addresses, Head head, int clusterSize,
            boolean check, Launcher execute) throws IOException {
        try (java.io.PrintStream out = new java.io.PrintStream(new java.io.FileOutputStream(dir.resolve(check ? CHECK_OUT : JobFiles.STDOUT)
                .toFile(), true), true, java.nio.charset.StandardCharsets.UTF_8);
                java.io.PrintStream err = new java.io.PrintStream(new java.io.FileOutputStream(dir.resolve(check ? CHECK_ERR : JobFiles.STDERR)
                        .toFile(), true), true, java.nio.charset.StandardCharsets.UTF_8)) {
            FileNetwork.Confinement files = FileNetwork.readOnlyUnder(dir.resolve("in"));
            Session session = null;
            try {
                List<String> args = strings(Submission.JSON.readTree(dir.resolve(COMMAND_FILE).toFile()));
                JsonNode c = Submission.JSON.readTree(dir.resolve(CLUSTER_FILE).toFile());
                Engines engines = Engines.on(check ? new PoolMachines(system, workers(system, addresses), () -> true)
                        : new PoolMachines(system, workers(system, addresses), () -> false, head.leases(clusterSize)));
                // a check runs the command up to its results directory, and no further: every refusal of bad input comes before
                session = runner.job(new Console(out, err, false), args, c instanceof ObjectNode on ? on
                        : Submission.JSON.createObjectNode(), check ? () -> {
                            throw new Checked();
                        } : () -> { }, naming(dir));
                return execute.run(new CommandContext(session, engines), args.toArray(String[]::new));
            } catch (Checked passed) {
                return ExitCodes.OK;
            } catch (ClusterException e) {
                err.println("icn: " + e.getMessage());
                return ExitCodes.RUN_FAILED;
            } catch (IOException | RuntimeException e) {
                err.println("icn: the job could not run: " + e);
                return ExitCodes.RUN_FAILED;
            } finally {
                if (session != null) {
                    session.close();
                }
                files.close();
            }
        }
    }

    /**
     * How the job in {@code dir} names a path, or a word of its command line that holds one: under its results directory, as the
     * submitter's {@code --out} plus the rest; one of its files, by the path it was sent by; anything else as it is.
     */
    static java.util.function.UnaryOperator<String> naming(Path dir) throws IOException {
        Path file = dir.resolve(NAMES_FILE);
        if (!Files.exists(file)) {
            return s -> s;
        }
        JsonNode names = Submission.JSON.readTree(file.toFile());
        String out = names.path("out").asText();
        String shownOut = names.path("shownOut").asText(Submissions.DEFAULT_OUT);
        List<String[]> inputs = new ArrayList<>();
        names.path("inputs").forEach(i -> inputs.add(new String[] {i.path("path").asText(), i.path("given").asText()}));
        return s -> {
            if (out.isEmpty()) {
                return s;
            }
            if (s.equals(out)) {
                return shownOut;
            }
            if (s.startsWith(out + java.io.File.separator)) {
                return Path.of(shownOut).resolve(s.substring(out.length() + 1)).toString();
            }
            for (String[] in : inputs) {
                if (!in[0].isEmpty() && s.contains(in[0])) {
                    return s.replace(in[0], in[1]); // file:PATH, --faults=PATH: the word with the path it was sent by
                }
            }
            return s;
        };
    }

    /** The job ends when its head is gone (killed): the head that comes next lists it as lost, with what it wrote. */
    private static void watchHead(long pid) {
        Thread t = new Thread(() -> {
            while (Processes.alive(pid)) {
                try {
                    Thread.sleep(500);
                } catch (InterruptedException e) {
                    return;
                }
            }
            System.err.println("icn: the head that started this job runner is gone; it stops");
            System.exit(ExitCodes.CANCELLED);
        }, "icn-job-head-watch");
        t.setDaemon(true);
        t.start();
    }

    private static void awaitUp(ActorSystem<Void> system, HostPort seed) throws InterruptedException {
        Cluster cluster = Cluster.get(system);
        long deadline = System.nanoTime() + JOIN_LIMIT.toNanos();
        while (cluster.selfMember().status() != MemberStatus.up()) {
            if (System.nanoTime() > deadline || system.whenTerminated().isCompleted()) {
                throw new ClusterException("the job runner could not join its cluster at " + seed + " within " + JOIN_LIMIT.toSeconds() + " s");
            }
            Thread.sleep(20);
        }
    }

    /** The job's workers, by their host managers' paths, each with what it says of itself; one line if one does not answer. */
    private static List<PoolMachines.Worker> workers(ActorSystem<Void> system, List<HostPort> addresses) {
        ActorRefResolver resolver = ActorRefResolver.get(system);
        List<PoolMachines.Worker> workers = new ArrayList<>();
        for (HostPort a : addresses) {
            ActorRef<ManagerProtocol.Command> manager = resolver.resolveActorRef(managerPath(system, a));
            try {
                ManagerProtocol.MemberStats stats = AskPattern.<ManagerProtocol.Command, ManagerProtocol.MemberStats>ask(manager,
                        replyTo -> new ManagerProtocol.Inspect(false, replyTo), ASK, system.scheduler()).toCompletableFuture().get();
                workers.add(new PoolMachines.Worker(manager, stats));
            } catch (Exception e) {
                throw new ClusterException("worker " + a + " did not answer the job within " + ASK.toSeconds() + " s");
            }
        }
        return workers;
    }

    /** The path of the host manager of the worker at {@code address}: every worker spawns it as {@code hosts}. */
    static String managerPath(ActorSystem<?> system, HostPort address) {
        String host = address.host().contains(":") ? "[" + address.host() + "]" : address.host();
        return "akka://" + system.name() + "@" + host + ":" + address.port() + "/user/hosts";
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    /** Writes {@code json} to {@code file} whole or not at all (a file of its own, then moved over the old one). */
    static void writeAtomically(Path file, String json) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, json);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
}
