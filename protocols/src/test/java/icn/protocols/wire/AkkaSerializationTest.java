package icn.protocols.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import akka.serialization.Serializer;
import akka.serialization.Serializers;
import com.typesafe.config.ConfigFactory;
import icn.protocols.WireMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Wire messages through Akka's own serialization, as Artery does it, in a system where Java serialization is off. Akka creates the
 * KryoSerializer with its system, so messages holding actor references (refs of this system's probes) round-trip here too.
 */
@ResourceLock(WireSamples.WIRE_COUNTERS)
class AkkaSerializationTest {

    record UnlistedRecord(String text) implements WireMessage {
    }

    static final class UnlistedClass implements WireMessage {
    }

    private static final ActorTestKit TEST_KIT = ActorTestKit.create(
            ConfigFactory.parseString("akka.actor.allow-java-serialization = off").withFallback(ConfigFactory.load()));

    private static final Serialization SERIALIZATION = SerializationExtension.get(TEST_KIT.system());

    @AfterAll
    static void shutdown() {
        TEST_KIT.shutdownTestKit();
    }

    @Test
    void everyRegisteredMessageRoundTrips() {
        for (WireMessage m : WireSamples.messages(new WireSamples.Refs(TEST_KIT))) {
            Serializer serializer = SERIALIZATION.findSerializerFor(m);
            assertInstanceOf(KryoSerializer.class, serializer, m.getClass().getName());
            assertEquals(KryoSerializer.IDENTIFIER, serializer.identifier());
            String manifest = Serializers.manifestFor(serializer, m);
            assertEquals("", manifest);
            byte[] bytes = SERIALIZATION.serialize(m).get();
            Object back = SERIALIZATION.deserialize(bytes, serializer.identifier(), manifest).get();
            WireEquality.assertContentEquals(m, back, m.getClass().getName());
        }
    }

    @Test
    void aRecordMissingFromTheListIsRefused() {
        assertRefusedNaming(new UnlistedRecord("x"));
    }

    @Test
    void aClassMissingFromTheListIsRefused() {
        assertRefusedNaming(new UnlistedClass());
    }

    /** Issue 36 as Akka meets it: the six bytes are a failed deserialization (Artery logs it and drops the frame), not an Error. */
    @Test
    void theSixBytesOfIssue36AreAFailureNotAnError() {
        byte[] frame = {0x66, (byte) 0xfe, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07}; // int[] (id 100), 2^31 - 3 elements
        scala.util.Try<Object> read = SERIALIZATION.deserialize(frame, KryoSerializer.IDENTIFIER, "");
        assertTrue(read.isFailure());
        assertInstanceOf(IllegalArgumentException.class, read.failed().get());
    }

    private static void assertRefusedNaming(WireMessage m) {
        assertInstanceOf(KryoSerializer.class, SERIALIZATION.findSerializerFor(m));
        Exception e = assertThrows(Exception.class, () -> SERIALIZATION.serialize(m).get());
        assertTrue(String.valueOf(e.getMessage()).contains(m.getClass().getName()), e.toString());
    }
}
