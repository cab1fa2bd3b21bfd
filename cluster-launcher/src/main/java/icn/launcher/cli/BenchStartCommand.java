package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AskPattern;
import akka.actor.typed.javadsl.Behaviors;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.cluster.ActorSystems;
import icn.launcher.cluster.ClusterMachines;
import icn.launcher.cluster.HostPort;
import icn.launcher.output.Results;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code icn bench start}: how long this JVM took from its start to an actor system that answers, and to that system terminated.
 * One sample per JVM; scripts/bench-start.sh repeats it in fresh JVMs, with and without the class-data archive. The build also runs
 * it with {@code --training-run} to make that archive (cluster-launcher/pom.xml).
 */
@Command(name = "start", mixinStandardHelpOptions = true,
        description = {"Time from this JVM's start (as the JVM reports it) to the command running, to an actor system up (created and",
                "its guardian answered once) and to that system terminated: one sample; scripts/bench-start.sh repeats it in fresh JVMs",
                "with and without the class-data archive and prints medians."})
final class BenchStartCommand implements Callable<Integer> {
    private final CommandContext ctx;

    BenchStartCommand(CommandContext ctx) {
        this.ctx = ctx;
    }


    @Option(names = "--member", description = "A cluster member on loopback (remoting on a free port) instead of a local actor system.")
    boolean cluster;

    @Mixin
    CommonOptions common;

    /** Most empty actors {@code --spawn} takes: about 740 MB live, which the default 4 GiB heap holds. */
    static final int MAX_SPAWN = 1_000_000;

    @Option(names = "--spawn", defaultValue = "0", paramLabel = "N",
            description = {"Then spawn N empty typed actors the way node actors are spawned (parents of 256 on the node dispatcher) and",
                    "time it: Akka's first spawn in this JVM ('icn bench broadcast' runs this in a fresh JVM and prints it beside its node",
                    "actors). At most 1,000,000; the start figures above are taken before it."})
    int spawn;

    @Option(names = "--training-run", hidden = true,
            description = "Then run, quietly, what the class-data archive is trained on (the build runs this under -XX:ArchiveClassesAtExit).")
    boolean trainingRun;

    /** The guardian answers once; a reply proves the system runs actors. */
    private record Ping(ActorRef<Boolean> replyTo) {
    }

    @Override
    public Integer call() throws Exception {
        long command = System.currentTimeMillis();
        if (spawn < 0 || spawn > MAX_SPAWN) {
            throw new icn.protocols.InvalidInputException(String.format(java.util.Locale.ROOT, "--spawn must be 0..%,d, not %d", MAX_SPAWN,
                    spawn));
        }
        Behavior<Ping> guardian = Behaviors.receiveMessage(ping -> {
            ping.replyTo().tell(true);
            return Behaviors.same();
        });
        ActorSystem<Ping> system = cluster
                ? ActorSystems.member(guardian, "coordinator", new HostPort("127.0.0.1", 0), null, false)
                : ActorSystems.local(guardian);
        AskPattern.<Ping, Boolean>ask(system, Ping::new, Duration.ofSeconds(30), system.scheduler()).toCompletableFuture().get();
        long up = System.currentTimeMillis();
        icn.node.actor.EmptyActorProbe.Result spawned = spawn > 0 ? icn.node.actor.EmptyActorProbe.measure(system, spawn, false) : null;
        ActorSystems.terminate(system);
        long terminated = System.currentTimeMillis();
        // CPU time of the whole process (all threads: JIT compilers and GC too), less disturbed by other load than the clock
        long cpuMs = ProcessHandle.current().info().totalCpuDuration().map(Duration::toMillis).orElse(-1L);
        // read after the clock stops: the management classes are not part of a command's start
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        int classes = ManagementFactory.getClassLoadingMXBean().getLoadedClassCount();
        ObjectNode o = new ObjectMapper().createObjectNode();
        o.put("benchmark", "start");
        o.put("system", cluster ? "cluster" : "local");
        o.put("msToCommand", command - jvmStart);
        o.put("msToSystemUp", up - jvmStart);
        o.put("msToTerminated", terminated - jvmStart);
        o.put("cpuMsToTerminated", cpuMs);
        o.put("classesLoaded", classes);
        // which JVM the sample is of (icn bench broadcast starts one with its own options for --spawn)
        o.put("pid", ProcessHandle.current().pid());
        o.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        o.put("sharedArchive", ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .anyMatch(a -> a.startsWith("-XX:SharedArchiveFile=")));
        String text = String.format("%s actor system, from JVM start: command %d ms, system up %d ms, terminated %d ms; %d ms of CPU;"
                + " %,d classes loaded%s%n", o.get("system").asText(), command - jvmStart, up - jvmStart, terminated - jvmStart,
                cpuMs, classes, o.get("sharedArchive").asBoolean() ? "; -XX:SharedArchiveFile given" : "");
        if (spawned != null) {
            o.put("spawnedEmptyActors", spawned.actors());
            o.put("emptyActorSpawnSeconds", spawned.spawnSeconds());
            o.put("emptyActorsSpawnedPerSecond", spawned.actorsPerSecond());
            text += String.format(java.util.Locale.ROOT, "then %,d empty typed actors spawned in %.2f s: %,.0f per second (Akka's first spawn"
                    + " in this JVM; terminated and CPU include it)%n", spawned.actors(), spawned.spawnSeconds(), spawned.actorsPerSecond());
        }
        if (trainingRun) {
            // the build's training run: the figures on stdout, no results directory in the build's tree
            System.out.print(common.json ? o + System.lineSeparator() : text);
            System.out.flush();
            train();
            return 0;
        }
        // the results directory is made after the clock stopped: its files are not part of a command's start
        return Results.open(ctx.session(), common.results(), 1).finish(o, text, 0);
    }

