package icn.node.traffic;

import icn.protocols.Topology;
import icn.protocols.traffic.ChannelStep;
import icn.protocols.traffic.MessageHeader;
import java.util.Arrays;
import java.util.Set;

/**
 * The input virtual channels of one {@link WormholeRouter}: V on every input physical channel and V more on the processor's
 * injection channel, each a FIFO of flit buffers that holds one worm at a time (002 §3: the virtual channels of a physical channel
 * are separate buffers, so a worm blocked in one does not block the others). Index {@code inPort * V + vc}; in-port
 * {@code inPorts} is the injection channel.
 *
 * <p>The state is kept as parallel arrays the router reads and writes directly: its allocation and arbitration loops walk them
 * every step, and this class only keeps the bookkeeping of one worm (arrival, release, age) in one place.
 */
final class InputChannels {

    /** {@link #out} of a worm whose head has no output virtual channel yet. */
    static final int UNROUTED = -1;
    /** {@link #out} of a worm that ends here: its flits go to the processor. */
    static final int EJECT = -2;
    /** {@link #out} of a worm that is being dropped here. */
    static final int DROP = -3;
    static final int KILL_FROM_UPSTREAM = 1;
    static final int KILL_HERE = 2;

    final int injection; // index of the first injection virtual channel
    final int[] inList; // in-ports some link reaches
    final int[] inputs; // the input virtual channels of those in-ports, then the injection channel's

    final MessageHeader[] msg;
    final int[] arrived; // flits of the worm that reached the buffer
    final int[] left; // flits of the worm that left it (sent on, ejected or dropped)
    final int[] out; // the output virtual channel given to the worm, or UNROUTED, EJECT, DROP
    final byte[] kill; // a kill flit follows the worm's last flit here (from upstream, or made here)
    final long[] since; // the step the worm last moved a flit (or arrived)
    final long[] tried; // a head found every virtual channel it may take busy at this release epoch
    final long[] choicePorts; // the out-ports (bits) among that head's choices
    final TrafficRouting.Choices[] choices; // a waiting head's choices (they depend only on the node and the header)
    int dropping; // input virtual channels whose worm is being dropped

    InputChannels(Topology t, int node, int vcs) {
        int inPorts = t.inPortCount();
        this.injection = inPorts * vcs;
        int count = (inPorts + 1) * vcs;
        this.msg = new MessageHeader[count];
        this.arrived = new int[count];
        this.left = new int[count];
        this.out = new int[count];
        this.kill = new byte[count];
        this.since = new long[count];
        this.tried = new long[count];
        Arrays.fill(tried, -1);
        this.choicePorts = new long[count];
        this.choices = new TrafficRouting.Choices[count];
        int reached = 0;
        for (int q = 0; q < inPorts; q++) {
            if (t.predecessor(node, q) != Topology.NONE) {
                reached++;
            }
        }
        this.inList = new int[reached];
        reached = 0;
        for (int q = 0; q < inPorts; q++) {
            if (t.predecessor(node, q) != Topology.NONE) {
                inList[reached++] = q;
            }
        }
        this.inputs = new int[(inList.length + 1) * vcs];
        int k = 0;
        for (int q : inList) {
            for (int v = 0; v < vcs; v++) {
                this.inputs[k++] = q * vcs + v;
            }
        }
        for (int v = 0; v < vcs; v++) {
            this.inputs[k++] = injection + v;
        }
    }

    /**
     * Takes a flit that came on {@code port} into its virtual channel: a head into a free one, a body or tail flit (or a kill flit,
     * which ends the worm) into the one holding its worm. Anything else is a broken invariant, said with {@code where}.
     */
    void take(Topology t, int port, ChannelStep c, int vcs, Timing timing, long step, java.util.function.Supplier<String> where) {
        int i = port * vcs + c.vc();
        if (c.head()) {
            if (msg[i] != null) {
                throw new IllegalStateException(where.get() + ": a head flit arrived on " + t.inPortName(port) + " VC " + c.vc()
                        + ", which still holds another worm");
            }
            admit(i, c.header(), 1, step);
            if (timing != null) {
                timing.arrived(i, 0, port, true, step);
            }
            return;
        }
        if (msg[i] == null || msg[i].id() != c.message()) {
            throw new IllegalStateException(where.get() + ": a flit of message " + c.message() + " arrived on " + t.inPortName(port)
                    + " VC " + c.vc() + ", which holds " + (msg[i] == null ? "no worm" : "message " + msg[i].id()));
        }
        if (timing != null) {
            timing.arrived(i, arrived[i], port, false, step);
        }
        if (c.kill()) {
            kill[i] = KILL_FROM_UPSTREAM;
        } else {
            arrived[i]++;
        }
    }

    /** A worm's head takes buffer {@code i}, with {@code flits} of its flits there already. */
    void admit(int i, MessageHeader h, int flits, long step) {
        msg[i] = h;
        arrived[i] = flits;
        left[i] = 0;
        out[i] = UNROUTED;
        kill[i] = 0;
        since[i] = step;
    }

    /** The worm in buffer {@code i} has a flit (or its kill flit) to move now. */
    boolean ready(int i) {
        return left[i] < arrived[i] || (kill[i] != 0 && left[i] == arrived[i]);
    }

    /** Whether the message at the front of buffer {@code a} is older than that of {@code b}. */
    boolean older(int a, int b) {
        MessageHeader x = msg[a];
        MessageHeader y = msg[b];
        return x.generated() < y.generated() || (x.generated() == y.generated() && x.id() < y.id());
    }

    /** The rest of the worm in buffer {@code i} is dropped, one flit per step. */
    void drop(int i) {
        out[i] = DROP;
        dropping++;
    }

    /** The worm's last flit (or kill flit) has left buffer {@code i}: it is free for the next worm. */
    void free(int i) {
        if (out[i] == DROP) {
            dropping--;
        }
        msg[i] = null;
        out[i] = UNROUTED;
        kill[i] = 0;
        tried[i] = -1;
    }

    /** Flits held in buffers {@code 0 .. to}. */
    long buffered(int to) {
        long b = 0;
        for (int i = 0; i < to; i++) {
            if (msg[i] != null) {
                b += arrived[i] - left[i];
            }
        }
        return b;
    }

    /** Adds the messages in the network here: whose head has left its source, and which have flits here. */
    void messagesInNetwork(Set<Long> into) {
        for (int i = 0; i < msg.length; i++) {
            if (msg[i] != null && (i < injection || left[i] > 0)) {
                into.add(msg[i].id());
            }
        }
    }
}
