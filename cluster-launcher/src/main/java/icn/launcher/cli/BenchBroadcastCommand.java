package icn.launcher.cli;

import icn.launcher.cluster.ActorMachines;
import icn.launcher.cluster.Engines;
import icn.launcher.cluster.LocalWorkers;
import icn.launcher.output.Progress;
import icn.launcher.output.Results;
import icn.node.kind.NetworkPrograms;
import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.protocols.topology.Topologies;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.engine.RunRequest;
import icn.node.engine.RunResult;
import icn.node.actor.TellRateProbe;
import icn.node.program.ProgramFactory;
import icn.node.kind.Programs;
import icn.protocols.LinkLatency;
import icn.protocols.RunMetrics;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.Partition;
import icn.protocols.Topology;
import icn.protocols.wire.BroadcastSpec;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code icn bench broadcast}: spawn and run seconds of a broadcast on the actor engine, link messages per second, peak heap, and
 * in the same JVM and run the raw Akka tell rate on as many actors (random destinations), the sequential engine as the lower bound.
 */
@Command(name = "broadcast", mixinStandardHelpOptions = true,
        description = {"Benchmark a broadcast on the actor engine: spawn seconds, run seconds, link messages per second and peak heap,",
                "beside the raw Akka tell rate measured in the same run on as many actors (random destinations), the",
                "sequential engine's time as the lower bound, and (one JVM) Akka's first spawn of as many empty typed actors",
                "in a fresh JVM with this one's options. Targets (2 cores): SCC_8 spawn + Algorithm 4 within 5 s;",
                "link messages per second at least half the raw tell rate; SCC_9 within -Xmx8g (ICN_HEAP=8g ./icn bench ...)."})
final class BenchBroadcastCommand implements Callable<Integer> {

    @Option(names = "--topology", required = true, paramLabel = "KIND:PARAMS", description = "The network, e.g. scc:8, cr:16, rnh:14,8.")
    String topology;

    @Option(names = "--algorithm", paramLabel = "one-port|multi-port|flooding|flooding-one-port",
            description = "Default: one-port (Algorithm 4) on scc:N, flooding on the other networks.")
    String algorithm;

    @Option(names = "--hosts", paramLabel = "H", description = "Host actors in this JVM (default: one per core).")
    Integer hosts;

    @Mixin
    CommonOptions common;

    @Option(names = "--jvms", defaultValue = "1", paramLabel = "K",
            description = "Run on a local cluster of K JVMs; with K > 1 the same run on 1 JVM of the cluster comes first, for comparison.")
    int jvms;

    @Option(names = "--formation-timeout", defaultValue = "60", paramLabel = "SECONDS", description = "How long to wait for the cluster.")
    int formationTimeout;

    @Option(names = "--warmup", paramLabel = "N",
            description = "Warm-up runs (on scc:7, on all JVMs) before measuring, so that freshly started JVMs are compiled (default: 0 on one JVM, 5 on a cluster).")
    Integer warmup;

    @Option(names = "--fault-overhead", defaultValue = "0", paramLabel = "R",
            description = {"Also measure what the fault checks cost: R rounds of the same run without faults and with an armed fault plan",
                    "(a crash and a cut scheduled after the run ends, so every message and activation is checked and none is hit);",
                    "after one unmeasured pair, alternating which goes first; prints the median run seconds of each and their ratio",
                    "(target: under 1.10)."})
    int faultOverhead;

    @Option(names = "--no-fresh-spawn", description = {"Skip the fresh JVM that times Akka's first spawn of as many empty typed actors",
            "(on one JVM, after the run; a few seconds)."})
    boolean noFreshSpawn;

    @Option(names = "--partitioning", defaultValue = "supernode", paramLabel = "supernode|block|round-robin",
            description = "How nodes are split among hosts (default: whole supernodes per host).")
    String partitioning;

