package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;

import icn.launcher.cluster.ActorMachines;
import icn.launcher.output.Progress;
import icn.launcher.output.Results;
import icn.node.kind.NetworkPrograms;
import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.protocols.topology.Topologies;
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
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import icn.scenarios.report.IcnLine;

/**
 * {@code icn bench broadcast}: spawn and run seconds of a broadcast on the actor engine, link messages per second, peak heap, and
 * in the same JVM and run the raw Akka tell rate on as many actors (random destinations), the sequential engine as the lower bound.
 */
@Command(name = "broadcast", mixinStandardHelpOptions = true,
        description = {"Benchmark a broadcast on the actor engine: spawn seconds, run seconds, link messages per second and peak heap,",
                "beside the raw Akka tell rate measured in the same run on as many actors (random destinations), the",
                "sequential engine's time as the lower bound, and (one JVM) Akka's first spawn of as many empty typed actors",
                "in a fresh JVM with this one's options. Targets (2 cores): SCC_8 spawn + Algorithm 4 within 5 s;",
                "link messages per second at least half the raw tell rate; SCC_9 within -Xmx8g (run 'icn bench broadcast --topology scc:9' with ICN_HEAP=8g).",
                "With --jvms K > 1 (default 1) the same run on 1 JVM of the cluster comes first, for comparison."})
final class BenchBroadcastCommand implements Callable<Integer> {
    private final CommandContext ctx;

    BenchBroadcastCommand(CommandContext ctx) {
        this.ctx = ctx;
    }


    @Mixin
    TopologyOptions topology;

    @Option(names = IcnLine.ALGORITHM, paramLabel = "one-port|multi-port|flooding|flooding-one-port",
            description = "Default: one-port (Algorithm 4) on scc:N, flooding on the other networks.")
    String algorithm;

    @Option(names = "--hosts", paramLabel = "H", description = "Host actors in this JVM (default: one per core).")
    Integer hosts;

    @Mixin
    CommonOptions common;

    @Mixin
    ClusterOptions cluster;

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

    /** Everything one benchmark measured, for the JSON and the text. */
    private record Measured(Topology network, BroadcastAlgorithm algorithm, int jvms, int hosts, Partition.Kind kind, int warmups,
            double formationSeconds, RunResult single, RunResult actor, double endToEnd, long peak, long baseline, RunMetrics sequential,
            double sequentialSeconds, double[] overhead, icn.node.actor.EmptyActorProbe.Result empty, TellRateProbe.Result raw,
            FreshSpawn fresh) {

        long linkMessages() {
            return actor.metrics().totalLinkMessages();
        }

        double linkRate() {
            return linkMessages() / actor.runSeconds();
        }

        double spawnRate() {
            return network.nodeCount() / actor.spawnSeconds();
        }

        long bytesPerActor() {
            return actor.liveHeapAfterSpawn() > 0 ? (actor.liveHeapAfterSpawn() - baseline) / network.nodeCount() : -1;
        }

        double crossJvmRate() {
            return actor.crossJvm() / actor.runSeconds();
        }

        double bytesPerMessage() {
            return actor.wireNodeMessages() > 0 ? actor.wireBytes() / (double) actor.wireNodeMessages() : 0;
        }

        boolean same() {
            return actor.metrics().sameCountsAs(sequential);
        }
    }

