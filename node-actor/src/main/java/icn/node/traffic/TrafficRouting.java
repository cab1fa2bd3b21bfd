package icn.node.traffic;

import icn.protocols.traffic.MessageHeader;

/**
 * A wormhole routing with its virtual-channel rules (issue 13), as pure code shared by every router of a run (immutable,
 * thread-safe). At each router the head flit of a message asks {@link #choices} for the output virtual channels it may take, in
 * tiers of preference; the router takes a free one of the lowest tier it can (a busy virtual channel is one another worm holds),
 * and the routing then computes the header the head carries over that link ({@link #advance}). Each routing is deadlock-free by
 * construction; its Javadoc says why.
 */
public interface TrafficRouting {

    /** The routing's key as the command line writes it ({@code adaptive}, {@code e-cube}, {@code updown}, …). */
    String key();

    /** The header of a new message at its source, with the routing's initial state (none by default). */
    default MessageHeader start(long id, int source, int destination, long generated) {
        return new MessageHeader(id, source, destination, generated, 0, 0, 0, 0);
    }

    /**
     * The output virtual channels the head of {@code header} may take at {@code node} (not its destination): each choice a port,
     * a mask of virtual channels of that port, and a tier (lower tiers are preferred: adaptive channels before escape channels).
     * The last tier is the routing's escape: a head none of whose last-tier choices is on a live port is dropped where it is, for
     * without its escape a routing is no longer deadlock-free (under faults).
     */
    void choices(int node, MessageHeader header, Choices out);

    /** The header after the head crossed from {@code node} on {@code port}, virtual channel {@code vc}, in step {@code step}. */
    MessageHeader advance(int node, MessageHeader header, int port, int vc, long step);

    /** What a router knows of its output ports' load, for routings that decide by it (UGAL). */
    @FunctionalInterface
    interface PortLoad {
        /** Flits sent on {@code port} whose buffers downstream have not yet been freed (credits out), over its virtual channels. */
        int occupancy(int port);
    }

    /** Whether the routing decides by the router's load ({@link #decide}); the router asks only such routings. */
    default boolean decides() {
        return false;
    }

    /**
     * At {@code node}, before the head's first {@link #choices} there: the header with a decision taken by what the router sees of
     * its ports' load (UGAL's choice between the minimal and the Valiant route). The default takes none.
     */
    default MessageHeader decide(int node, MessageHeader header, PortLoad load) {
        return header;
    }

    /** The choices of one head at one router: reused, single-threaded. */
    final class Choices {
        private int count;
        private int[] port = new int[16];
        private int[] mask = new int[16];
        private int[] tier = new int[16];

        public void clear() {
            count = 0;
        }

        /** Virtual channels {@code vcMask} of {@code port}, at preference tier {@code tier} (0 first). */
        public void add(int p, int vcMask, int t) {
            if (vcMask == 0) {
                return;
            }
            if (count == port.length) {
                port = java.util.Arrays.copyOf(port, count * 2);
                mask = java.util.Arrays.copyOf(mask, count * 2);
                tier = java.util.Arrays.copyOf(tier, count * 2);
            }
            port[count] = p;
            mask[count] = vcMask;
            tier[count] = t;
            count++;
        }

        public int size() {
            return count;
        }

        public int port(int i) {
            return port[i];
        }

        public int mask(int i) {
            return mask[i];
        }

        public int tier(int i) {
            return tier[i];
        }
    }

    /** SplitMix64's finalizer: a well-spread hash of {@code z}, for routings that draw from a message's identity. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** The virtual channels lo..hi (inclusive) as a mask; empty when lo > hi. */
    static int range(int lo, int hi) {
        if (lo > hi) {
            return 0;
        }
        int upper = hi >= 31 ? -1 : (1 << (hi + 1)) - 1;
        return upper & ~((1 << lo) - 1);
    }
}
