package icn.protocols.wire;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.LinkClass;
import icn.protocols.RunMetrics;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** The content equality the round-trip tests rely on: it must see every difference that equals() of a record cannot. */
class WireEqualityTest {

    private static HostBatch batch(long at, int dest, int port, Object payload) {
        return new HostBatch(new long[] {1, at}, new int[] {2, dest}, new int[] {0, port}, new Object[] {0, payload});
    }

    private static HostProtocol.PeerBatch peer(HostBatch batch) {
        return new HostProtocol.PeerBatch(30, 1, 0, true, 0, batch);
    }

    @Test
    void recordsHoldingEqualArraysAreEqualByContentThoughNotByEquals() {
        HostProtocol.PeerBatch a = peer(batch(31, 9, 2, 0));
        HostProtocol.PeerBatch b = peer(batch(31, 9, 2, 0));
        assertNotEquals(a, b, "records compare arrays by reference: the reason for WireEquality");
        assertTrue(WireEquality.contentEquals(a, b));
    }

    @Test
    void everyDifferenceDeepInsideIsSeen() {
        HostProtocol.PeerBatch base = peer(batch(31, 9, 2, 0));
        assertFalse(WireEquality.contentEquals(base, peer(batch(32, 9, 2, 0))), "long[] element");
        assertFalse(WireEquality.contentEquals(base, peer(batch(31, 8, 2, 0))), "int[] element");
        assertFalse(WireEquality.contentEquals(base, peer(batch(31, 9, 1, 0))), "port");
        assertFalse(WireEquality.contentEquals(base, peer(batch(31, 9, 2, 1))), "payload");
        assertFalse(WireEquality.contentEquals(base, peer(batch(31, 9, 2, 0L))), "payload of another class");
        assertFalse(WireEquality.contentEquals(base, peer(batch(31, 9, 2, new int[] {0}))), "payload array against a number");
        assertFalse(WireEquality.contentEquals(base, new HostProtocol.PeerBatch(30, 1, 0, false, 0, batch(31, 9, 2, 0))), "a flag");
        assertFalse(WireEquality.contentEquals(base, peer(HostBatch.EMPTY)), "lengths");
        assertTrue(WireEquality.contentEquals(peer(batch(31, 9, 2, new int[] {4})), peer(batch(31, 9, 2, new int[] {4}))),
                "arrays inside Object[] by content");
    }

    @Test
    void runMetricsAndHostFinishedAreComparedByCounts() {
        RunMetrics one = new RunMetrics(1);
        one.countSend(3, LinkClass.LOCAL);
        RunMetrics other = new RunMetrics(1);
        other.countSend(3, LinkClass.LATERAL);
        assertTrue(WireEquality.contentEquals(one.data(), one.data()));
        assertFalse(WireEquality.contentEquals(one.data(), other.data()));
        HostProtocol.HostFinished finished = new HostProtocol.HostFinished(0, one.data(), 3, 1, 0, new long[] {1, 2}, new long[2], false, new long[] {4, 0}, new long[] {0, 5});
        assertTrue(WireEquality.contentEquals(finished,
                new HostProtocol.HostFinished(0, one.data(), 3, 1, 0, new long[] {1, 2}, new long[2], false, new long[] {4, 0}, new long[] {0, 5})));
        assertFalse(WireEquality.contentEquals(finished,
                new HostProtocol.HostFinished(0, other.data(), 3, 1, 0, new long[] {1, 2}, new long[2], false, new long[] {4, 0}, new long[] {0, 5})));
        assertFalse(WireEquality.contentEquals(finished,
                new HostProtocol.HostFinished(0, one.data(), 3, 1, 0, new long[] {1, 3}, new long[2], false, new long[] {4, 0}, new long[] {0, 5})));
    }

    @Test
    void listsByElementAndClass() {
        List<Object> list = new ArrayList<>(List.of(1, new int[] {2}));
        assertTrue(WireEquality.contentEquals(list, new ArrayList<>(List.of(1, new int[] {2}))));
        assertFalse(WireEquality.contentEquals(list, new ArrayList<>(List.of(1, new int[] {3}))));
        assertFalse(WireEquality.contentEquals(list, new LinkedList<>(list)), "a round trip must keep the class");
    }

    @Test
    void primitiveArraysCompareLikeArraysEquals() {
        assertTrue(WireEquality.contentEquals(new double[] {Double.NaN}, new double[] {Double.NaN}));
        assertFalse(WireEquality.contentEquals(new double[] {-0.0}, new double[] {0.0}));
        assertFalse(WireEquality.contentEquals(new int[] {1}, new long[] {1}));
    }

    @Test
    void theAssertionNamesWhatDiffers() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> WireEquality.assertContentEquals(peer(batch(31, 9, 2, 0)), peer(batch(31, 8, 2, 0)), "sample"));
        assertTrue(e.getMessage().contains("dest=int[2, 9]") && e.getMessage().contains("dest=int[2, 8]"), e.getMessage());
    }
}