    /**
     * What a typical command loads. A cluster of 2 members on loopback, both in this JVM: {@code icn coordinator} runs a one-line
     * broadcast scenario across {@code icn worker}, so Akka remoting and cluster, Kryo and both sides of a run are loaded here (a
     * local cluster's worker JVM runs the same worker code; starting one would only add its own start to the build). Meanwhile,
     * broadcasts on the actor engine in this JVM alone (text and JSON reports) and a traffic curve with its charts: the cluster mostly waits for gossip, so they overlap.
     * Output is dropped; a failure is reported in one line and fails nothing (the archive only makes start faster).
     */
    private static void train() throws Exception {
        int port = ClusterMachines.freePort("127.0.0.1");
        Path scenario = Files.createTempFile("icn-training-", ".conf");
        Path results = Files.createTempDirectory("icn-training-results-");
        Files.writeString(scenario, String.join("\n", "name = training", "kind = broadcast", "topologies = [\"scc:4\"]",
                "algorithms = [one-port]", "engine = actor", "hosts-per-jvm = 1", "jvms = [2]", ""));
        List<String> coordinator = List.of("coordinator", "--bind", "127.0.0.1:" + port, "--expect", "2", "--formation-timeout", "30",
                "--no-reports", "--json", scenario.toString());
        List<String> worker = List.of("worker", "--join", "127.0.0.1:" + port, "--join-timeout", "30");
        List<List<String>> alone = List.of(
                List.of("broadcast", "--topology", "scc:4", "--algorithm", "one-port", "--out", results.toString()),
                List.of("broadcast", "--topology", "scc:4", "--algorithm", "multi-port", "--json", "--out", results.toString()),
                // a traffic curve with its report: its charts load Java2D, ImageIO and the chart library, most of a small run's cost
                List.of("traffic", "--topology", "torus:4,2", "--rates", "0.002", "--cycles", "1000", "--engine", "sequential", "--out",
                        results.toString()));
        PrintStream out = System.out;
        PrintStream err = System.err;
        long start = System.nanoTime();
        List<String> failed = new CopyOnWriteArrayList<>();
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        System.setOut(quiet);
        System.setErr(quiet);
        try {
            Thread coordinatorRun = new Thread(() -> training(coordinator, failed), "icn-training-coordinator");
            coordinatorRun.start();
            Thread workerRun = new Thread(() -> {
                awaitListening(port);
                training(worker, failed);
            }, "icn-training-worker");
            workerRun.start();
            alone.forEach(run -> training(run, failed));
            coordinatorRun.join();
            workerRun.join();
        } finally {
            System.setOut(out);
            System.setErr(err);
            Files.deleteIfExists(scenario);
            icn.protocols.FileTrees.delete(results);
        }
        err.printf("icn bench start: training run in %.1f s%s%n", (System.nanoTime() - start) / 1e9,
                failed.isEmpty() ? "" : "; " + String.join("; ", failed));
    }


    /** Until the coordinator listens (at most 30 s): a worker that asks before gets no answer and retries only seconds later. */
    private static void awaitListening(int port) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < deadline) {
            try {
                new Socket(InetAddress.getLoopbackAddress(), port).close();
                return;
            } catch (IOException e) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** One training command, in this JVM, with a context of its own that writes nowhere. */
    private static void training(List<String> run, List<String> failed) {
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        icn.launcher.cluster.CommandContext ctx = new icn.launcher.cluster.CommandContext(icn.launcher.output.Session.of(
                new icn.launcher.output.Console(quiet, quiet, false), run), icn.launcher.cluster.Engines.thisMachine());
        int code = Icn.execute(ctx, run.toArray(String[]::new));
        if (code != 0) {
            failed.add("'icn " + String.join(" ", run) + "' exited " + code);
        }
    }
}
