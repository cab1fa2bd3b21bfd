package icn.protocols.wire;

import akka.actor.ExtendedActorSystem;
import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.typed.javadsl.Adapter;
import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import icn.protocols.WireMessage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The wire fuzzed (issue 36): valid frames of every registered message, mutated (bits flipped, bytes overwritten, inserted and
 * deleted, var-int extremes written in, other classes' ids written in, frames cut short or spliced with others), and random frames.
 * Each is either read as a WireMessage or refused with one IllegalArgumentException line naming its size; no Error and no other
 * exception may come out of the serializer, as that would reach Artery.
 *
 * <p>Each try runs a batch of frames from a {@link Random} seeded by a {@code long} drawn from one {@link Random} of the fixed
 * {@link #SEED}, so that every run tries the same frames (but for the uids in the actor references of six samples, which the
 * test's actor system draws at random, so the counts move by a few hundred from run to run), and a failure names the frame in hex
 * and the try's seed. (A plain seeded loop: the test needs nothing of a property-testing library but seeded draws.) A refusal must also have no Error behind it: the serializer turns even
 * Errors into refusals, but a frame should be stopped by the bounded reads before the JVM is hurt. The totals go to stderr.
 */
class WireFuzzTest {

    /** The seed of both tests' draws; another seed tries other frames. */
    private static final long SEED = 36;

    private static final int MUTATION_TRIES = 500;
    private static final int FRAMES_PER_MUTATION_TRY = 1_600;
    private static final int RANDOM_TRIES = 250;
    private static final int FRAMES_PER_RANDOM_TRY = 1_000;

    /** Lengths and counts at the edges of Kryo's var-ints, written over or into frames. */
    private static final byte[][] EXTREMES = {
            {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07}, // Integer.MAX_VALUE
            {(byte) 0xfe, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07}, // 2^31 - 2, the length of issue 36
            {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f}, // -1 unsigned
            {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x08}, // Integer.MIN_VALUE
            {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff},
            {(byte) 0xff, (byte) 0xff, 0x03}, {(byte) 0x80, 0x01}, {0x7f}, {0x00}, {0x01}, {(byte) 0x80}, {(byte) 0xff}};

    private static final ActorTestKit TEST_KIT = ActorTestKit.create("WireFuzzTest");

    /** With an actor system, so that the frames of messages holding actor references are read as Akka reads them. */
    private static final KryoSerializer SERIALIZER = new KryoSerializer((ExtendedActorSystem) Adapter.toClassic(TEST_KIT.system()));

    /** The sample of every registered message (the round-trip tests' samples), serialized. */
    private static final List<Frame> SAMPLES = samples();

    /** Every class id a frame can name: the registered classes and Kryo's built-in ones. */
    private static final int[] CLASS_IDS = classIds();

    /**
     * One frame in this many also goes through the serializer as Akka calls it, with its pools. The others are read by one Kryo,
     * kept after a refusal unless it is not back at depth 0: the serializer drops a Kryo that failed half-way, and making a new one
     * (0.1-0.3 ms on 2 shared cores) would cost a million frames minutes. Both reads must come to the same end.
     */
    private static final int THROUGH_THE_POOL = 64;

    private static final ActorRefs ACTOR_REFS = new ActorRefs((ExtendedActorSystem) Adapter.toClassic(TEST_KIT.system()));

    /** The reused Kryo outlives the test instances. */
    private static Kryo kryo = KryoRegistrations.newKryo(ACTOR_REFS);
    private static final Input INPUT = new Input();

    private static final AtomicLong FRAMES = new AtomicLong();
    private static final LongAdder REFUSED = new LongAdder();
    private static final LongAdder ACCEPTED = new LongAdder();
    private static final LongAdder POOLED = new LongAdder();
    private static final LongAdder FRESH_KRYOS = new LongAdder();
    private static final AtomicLong STARTED = new AtomicLong();

    /** A valid frame and the message it holds. */
    record Frame(String message, byte[] bytes) {
        @Override
        public String toString() {
            return message + " (" + bytes.length + " bytes)";
        }
    }

    private static List<Frame> samples() {
        List<Frame> frames = new ArrayList<>();
        for (WireMessage m : WireSamples.messages(new WireSamples.Refs(TEST_KIT))) {
            frames.add(new Frame(m.getClass().getName(), SERIALIZER.toBinary(m)));
        }
        return List.copyOf(frames);
    }

    private static int[] classIds() {
        Kryo kryo = KryoRegistrations.newKryo();
        List<Integer> ids = new ArrayList<>();
        for (int id = 0; id < KryoRegistrations.FIRST_ID; id++) {
            if (kryo.getRegistration(id) != null) {
                ids.add(id);
            }
        }
        KryoRegistrations.ENTRIES.forEach(e -> ids.add(e.id()));
        return ids.stream().mapToInt(Integer::intValue).toArray();
    }

    @BeforeAll
    static void start() {
        STARTED.set(System.nanoTime());
    }

    @AfterAll
    static void report() {
        double seconds = (System.nanoTime() - STARTED.get()) / 1e9;
        System.err.printf(Locale.ROOT, "WireFuzzTest (seed %d): %,d frames in %.1f s, %,d refused, %,d accepted; %,d of them "
                + "also through the serializer's pools, alike; %,d Kryos replaced%n", SEED, FRAMES.get(), seconds, REFUSED.sum(),
                ACCEPTED.sum(), POOLED.sum(), FRESH_KRYOS.sum());
        TEST_KIT.shutdownTestKit();
        if (FRAMES.get() > 0 && (ACCEPTED.sum() == 0 || REFUSED.sum() == 0)) {
            throw new AssertionError("the mutations only ever " + (ACCEPTED.sum() == 0 ? "broke" : "kept") + " frames: they test little");
        }
    }

    @Test
    void mutatedFramesAreReadOrRefused() {
        Random tries = new Random(SEED);
        for (int t = 0; t < MUTATION_TRIES; t++) {
            // every registered message is the sample of some tries, in turn, and each try draws its own seed
            mutated(SAMPLES.get(t % SAMPLES.size()), tries.nextLong());
        }
    }

    private static void mutated(Frame sample, long seed) {
        Random random = new Random(seed);
        for (int k = 0; k < FRAMES_PER_MUTATION_TRY; k++) {
            byte[] frame = sample.bytes();
            int mutations = random.nextInt(4) == 0 ? 2 + random.nextInt(3) : 1;
            for (int m = 0; m < mutations; m++) {
                frame = mutate(frame, random);
            }
            check(frame, sample + ", try seed " + seed + ", frame " + k);
        }
    }

    @Test
    void randomFramesAreReadOrRefused() {
        Random tries = new Random(SEED + 1);
        for (int t = 0; t < RANDOM_TRIES; t++) {
            random(tries.nextLong());
        }
    }

    private static void random(long seed) {
        Random random = new Random(seed);
        for (int k = 0; k < FRAMES_PER_RANDOM_TRY; k++) {
            byte[] frame = new byte[random.nextInt(64)];
            random.nextBytes(frame);
            if (k % 2 == 1) {
                // most random first bytes name no class: half the frames start with one that does
                frame = concat(classId(random), frame);
            }
            check(frame, "random frame " + k + " of try seed " + seed);
        }
    }

    private static void check(byte[] frame, String origin) {
        boolean accepted = accepted(frame, origin, () -> KryoSerializer.read(() -> kryo, k -> { }, INPUT, frame));
        (accepted ? ACCEPTED : REFUSED).increment();
        if (kryo.getDepth() != 0) {
            kryo = KryoRegistrations.newKryo(ACTOR_REFS); // not back at its start: reading on with it would test another wire
            FRESH_KRYOS.increment();
        }
        if (FRAMES.incrementAndGet() % THROUGH_THE_POOL == 0) {
            POOLED.increment();
            if (accepted(frame, origin, () -> SERIALIZER.fromBinary(frame)) != accepted) {
                throw new AssertionError(origin + ": " + hex(frame) + (accepted ? " read by a reused Kryo, refused by the serializer"
                        : " refused by a reused Kryo, read by the serializer"));
            }
        }
    }

    /** True when {@code read} gives a WireMessage, false when it refuses the frame as it must: one line, and no Error behind it. */
    private static boolean accepted(byte[] frame, String origin, Supplier<Object> read) {
        Object message;
        try {
            message = read.get();
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            if (!m.startsWith("refusing a message of " + frame.length + " bytes: ") || m.indexOf('\n') >= 0) {
                throw new AssertionError(origin + ": " + hex(frame) + " refused in other words than one line: " + m, e);
            }
            // the catch-all of KryoSerializer is the last line: a frame must be stopped before the JVM is hurt
            for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
                if (cause instanceof Error) {
                    throw new AssertionError(origin + ": " + hex(frame) + " refused only after " + cause, e);
                }
            }
            return false;
        } catch (Throwable t) {
            throw new AssertionError(origin + ": " + hex(frame) + " escaped as " + t, t);
        }
        if (!(message instanceof WireMessage)) {
            throw new AssertionError(origin + ": " + hex(frame) + " was read as " + message);
        }
        return true;
    }

    private static byte[] mutate(byte[] frame, Random random) {
        int n = frame.length;
        int at = random.nextInt(n + 1);
        switch (random.nextInt(9)) {
            case 0: { // flip a bit
                if (n == 0) {
                    return frame;
                }
                int p = random.nextInt(n);
                return with(frame, p, (byte) (frame[p] ^ 1 << random.nextInt(8)));
            }
            case 1: // overwrite a byte
                return n == 0 ? frame : with(frame, random.nextInt(n), (byte) random.nextInt(256));
            case 2: { // insert random bytes
                byte[] bytes = new byte[1 + random.nextInt(4)];
                random.nextBytes(bytes);
                return insert(frame, at, bytes);
            }
            case 3: // delete bytes
                return concat(Arrays.copyOfRange(frame, 0, at), Arrays.copyOfRange(frame, Math.min(n, at + 1 + random.nextInt(4)), n));
            case 4: // overwrite with a var-int extreme
                return overwrite(frame, at, EXTREMES[random.nextInt(EXTREMES.length)]);
            case 5: // insert a var-int extreme
                return insert(frame, at, EXTREMES[random.nextInt(EXTREMES.length)]);
            case 6: // cut short
                return Arrays.copyOf(frame, at);
            case 7: // another class where this one's bytes were (the message's own id at 0, a component's anywhere)
                return overwrite(frame, random.nextInt(4) == 0 ? 0 : at, classId(random));
            default: { // this frame's head, another's tail
                byte[] other = SAMPLES.get(random.nextInt(SAMPLES.size())).bytes();
                return concat(Arrays.copyOf(frame, at), Arrays.copyOfRange(other, random.nextInt(other.length + 1), other.length));
            }
        }
    }

    /** A class id as Kryo writes it. */
    private static byte[] classId(Random random) {
        Output out = new Output(8);
        out.writeVarInt(CLASS_IDS[random.nextInt(CLASS_IDS.length)] + 2, true);
        return out.toBytes();
    }

    private static byte[] with(byte[] frame, int at, byte b) {
        byte[] copy = frame.clone();
        copy[at] = b;
        return copy;
    }

    private static byte[] overwrite(byte[] frame, int at, byte[] bytes) {
        byte[] copy = Arrays.copyOf(frame, Math.max(frame.length, at + bytes.length));
        System.arraycopy(bytes, 0, copy, at, bytes.length);
        return copy;
    }

    private static byte[] insert(byte[] frame, int at, byte[] bytes) {
        return concat(concat(Arrays.copyOf(frame, at), bytes), Arrays.copyOfRange(frame, at, frame.length));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static String hex(byte[] frame) {
        return frame.length + " bytes " + HexFormat.of().formatHex(frame, 0, Math.min(frame.length, 512));
    }
}
