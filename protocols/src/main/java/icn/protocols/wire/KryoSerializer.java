package icn.protocols.wire;

import akka.actor.ExtendedActorSystem;
import akka.serialization.JSerializer;
import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.Pool;
import icn.protocols.WireMessage;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Akka serializer for every {@link WireMessage} (bound in this module's {@code reference.conf}): Kryo with registration required, so
 * the bytes carry the registration id of {@link KryoRegistrations} and never a class name, and a class missing from the list is
 * refused on both sides. No manifest is needed: the id in the bytes names the class.
 *
 * <p>Thread-safe: Kryo instances and buffers are pooled, as Akka calls a serializer from many threads at once.
 */
public final class KryoSerializer extends JSerializer {

    /** This serializer's id in Akka's serialization (Akka reserves 0–40). It is on the wire: never change it. */
    public static final int IDENTIFIER = 741100;

    private static final int POOL_SIZE = 64;
    private static final int INITIAL_BUFFER = 4 * 1024;
    /** Buffers that grew beyond this for one big message are dropped rather than pooled. */
    private static final int MAX_POOLED_BUFFER = 1024 * 1024;
    private static final byte[] EMPTY = new byte[0];

    private final Pool<Kryo> kryos = new Pool<>(true, false, POOL_SIZE) {
        @Override
        protected Kryo create() {
            return KryoRegistrations.newKryo(actorRefs);
        }
    };

    private final Pool<Output> outputs = new Pool<>(true, false, POOL_SIZE) {
        @Override
        protected Output create() {
            return new Output(INITIAL_BUFFER, -1);
        }
    };

    private final Pool<Input> inputs = new Pool<>(true, false, POOL_SIZE) {
        @Override
        protected Input create() {
            return new Input();
        }
    };

    private final ActorRefs actorRefs;
    /** Where a dropped frame is said (null without an actor system); at most one line a second, so a flood cannot fill the disk. */
    private final akka.event.LoggingAdapter log;
    private final java.util.concurrent.atomic.AtomicLong lastSaid = new java.util.concurrent.atomic.AtomicLong(System.nanoTime() - 2_000_000_000L);
    private final java.util.concurrent.atomic.AtomicLong unsaid = new java.util.concurrent.atomic.AtomicLong();

    /** Without an actor system: messages that carry actor references cannot be written or read (tests of plain messages). */
    public KryoSerializer() {
        this.actorRefs = null;
        this.log = null;
    }

    /** Akka creates the serializer through this constructor, so that actor references on the wire resolve in this system. */
    public KryoSerializer(ExtendedActorSystem system) {
        this.actorRefs = new ActorRefs(system);
        this.log = akka.event.Logging.getLogger(system, KryoSerializer.class);
    }

    @Override
    public int identifier() {
        return IDENTIFIER;
    }

    @Override
    public boolean includeManifest() {
        return false;
    }

    @Override
    public byte[] toBinary(Object o) {
        if (!(o instanceof WireMessage)) {
            throw new IllegalArgumentException("refusing to serialize " + className(o) + ": only WireMessage classes cross JVMs");
        }
        Kryo kryo = kryos.obtain();
        Output output = outputs.obtain();
        try {
            kryo.writeClassAndObject(output, o);
            byte[] bytes = output.toBytes();
            if (o instanceof HostProtocol.PeerBatch) {
                WireCounters.countPeerBatch(bytes.length, ((HostProtocol.PeerBatch) o).batch().size());
            }
            kryos.free(kryo); // a Kryo that failed half-way is dropped, not pooled
            return bytes;
        } catch (RuntimeException e) {
            // Errors pass: what is written is this JVM's own message, so an OutOfMemoryError here is this JVM's state, not a
            // stranger's bytes (and the maximum depth keeps a deep message from overflowing the stack: Kryo refuses it first)
            throw new IllegalArgumentException("refusing to serialize " + className(o) + ": " + firstLine(e)
                    + " (every class on the wire must be listed in KryoRegistrations)", e);
        } finally {
            if (output.getBuffer().length <= MAX_POOLED_BUFFER) {
                outputs.free(output);
            }
        }
    }

    /**
     * The message in {@code bytes}, or an IllegalArgumentException of one line naming the size and the reason. Anything may arrive
     * here (issue 36), so every Throwable is caught: an Error escaping into Artery's inbound stream would be fatal to this JVM, while
     * an IllegalArgumentException makes Artery log one warning and drop the frame.
     */
    @Override
    public Object fromBinaryJava(byte[] bytes, Class<?> manifest) {
        Input input = inputs.obtain();
        try {
            return read(kryos::obtain, kryos::free, input, bytes);
        } catch (IllegalArgumentException e) {
            dropped(e.getMessage());
            throw e;
        } finally {
            input.setBuffer(EMPTY); // don't keep the message reachable from the pool
            inputs.free(input);
        }
    }

    /**
     * {@link #fromBinaryJava} with where its Kryo comes from and goes to given: {@code finished} is handed the Kryo once it has read
     * a whole object; a Kryo that failed half-way is not (the pool drops it: it may hold its state). The fuzz test reads through
     * here too, with one Kryo.
     */
    static Object read(Supplier<Kryo> obtain, Consumer<Kryo> finished, Input input, byte[] bytes) {
        String reason;
        Throwable cause = null;
        try {
            Kryo kryo = obtain.get();
            input.setBuffer(bytes);
            Object o = kryo.readClassAndObject(input);
            finished.accept(kryo);
            if (input.position() != bytes.length) {
                reason = className(o) + " ended after " + input.position();
            } else if (!(o instanceof WireMessage)) {
                reason = className(o) + " is not a WireMessage";
            } else {
                return o;
            }
        } catch (Throwable e) {
            reason = firstLine(e);
            cause = e;
        }
        throw new IllegalArgumentException("refusing a message of " + bytes.length + " bytes: " + reason, cause);
    }

    /** One warning line for a frame that is dropped, unless one was said less than a second ago (then it is counted for the next). */
    private void dropped(String why) {
        if (log == null) {
            return;
        }
        long now = System.nanoTime();
        long last = lastSaid.get();
        if (now - last < 1_000_000_000L || !lastSaid.compareAndSet(last, now)) {
            unsaid.incrementAndGet();
            return;
        }
        long more = unsaid.getAndSet(0);
        log.warning("dropped a frame from another member that does not deserialize: {}{}", why,
                more == 0 ? "" : " (and " + more + " more frames dropped since the last such line)");
    }

    private static String className(Object o) {
        return o == null ? "null" : o.getClass().getName();
    }

    /**
     * The first line of the innermost message: Kryo wraps what a record's constructor threw in reflection exceptions. Named by its
     * class unless it is one of the refusals that speak for themselves.
     */
    private static String firstLine(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String m = cause.getMessage();
        int eol = m == null ? -1 : m.indexOf('\n');
        String line = eol < 0 ? m : m.substring(0, eol);
        if (cause instanceof KryoException || cause instanceof IllegalArgumentException) {
            return line != null ? line : cause.getClass().getName();
        }
        return cause.getClass().getName() + (line != null ? ": " + line : "");
    }
}
