package icn.node.engine;

import icn.protocols.LinkLatency;
import icn.protocols.Partition;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.ProgramSpec;

/**
 * One run, for any {@link Engine}: the topology by name ({@code scc:6}), the program every node runs, how nodes are split among the
 * hosts, the latency of each link class in steps, hosts per JVM, whether to measure the heap the spawned network holds (benchmarks),
 * the faults, and how many of the engine's JVMs run it (an engine on a cluster takes its first {@code jvms}). The sequential engine
 * reads the topology, program, latency and faults; the rest is for node actors. Made by {@link RunSettings#request}.
 */
public record RunRequest(String topology, ProgramSpec program, Partition.Kind partitioning, LinkLatency latency, int hostsPerJvm,
        boolean measureLiveHeap, FaultPlan faults, int jvms) {

    public RunRequest {
        if (hostsPerJvm < 1) {
            throw new IllegalArgumentException("hosts per JVM must be at least 1");
        }
        if (jvms < 1) {
            throw new IllegalArgumentException("a run needs at least one JVM");
        }
        faults = faults == null ? FaultPlan.NONE : faults;
    }

    /** A run on one JVM. */
    public RunRequest(String topology, ProgramSpec program, Partition.Kind partitioning, LinkLatency latency, int hostsPerJvm,
            boolean measureLiveHeap, FaultPlan faults) {
        this(topology, program, partitioning, latency, hostsPerJvm, measureLiveHeap, faults, 1);
    }

    /** A run without faults. */
    public RunRequest(String topology, ProgramSpec program, Partition.Kind partitioning, LinkLatency latency, int hostsPerJvm,
            boolean measureLiveHeap) {
        this(topology, program, partitioning, latency, hostsPerJvm, measureLiveHeap, FaultPlan.NONE);
    }

    /** A run in the papers' synchronous model: every link takes one step. */
    public RunRequest(String topology, ProgramSpec program, Partition.Kind partitioning, int hostsPerJvm, boolean measureLiveHeap) {
        this(topology, program, partitioning, LinkLatency.SYNCHRONOUS, hostsPerJvm, measureLiveHeap);
    }

    /** A run of {@code program} on {@code topology} in one JVM with one host, whole groups per host: what a reference run needs. */
    public static RunRequest of(Topology topology, ProgramSpec program, LinkLatency latency, FaultPlan faults) {
        return new RunRequest(topology.name(), program, Partition.Kind.SUPERNODE, latency, 1, false, faults, 1);
    }

    /** The same run with the faults of {@code plan}. */
    public RunRequest withFaults(FaultPlan plan) {
        return new RunRequest(topology, program, partitioning, latency, hostsPerJvm, measureLiveHeap, plan, jvms);
    }

    /** The same run on {@code k} JVMs. */
    public RunRequest withJvms(int k) {
        return new RunRequest(topology, program, partitioning, latency, hostsPerJvm, measureLiveHeap, faults, k);
    }

    /** The same run, measuring (or not) the heap its spawned network holds. */
    public RunRequest withLiveHeap(boolean measure) {
        return new RunRequest(topology, program, partitioning, latency, hostsPerJvm, measure, faults, jvms);
    }
}
