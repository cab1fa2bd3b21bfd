package icn.node.actor;

import icn.node.engine.RunMetrics;
import icn.protocols.Partition;

/**
 * What the actor engine measured: the merged per-step metrics, spawn and run seconds, node activations (Step messages handled),
 * deliveries carried to nodes that had declared they would not look at them (no activation spent on those),
 * link messages that crossed between hosts, by class, and (benchmarks only, else -1) the heap in use after spawning, after a GC.
 */
public record ActorRunResult(RunMetrics metrics, Partition partition, double spawnSeconds, double runSeconds, long activations,
        long ignoredDeliveries,        long crossHostLateral, long crossHostLocal, long liveHeapAfterSpawn) {
}
