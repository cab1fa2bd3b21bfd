package icn.protocols.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Issue 36: frames that made the receiving JVM allocate what a length on the wire claimed (six bytes asked for an int[] of 2^31
 * elements, "Requested array size exceeds VM limit", and Artery exits on that Error) or recurse as deep as the frame nested. Each is
 * refused with one IllegalArgumentException line, fast, and no Error escapes.
 */
class WireAttackTest {

    /** A claimed length of 2^31 - 2 (as the length + 1 that array serializers read, 2^31 - 3 elements). */
    private static final int HUGE = Integer.MAX_VALUE - 1;

    /** Far below what allocating gigabytes or reading 2^31 elements takes, far above a refusal (tens of microseconds). */
    private static final long FAST_NANOS = 250_000_000L;

    private final KryoSerializer serializer = new KryoSerializer();

    private static final Kryo KRYO = KryoRegistrations.newKryo();

    private static int id(Class<?> type) {
        return KRYO.getRegistration(type).getId();
    }

    /** A class id as Kryo writes it (0 is null, 1 a class name), then the length {@code length}. */
    private static byte[] frame(Class<?> type, int length) {
        Output out = new Output(16);
        out.writeVarInt(id(type) + 2, true);
        out.writeVarInt(length, true);
        return out.toBytes();
    }

