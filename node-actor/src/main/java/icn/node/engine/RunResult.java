package icn.node.engine;

import icn.protocols.RunMetrics;
import java.util.List;

/**
 * What a run measured, on any engine ({@code engine} says which ran it): the merged per-step metrics; spawn and run seconds; node activations (Step messages handled);
 * deliveries to nodes that had declared they would not look at them (carried and counted, no activation spent); link messages that
 * crossed between hosts and between JVMs (lateral and local apart, and by every class); the serialized bytes and node messages of host batches that left a JVM; the
 * heap in use after spawning and the bytes this JVM allocated during the run phase (benchmarks only, else -1); and, if members were lost, who, at which step, and their node count. A
 * member lost after every host had finished (while hosts were being stopped) leaves the measurements complete. The sequential engine
 * fills in its metrics, its run time and its accounting: one JVM, one host, nothing spawned, nothing crossed, nothing lost.
 * {@code networkKept}: the node actors were those of the run before on the same network, reset rather than spawned anew (a
 * standing cluster's worker keeps them for a while); {@code spawnSeconds} is then the time the reset took.
 */
public record RunResult(EngineKind engine, RunMetrics metrics, int jvms, int hostsPerJvm, double spawnSeconds, double runSeconds, long activations,
        long ignoredDeliveries, long crossHostLateral, long crossHostLocal, long crossJvmLateral, long crossJvmLocal, long wireBytes,
        long wireNodeMessages, long liveHeapAfterSpawn, List<String> lostMembers, long stoppedAtStep, long lostNodes,
        boolean allHostsFinished, icn.protocols.Accounting accounting, boolean continued, List<Kill> kills, long[] crossHostByClass,
        long[] crossJvmByClass, int[] lostNodeIds, long runAllocatedBytes, boolean networkKept) {

    public RunResult {
        crossHostByClass = crossHostByClass.clone();
        crossJvmByClass = crossJvmByClass.clone();
        lostNodeIds = lostNodeIds.clone();
    }

    /** What the sequential engine measured in {@code runSeconds}. */
    public static RunResult sequential(RunMetrics metrics, double runSeconds) {
        int classes = icn.protocols.LinkClass.values().length;
        return new RunResult(EngineKind.SEQUENTIAL, metrics, 1, 1, 0, runSeconds, 0, 0, 0, 0, 0, 0, 0, 0, -1, List.of(), metrics.steps(), 0,
                true, metrics.accounting(), false, List.of(), new long[classes], new long[classes], new int[0], -1, false);
    }

    /** The ids of the nodes that went with lost members (ascending; empty if no member was lost). */
    @Override
    public int[] lostNodeIds() {
        return lostNodeIds.clone();
    }

    /** Link messages of {@code linkClass} that crossed between JVMs (every class: f, g, necklace and dimension links too). */
    public long crossJvm(icn.protocols.LinkClass linkClass) {
        return linkClass.ordinal() < crossJvmByClass.length ? crossJvmByClass[linkClass.ordinal()] : 0;
    }

    /** Link messages of {@code linkClass} that crossed between hosts (in one JVM or not). */
    public long crossHost(icn.protocols.LinkClass linkClass) {
        return linkClass.ordinal() < crossHostByClass.length ? crossHostByClass[linkClass.ordinal()] : 0;
    }

    @Override
    public long[] crossHostByClass() {
        return crossHostByClass.clone();
    }

    @Override
    public long[] crossJvmByClass() {
        return crossJvmByClass.clone();
    }

    /** A JVM the fault plan killed: its index, its member address, the step it was killed at, and how long detection took (-1: not detected). */
    public record Kill(int jvm, String member, long step, double detectionSeconds) {
    }

    /** Every host stepped to the agreed end and reported; false if a member was lost before that. */
    public boolean completed() {
        return allHostsFinished;
    }

    /** Link messages of every class that crossed between JVMs. */
    public long crossJvm() {
        long sum = 0;
        for (long c : crossJvmByClass) {
            sum += c;
        }
        return sum;
    }
}