    @Override
    public Integer call() throws Exception {
        Topology network = topology.network();
        BroadcastAlgorithm alg = BroadcastAlgorithm.parse(algorithm != null ? algorithm
                : NetworkPrograms.of(network).papersBroadcasts() ? "one-port" : "flooding");
        int jvms = ctx.engines().checkJvms(cluster.jvms(1));
        icn.node.engine.HeapEstimate.require(network.name(), network.nodeCount(), jvms); // before the sequential run, before anything starts
        int h = hosts != null ? hosts : ctx.engines().defaultHosts(jvms);
        new RunSettings(EngineKind.ACTORS, jvms, h, Partition.Kind.SUPERNODE, 1); // refuses bad --hosts/--jvms before anything starts
        Partition.Kind kind = Partition.Kind.parse(partitioning);
        Results results = Results.open(ctx.session(), common.results(), jvms);
        Progress progress = new Progress(ctx.session(), common.json);
        BroadcastSpec spec = new BroadcastSpec(alg, 1, 0);
        ProgramFactory programs = Programs.of(network, spec);
        progress.step("sequential engine (lower bound)");
        long t0 = System.nanoTime();
        RunMetrics sequential = Engine.reference().run(network, programs, RunRequest.of(network, spec, LinkLatency.SYNCHRONOUS,
                icn.protocols.fault.FaultPlan.NONE)).metrics();
        double sequentialSeconds = (System.nanoTime() - t0) / 1e9;
        long setupStart = System.nanoTime();
        try (ActorMachines machines = ctx.engines().openHere(jvms, cluster.formationTimeout(), progress::step)) {
            double formationSeconds = (System.nanoTime() - setupStart) / 1e9;
            RunRequest request = new RunRequest(network.name(), spec, kind, h, false);
            int warmups = warmup != null ? warmup : jvms > 1 ? 5 : 0;
            for (int w = 0; w < warmups; w++) {
                progress.item(w + 1, warmups, String.format("warm-up (scc:7 on %d JVM(s))", jvms));
                run(machines, jvms, new RunRequest("scc:7", spec, kind, h, false));
            }
            RunResult single = null;
            if (jvms > 1) {
                progress.step(String.format("the same run on 1 JVM of the cluster (%,d node actors, %d hosts)", network.nodeCount(), h));
                single = run(machines, 1, request, programs);
            }
            long baseline = icn.node.actor.LiveHeap.settled();
            resetPeaks();
            progress.step(String.format("actor engine: spawning %,d node actors on %d JVM(s) x %d host(s), then %s", network.nodeCount(), jvms,
                    h, alg.key()));
            long start = System.nanoTime();
            RunResult actor = run(machines, jvms, request.withLiveHeap(jvms == 1), programs);
            double endToEnd = (System.nanoTime() - start) / 1e9;
            long peak = peakHeap();
            double[] overhead = faultOverhead > 0 ? faultOverhead(machines, jvms, request, programs, sequential, progress) : null;
            Measured m = probes(machines, new Measured(network, alg, jvms, h, kind, warmups, formationSeconds, single, actor, endToEnd, peak,
                    baseline, sequential, sequentialSeconds, overhead, null, null, null), progress);
            progress.done();
            return results.finish(json(m), text(m), 0);
        }
    }

    /**
     * What the fault checks cost: one unmeasured pair first, so both paths are compiled before they are timed; then rounds that
     * alternate which of the two goes first, so drift on a shared machine falls on both sides alike. The median run seconds without
     * faults and with an armed plan, and 1 if every armed run counted what the sequential engine did.
     */
    private double[] faultOverhead(ActorMachines machines, int jvms, RunRequest request, ProgramFactory programs, RunMetrics sequential,
            Progress progress) {
        double[] clean = new double[faultOverhead];
        double[] armed = new double[faultOverhead];
        RunRequest withPlan = request.withFaults(armedPlan(Topologies.parse(request.topology())));
        boolean sameArmed = true;
        progress.step("fault-check overhead: one unmeasured pair (JIT warm-up of both paths)");
        run(machines, jvms, request, programs);
        run(machines, jvms, withPlan, programs);
        for (int r = 0; r < faultOverhead; r++) {
            boolean armedFirst = r % 2 == 1;
            progress.item(r + 1, faultOverhead, "fault-check overhead: "
                    + (armedFirst ? "with an armed plan, then without faults" : "without faults, then with an armed plan"));
            RunResult withChecks = null;
            if (armedFirst) {
                withChecks = run(machines, jvms, withPlan, programs);
            }
            clean[r] = run(machines, jvms, request, programs).runSeconds();
            if (!armedFirst) {
                withChecks = run(machines, jvms, withPlan, programs);
            }
            armed[r] = withChecks.runSeconds();
            sameArmed &= withChecks.metrics().sameCountsAs(sequential) && withChecks.accounting().balanced();
        }
        return new double[] {median(clean), median(armed), sameArmed ? 1 : 0};
    }

