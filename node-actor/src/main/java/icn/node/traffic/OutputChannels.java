package icn.node.traffic;

import icn.protocols.Topology;
import java.util.Arrays;

/**
 * The output virtual channels of one {@link WormholeRouter}, index {@code outPort * V + vc}: the credits each has for the buffer
 * it feeds downstream, which worm holds it, and the choice of one for a waiting head (virtual-channel allocation). A channel is
 * given to a new worm only once the last worm's tail has left and every credit is back, so a buffer downstream never holds two
 * worms.
 *
 * <p>The state is kept as parallel arrays the router reads directly in its arbitration loop, which runs every step.
 */
final class OutputChannels implements TrafficRouting.PortLoad {

    /** {@link #owner} of a channel no worm holds. */
    static final int FREE = -1;
    /** {@link #pick}: every choice of the routing's escape tier is on a failed port. */
    static final int NO_ROUTE = -2;
    /** {@link #pick}: no channel the head may take is free now. */
    static final int BUSY = -1;

    private final int vcs;
    private final int buffer;
    final int[] outList; // out-ports that lead somewhere
    final int[] credits;
    final int[] owner; // the input virtual channel whose worm holds it, or FREE
    final boolean[] tailSent; // the worm's tail has left; the channel is free once every credit is back
    final int[] freeMask; // per out-port: its free virtual channels
    final int[] rr; // per out-port: where its round robin starts
    final int[] ownedMask; // per out-port: its virtual channels that a worm holds (tail not yet sent)
    final boolean[] portDead;
    long releases; // output virtual channels freed (or ports failed) so far: a busy head need not look again until it grows
    private final long[] lastRelease; // per out-port: the value of releases at its last release

    OutputChannels(Topology t, int node, int vcs, int buffer) {
        this.vcs = vcs;
        this.buffer = buffer;
        int outs = t.portCount();
        int outputs = outs * vcs;
        this.credits = new int[outputs];
        Arrays.fill(credits, buffer);
        this.owner = new int[outputs];
        Arrays.fill(owner, FREE);
        this.tailSent = new boolean[outputs];
        this.freeMask = new int[outs];
        this.lastRelease = new long[outs];
        this.ownedMask = new int[outs];
        this.rr = new int[outs];
        this.portDead = new boolean[outs];
        int live = 0;
        for (int p = 0; p < outs; p++) {
            if (t.neighbour(node, p) != Topology.NONE) {
                live++;
            }
        }
        this.outList = new int[live];
        live = 0;
        for (int p = 0; p < outs; p++) {
            if (t.neighbour(node, p) != Topology.NONE) {
                outList[live++] = p;
                freeMask[p] = TrafficRouting.range(0, vcs - 1);
            }
        }
    }

    @Override
    public int occupancy(int port) {
        int sum = 0;
        for (int j = port * vcs; j < (port + 1) * vcs; j++) {
            sum += buffer - credits[j];
        }
        return sum;
    }

    /** Whether a worm holds channel {@code j}: its tail has not left yet. */
    boolean held(int j) {
        return owner[j] >= 0 && !tailSent[j];
    }

    /**
     * Takes the credits {@code bits} (one bit per virtual channel) that came back over {@code port}; one a slow link still carries
     * ({@code timing}) is taken when due. More credits than buffers is a broken invariant, said with {@code where}.
     */
    void credits(Topology t, int port, int bits, int vcs, Timing timing, long step, java.util.function.Supplier<String> where) {
        for (int b = bits; b != 0; b &= b - 1) {
            int j = port * vcs + Integer.numberOfTrailingZeros(b);
            if (timing != null && timing.defersCredit(port, j, step)) {
                continue; // a slow link: the credit is still on its way back
            }
            if (!credit(j)) {
                throw new IllegalStateException(where.get() + " got more credits than buffers for " + t.portName(port));
            }
        }
    }

    /** A credit for channel {@code j} came back; false if it has more credits than the buffer it feeds has flits. */
    boolean credit(int j) {
        if (++credits[j] > buffer) {
            return false;
        }
        if (tailSent[j] && credits[j] == buffer) {
            release(j);
        }
        return true;
    }

