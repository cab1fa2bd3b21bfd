package icn.node.actor;

import icn.protocols.LinkLatency;
import icn.protocols.Partition;
import icn.protocols.fault.FaultPlan;
import icn.protocols.wire.ProgramSpec;

/**
 * One run for the actor engine: the topology by name ({@code scc:6}), the program every node runs, how nodes are split among the
 * hosts, the latency of each link class in steps, hosts per JVM, and whether to measure the heap the spawned network holds (benchmarks).
 */
public record RunRequest(String topology, ProgramSpec program, Partition.Kind partitioning, LinkLatency latency, int hostsPerJvm,
        boolean measureLiveHeap, FaultPlan faults) {

    public RunRequest {
        if (hostsPerJvm < 1) {
            throw new IllegalArgumentException("hosts per JVM must be at least 1");
        }
        faults = faults == null ? FaultPlan.NONE : faults;
    }

    /** A run without faults. */
    public RunRequest(String topology, ProgramSpec program, Partition.Kind partitioning, LinkLatency latency, int hostsPerJvm,
            boolean measureLiveHeap) {
        this(topology, program, partitioning, latency, hostsPerJvm, measureLiveHeap, FaultPlan.NONE);
    }

    /** The same run with the faults of {@code plan}. */
    public RunRequest withFaults(FaultPlan plan) {
        return new RunRequest(topology, program, partitioning, latency, hostsPerJvm, measureLiveHeap, plan);
    }

    /** A run in the papers' synchronous model: every link takes one step. */
    public RunRequest(String topology, ProgramSpec program, Partition.Kind partitioning, int hostsPerJvm, boolean measureLiveHeap) {
        this(topology, program, partitioning, LinkLatency.SYNCHRONOUS, hostsPerJvm, measureLiveHeap);
    }
}