    @Override
    public Integer call() throws Exception {
        Topology scc = Topologies.parse(topology);
        BroadcastAlgorithm alg = BroadcastAlgorithm.parse(algorithm != null ? algorithm
                : NetworkPrograms.of(scc).papersBroadcasts() ? "one-port" : "flooding");
        Engines.checkJvms(jvms);
        icn.node.engine.HeapEstimate.require(scc.name(), scc.nodeCount(), jvms); // before the sequential run, before anything starts
        int h = hosts != null ? hosts : Engines.defaultHosts(jvms);
        new RunSettings(EngineKind.ACTORS, jvms, h, Partition.Kind.SUPERNODE, 1); // refuses bad --hosts/--jvms before anything starts
        Results results = Results.open(common.results(), jvms);
        Progress progress = new Progress(common.json);
        ProgramFactory programs = Programs.of(scc, new BroadcastSpec(alg, 1, 0));

        progress.step("sequential engine (lower bound)");
        long t0 = System.nanoTime();
        RunMetrics sequential = Engine.reference().run(scc, programs, RunRequest.of(scc, new BroadcastSpec(alg, 1, 0),
                LinkLatency.SYNCHRONOUS, icn.protocols.fault.FaultPlan.NONE)).metrics();
        double sequentialSeconds = (System.nanoTime() - t0) / 1e9;

        ObjectNode o = new ObjectMapper().createObjectNode();
        long setupStart = System.nanoTime();
        try (ActorMachines machines = ActorMachines.open(jvms, java.time.Duration.ofSeconds(formationTimeout), progress::step)) {
            double formationSeconds = (System.nanoTime() - setupStart) / 1e9;
            BroadcastSpec spec = new BroadcastSpec(alg, 1, 0);
            Partition.Kind kind = Partition.Kind.parse(partitioning);
            int warmups = warmup != null ? warmup : jvms > 1 ? 5 : 0;
            for (int w = 0; w < warmups; w++) {
                progress.step(String.format("warm-up %d of %d (scc:7 on %d JVM(s))", w + 1, warmups, jvms));
                run(machines, jvms, new RunRequest("scc:7", spec, kind, h, false));
            }
            RunResult single = null;
            if (jvms > 1) {
                progress.step(String.format("the same run on 1 JVM of the cluster (%,d node actors, %d hosts)", scc.nodeCount(), h));
                single = run(machines, 1, new RunRequest(scc.name(), spec, kind, h, false), programs);
            }
            long baseline = icn.node.actor.LiveHeap.settled();
            resetPeaks();
            progress.step(String.format("actor engine: spawning %,d node actors on %d JVM(s) x %d host(s), then %s", scc.nodeCount(), jvms, h,
                    alg.key()));
            long start = System.nanoTime();
            RunResult actor = run(machines, jvms, new RunRequest(scc.name(), spec, kind, h, jvms == 1), programs);
            double endToEnd = (System.nanoTime() - start) / 1e9;
            long peak = peakHeap();
            long linkMessages = actor.metrics().totalLinkMessages();
            boolean same = actor.metrics().sameCountsAs(sequential);
            double linkRate = linkMessages / actor.runSeconds();

            double[] overhead = null;
            if (faultOverhead > 0) {
                double[] clean = new double[faultOverhead];
                double[] armed = new double[faultOverhead];
                icn.protocols.fault.FaultPlan plan = armedPlan(scc);
                boolean sameArmed = true;
                // one unmeasured pair first, so both paths are compiled before they are timed; then rounds that alternate which
                // of the two goes first, so drift on a shared machine falls on both sides alike
                progress.step("fault-check overhead: one unmeasured pair (JIT warm-up of both paths)");
                run(machines, jvms, new RunRequest(scc.name(), spec, kind, h, false), programs);
                run(machines, jvms, new RunRequest(scc.name(), spec, kind, h, false).withFaults(plan), programs);
                for (int r = 0; r < faultOverhead; r++) {
                    boolean armedFirst = r % 2 == 1;
                    progress.step(String.format("fault-check overhead, round %d of %d: %s", r + 1, faultOverhead,
                            armedFirst ? "with an armed plan, then without faults" : "without faults, then with an armed plan"));
                    RunResult withChecks = null;
                    if (armedFirst) {
                        withChecks = run(machines, jvms, new RunRequest(scc.name(), spec, kind, h, false).withFaults(plan), programs);
                    }
                    clean[r] = run(machines, jvms, new RunRequest(scc.name(), spec, kind, h, false), programs).runSeconds();
                    if (!armedFirst) {
                        withChecks = run(machines, jvms, new RunRequest(scc.name(), spec, kind, h, false).withFaults(plan), programs);
                    }
                    armed[r] = withChecks.runSeconds();
                    sameArmed &= withChecks.metrics().sameCountsAs(sequential) && withChecks.accounting().balanced();
                }
                overhead = new double[] {median(clean), median(armed), sameArmed ? 1 : 0};
            }

            // a network's node actors are stopped after its result is in; a small run waits for that (a host manager spawns the next
            // network only once the last one is gone), so the probes below measure this JVM without the network in it
            run(machines, 1, new RunRequest("scc:3", spec, kind, h, false));
            icn.node.actor.EmptyActorProbe.Result empty = null;
            if (jvms == 1) {
                // as many as the network has, up to 500,000: bytes per actor do not depend on the count, a full collection's time does
                int count = Math.min(scc.nodeCount(), 500_000);
                progress.step(String.format("%,d empty typed actors, spawned as the node actors are (Akka's own cost per actor)", count));
                empty = icn.node.actor.EmptyActorProbe.measure(machines.system(), count, true);
            }
            progress.step(String.format("raw tell rate on %,d actors", scc.nodeCount()));
            System.gc();
            long tells = Math.max(linkMessages, 2_000_000L);
            TellRateProbe.Result raw = TellRateProbe.measure(machines.system(), scc.nodeCount(), tells, h, 1);
            FreshSpawn fresh = null;
            if (jvms == 1 && !noFreshSpawn) {
                int count = Math.min(scc.nodeCount(), BenchStartCommand.MAX_SPAWN);
                progress.step(String.format("Akka's first spawn: %,d empty typed actors in a fresh JVM", count));
                fresh = FreshSpawn.measure(count);
            }
            progress.done();

            double spawnPlusRun = actor.spawnSeconds() + actor.runSeconds();
            double ratio = linkRate / raw.tellsPerSecond();
            long bytesPerActor = actor.liveHeapAfterSpawn() > 0 ? (actor.liveHeapAfterSpawn() - baseline) / scc.nodeCount() : -1;
            double spawnRate = scc.nodeCount() / actor.spawnSeconds();
            double runOverSequential = actor.runSeconds() / sequentialSeconds;
            double crossJvmRate = actor.crossJvm() / actor.runSeconds();
            double bytesPerMessage = actor.wireNodeMessages() > 0 ? actor.wireBytes() / (double) actor.wireNodeMessages() : 0;
            o.put("topology", scc.name());
            o.put("nodes", scc.nodeCount());
            o.put("algorithm", alg.key());
            o.put("jvms", jvms);
            o.put("hostsPerJvm", h);
            o.put("partitioning", kind.key());
            o.put("warmupRuns", warmups);
            o.put("cores", Runtime.getRuntime().availableProcessors());
            o.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
            o.put("setupSeconds", formationSeconds + actor.spawnSeconds());
            o.put("formationSeconds", formationSeconds);
            o.put("spawnSeconds", actor.spawnSeconds());
            o.put("runSeconds", actor.runSeconds());
            o.put("spawnPlusRunSeconds", spawnPlusRun);
            o.put("endToEndSeconds", endToEnd);
            o.put("steps", actor.metrics().steps());
            o.put("linkMessages", linkMessages);
            o.put("nodeActivations", actor.activations());
            o.put("ignoredDeliveries", actor.ignoredDeliveries());
            o.put("linkMessagesPerSecond", linkRate);
            o.put("crossJvmLinkMessages", actor.crossJvm());
            o.put("crossJvmLinkMessagesPerSecond", crossJvmRate);
            o.put("wireBytesPerCrossJvmMessage", bytesPerMessage);
            if (single != null) {
                o.put("singleJvmRunSeconds", single.runSeconds());
                o.put("runSecondsOverSingleJvm", actor.runSeconds() / single.runSeconds());
                o.put("crossJvmSecondsPerStep", (actor.runSeconds() - single.runSeconds()) / Math.max(1, actor.metrics().steps()));
            }
            o.put("nodeActorsSpawnedPerSecond", spawnRate);
            if (actor.runAllocatedBytes() >= 0) {
                o.put("runAllocatedBytes", actor.runAllocatedBytes());
                o.put("garbageBytesPerStep", actor.runAllocatedBytes() / Math.max(1, actor.metrics().steps()));
                o.put("garbageBytesPerActivation", actor.runAllocatedBytes() / (double) Math.max(1, actor.activations()));
            }
            if (fresh != null) {
                if (fresh.problem() == null) {
                    o.put("freshJvmEmptyActors", fresh.actors());
                    o.put("freshJvmEmptyActorsSpawnedPerSecond", fresh.actorsPerSecond());
                    o.put("freshJvmPid", fresh.pid());
                    o.put("freshJvmMaxHeapBytes", fresh.maxHeapBytes());
                    o.put("nodeActorSpawnRateOverFreshJvmEmptyActors", spawnRate / fresh.actorsPerSecond());
                } else {
                    o.put("freshJvmSpawnNotMeasured", fresh.problem());
                }
            }
            o.put("runSecondsOverSequential", runOverSequential);
            if (empty != null) {
                o.put("emptyActorSpawnSeconds", empty.spawnSeconds());
                o.put("emptyActorsSpawnedPerSecond", empty.actorsPerSecond());
                o.put("emptyActorHeapBytes", empty.bytesPerActor());
                o.put("nodeActorBytesOverEmptyActor", bytesPerActor / (double) empty.bytesPerActor());
            }
            o.put("peakHeapBytes", peak);
            o.put("liveHeapAfterSpawnBytes", actor.liveHeapAfterSpawn());
            o.put("heapBytesPerNodeActor", bytesPerActor);
            o.put("rawTells", raw.messages());
            o.put("rawTellSeconds", raw.seconds());
            o.put("rawTellsPerSecond", raw.tellsPerSecond());
            o.put("linkRateOverRawTellRate", ratio);
            o.put("sequentialSeconds", sequentialSeconds);
            o.put("sequentialLinkMessagesPerSecond", sequential.totalLinkMessages() / sequentialSeconds);
            o.put("actorMatchesSequential", same);
            if (overhead != null) {
                o.putObject("faultCheckOverhead").put("rounds", faultOverhead).put("medianRunSecondsWithoutFaults", overhead[0])
                        .put("medianRunSecondsWithArmedChecks", overhead[1]).put("ratio", overhead[1] / overhead[0])
                        .put("sameCounts", overhead[2] == 1);
            }
            java.util.Formatter text = new java.util.Formatter(new StringBuilder());
            {
                text.format("%s, %s (%,d node actors, %d JVM(s) x %d host(s), %s, %d warm-up run(s), %d cores, -Xmx %.1f GiB)%n",
                        scc.name(), alg.key(), scc.nodeCount(), jvms, h, kind.key(), warmups, Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() / (double) (1L << 30));
                if (jvms > 1) {
                    text.format("  setup                      %8.2f s   (JVM starts and cluster formation %.2f s, spawning %.2f s)%n",
                            formationSeconds + actor.spawnSeconds(), formationSeconds, actor.spawnSeconds());
                } else {
                    text.format("  spawn                      %8.2f s%n", actor.spawnSeconds());
                }
                text.format("  node actors per second     %,12.0f%s%n", spawnRate, target(spawnRate >= 400_000, "target ≥ 400,000 on 2 cores"));
                if (fresh != null && fresh.problem() == null) {
                    text.format("  Akka's first spawn         %,12.0f   (empty typed actors per second, %,d in a fresh JVM with this one's options;"
                            + " node actors: %.2f of it)%n", fresh.actorsPerSecond(), fresh.actors(), spawnRate / fresh.actorsPerSecond());
                } else if (fresh != null) {
                    text.format("  Akka's first spawn         not measured: %s%n", fresh.problem());
                }
                text.format("  run                        %8.2f s   (%d steps, %,d link messages, %,d node activations)%n",
                        actor.runSeconds(), actor.metrics().steps(), linkMessages, actor.activations());
                if (actor.runAllocatedBytes() >= 0) {
                    text.format("  garbage made in the run    %8.0f MiB   (%,.0f KiB per step, %.0f bytes per node activation; this JVM)%n",
                            actor.runAllocatedBytes() / 1048576.0, actor.runAllocatedBytes() / 1024.0 / Math.max(1, actor.metrics().steps()),
                            actor.runAllocatedBytes() / (double) Math.max(1, actor.activations()));
                }
                text.format("  ignored deliveries         %,12d   (carried and counted; the receiving node already held the message)%n",
                        actor.ignoredDeliveries());
                if (single != null) {
                    double r = actor.runSeconds() / single.runSeconds();
                    text.format("  run on 1 JVM, same command %8.2f s   ratio %.2f%s%n", single.runSeconds(), r, target(r <= 1.3, "target ≤ 1.3"));
                    text.format("  cross-JVM cost per step    %8.2f ms  ((run on %d JVMs − run on 1) / %d steps: the barrier and the wire)%n",
                            (actor.runSeconds() - single.runSeconds()) * 1e3 / Math.max(1, actor.metrics().steps()), jvms,
                            actor.metrics().steps());
                    text.format("  cross-JVM link messages    %,12d   (lateral %,d, local %,d)%n", actor.crossJvm(), actor.crossJvmLateral(),
                            actor.crossJvmLocal());
                    text.format("  cross-JVM per second       %,12.0f%s%n", crossJvmRate, target(crossJvmRate >= 300_000, "target ≥ 300,000"));
                    text.format("  bytes per cross-JVM msg    %8.2f     (Kryo-serialized host batches: %,d bytes for %,d node messages)%n",
                            bytesPerMessage, actor.wireBytes(), actor.wireNodeMessages());
                } else {
                    text.format("  spawn + run                %8.2f s%s%n", spawnPlusRun, scc.name().equals("scc:8") ? target(spawnPlusRun <= 5.0, "target ≤ 5 s") : "");
                }
                text.format("  link messages per second   %,12.0f%n", linkRate);
                text.format("  raw tell rate, same actors %,12.0f   (%,d tells to random actors in %.2f s)%n", raw.tellsPerSecond(),
                        raw.messages(), raw.seconds());
                text.format("  ratio                      %8.2f%s%n", ratio, target(ratio >= 0.5, "target ≥ 0.50"));
                text.format("  peak heap (this JVM)       %8.0f MiB   (live after spawn %s)%n", peak / 1048576.0,
                        actor.liveHeapAfterSpawn() > 0 ? String.format("%.0f MiB", actor.liveHeapAfterSpawn() / 1048576.0) : "n/a");
                if (empty != null) {
                    double r = bytesPerActor / (double) empty.bytesPerActor();
                    text.format("  bytes per node actor       %,12d   (live after spawn, with its program and its host's share)%n", bytesPerActor);
                    text.format("  bytes per empty actor      %,12d   ratio %.2f%s   (%,d empty typed actors)%n", empty.bytesPerActor(), r,
                            target(r <= 1.2, "target ≤ 1.2"), empty.actors());
                    text.format("  empty actors per second    %,12.0f   (Akka's spawn alone, same parents and dispatcher, after the run)%n",
                            empty.actorsPerSecond());
                }
                text.format("  sequential engine          %8.2f s   (lower bound; %,.0f link messages per second; same counts: %s)%n",
                        sequentialSeconds, sequential.totalLinkMessages() / sequentialSeconds, same ? "yes" : "NO");
                text.format("  run / sequential           %8.2f%s%n", runOverSequential, target(runOverSequential <= 2.0, "target ≤ 2"));
                if (overhead != null) {
                    text.format("  fault-check overhead       %8.2f s with armed checks / %.2f s without (median of %d rounds each): ratio %.3f,"
                            + " target < 1.10: %s; same counts: %s%n", overhead[1], overhead[0], faultOverhead, overhead[1] / overhead[0],
                            overhead[1] / overhead[0] < 1.10 ? "met" : "NOT met", overhead[2] == 1 ? "yes" : "no");
                }
            }
            return results.finish(o, text.toString(), 0);
        }
    }

