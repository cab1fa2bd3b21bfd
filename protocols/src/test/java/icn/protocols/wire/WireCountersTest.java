package icn.protocols.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import com.typesafe.config.ConfigFactory;
import icn.protocols.WireMessage;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * {@link WireCounters}: the bytes and node messages of every {@link HostProtocol.PeerBatch} a KryoSerializer writes, which is
 * what the benchmark reports as the wire cost of a node message. The counters are global to the JVM: these tests compare them
 * before and after, under a lock shared with the other tests that serialize PeerBatches.
 */
@ResourceLock(WireSamples.WIRE_COUNTERS)
class WireCountersTest {

    private static final long SEED = 20_240_611L;
    /** SCC_9 has 9!·8 = 2,903,040 nodes. */
    private static final int SCC9_NODES = 2_903_040;
    /** The most node messages one PeerBatch carries (node-actor's Host.CHUNK). */
    private static final int CHUNK = 16_384;

    private final KryoSerializer serializer = new KryoSerializer();

    private record Counts(long bytes, long nodeMessages) {
        static Counts now() {
            return new Counts(WireCounters.peerBatchBytes(), WireCounters.peerBatchNodeMessages());
        }

        Counts since(Counts before) {
            return new Counts(bytes - before.bytes, nodeMessages - before.nodeMessages);
        }
    }

    private static HostProtocol.PeerBatch peerBatch(HostBatch batch) {
        return new HostProtocol.PeerBatch(30, 1, 0, true, 31, batch);
    }

    @Test
    void aSerializedPeerBatchCountsItsBytesAndNodeMessages() {
        HostProtocol.PeerBatch m = peerBatch(WireSamples.batch(1_000, 30, SCC9_NODES, SEED));
        Counts before = Counts.now();
        byte[] once = serializer.toBinary(m);
        assertEquals(new Counts(once.length, 1_000), Counts.now().since(before));
        byte[] twice = serializer.toBinary(m);
        assertEquals(new Counts(once.length + twice.length, 2_000), Counts.now().since(before), "every serialization counts");
    }

    @Test
    void anEmptyBatchCostsBytesButCarriesNoNodeMessage() {
        Counts before = Counts.now();
        byte[] bytes = serializer.toBinary(peerBatch(HostBatch.EMPTY));
        assertTrue(bytes.length > 0);
        assertEquals(new Counts(bytes.length, 0), Counts.now().since(before));
    }

    @Test
    void onlyWrittenPeerBatchesCount() {
        HostProtocol.PeerBatch m = peerBatch(WireSamples.batch(100, 30, SCC9_NODES, SEED));
        byte[] bytes = serializer.toBinary(m);
        Counts before = Counts.now();
        serializer.fromBinary(bytes); // reading is the other JVM's business
        for (WireMessage other : WireSamples.messagesWithoutActorRefs()) {
            if (!(other instanceof HostProtocol.PeerBatch)) {
                serializer.toBinary(other);
            }
        }
        // a batch whose payload is not registered is refused half-way: nothing went on the wire
        HostProtocol.PeerBatch refused = peerBatch(new HostBatch(new long[] {31}, new int[] {5}, new int[] {0},
                new Object[] {new StringBuilder("not registered")}));
        assertThrows(IllegalArgumentException.class, () -> serializer.toBinary(refused));
        assertEquals(new Counts(0, 0), Counts.now().since(before));
    }

    /** Artery serializes through Akka's serialization, with the KryoSerializer instance Akka made: that one counts too. */
    @Test
    void akkasSerializationCounts() {
        ActorTestKit testKit = ActorTestKit.create("WireCountersTest",
                ConfigFactory.parseString("akka.actor.allow-java-serialization = off").withFallback(ConfigFactory.load()));
        try {
            Serialization serialization = SerializationExtension.get(testKit.system());
            HostProtocol.PeerBatch m = peerBatch(WireSamples.batch(500, 30, SCC9_NODES, SEED));
            Counts before = Counts.now();
            byte[] bytes = serialization.serialize(m).get();
            assertEquals(new Counts(bytes.length, 500), Counts.now().since(before));
        } finally {
            testKit.shutdownTestKit();
        }
    }

    /**
     * The wire cost of a node message in a full batch as a broadcast on SCC_9 sends it: every message arrives at step+1, to a
     * random node, on a random port, carrying message 0. Expected from the host batch's hand-written encoding
     * ({@link HostBatchSerializer}), computed here independently: per message the arrival step's distance from the batch's earliest
     * (an unsigned varint), the destination's zig-zag varint distance from the previous one, the port's zig-zag varint and one byte
     * for a small Integer payload; what is left over is the batch's own header (class id, step, sender, chunk, flags, count, earliest
     * step).
     */
    @Test
    void bytesPerNodeMessageOfAFullBatch() {
        long step = 30;
        HostBatch batch = WireSamples.batch(CHUNK, step, SCC9_NODES, SEED);
        long expectedEntries = 0;
        int previous = 0;
        for (int i = 0; i < batch.size(); i++) {
            expectedEntries += unsignedVarSize(batch.at()[i] - (step + 1)) + zigZagVarIntSize(batch.dest()[i] - previous)
                    + zigZagVarIntSize(batch.port()[i]) + 1;
            previous = batch.dest()[i];
        }
        Counts before = Counts.now();
        byte[] bytes = serializer.toBinary(peerBatch(batch));
        Counts counted = Counts.now().since(before);
        assertEquals(new Counts(bytes.length, CHUNK), counted);
        long header = bytes.length - expectedEntries;
        int emptyBatch = serializer.toBinary(peerBatch(HostBatch.EMPTY)).length;
        // the count CHUNK takes 3 varint bytes instead of the empty batch's 1, and the earliest step (31) one zig-zag varint byte
        assertEquals(emptyBatch + 2 + zigZagVarLongSize(step + 1), header, "header bytes of a full batch, seed " + SEED);

        double perNodeMessage = (double) counted.bytes() / counted.nodeMessages();
        System.out.printf(Locale.ROOT, "PeerBatch of %d node messages (SCC_9, step %d, seed %d): %d bytes, %.3f bytes per node message "
                + "(%.3f without the %d-byte header)%n", CHUNK, step, SEED, bytes.length, perNodeMessage,
                (double) expectedEntries / CHUNK, header);
        assertTrue(perNodeMessage < 8, () -> perNodeMessage + " bytes per node message");
    }

    @Test
    void resetZeroesBoth() {
        serializer.toBinary(peerBatch(WireSamples.batch(10, 30, SCC9_NODES, SEED)));
        WireCounters.reset();
        assertEquals(new Counts(0, 0), Counts.now());
    }

    private static int zigZagVarIntSize(int value) {
        return unsignedVarSize(Integer.toUnsignedLong((value << 1) ^ (value >> 31)));
    }

    private static int zigZagVarLongSize(long value) {
        return unsignedVarSize((value << 1) ^ (value >> 63));
    }

    private static int unsignedVarSize(long value) {
        int bytes = 1;
        while ((value >>>= 7) != 0) {
            bytes++;
        }
        return bytes;
    }
}