    /** The output virtual channel's worm is gone and its buffers downstream are empty: another worm may have it. */
    private void release(int j) {
        owner[j] = FREE;
        tailSent[j] = false;
        int p = j / vcs;
        lastRelease[p] = ++releases;
        if (!portDead[p]) {
            freeMask[p] |= 1 << (j % vcs);
        }
    }

    /** Channel {@code j} goes to the worm in input virtual channel {@code i}. */
    void assign(int j, int i) {
        int port = j / vcs;
        owner[j] = i;
        freeMask[port] &= ~(1 << (j % vcs));
        ownedMask[port] |= 1 << (j % vcs);
    }

    /** The tail (or kill flit) of the worm holding channel {@code j} left on it; the channel frees when its credits are back. */
    void tailLeft(int j) {
        tailSent[j] = true;
        ownedMask[j / vcs] &= ~(1 << (j % vcs));
    }

    /** Out-port {@code p} failed: none of its channels is given out again, and a head whose every choice just died looks again. */
    void fail(int p) {
        portDead[p] = true;
        freeMask[p] = 0;
        ownedMask[p] = 0;
        lastRelease[p] = ++releases;
    }

    /** Channel {@code j} of a failed port lets go of its worm (the rest of which is dropped where it is). */
    void clear(int j) {
        owner[j] = FREE;
        tailSent[j] = false;
    }

    /** The out-ports (bits) among {@code choices}, for {@link #releasedSince}; none needed with more than 64 out-ports. */
    long ports(TrafficRouting.Choices choices) {
        long ports = 0;
        for (int c = 0; c < choices.size() && lastRelease.length <= Long.SIZE; c++) {
            ports |= 1L << choices.port(c);
        }
        return ports;
    }

    /**
     * Whether an out-port among {@code ports} freed a virtual channel (or failed) after release epoch {@code since}; with more than 64
     * out-ports (large n:k cubes) whether any did.
     */
    boolean releasedSince(long since, long ports) {
        if (lastRelease.length > Long.SIZE) {
            return releases > since;
        }
        for (long bits = ports; bits != 0; bits &= bits - 1) {
            if (lastRelease[Long.numberOfTrailingZeros(bits)] > since) {
                return true;
            }
        }
        return false;
    }

    /**
     * The output virtual channel to give the head whose {@code choices} are listed, BUSY if none is free, NO_ROUTE if every choice of
     * the last tier (the routing's escape channels, 002 §3: the deadlock-free virtual-channel class under the adaptive ones) is on a
     * failed port. A free channel of the lowest tier; among those, on the port with the most free channels, the lowest.
     */
    int pick(TrafficRouting.Choices choices) {
        int bestTier = Integer.MAX_VALUE;
        int escapeTier = -1;
        for (int c = 0; c < choices.size(); c++) {
            escapeTier = Math.max(escapeTier, choices.tier(c));
        }
        boolean escapeLives = false;
        for (int c = 0; c < choices.size(); c++) {
            int p = choices.port(c);
            if (portDead[p]) {
                continue;
            }
            escapeLives |= choices.tier(c) == escapeTier;
            if ((choices.mask(c) & freeMask[p]) != 0 && choices.tier(c) < bestTier) {
                bestTier = choices.tier(c);
            }
        }
        if (!escapeLives) {
            return NO_ROUTE; // without its escape the routing is no longer deadlock-free: the head is dropped, not left to wait
        }
        if (bestTier == Integer.MAX_VALUE) {
            return BUSY;
        }
        int bestPort = -1;
        int bestFree = -1;
        int bestMask = 0;
        for (int c = 0; c < choices.size(); c++) {
            int p = choices.port(c);
            int free = choices.mask(c) & freeMask[p];
            if (portDead[p] || choices.tier(c) != bestTier || free == 0) {
                continue;
            }
            int idle = Integer.bitCount(freeMask[p]); // the least congested port: most free channels
            if (idle > bestFree || (idle == bestFree && p < bestPort)) {
                bestPort = p;
                bestFree = idle;
                bestMask = free;
            } else if (p == bestPort) {
                bestMask |= free;
            }
        }
        return bestPort * vcs + Integer.numberOfTrailingZeros(bestMask);
    }
}