    /**
     * Akka's own first spawn on this machine: {@code icn bench start --spawn N} in a new JVM with this JVM's options (heap, collector,
     * class-data archive, compiler), as a local worker gets them. A command spawns its network once, in a JVM whose code is not yet
     * compiled, and so does this; the empty actors measured after the run in this JVM are spawned by compiled code. {@code problem}
     * says why nothing was measured (the JVM failed or took over three minutes); the benchmark goes on without it.
     */
    record FreshSpawn(int actors, double actorsPerSecond, long pid, long maxHeapBytes, String problem) {

        static FreshSpawn measure(int actors) throws IOException, InterruptedException {
            Path out = Files.createTempDirectory("icn-fresh-spawn-");
            Path err = out.resolve("stderr.txt");
            try {
                List<String> command = LocalWorkers.icnCommand(1);
                command.addAll(List.of("bench", "start", "--spawn", Integer.toString(actors), "--json", "--out", out.resolve("results").toString()));
                Path json = out.resolve("stdout.json");
                Process p = new ProcessBuilder(command).redirectOutput(json.toFile()).redirectError(err.toFile()).start();
                if (!p.waitFor(3, TimeUnit.MINUTES)) {
                    p.destroyForcibly();
                    return new FreshSpawn(actors, 0, -1, -1, "the fresh JVM took over three minutes");
                }
                if (p.exitValue() != 0) {
                    List<String> lines = Files.readAllLines(err);
                    return new FreshSpawn(actors, 0, -1, -1, "the fresh JVM exited " + p.exitValue()
                            + (lines.isEmpty() ? "" : " (" + lines.get(lines.size() - 1).strip() + ")"));
                }
                JsonNode j = new ObjectMapper().readTree(json.toFile());
                return new FreshSpawn(actors, j.get("emptyActorsSpawnedPerSecond").asDouble(), j.get("pid").asLong(), j.get("maxHeapBytes").asLong(),
                        null);
            } finally {
                BenchStartCommand.deleteTree(out);
            }
        }
    }

