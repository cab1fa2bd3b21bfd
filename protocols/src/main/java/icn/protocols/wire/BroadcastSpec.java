package icn.protocols.wire;

import icn.protocols.BroadcastAlgorithm;
import icn.protocols.ProgramSpec;

/**
 * What every node runs in a broadcast experiment: the algorithm, B pipelined messages, the source node id, and R, the ticks a
 * lateral link takes (001 Theorem 11; 1 in the papers' synchronous model). A run with R &gt; 1 must also give its links that latency
 * ({@code LinkLatency(R, 1)}): the programs time their loop by it.
 */
public record BroadcastSpec(BroadcastAlgorithm algorithm, int messages, int source, int lateralLatency) implements ProgramSpec {

    public BroadcastSpec {
        if (messages < 1) {
            throw new IllegalArgumentException("messages must be at least 1, was " + messages);
        }
        if (lateralLatency < 1) {
            throw new IllegalArgumentException("lateral latency must be at least 1 tick, was " + lateralLatency);
        }
    }

    /** A broadcast in the synchronous model: every link takes one step. */
    public BroadcastSpec(BroadcastAlgorithm algorithm, int messages, int source) {
        this(algorithm, messages, source, 1);
    }

    /** The link latencies the run must have: lateral R, local 1. */
    public icn.protocols.LinkLatency linkLatency() {
        return new icn.protocols.LinkLatency(lateralLatency, 1);
    }
}
