package icn.protocols.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.InvalidInputException;
import icn.protocols.traffic.ChannelStep;
import icn.protocols.traffic.MessageHeader;
import icn.protocols.traffic.TrafficSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/** The wire records of traffic runs in the forms the samples do not cover: body flits and credit-only steps have no header. */
@ResourceLock(WireSamples.WIRE_COUNTERS)
class TrafficWireTest {

    private final KryoSerializer serializer = new KryoSerializer();

    private Object roundTrip(Object value) throws java.io.NotSerializableException {
        return serializer.fromBinary(serializer.toBinary(value), value.getClass());
    }

    @Test
    void creditOnlyStepsAndBodyFlitsCrossWithoutAHeader() throws java.io.NotSerializableException {
        ChannelStep credits = ChannelStep.credits(0b1010);
        ChannelStep back = (ChannelStep) roundTrip(credits);
        assertEquals(credits, back);
        assertFalse(back.hasFlit());
        assertNull(back.header());
        ChannelStep body = new ChannelStep(3, 0, MessageHeader.id(5, 9), null, 0);
        assertEquals(body, roundTrip(body));
        ChannelStep killTail = new ChannelStep(0, ChannelStep.TAIL | ChannelStep.KILL, MessageHeader.id(1, 2), null, -1);
        ChannelStep k = (ChannelStep) roundTrip(killTail);
        assertTrue(k.tail() && k.kill() && !k.head());
        assertEquals(-1, k.credits(), "all 32 credit bits survive");
    }

    @Test
    void messageIdsPackSourceAndSequence() {
        long id = MessageHeader.id(2_000_000, -1);
        assertEquals(2_000_000, (int) (id >>> 32));
        assertEquals(0xffffffffL, id & 0xffffffffL);
        MessageHeader h = new MessageHeader(id, 2_000_000, 4, 10, 0, 0, 0, 0);
        MessageHeader first = h.hop(12, 1, 2);
        assertEquals(12, first.injected(), "the first hop records when the head left the source");
        assertEquals(12, first.hop(15, 0, 0).injected(), "later hops keep it");
        assertEquals(2, first.hop(15, 0, 0).hops());
    }

    @Test
    void badTrafficSpecsAreRefusedInOneLine() {
        assertThrows(InvalidInputException.class, () -> new TrafficSpec("adaptive", "uniform", 0, 32, 4, 0.001, 1, 10, 20));
        assertThrows(InvalidInputException.class, () -> new TrafficSpec("adaptive", "uniform", 33, 32, 4, 0.001, 1, 10, 20));
        assertThrows(InvalidInputException.class, () -> new TrafficSpec("adaptive", "uniform", 8, 0, 4, 0.001, 1, 10, 20));
        assertThrows(InvalidInputException.class, () -> new TrafficSpec("adaptive", "uniform", 8, 32, 0, 0.001, 1, 10, 20));
        assertThrows(InvalidInputException.class, () -> new TrafficSpec("adaptive", "uniform", 8, 32, 4, 0, 1, 10, 20));
        assertThrows(InvalidInputException.class, () -> new TrafficSpec("adaptive", "uniform", 8, 32, 4, Double.NaN, 1, 10, 20));
        assertThrows(IllegalArgumentException.class, () -> new TrafficSpec("adaptive", "uniform", 8, 32, 4, 0.001, 1, 10, 10));
    }
}
