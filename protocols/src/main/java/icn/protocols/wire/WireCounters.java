package icn.protocols.wire;

import java.util.concurrent.atomic.LongAdder;

/**
 * Bytes this JVM serialized for host-to-host batches and the node messages they carried, counted by {@link KryoSerializer}; only
 * batches that leave the JVM are serialized, so these are the figures of the wire.
 */
public final class WireCounters {

    private static final LongAdder PEER_BATCH_BYTES = new LongAdder();
    private static final LongAdder PEER_BATCH_NODE_MESSAGES = new LongAdder();

    private WireCounters() {
    }

    static void countPeerBatch(int bytes, int nodeMessages) {
        PEER_BATCH_BYTES.add(bytes);
        PEER_BATCH_NODE_MESSAGES.add(nodeMessages);
    }

    public static long peerBatchBytes() {
        return PEER_BATCH_BYTES.sum();
    }

    public static long peerBatchNodeMessages() {
        return PEER_BATCH_NODE_MESSAGES.sum();
    }

    public static void reset() {
        PEER_BATCH_BYTES.reset();
        PEER_BATCH_NODE_MESSAGES.reset();
    }
}