    /** Akka's own costs beside the run: empty actors (one JVM), the raw tell rate, and Akka's first spawn in a fresh JVM. */
    private Measured probes(ActorMachines machines, Measured m, Progress progress) throws Exception {
        // a network's node actors are stopped after its result is in; a small run waits for that (a host manager spawns the next
        // network only once the last one is gone), so the probes below measure this JVM without the network in it
        run(machines, 1, new RunRequest("scc:3", new BroadcastSpec(m.algorithm(), 1, 0), m.kind(), m.hosts(), false));
        icn.node.actor.EmptyActorProbe.Result empty = null;
        int nodes = m.network().nodeCount();
        if (m.jvms() == 1) {
            // as many as the network has, up to 500,000: bytes per actor do not depend on the count, a full collection's time does
            int count = Math.min(nodes, 500_000);
            progress.step(String.format("%,d empty typed actors, spawned as the node actors are (Akka's own cost per actor)", count));
            empty = icn.node.actor.EmptyActorProbe.measure(machines.system(), count, true);
        }
        progress.step(String.format("raw tell rate on %,d actors", nodes));
        System.gc();
        long tells = Math.max(m.linkMessages(), 2_000_000L);
        TellRateProbe.Result raw = TellRateProbe.measure(machines.system(), nodes, tells, m.hosts(), 1);
        FreshSpawn fresh = null;
        if (m.jvms() == 1 && !noFreshSpawn) {
            int count = Math.min(nodes, BenchStartCommand.MAX_SPAWN);
            progress.step(String.format("Akka's first spawn: %,d empty typed actors in a fresh JVM", count));
            fresh = FreshSpawn.measure(count);
        }
        return new Measured(m.network(), m.algorithm(), m.jvms(), m.hosts(), m.kind(), m.warmups(), m.formationSeconds(), m.single(),
                m.actor(), m.endToEnd(), m.peak(), m.baseline(), m.sequential(), m.sequentialSeconds(), m.overhead(), empty, raw, fresh);
    }

    /** The JSON of the benchmark (docs/output.md). */
    private ObjectNode json(Measured m) {
        RunResult actor = m.actor();
        ObjectNode o = new ObjectMapper().createObjectNode();
        o.put("topology", m.network().name());
        o.put("nodes", m.network().nodeCount());
        o.put("algorithm", m.algorithm().key());
        o.put("jvms", m.jvms());
        o.put("hostsPerJvm", m.hosts());
        o.put("partitioning", m.kind().key());
        o.put("warmupRuns", m.warmups());
        o.put("cores", Runtime.getRuntime().availableProcessors());
        o.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        o.put("setupSeconds", m.formationSeconds() + actor.spawnSeconds());
        o.put("formationSeconds", m.formationSeconds());
        o.put("spawnSeconds", actor.spawnSeconds());
        o.put("runSeconds", actor.runSeconds());
        o.put("spawnPlusRunSeconds", actor.spawnSeconds() + actor.runSeconds());
        o.put("endToEndSeconds", m.endToEnd());
        o.put("steps", actor.metrics().steps());
        o.put("linkMessages", m.linkMessages());
        o.put("nodeActivations", actor.activations());
        o.put("ignoredDeliveries", actor.ignoredDeliveries());
        o.put("linkMessagesPerSecond", m.linkRate());
        o.put("crossJvmLinkMessages", actor.crossJvm());
        o.put("crossJvmLinkMessagesPerSecond", m.crossJvmRate());
        o.put("wireBytesPerCrossJvmMessage", m.bytesPerMessage());
        if (m.single() != null) {
            o.put("singleJvmRunSeconds", m.single().runSeconds());
            o.put("runSecondsOverSingleJvm", actor.runSeconds() / m.single().runSeconds());
            o.put("crossJvmSecondsPerStep", (actor.runSeconds() - m.single().runSeconds()) / Math.max(1, actor.metrics().steps()));
        }
        o.put("nodeActorsSpawnedPerSecond", m.spawnRate());
        if (actor.runAllocatedBytes() >= 0) {
            o.put("runAllocatedBytes", actor.runAllocatedBytes());
            o.put("garbageBytesPerStep", actor.runAllocatedBytes() / Math.max(1, actor.metrics().steps()));
            o.put("garbageBytesPerActivation", actor.runAllocatedBytes() / (double) Math.max(1, actor.activations()));
        }
        putProbes(o, m);
        return o;
    }

