package icn.protocols.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.ExtendedActorSystem;
import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.typed.javadsl.Adapter;
import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.WireMessage;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The registration list and the serializer without Akka's serialization. An actor system only makes the actor references some
 * messages carry; those messages go through a serializer (or Kryo) created with that system, and the serializer without a system
 * must refuse them.
 */
@ResourceLock(WireSamples.WIRE_COUNTERS)
class KryoRegistrationsTest {

    private static final String NEEDS_A_SYSTEM = "actor references need a KryoSerializer created by an actor system";

    private static final ActorTestKit TEST_KIT = ActorTestKit.create("KryoRegistrationsTest");

    private static final ExtendedActorSystem SYSTEM = (ExtendedActorSystem) Adapter.toClassic(TEST_KIT.system());

    private static final WireSamples.Refs REFS = new WireSamples.Refs(TEST_KIT);

    @AfterAll
    static void shutdown() {
        TEST_KIT.shutdownTestKit();
    }

    /** Not registered: must be refused. */
    record UnlistedRecord(int value) implements WireMessage {
    }

    /** Not registered and not a record. */
    static final class UnlistedClass implements WireMessage {
        int value = 7;
    }

    /** Without an actor system: writes every message that holds no actor reference, refuses the others. */
    private final KryoSerializer serializer = new KryoSerializer();

    /** As Akka creates it: actor references are written as their full address and resolved in {@link #SYSTEM}. */
    private final KryoSerializer systemSerializer = new KryoSerializer(SYSTEM);

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

    /** Every registered class, message or not, survives a Kryo round trip of its sample (actor references through the system). */
    @Test
    void everyRegisteredClassRoundTrips() {
        Kryo kryo = KryoRegistrations.newKryo(new ActorRefs(SYSTEM));
        for (KryoRegistrations.Entry e : KryoRegistrations.ENTRIES) {
            Object sample = WireSamples.sample(e.type(), REFS);
            assertEquals(e.type(), sample.getClass());
            WireEquality.assertContentEquals(sample, kryoRoundTrip(kryo, sample), e.toString());
        }
    }

    /** A Kryo without an actor system writes every class whose sample holds no actor reference; the others are refused below. */
    @Test
    void everyClassWithoutActorRefsRoundTripsWithoutAnActorSystem() {
        Kryo kryo = KryoRegistrations.newKryo();
        int skipped = 0;
        for (KryoRegistrations.Entry e : KryoRegistrations.ENTRIES) {
            if (WireSamples.carriesActorRefs(e.type())) {
                skipped++; // needs an actor system: everyRegisteredClassRoundTrips, actorReferencesAreRefusedWithoutAnActorSystem
                continue;
            }
            Object sample = WireSamples.sample(e.type());
            assertEquals(e.type(), sample.getClass());
            WireEquality.assertContentEquals(sample, kryoRoundTrip(kryo, sample), e.toString());
        }
        assertEquals(WireSamples.CARRYING_ACTOR_REFS.size(), skipped);
    }

    @Test
    void everyRegisteredMessageRoundTripsThroughTheSerializerOfAnActorSystem() {
        List<WireMessage> messages = WireSamples.messages(REFS);
        assertEquals(KryoRegistrations.wireMessages().size(), messages.size());
        for (WireMessage m : messages) {
            byte[] bytes = systemSerializer.toBinary(m);
            WireEquality.assertContentEquals(m, systemSerializer.fromBinary(bytes), m.getClass().getName());
            assertNoClassNames(m, bytes);
        }
    }

    @Test
    void messagesWithoutActorRefsRoundTripThroughTheSerializerWithoutAnActorSystem() {
        List<WireMessage> messages = WireSamples.messagesWithoutActorRefs();
        assertFalse(messages.isEmpty());
        for (WireMessage m : messages) {
            byte[] bytes = serializer.toBinary(m);
            WireEquality.assertContentEquals(m, serializer.fromBinary(bytes), m.getClass().getName());
            assertNoClassNames(m, bytes);
            // both serializers write the same bytes where no actor reference is involved
            assertArrayEquals(bytes, systemSerializer.toBinary(m), m.getClass().getName());
        }
    }

    /** The serializer without an actor system refuses to write or read a message holding an actor reference, and says why. */
    @Test
    void actorReferencesAreRefusedWithoutAnActorSystem() {
        int refused = 0;
        for (WireMessage m : WireSamples.messages(REFS)) {
            if (!WireSamples.carriesActorRefs(m.getClass())) {
                continue;
            }
            refused++;
            IllegalArgumentException write = assertThrows(IllegalArgumentException.class, () -> serializer.toBinary(m));
            assertTrue(write.getMessage().contains(m.getClass().getName()) && write.getMessage().contains(NEEDS_A_SYSTEM),
                    write.getMessage());
            byte[] bytes = systemSerializer.toBinary(m);
            IllegalArgumentException read = assertThrows(IllegalArgumentException.class, () -> serializer.fromBinary(bytes));
            assertTrue(read.getMessage().contains(NEEDS_A_SYSTEM), read.getMessage());
        }
        assertEquals(WireSamples.CARRYING_ACTOR_REFS.size() - 1, refused, "one refusal per message class in CARRYING_ACTOR_REFS (the reference class itself is no message)");
        Object ref = WireSamples.sample(ActorRefs.TYPED_REF_CLASS, REFS);
        KryoException e = assertThrows(KryoException.class, () -> KryoRegistrations.newKryo().writeClassAndObject(new Output(64), ref));
        assertTrue(e.getMessage().contains(NEEDS_A_SYSTEM), e.getMessage());
    }

    @Test
    void samplesOfMessagesWithActorRefsNeedRefs() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WireSamples.sample(HostProtocol.HostReady.class));
        assertTrue(e.getMessage().contains("actor references"), e.getMessage());
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
        byte[] good = serializer.toBinary(WireSamples.messagesWithoutActorRefs().get(0));
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

    /** 8 threads share one serializer (and its pools); messages with actor references resolve them, ~0.1 ms each on 2 cores. */
    @Test
    void theSerializerIsSafeToShareBetweenThreads() throws Exception {
        List<WireMessage> messages = WireSamples.messages(REFS);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                results.add(pool.submit(() -> {
                    for (int k = 0; k < 5_000; k++) {
                        WireMessage m = messages.get(k % messages.size());
                        if (!WireEquality.contentEquals(m, systemSerializer.fromBinary(systemSerializer.toBinary(m)))) {
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

    private static Object kryoRoundTrip(Kryo kryo, Object value) {
        Output output = new Output(256, -1);
        kryo.writeClassAndObject(output, value);
        byte[] bytes = output.toBytes();
        Input input = new Input(bytes);
        Object back = kryo.readClassAndObject(input);
        assertEquals(bytes.length, input.position(), "bytes left over");
        return back;
    }

    private static void assertNoClassNames(WireMessage m, byte[] bytes) {
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        assertFalse(text.contains(m.getClass().getSimpleName()), () -> "class name on the wire for " + m);
        assertFalse(text.contains("icn"), () -> "package name on the wire for " + m);
    }

    private static Path codeSource() throws URISyntaxException {
        return Path.of(WireMessage.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
