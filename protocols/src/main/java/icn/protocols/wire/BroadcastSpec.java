package icn.protocols.wire;

import icn.protocols.BroadcastAlgorithm;

/** What every node runs in a broadcast experiment: the algorithm, B pipelined messages, the source node id. */
public record BroadcastSpec(BroadcastAlgorithm algorithm, int messages, int source) implements ProgramSpec {

    public BroadcastSpec {
        if (messages < 1) {
            throw new IllegalArgumentException("messages must be at least 1, was " + messages);
        }
    }
}