    private IllegalArgumentException refused(byte[] frame) {
        serializer.fromBinary(serializer.toBinary(HostBatch.EMPTY)); // the pools are warm: the time below is the refusal's
        long start = System.nanoTime();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> serializer.fromBinary(frame));
        long nanos = System.nanoTime() - start;
        assertTrue(nanos < FAST_NANOS, nanos / 1_000_000 + " ms to refuse " + Arrays.toString(frame));
        String m = e.getMessage();
        assertTrue(m.startsWith("refusing a message of " + frame.length + " bytes: "), m);
        assertFalse(m.contains("\n"), m);
        return e;
    }

    private void refusedForItsLength(byte[] frame, String what) {
        String m = refused(frame).getMessage();
        assertTrue(m.contains(what + " claims") && m.contains("bytes left in the frame"), m);
    }

    /**
     * Issue 39: a traffic run's router timing crosses JVMs as text; a frame whose timing asks for what the command line refuses is
     * refused like any other malformed frame: a link latency of 0, which would make a router deliver in the past, and a crossbar
     * speedup of 0, which would let no flit leave an input.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0} tampered to {1}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {"links=local: | latency", "speedup= | speedup"})
    void aTrafficSpecWithATimingOutOfRangeIsRefused(String field, String named) {
        icn.protocols.traffic.TrafficSpec spec = new icn.protocols.traffic.TrafficSpec("adaptive", "uniform", 4, 8, 4, 0.01, 1, 100, 200)
                .withTiming(icn.protocols.traffic.RouterTiming.parse("speedup=3 links=local:9"));
        byte[] frame = serializer.toBinary(spec);
        assertEquals(spec, serializer.fromBinary(frame), "in range: read back");
        byte[] marker = field.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int at = -1;
        for (int i = 0; i + marker.length < frame.length && at < 0; i++) {
            if (Arrays.equals(Arrays.copyOfRange(frame, i, i + marker.length), marker)) {
                at = i + marker.length;
            }
        }
        assertTrue(at > 0, "the timing is in the frame as text");
        frame[at] = (byte) ((frame[at] & 0x80) | '0'); // 9 or 3 becomes 0, a string's last-byte mark kept
        String m = refused(frame).getMessage();
        assertTrue(m.contains(named), m);
    }

    @Test
    void theSixBytesOfIssue36AreRefused() {
        byte[] frame = frame(int[].class, HUGE);
        assertArrayEquals(new byte[] {0x66, (byte) 0xfe, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07}, frame);
        refusedForItsLength(frame, "int[]");
    }

    @Test
    void everyRegisteredArrayAndListClaimingAHugeLengthIsRefused() {
        List<Class<?>> containers = List.of(int[].class, long[].class, byte[].class, boolean[].class, double[].class, String[].class,
                Object[].class, ArrayList.class);
        for (Class<?> type : containers) {
            assertTrue(KryoRegistrations.isRegistered(type), type.getName());
            String what = type == ArrayList.class ? "ArrayList" : type.getSimpleName();
            refusedForItsLength(frame(type, HUGE), what);
            refusedForItsLength(frame(type, Integer.MIN_VALUE), what); // 5 bytes that read as a negative length
        }
    }

    @Test
    void aStringClaimingAHugeLengthIsRefused() {
        Output out = new Output(16);
        out.writeVarInt(id(String.class) + 2, true);
        out.writeVarIntFlag(true, HUGE, true); // Kryo's UTF-8 form: a flagged var-int of chars + 1
        byte[] frame = out.toBytes();
        assertEquals(6, frame.length);
        refusedForItsLength(frame, "a String");
    }

    @Test
    void aHostBatchClaimingAHugeCountIsRefused() {
        refusedForItsLength(frame(HostBatch.class, HUGE), "a host batch");
        // 1,000 node messages need at least 4,000 bytes
        Output out = new Output(64, -1);
        out.writeVarInt(id(HostBatch.class) + 2, true);
        out.writeVarInt(1_000, true);
        out.writeBytes(new byte[3_999]);
        refusedForItsLength(out.toBytes(), "a host batch");
    }

    /** Kryo reads a class name (class id 1) with its own String reading, before it looks for a registration (found by the fuzz test). */
    @Test
    void aClassNameIsRefusedBeforeItIsRead() {
        Output out = new Output(16);
        out.writeVarInt(1, true); // a class by name
        out.writeVarInt(243, true); // the name's id in this stream
        out.writeVarIntFlag(true, HUGE, true); // the name: a String of 2^31 - 3 chars
        String m = refused(out.toBytes()).getMessage();
        assertTrue(m.contains("a class name on the wire"), m);
    }

    /** The same claims inside messages, where records read their components without class ids. */
    @Test
    void hugeLengthsInsideMessagesAreRefused() {
        Output memberLost = new Output(16);
        memberLost.writeVarInt(id(HostProtocol.MemberLost.class) + 2, true);
        memberLost.writeVarInt(HUGE, true);
        refusedForItsLength(memberLost.toBytes(), "int[]");

        Output abort = new Output(16);
        abort.writeVarInt(id(HostProtocol.AbortRun.class) + 2, true);
        abort.writeVarIntFlag(true, HUGE, true);
        refusedForItsLength(abort.toBytes(), "a String");

        Output hosts = new Output(16); // StartStepping's list of hosts: a List component, so its class id comes first
        hosts.writeVarInt(id(HostProtocol.StartStepping.class) + 2, true);
        hosts.writeVarInt(id(ArrayList.class) + 2, true);
        hosts.writeVarInt(HUGE, true);
        refusedForItsLength(hosts.toBytes(), "ArrayList");
    }

    @Test
    void deeplyNestedArraysListsAndPayloadsAreRefusedWithoutOverflowingTheStack() {
        int depth = 100_000;
        refusedAsTooDeep(nested(new byte[0], depth, Object[].class));
        refusedAsTooDeep(nested(new byte[0], depth, ArrayList.class));
        Output alternating = new Output(16, -1);
        for (int i = 0; i < depth; i++) {
            alternating.writeVarInt(id(i % 2 == 0 ? Object[].class : ArrayList.class) + 2, true);
            alternating.writeVarInt(2, true);
        }
        alternating.writeByte(0);
        refusedAsTooDeep(alternating.toBytes());

        // a message's observations (an Object[] component, so with its class id)
        Output observed = new Output(16);
        observed.writeVarInt(id(HostProtocol.Observed.class) + 2, true);
        observed.writeVarInt(1, false);
        refusedAsTooDeep(nested(observed.toBytes(), depth, Object[].class));

        // host batches whose one node message carries the next batch as its payload
        Output batches = new Output(16, -1);
        for (int i = 0; i < depth; i++) {
            batches.writeVarInt(id(HostBatch.class) + 2, true);
            batches.writeVarInt(1, true); // one node message
            batches.writeVarLong(0, false); // the earliest step
            batches.writeVarLong(0, true); // its step
            batches.writeVarInt(0, false); // its destination
            batches.writeVarInt(0, false); // its port
            batches.writeByte(127); // a payload with its class id follows
        }
        batches.writeByte(0);
        refusedAsTooDeep(batches.toBytes());
    }

    /** {@code prefix}, then {@code depth} arrays or lists of one element each, the innermost holding null. */
    private static byte[] nested(byte[] prefix, int depth, Class<?> type) {
        Output out = new Output(prefix.length + 16, -1);
        out.writeBytes(prefix);
        for (int i = 0; i < depth; i++) {
            out.writeVarInt(id(type) + 2, true);
            out.writeVarInt(2, true); // one element
        }
        out.writeByte(0); // null
        return out.toBytes();
    }

    private void refusedAsTooDeep(byte[] frame) {
        String m = refused(frame).getMessage();
        assertTrue(m.contains("Max depth exceeded"), m);
    }

    /** Messages are shallow: the deepest sample needs at most half the depth limit, so a deeper real message has room to come. */
    @Test
    void everySampleFitsInHalfTheDepthLimit() {
        int deepest = 0;
        for (KryoRegistrations.Entry e : KryoRegistrations.ENTRIES) {
            if (WireSamples.carriesActorRefs(e.type())) {
                continue; // they need an actor system: the round-trip tests read them under the same limit
            }
            Object sample = WireSamples.sample(e.type());
            int depth = 1;
            while (!roundTrips(sample, depth)) {
                depth++;
                assertTrue(depth <= WireLimits.MAX_DEPTH, e.toString());
            }
            deepest = Math.max(deepest, depth);
        }
        System.err.println("WireAttackTest: the deepest sample is " + deepest + " levels (limit " + WireLimits.MAX_DEPTH + ")");
        assertTrue(2 * deepest <= WireLimits.MAX_DEPTH, deepest + " levels");
    }

    private static boolean roundTrips(Object value, int maxDepth) {
        Kryo kryo = KryoRegistrations.newKryo();
        kryo.setMaxDepth(maxDepth);
        try {
            Output out = new Output(256, -1);
            kryo.writeClassAndObject(out, value);
            return WireEquality.contentEquals(value, kryo.readClassAndObject(new Input(out.toBytes())));
        } catch (KryoException e) {
            return false;
        }
    }

    /** A length is believed exactly when the bytes left could hold it. */
    @Test
    void aLengthThatFitsIsReadAndOneMoreIsRefused() {
        Kryo kryo = KryoRegistrations.newKryo();
        Output fits = new Output(16);
        fits.writeVarInt(id(int[].class) + 2, true);
        fits.writeVarInt(3 + 1, true);
        fits.writeBytes(new byte[] {1, 2, 3}); // zig-zag: -1, 1, -2
        assertArrayEquals(new int[] {-1, 1, -2}, (int[]) kryo.readClassAndObject(new Input(fits.toBytes())));

        Output tooLong = new Output(16);
        tooLong.writeVarInt(id(int[].class) + 2, true);
        tooLong.writeVarInt(4 + 1, true);
        tooLong.writeBytes(new byte[] {1, 2, 3});
        KryoException e = assertThrows(KryoException.class, () -> kryo.readClassAndObject(new Input(tooLong.toBytes())));
        assertTrue(e.getMessage().contains("int[] claims 4 elements with 3 bytes left in the frame"), e.getMessage());

        // doubles take 8 bytes each
        Output doubles = new Output(32);
        doubles.writeVarInt(id(double[].class) + 2, true);
        doubles.writeVarInt(2 + 1, true);
        doubles.writeBytes(new byte[15]);
        assertThrows(KryoException.class, () -> kryo.readClassAndObject(new Input(doubles.toBytes())));
    }

    /** Above the cap a length is refused even when the frame is long enough, and so is writing it. */
    @Test
    void lengthsAboveTheCapAreRefusedOnBothSides() {
        Kryo kryo = KryoRegistrations.newKryo();
        int n = WireLimits.MAX_LENGTH + 1;
        Output out = new Output(n + 16);
        out.writeVarInt(id(byte[].class) + 2, true);
        out.writeVarInt(n + 1, true);
        out.writeBytes(new byte[n]);
        KryoException read = assertThrows(KryoException.class, () -> kryo.readClassAndObject(new Input(out.toBytes())));
        assertTrue(read.getMessage().contains("at most " + WireLimits.MAX_LENGTH), read.getMessage());

        byte[] atTheCap = new byte[WireLimits.MAX_LENGTH];
        Output ok = new Output(16, -1);
        kryo.writeClassAndObject(ok, atTheCap);
        assertArrayEquals(atTheCap, (byte[]) kryo.readClassAndObject(new Input(ok.toBytes())));

        IllegalArgumentException write = assertThrows(IllegalArgumentException.class,
                () -> serializer.toBinary(new HostProtocol.MemberLost(new int[n])));
        assertTrue(write.getMessage().contains("longer than the wire takes"), write.getMessage());
    }

    @Test
    void arraysKeepExtremeValuesAndNull() {
        Kryo kryo = KryoRegistrations.newKryo();
        List<Object> values = List.of(new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0}, new int[0],
                new long[] {Long.MIN_VALUE, Long.MAX_VALUE, -1, 0}, new byte[] {-128, 127, 0}, new boolean[] {true, false},
                new double[] {Double.NaN, Double.NEGATIVE_INFINITY, -0.0, Double.MIN_VALUE}, new String[] {null, "", "x"},
                new Object[] {null, new Object[] {null}, 1}, new ArrayList<>(Arrays.asList(null, "y", new ArrayList<>())));
        for (Object value : values) {
            Output out = new Output(64, -1);
            kryo.writeClassAndObject(out, value);
            byte[] bytes = out.toBytes();
            Input in = new Input(bytes);
            assertTrue(WireEquality.contentEquals(value, kryo.readClassAndObject(in)), value.getClass().getName());
            assertEquals(bytes.length, in.position());
            // records' array components are read without a class id: null goes through the serializer itself
            Output nullOut = new Output(8);
            kryo.writeObjectOrNull(nullOut, null, value.getClass());
            assertEquals(1, nullOut.position(), "null is one byte");
            assertNull(kryo.readObjectOrNull(new Input(nullOut.toBytes()), value.getClass()));
        }
    }

    /**
     * Strings keep Kryo's own format, byte for byte (so the wire is unchanged), and the bounded reader reads what Kryo writes, for
     * ASCII, UTF-8 of one to three bytes a char, and unpaired surrogates, which UTF-8 proper would lose.
     */
    @Test
    void stringsKeepKryosFormat() {
        Kryo kryo = KryoRegistrations.newKryo();
        List<String> strings = new ArrayList<>(Arrays.asList(null, "", "a", "ab", "<2,12345>", "x".repeat(32), "y".repeat(33),
                "⟨3,21453⟩", "é", "😀", "\ud800", "a\udc00b", "\u0000", "\u007f\u0080\u07ff\u0800\uffff"));
        Random random = new Random(36);
        for (int k = 0; k < 200; k++) {
            char[] chars = new char[random.nextInt(80)];
            for (int i = 0; i < chars.length; i++) {
                chars[i] = (char) (random.nextBoolean() ? random.nextInt(128) : random.nextInt(Character.MAX_VALUE + 1));
            }
            strings.add(new String(chars));
        }
        for (String s : strings) {
            Output kryos = new Output(16, -1);
            kryos.writeString(s);
            Output ours = new Output(16, -1);
            kryo.writeObjectOrNull(ours, s, String.class);
            assertArrayEquals(kryos.toBytes(), ours.toBytes(), s);
            Input in = new Input(kryos.toBytes());
            assertEquals(s, kryo.readObjectOrNull(in, String.class));
            assertEquals(kryos.position(), in.position(), s);
        }
    }

    @Test
    void anAsciiStringWithoutItsLastByteIsRefused() {
        Output out = new Output(16);
        out.writeVarInt(id(HostProtocol.AbortRun.class) + 2, true);
        out.writeBytes(new byte[] {'a', 'b', 'c'}); // Kryo ends an ASCII string with the high bit of its last byte
        refused(out.toBytes());
    }
}
