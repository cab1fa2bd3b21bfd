package icn.node.actor;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.Props;
import icn.node.engine.LinkLatency;
import icn.node.program.ProgramFactory;
import icn.protocols.Partition;
import icn.protocols.Topology;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/** Runs node programs as one actor per node inside an existing ActorSystem, on one or more hosts of this JVM. */
public final class ActorEngine {

    private static final AtomicLong RUNS = new AtomicLong();

    private ActorEngine() {
    }

    public static CompletableFuture<ActorRunResult> run(ActorSystem<?> system, Topology topology, ProgramFactory programs,
            Partition partition, LinkLatency latency) {
        return run(system, topology, programs, partition, latency, false);
    }

    /** As {@link #run}, and with {@code measureLiveHeap} the heap held by the spawned network is measured before stepping starts. */
    public static CompletableFuture<ActorRunResult> run(ActorSystem<?> system, Topology topology, ProgramFactory programs,
            Partition partition, LinkLatency latency, boolean measureLiveHeap) {
        if (partition.nodeCount() != topology.nodeCount()) {
            throw new IllegalArgumentException("partition of " + partition.nodeCount() + " nodes for " + topology.name());
        }
        CompletableFuture<ActorRunResult> result = new CompletableFuture<>();
        system.systemActorOf(RunSupervisor.create(topology, partition, programs, latency, measureLiveHeap, result), "run-" + RUNS.incrementAndGet(),
                Props.empty());
        return result;
    }
}
