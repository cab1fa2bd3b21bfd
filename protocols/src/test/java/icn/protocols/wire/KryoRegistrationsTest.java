package icn.protocols.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import icn.protocols.BroadcastAlgorithm;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The registration list and the serializer without Akka. */
class KryoRegistrationsTest {

    /** Not registered: must be refused. */
    record UnlistedRecord(int value) implements WireMessage {
    }

    /** Not registered and not a record. */
    static final class UnlistedClass implements WireMessage {
        int value = 7;
    }

    private final KryoSerializer serializer = new KryoSerializer();

    @Test
    void idsAreUniqueAndAboveKryosOwn() {
        Set<Integer> ids = new HashSet<>();
        Set<Class<?>> types = new HashSet<>();
        for (KryoRegistrations.Entry e : KryoRegistrations.ENTRIES) {
            assertTrue(e.id() >= KryoRegistrations.FIRST_ID, e.toString());
            assertTrue(ids.add(e.id()), "id used twice: " + e);
            assertTrue(types.add(e.type()), "class registered twice: " + e);
        }
        Kryo kryo = KryoRegistrations.newKryo();
        for (KryoRegistrations.Entry e : KryoRegistrations.ENTRIES) {
            assertEquals(e.id(), kryo.getRegistration(e.type()).getId(), e.toString());
        }
    }

    /** Every registered class, message or not, survives a Kryo round trip of its sample. */
    @Test
    void everyRegisteredClassRoundTrips() {
        Kryo kryo = KryoRegistrations.newKryo();
        for (KryoRegistrations.Entry e : KryoRegistrations.ENTRIES) {
            Object sample = WireSamples.sample(e.type());
            assertEquals(e.type(), sample.getClass());
            Output output = new Output(256, -1);
            kryo.writeClassAndObject(output, sample);
            Object back = kryo.readClassAndObject(new Input(output.toBytes()));
            assertTrue(Objects.deepEquals(sample, back), () -> e + ": " + sample + " came back as " + back);
        }
    }

    @Test
    void everyRegisteredMessageRoundTripsThroughTheSerializer() {
        List<WireMessage> messages = WireSamples.messages();
        assertFalse(messages.isEmpty());
        for (WireMessage m : messages) {
            byte[] bytes = serializer.toBinary(m);
            assertEquals(m, serializer.fromBinary(bytes));
            String text = new String(bytes, StandardCharsets.ISO_8859_1);
            assertFalse(text.contains(m.getClass().getSimpleName()), () -> "class name on the wire for " + m);
            assertFalse(text.contains("icn"), () -> "package name on the wire for " + m);
        }
    }

    @Test
    void broadcastSpecIsSmallOnTheWire() {
        // class id + enum ordinal + two varints: a record costs no field names either
        assertTrue(serializer.toBinary(new BroadcastSpec(BroadcastAlgorithm.ONE_PORT, 1, 0)).length <= 8);
    }

    @Test
    void unlistedRecordIsRefusedNamingTheClass() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> serializer.toBinary(new UnlistedRecord(1)));
        assertTrue(e.getMessage().contains(UnlistedRecord.class.getName()), e.getMessage());
    }

    @Test
    void unlistedClassIsRefusedNamingTheClass() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> serializer.toBinary(new UnlistedClass()));
        assertTrue(e.getMessage().contains(UnlistedClass.class.getName()), e.getMessage());
    }

    @Test
    void unknownIdsAndTruncatedOrPaddedBytesAreRefused() {
        byte[] good = serializer.toBinary(WireSamples.messages().get(0));
        assertThrows(IllegalArgumentException.class, () -> serializer.fromBinary(new byte[] {(byte) 0x7f, 0}));
        assertThrows(IllegalArgumentException.class, () -> serializer.fromBinary(new byte[0]));
        byte[] padded = java.util.Arrays.copyOf(good, good.length + 1);
        assertThrows(IllegalArgumentException.class, () -> serializer.fromBinary(padded));
        // a registered class that is not a WireMessage is not a message
        Output output = new Output(16);
        KryoRegistrations.newKryo().writeClassAndObject(output, new int[] {1});
        byte[] array = output.toBytes();
        assertThrows(IllegalArgumentException.class, () -> serializer.fromBinary(array));
    }

    /** Records are rebuilt through their canonical constructor, so a message that breaks its own checks is refused on arrival. */
    @Test
    void recordChecksRunOnArrival() {
        byte[] one = serializer.toBinary(new BroadcastSpec(BroadcastAlgorithm.ONE_PORT, 1, 7));
        byte[] two = serializer.toBinary(new BroadcastSpec(BroadcastAlgorithm.ONE_PORT, 2, 7));
        assertEquals(one.length, two.length);
        int differs = -1;
        for (int k = 0; k < one.length; k++) {
            if (one[k] != two[k]) {
                assertEquals(-1, differs, "one byte encodes messages");
                differs = k;
            }
        }
        one[differs] = 0; // 0 is the single byte 0 in any varint encoding
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> serializer.fromBinary(one));
        assertTrue(e.getMessage().contains("messages must be at least 1"), e.getMessage());
    }

    /** Every WireMessage in this module's compiled classes is in the list (so one cannot be added and forgotten). */
    @Test
    void everyWireMessageOfProtocolsIsRegistered() throws Exception {
        Path classes = codeSource();
        Assumptions.assumeTrue(Files.isDirectory(classes), "classes are in a jar: " + classes);
        List<String> missing = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
                String name = classes.relativize(f).toString().replace(f.getFileSystem().getSeparator(), ".").replaceAll("\\.class$", "");
                Class<?> c = Class.forName(name, false, getClass().getClassLoader());
                if (WireMessage.class.isAssignableFrom(c) && !c.isInterface() && !KryoRegistrations.isRegistered(c)) {
                    missing.add(name);
                }
            }
        }
        assertEquals(List.of(), missing, "WireMessage classes missing from KryoRegistrations");
    }

    @Test
    void theSerializerIsSafeToShareBetweenThreads() throws Exception {
        List<WireMessage> messages = WireSamples.messages();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                results.add(pool.submit(() -> {
                    for (int k = 0; k < 20_000; k++) {
                        WireMessage m = messages.get(k % messages.size());
                        if (!m.equals(serializer.fromBinary(serializer.toBinary(m)))) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> r : results) {
                assertTrue(r.get());
            }
        } finally {
            pool.shutdown();
        }
    }

    private static Path codeSource() throws URISyntaxException {
        return Path.of(WireMessage.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
