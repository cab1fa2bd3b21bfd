package icn.node.traffic;

import icn.protocols.Topology;
import icn.protocols.traffic.MessageHeader;
import icn.protocols.traffic.RouterState;
import java.util.Arrays;

/**
 * The {@link RouterState} a {@link WormholeRouter} reports at the end of a run (or at its crash): what it holds, and for the
 * deadlock check ({@link DeadlockCheck}) what each of its blocked input virtual channels waits for. Apart from the router because
 * it only reads the channels, once, and none of it is on the per-step path.
 */
final class RouterSnapshot {

    private final int node;
    private final Topology t;
    private final TrafficRouting routing;
    private final int vcs;
    private final InputChannels in;
    private final OutputChannels outs;

    RouterSnapshot(int node, Topology t, TrafficRouting routing, int vcs, InputChannels in, OutputChannels outs) {
        this.node = node;
        this.t = t;
        this.routing = routing;
        this.vcs = vcs;
        this.in = in;
        this.outs = outs;
    }

    /** The router's state now, with its flit counts. */
    RouterState state(long crashedAt, MessageSource source, long injected, long ejected, long dropped, long[] flitsOut) {
        long buffered = 0;
        int slots = in.msg.length;
        long[] held = new long[source.queue.size() + slots];
        long[] heldGenerated = new long[held.length];
        int heldCount = 0;
        for (MessageHeader h : source.queue) {
            heldGenerated[heldCount] = h.generated();
            held[heldCount++] = h.id();
        }
        Waits w = new Waits(slots);
        for (int i = 0; i < slots; i++) {
            if (in.msg[i] == null) {
                continue;
            }
            buffered += in.arrived[i] - in.left[i];
            heldGenerated[heldCount] = in.msg[i].generated();
            held[heldCount++] = in.msg[i].id();
            long id = channel(node, i / vcs, i % vcs);
            int first = w.optionCount;
            if (canMove(i, id, w)) {
                w.optionCount = first; // what it would have waited for is not a wait
                continue;
            }
            w.waiting[w.count] = id;
            w.since[w.count] = in.since[i];
            w.optionStart[w.count] = first;
            w.count++;
            w.optionStart[w.count] = w.optionCount;
        }
        int owned = 0;
        for (int j = 0; j < outs.owner.length; j++) {
            if (outs.held(j)) {
                owned++;
            }
        }
        long[] feeds = new long[owned];
        long[] feedOwners = new long[owned];
        owned = 0;
        for (int j = 0; j < outs.owner.length; j++) {
            if (outs.held(j)) {
                feeds[owned] = downstream(j);
                feedOwners[owned++] = channel(node, outs.owner[j] / vcs, outs.owner[j] % vcs);
            }
        }
        return new RouterState(node, crashedAt, source.generated(), injected, ejected, dropped, buffered, source.queue.size(),
                Arrays.copyOf(held, heldCount), Arrays.copyOf(heldGenerated, heldCount), Arrays.copyOf(w.waiting, w.count),
                Arrays.copyOf(w.optionStart, w.count + 1), Arrays.copyOf(w.options, w.optionCount), Arrays.copyOf(w.since, w.count), feeds,
                feedOwners, flitsOut);
    }

    /** The blocked input virtual channels found so far, and for each the channels it waits for (any one of them freeing it). */
    private static final class Waits {
        final long[] waiting;
        final long[] since;
        final int[] optionStart;
        long[] options = new long[16];
        int count;
        int optionCount;

        Waits(int slots) {
            waiting = new long[slots];
            since = new long[slots];
            optionStart = new int[slots + 1];
        }

        void option(long channel) {
            options = grow(options, optionCount);
            options[optionCount++] = channel;
        }
    }

    /**
     * Whether input virtual channel {@code i} (channel id {@code id}) can move a flit now; where it cannot, the channels it waits for
     * are added to {@code w}: its own upstream (-1 − id: its next flits have not arrived), a downstream channel without credits, or
     * the output virtual channels its head asks for.
     */
    private boolean canMove(int i, long id, Waits w) {
        int j = in.out[i];
        if (j == InputChannels.EJECT || j == InputChannels.DROP) {
            if (in.ready(i)) {
                return true;
            }
            w.option(-1 - id); // its next flits are upstream
            return false;
        }
        if (j >= 0) {
            if (!in.ready(i)) {
                w.option(-1 - id);
                return false;
            }
            if (outs.credits[j] > 0) {
                return true;
            }
            w.option(downstream(j));
            return false;
        }
        if (in.msg[i].destination() == node) {
            return true; // a head that arrived in the last step: the ejection channel always takes it
        }
        return headCanMove(i, w); // a head waiting for a virtual channel
    }

    /** Whether the head in {@code i} finds a free output virtual channel among its routing's choices; else what holds them. */
    private boolean headCanMove(int i, Waits w) {
        TrafficRouting.Choices choices = new TrafficRouting.Choices();
        routing.choices(node, in.msg[i], choices);
        for (int c = 0; c < choices.size(); c++) {
            int p = choices.port(c);
            if (outs.portDead[p]) {
                continue;
            }
            for (int bits = choices.mask(c); bits != 0; bits &= bits - 1) {
                int k = p * vcs + Integer.numberOfTrailingZeros(bits);
                if (outs.owner[k] == OutputChannels.FREE) {
                    return true;
                }
                w.option(outs.held(k) ? channel(node, outs.owner[k] / vcs, outs.owner[k] % vcs) : downstream(k));
            }
        }
        return false;
    }

    /** The channel id of input virtual channel {@code vc} of {@code inPort} at {@code at} (see {@link RouterState}). */
    private long channel(int at, int inPort, int vc) {
        return ((long) at * (t.inPortCount() + 1) + inPort) * vcs + vc;
    }

    /** The downstream input virtual channel that output virtual channel {@code j} feeds. */
    private long downstream(int j) {
        int p = j / vcs;
        return channel(t.neighbour(node, p), t.arrivalPort(node, p), j % vcs);
    }

    private static long[] grow(long[] a, int size) {
        return size < a.length ? a : Arrays.copyOf(a, a.length * 2);
    }
}
