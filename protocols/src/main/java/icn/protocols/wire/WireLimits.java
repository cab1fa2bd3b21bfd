package icn.protocols.wire;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;

/**
 * What a frame may make its receiver allocate (issue 36). Any process that reaches an Artery port can send a frame, so a length read
 * from the wire is a claim, not a fact: it is believed only when the bytes left in the frame could hold that many elements and it is
 * below {@link #MAX_LENGTH}. A claim that fails is a {@link KryoException}, which {@link KryoSerializer} turns into a refusal of the
 * frame; the allocation it asked for never happens.
 */
final class WireLimits {

    /**
     * Longest array, list or string on the wire, and most node messages in one host batch. Four times what fits at one byte each in
     * the 1 MiB frames the cluster allows (cluster-launcher's {@code maximum-frame-size}), so it only bites if frames grow a lot.
     */
    static final int MAX_LENGTH = 1 << 22;

    /**
     * Deepest nesting of objects in a message, as Kryo counts it (every object read, the primitive components of records too).
     * Messages are shallow trees (the deepest sample is 4 levels, WireAttackTest measures it); a frame of thousands of nested
     * arrays would otherwise overflow the receiver's stack.
     */
    static final int MAX_DEPTH = 16;

    private WireLimits() {
    }

    /**
     * {@code n} as read for {@code what}, once it is known to fit: every element takes at least {@code minBytes} bytes of the frame.
     * Only whole frames are read (a stream-backed Input would hide the bytes still to come, so it is refused).
     */
    static int fitting(Input in, int n, int minBytes, String what) {
        if (in.getInputStream() != null) {
            throw new KryoException("the wire is read from whole frames only, not from a stream");
        }
        int left = in.limit() - in.position();
        if (n < 0 || n > MAX_LENGTH || n > left / minBytes) {
            throw new KryoException(what + " claims " + Integer.toUnsignedString(n) + " elements with " + left + " bytes left in the frame"
                    + (n > MAX_LENGTH ? " (at most " + MAX_LENGTH + ")" : ""));
        }
        return n;
    }

    /** {@code n} of a value about to be written, refused here if the receiver would refuse it, so the sender hears why. */
    static int writable(int n, String what) {
        if (n > MAX_LENGTH) {
            throw new KryoException(what + " of " + n + " elements is longer than the wire takes (" + MAX_LENGTH + ")");
        }
        return n;
    }
}