    /** The JSON of Akka's own costs, the sequential engine's, and the fault checks'. */
    private void putProbes(ObjectNode o, Measured m) {
        FreshSpawn fresh = m.fresh();
        if (fresh != null && fresh.problem() == null) {
            o.put("freshJvmEmptyActors", fresh.actors());
            o.put("freshJvmEmptyActorsSpawnedPerSecond", fresh.actorsPerSecond());
            o.put("freshJvmPid", fresh.pid());
            o.put("freshJvmMaxHeapBytes", fresh.maxHeapBytes());
            o.put("nodeActorSpawnRateOverFreshJvmEmptyActors", m.spawnRate() / fresh.actorsPerSecond());
        } else if (fresh != null) {
            o.put("freshJvmSpawnNotMeasured", fresh.problem());
        }
        o.put("runSecondsOverSequential", m.actor().runSeconds() / m.sequentialSeconds());
        if (m.empty() != null) {
            o.put("emptyActorSpawnSeconds", m.empty().spawnSeconds());
            o.put("emptyActorsSpawnedPerSecond", m.empty().actorsPerSecond());
            o.put("emptyActorHeapBytes", m.empty().bytesPerActor());
            o.put("nodeActorBytesOverEmptyActor", m.bytesPerActor() / (double) m.empty().bytesPerActor());
        }
        o.put("peakHeapBytes", m.peak());
        o.put("liveHeapAfterSpawnBytes", m.actor().liveHeapAfterSpawn());
        o.put("heapBytesPerNodeActor", m.bytesPerActor());
        o.put("rawTells", m.raw().messages());
        o.put("rawTellSeconds", m.raw().seconds());
        o.put("rawTellsPerSecond", m.raw().tellsPerSecond());
        o.put("linkRateOverRawTellRate", m.linkRate() / m.raw().tellsPerSecond());
        o.put("sequentialSeconds", m.sequentialSeconds());
        o.put("sequentialLinkMessagesPerSecond", m.sequential().totalLinkMessages() / m.sequentialSeconds());
        o.put("actorMatchesSequential", m.same());
        double[] overhead = m.overhead();
        if (overhead != null) {
            o.putObject("faultCheckOverhead").put("rounds", faultOverhead).put("medianRunSecondsWithoutFaults", overhead[0])
                    .put("medianRunSecondsWithArmedChecks", overhead[1]).put("ratio", overhead[1] / overhead[0])
                    .put("sameCounts", overhead[2] == 1);
        }
    }

    /** The text of the benchmark: the run, then what it is set beside. */
    private String text(Measured m) {
        RunResult actor = m.actor();
        java.util.Formatter text = new java.util.Formatter(new StringBuilder());
        text.format("%s, %s (%,d node actors, %d JVM(s) x %d host(s), %s, %d warm-up run(s), %d cores, -Xmx %.1f GiB)%n",
                m.network().name(), m.algorithm().key(), m.network().nodeCount(), m.jvms(), m.hosts(), m.kind().key(), m.warmups(),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() / (double) (1L << 30));
        if (m.jvms() > 1) {
            text.format("  setup                      %8.2f s   (JVM starts and cluster formation %.2f s, spawning %.2f s)%n",
                    m.formationSeconds() + actor.spawnSeconds(), m.formationSeconds(), actor.spawnSeconds());
        } else {
            text.format("  spawn                      %8.2f s%n", actor.spawnSeconds());
        }
        text.format("  node actors per second     %,12.0f%s%n", m.spawnRate(), target(m.spawnRate() >= 400_000, "target ≥ 400,000 on 2 cores"));
        FreshSpawn fresh = m.fresh();
        if (fresh != null && fresh.problem() == null) {
            text.format("  Akka's first spawn         %,12.0f   (empty typed actors per second, %,d in a fresh JVM with this one's options;"
                    + " node actors: %.2f of it)%n", fresh.actorsPerSecond(), fresh.actors(), m.spawnRate() / fresh.actorsPerSecond());
        } else if (fresh != null) {
            text.format("  Akka's first spawn         not measured: %s%n", fresh.problem());
        }
        text.format("  run                        %8.2f s   (%d steps, %,d link messages, %,d node activations)%n",
                actor.runSeconds(), actor.metrics().steps(), m.linkMessages(), actor.activations());
        if (actor.runAllocatedBytes() >= 0) {
            text.format("  garbage made in the run    %8.0f MiB   (%,.0f KiB per step, %.0f bytes per node activation; this JVM)%n",
                    actor.runAllocatedBytes() / 1048576.0, actor.runAllocatedBytes() / 1024.0 / Math.max(1, actor.metrics().steps()),
                    actor.runAllocatedBytes() / (double) Math.max(1, actor.activations()));
        }
        text.format("  ignored deliveries         %,12d   (carried and counted; the receiving node already held the message)%n",
                actor.ignoredDeliveries());
        crossJvmText(text, m);
        probesText(text, m);
        return text.toString();
    }