    private static String target(boolean met, String what) {
        return "   " + what + (met ? ": met" : ": MISSED");
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
            }
        }
    }

    /** Sum of the heap pools' peaks: an upper bound on the heap in use at any one time. */
    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }

    /** A plan whose faults come after any run ends: the link layer checks every message and activation, and none is hit. */
    static icn.protocols.fault.FaultPlan armedPlan(Topology t) {
        int classes = icn.protocols.LinkClass.values().length;
        long later = 1_000_000_000L;
        return new icn.protocols.fault.FaultPlan(1, new int[] {t.nodeCount() - 1}, new long[] {later}, new int[] {0}, new int[] {0},
                new long[] {later}, new long[] {icn.protocols.fault.FaultPlan.NEVER}, new double[classes], new int[classes], new int[0],
                new long[0], false);
    }

    /** The median of {@code v} (the mean of the middle two for an even count). */
    /** {@code request} on the first {@code jvms} JVMs of {@code machines}. */
    private static RunResult run(Engine machines, int jvms, RunRequest request) {
        Topology t = Topologies.parse(request.topology());
        return run(machines, jvms, request, Programs.of(t, request.program(), request.faults()));
    }

    /** {@code request} on the first {@code jvms} JVMs of {@code machines}, its node programs already built. */
    private static RunResult run(Engine machines, int jvms, RunRequest request, ProgramFactory programs) {
        return machines.run(Topologies.parse(request.topology()), programs, request.withJvms(jvms));
    }

    static double median(double[] v) {
        double[] s = v.clone();
        java.util.Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
