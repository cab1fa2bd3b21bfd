package icn.scenarios.broadcast;

import icn.node.kind.NetworkBroadcasts;
import icn.node.engine.Engine;
import icn.node.engine.RunResult;
import icn.node.engine.RunSettings;
import icn.node.program.ProgramFactory;
import icn.node.kind.Programs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.scenarios.report.AppliedFaults;
import icn.protocols.wire.BroadcastSpec;
import icn.scenarios.kind.NetworkPapers;
import java.util.Objects;

/**
 * One-port or multi-port broadcasting of one message on scc:N, ccc:N, hypercube:N or star:N ({@link NetworkBroadcasts} says what each
 * means there), with lateral links R times slower than local ones (001 Theorem 11, §12), measured in lateral and local link steps,
 * in ticks, and in running time counted in lateral link steps: the figures of 001 Tables 6 and 7.
 *
 * <p>A lateral link step takes R ticks, a local one 1. {@code ticks} is the tick after which every node held the message;
 * {@code lateralSteps} the ticks up to then in which a lateral link carried it (the cube links of a hypercube count as lateral: they are
 * the cube links of CCC_n); {@code localSteps} the other ticks up to then that were not taken by a lateral transfer (so with R = 1 they
 * are {@link RunMetrics#localSteps()}, which Algorithm 4's report counts); {@code totalSteps} their sum, the steps of 001's
 * synchronous model; {@code runningTimeInLateralSteps} = ticks / R. Star and hypercube have no local links: their runs are synchronous
 * (R = 1) and their running time is their steps.
 */
public final class PortBroadcastRun {

    /**
     * What one run measured. {@code lateralLatency} is the R the run used (1 on star and hypercube), {@code informed} the nodes that held
     * the message at the end, {@code localMessages} the messages local (ring) links carried, {@code wallSeconds} the run's time on
     * the engine (for the actor engine in this JVM with its actor system's start and stop), {@code applied} what the run applied
     * beyond the papers' synchronous model (the latency R of the lateral links where R &gt; 1).
     */
    public record Result(String topology, long nodes, String algorithm, int lateralLatency, long lateralSteps, long localSteps,
            long totalSteps, long ticks, double runningTimeInLateralSteps, long informed, long localMessages, String engine,
            double wallSeconds, AppliedFaults applied) {

        public Result {
            Objects.requireNonNull(topology, "topology");
            Objects.requireNonNull(algorithm, "algorithm");
            Objects.requireNonNull(engine, "engine");
            Objects.requireNonNull(applied, "applied");
        }

        /** Every node held the message. */
        public boolean complete() {
            return informed == nodes;
        }
    }

    private PortBroadcastRun() {
    }

    /**
     * R of 001 Theorem 11 and §12, the ratio TR(loc)/TR(lat) that spends as much time on lateral as on local link steps: SCC_n
     * one-port ⌊n/2⌋, multi-port ⌊(n−1)/2⌋; CCC_n one-port ⌊(n+1)/2⌋, multi-port ⌊n/2⌋; 1 on networks without local links.
     */
    public static int theorem11Latency(Topology topology, BroadcastAlgorithm algorithm) {
        return NetworkPapers.of(topology).theorem11().applyAsInt(topology, algorithm);
    }

    /** A run from node 0 on {@code engine}, one JVM, whole supernodes per host. */
    public static Result run(Engine engine, Topology topology, BroadcastAlgorithm algorithm, int lateralLatency) {
        return run(engine, topology, algorithm, lateralLatency, 0, new RunSettings(engine.kind(), 1, Partition.Kind.SUPERNODE, 0));
    }

    /** A run from {@code source} on {@code engine} with the JVMs, hosts and partitioning of {@code settings}. */
    public static Result run(Engine engine, Topology topology, BroadcastAlgorithm algorithm, int lateralLatency, int source,
            RunSettings settings) {
        if (!NetworkBroadcasts.handles(algorithm)) {
            throw new InvalidInputException("--algorithm must be one-port or multi-port here, not " + algorithm.key());
        }
        int r = NetworkBroadcasts.hasLocalLinks(topology) ? lateralLatency : 1;
        if (lateralLatency != r) {
            throw new InvalidInputException(topology.name() + " has no local links, so its links cannot be slower than them: lateral latency "
                    + lateralLatency + " is only for scc:N and ccc:N");
        }
        BroadcastSpec spec = new BroadcastSpec(algorithm, 1, source, r);
        ProgramFactory programs = Programs.of(topology, spec); // checks the spec before anything is spawned
        long start = System.nanoTime();
        icn.node.engine.RunRequest request = settings.request(topology, spec, spec.linkLatency(), FaultPlan.NONE);
        RunResult result = engine.run(topology, programs, request);
        double wall = (System.nanoTime() - start) / 1e9;
        return measure(topology, algorithm, r, result.metrics(), result.engine().key(), wall,
                AppliedFaults.of(topology, request.latency(), request.faults()));
    }

    /** The figures of a finished run whose lateral links took {@code r} ticks. */
    static Result measure(Topology topology, BroadcastAlgorithm algorithm, int r, RunMetrics metrics, String engine, double wallSeconds,
            AppliedFaults applied) {
        long ticks = metrics.fullCoverageStep(0, topology.nodeCount());
        long end = ticks < 0 ? metrics.horizon() : ticks;
        long lateral = 0;
        long local = 0;
        long transferUntil = 0; // the last tick of the lateral transfer under way
        for (long t = 1; t <= end; t++) {
            if (metrics.linkMessagesAt(t, LinkClass.LATERAL) + metrics.linkMessagesAt(t, LinkClass.DIMENSION) > 0) {
                lateral++;
                transferUntil = t + r - 1;
            } else if (t > transferUntil) {
                local++;
            }
        }
        return new Result(topology.name(), topology.nodeCount(), algorithm.key(), r, lateral, local, lateral + local, ticks,
                ticks < 0 ? Double.NaN : (double) ticks / r, metrics.informed(0), metrics.linkMessages(LinkClass.LOCAL), engine,
                wallSeconds, applied);
    }
}