    /** The text of the cluster against one JVM (several JVMs), or of spawn and run together (one). */
    private static void crossJvmText(java.util.Formatter text, Measured m) {
        RunResult actor = m.actor();
        if (m.single() == null) {
            double spawnPlusRun = actor.spawnSeconds() + actor.runSeconds();
            text.format("  spawn + run                %8.2f s%s%n", spawnPlusRun, m.network().name().equals("scc:8")
                    ? target(spawnPlusRun <= 5.0, "target ≤ 5 s") : "");
            return;
        }
        double r = actor.runSeconds() / m.single().runSeconds();
        text.format("  run on 1 JVM, same command %8.2f s   ratio %.2f%s%n", m.single().runSeconds(), r, target(r <= 1.3, "target ≤ 1.3"));
        text.format("  cross-JVM cost per step    %8.2f ms  ((run on %d JVMs − run on 1) / %d steps: the barrier and the wire)%n",
                (actor.runSeconds() - m.single().runSeconds()) * 1e3 / Math.max(1, actor.metrics().steps()), m.jvms(),
                actor.metrics().steps());
        text.format("  cross-JVM link messages    %,12d   (lateral %,d, local %,d)%n", actor.crossJvm(), actor.crossJvmLateral(),
                actor.crossJvmLocal());
        text.format("  cross-JVM per second       %,12.0f%s%n", m.crossJvmRate(), target(m.crossJvmRate() >= 300_000, "target ≥ 300,000"));
        text.format("  bytes per cross-JVM msg    %8.2f     (Kryo-serialized host batches: %,d bytes for %,d node messages)%n",
                m.bytesPerMessage(), actor.wireBytes(), actor.wireNodeMessages());
    }

    /** The text of what the run is set beside: the raw tell rate, the heap, empty actors, the sequential engine, the fault checks. */
    private void probesText(java.util.Formatter text, Measured m) {
        double ratio = m.linkRate() / m.raw().tellsPerSecond();
        text.format("  link messages per second   %,12.0f%n", m.linkRate());
        text.format("  raw tell rate, same actors %,12.0f   (%,d tells to random actors in %.2f s)%n", m.raw().tellsPerSecond(),
                m.raw().messages(), m.raw().seconds());
        text.format("  ratio                      %8.2f%s%n", ratio, target(ratio >= 0.5, "target ≥ 0.50"));
        text.format("  peak heap (this JVM)       %8.0f MiB   (live after spawn %s)%n", m.peak() / 1048576.0,
                m.actor().liveHeapAfterSpawn() > 0 ? String.format("%.0f MiB", m.actor().liveHeapAfterSpawn() / 1048576.0) : "n/a");
        if (m.empty() != null) {
            double r = m.bytesPerActor() / (double) m.empty().bytesPerActor();
            text.format("  bytes per node actor       %,12d   (live after spawn, with its program and its host's share)%n", m.bytesPerActor());
            text.format("  bytes per empty actor      %,12d   ratio %.2f%s   (%,d empty typed actors)%n", m.empty().bytesPerActor(), r,
                    target(r <= 1.2, "target ≤ 1.2"), m.empty().actors());
            text.format("  empty actors per second    %,12.0f   (Akka's spawn alone, same parents and dispatcher, after the run)%n",
                    m.empty().actorsPerSecond());
        }
        double runOverSequential = m.actor().runSeconds() / m.sequentialSeconds();
        text.format("  sequential engine          %8.2f s   (lower bound; %,.0f link messages per second; same counts: %s)%n",
                m.sequentialSeconds(), m.sequential().totalLinkMessages() / m.sequentialSeconds(), m.same() ? "yes" : "NO");
        text.format("  run / sequential           %8.2f%s%n", runOverSequential, target(runOverSequential <= 2.0, "target ≤ 2"));
        double[] overhead = m.overhead();
        if (overhead != null) {
            text.format("  fault-check overhead       %8.2f s with armed checks / %.2f s without (median of %d rounds each): ratio %.3f,"
                    + " target < 1.10: %s; same counts: %s%n", overhead[1], overhead[0], faultOverhead, overhead[1] / overhead[0],
                    overhead[1] / overhead[0] < 1.10 ? "met" : "NOT met", overhead[2] == 1 ? "yes" : "no");
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

    /** {@code request} on the first {@code jvms} JVMs of {@code machines}. */
    private static RunResult run(Engine machines, int jvms, RunRequest request) {
        Topology t = Topologies.parse(request.topology());
        return run(machines, jvms, request, Programs.of(t, request.program(), request.faults()));
    }

    /** {@code request} on the first {@code jvms} JVMs of {@code machines}, its node programs already built. */
    private static RunResult run(Engine machines, int jvms, RunRequest request, ProgramFactory programs) {
        return machines.run(Topologies.parse(request.topology()), programs, request.withJvms(jvms));
    }

    /** The median of {@code v} (the mean of the middle two for an even count). */
    static double median(double[] v) {
        double[] s = v.clone();
        java.util.Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
