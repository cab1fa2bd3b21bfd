package icn.protocols.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.traffic.ChannelStep;
import org.junit.jupiter.api.Test;

/** The hand-written host batch serializer: every field back as it was, whatever the values, and few bytes per node message. */
class HostBatchSerializerTest {

    private final KryoSerializer serializer = new KryoSerializer();

    private HostBatch roundTrip(HostBatch batch) throws Exception {
        byte[] bytes = serializer.toBinary(batch);
        return (HostBatch) serializer.fromBinary(bytes, HostBatch.class);
    }

    private static void assertSame(HostBatch expected, HostBatch actual) {
        assertArrayEquals(expected.at(), actual.at());
        assertArrayEquals(expected.dest(), actual.dest());
        assertArrayEquals(expected.port(), actual.port());
        assertArrayEquals(expected.payload(), actual.payload());
    }

    @Test
    void emptyBatchesRoundTrip() throws Exception {
        assertEquals(0, roundTrip(HostBatch.EMPTY).size());
    }

    @Test
    void extremeValuesRoundTrip() throws Exception {
        // steps out of order and far apart, destinations going up and down across the int range, send-back ports (negative),
        // Integers on both sides of the one-byte form, other payloads and null
        HostBatch batch = new HostBatch(new long[] {7, 5, Long.MAX_VALUE / 2, 5, 1_000_000_007L},
                new int[] {32_659_199, 0, Integer.MAX_VALUE, 3, 1},
                new int[] {2, -1, 0, -3, 127},
                new Object[] {0, 126, 127, -1, Integer.MAX_VALUE});
        assertSame(batch, roundTrip(batch));
        HostBatch others = new HostBatch(new long[] {3, 3, 3}, new int[] {10, 9, 11}, new int[] {0, 1, 2},
                new Object[] {null, "x", new ChannelStep(1, 0, 5L, null, 2)});
        HostBatch back = roundTrip(others);
        assertArrayEquals(others.dest(), back.dest());
        assertEquals(null, back.payload()[0]);
        assertEquals("x", back.payload()[1]);
        assertEquals(others.payload()[2], back.payload()[2]);
    }

    @Test
    void aBroadcastBatchTakesAFewBytesPerNodeMessage() throws Exception {
        // what a host sends in one step of a broadcast on SCC_9: 16,384 messages for nodes in ascending order, one step ahead
        int n = 16_384;
        long[] at = new long[n];
        int[] dest = new int[n];
        int[] port = new int[n];
        Object[] payload = new Object[n];
        for (int i = 0; i < n; i++) {
            at[i] = 41;
            dest[i] = 1_000_000 + 3 * i;
            port[i] = i % 3;
            payload[i] = 0;
        }
        HostBatch batch = new HostBatch(at, dest, port, payload);
        byte[] bytes = serializer.toBinary(batch);
        assertSame(batch, (HostBatch) serializer.fromBinary(bytes, HostBatch.class));
        assertTrue(bytes.length <= 4 * n + 16, bytes.length + " bytes for " + n + " node messages");
    }
}
