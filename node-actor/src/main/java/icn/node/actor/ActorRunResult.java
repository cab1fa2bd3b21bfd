package icn.node.actor;

import icn.node.engine.RunMetrics;
import icn.protocols.Partition;

/**
 * What the actor engine measured: the merged per-step metrics, spawn and run seconds, node activations (Step messages handled),
 * and link messages that crossed between hosts, by class.
 */
public record ActorRunResult(RunMetrics metrics, Partition partition, double spawnSeconds, double runSeconds, long activations,
        long crossHostLateral, long crossHostLocal) {
}
