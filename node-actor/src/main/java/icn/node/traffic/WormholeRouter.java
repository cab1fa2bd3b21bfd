package icn.node.traffic;

import icn.node.program.Inbox;
import icn.node.program.NodeProgram;
import icn.node.program.Outbox;
import icn.protocols.Topology;
import icn.protocols.traffic.ChannelStep;
import icn.protocols.traffic.MessageDelivered;
import icn.protocols.traffic.MessageHeader;
import icn.protocols.traffic.MessageLost;
import icn.protocols.traffic.RouterState;

/**
 * One node of a traffic run (issue 13): a wormhole router with virtual channels and its processor, as a pure state machine. One
 * step is one network cycle, in which a flit crosses one link (002 §5).
 *
 * <p><b>Router.</b> Every input physical channel has V virtual channels, each a FIFO of F flit buffers holding one worm at a time;
 * the processor's injection channel has V more, fed from an unbounded source queue (002 Eq. 21's local queue), and flits leave to
 * the processor through one ejection channel. In a step the router takes in what reached it (flits into their virtual channels,
 * credits for its output virtual channels), generates the messages its Poisson process brings, gives each head flit at the front of
 * a virtual channel an output virtual channel its routing allows (oldest message first; a free channel of the lowest tier; among
 * those, on the port with the most free channels, the lowest), then moves flits: every output physical channel carries at most one flit, round robin among its
 * virtual channels that hold one and have a credit; the injection channel and the ejection channel each move at most one flit,
 * round robin too. A flit leaving an input virtual channel frees a buffer, and the credit goes back over the link it came by in
 * the same step (credit-based flow control as link messages). An output virtual channel is given to a new worm only once the last
 * worm's tail has left and every credit is back, so a buffer never holds two worms. All of a step's decisions happen in the step
 * the flit is in the buffer, so a head moves one link per step and a message of M flits over D links arrives, at zero load,
 * M − 1 + D steps after it was generated.
 *
 * <p><b>Activity.</b> The router asks to be woken in the next step only if it moved a flit in this one; otherwise nothing can
 * change for it until something reaches it (a credit, a flit) or its next Poisson arrival or link failure, so it sleeps till then
 * and idle steps cost nothing.
 *
 * <p><b>Measurement.</b> When a message's last flit reaches the processor the router reports a {@link MessageDelivered}; messages
 * that can no longer be delivered are reported as {@link MessageLost}; at the end (or its crash) the router reports its
 * {@link RouterState}: flit counts, what it holds, and, for the deadlock check, what each blocked virtual channel waits for.
 *
 * <p><b>Parts.</b> The channels' state is in {@link InputChannels} and {@link OutputChannels}, the processor's source of messages
 * in {@link MessageSource}, the reaction to failed channels in {@link RouterFaults}, the end-of-run report in
 * {@link RouterSnapshot}, the pipeline's and slow links' waits in {@link Timing}, the crossbar's speedup in {@link Crossbar};
 * this class is the step: what moves where, in which order.
 *
 * <p><b>Faults</b> ({@link LinkFaults}): a failed channel's sender drops the rest of the worms that were crossing it, its
 * receiver ends them with a kill flit that the routers downstream forward as a tail and the destination discards; a head with no
 * live choice left is dropped where it is.
 */

final class WormholeRouter implements NodeProgram {

    private static final int UNROUTED = InputChannels.UNROUTED;
    private static final int EJECT = InputChannels.EJECT;
    private static final int DROP = InputChannels.DROP;
    private static final int KILL_FROM_UPSTREAM = InputChannels.KILL_FROM_UPSTREAM;

    private final TrafficPrograms run;
    private final int node;
    private final Topology t;
    private final boolean directed; // t.directed(), asked once: the move loop asks it per port and step
    private final TrafficRouting routing;
    private final boolean decides;
    private final int vcs;
    private final InputChannels in;
    private final OutputChannels outs;
    private final MessageSource source;
    private final RouterFaults faults;
    private final Timing timing; // null for the synchronous router (the default): nothing waits

    private int rrEject;
    private boolean injectionUsed; // the injection channel has moved its flit of this step
    private final Crossbar crossbar;
    private final int[] ageOrder; // scratch: the heads that try for a channel this step, oldest first
    private final int[] creditsBack; // per in-port: the virtual channels a flit left this step
    private final ChannelStep[] flitOut; // per out-port: the flit it carries this step
    private boolean moved;

    private long injected;
    private long ejected;
    private long dropped;
    private final long[] flitsOut; // per out-port: flits sent in cycles G/2+1 .. G, G the last cycle messages are generated in
    private final long countFrom;
    private final long countUntil;
    /** Where a broken invariant was found, made once: taking in a flit allocates nothing. */
    private final java.util.function.Supplier<String> here = this::where;

    WormholeRouter(TrafficPrograms run, int node) {
        this.run = run;
        this.node = node;
        this.t = run.topology();
        this.directed = t.directed();
        this.routing = run.routing();
        this.decides = routing.decides();
        this.vcs = run.spec().vcs();
        this.in = new InputChannels(t, node, vcs);
        this.outs = new OutputChannels(t, node, vcs, run.spec().buffer());
        this.faults = new RouterFaults(run, node, in, outs);
        this.ageOrder = new int[in.msg.length];
        this.flitOut = new ChannelStep[t.portCount()];
        this.creditsBack = new int[t.inPortCount()];
        this.source = new MessageSource(run, node);
        this.flitsOut = new long[t.portCount()];
        this.countUntil = run.spec().generateUntil();
        this.countFrom = countUntil / 2;
        this.crossbar = new Crossbar(run.timing(), vcs, in.injection);
        this.timing = run.timing().synchronous() && !t.hasLinkLatencies() ? null
                : new Timing(run.timing(), t, node, in.msg.length, in.injection, vcs, run.spec().buffer());
    }

    @Override
    public long initialWake() {
        return nextWake(0);
    }

    @Override
    public long step(long step, Inbox inbox, Outbox out) {
        moved = false;
        if (timing != null) {
            timing.creditsDue(step, outs);
        }
        for (int i = 0; i < inbox.size(); i++) {
            take(inbox.port(i), (ChannelStep) inbox.payload(i), step);
        }
        if (step >= run.spec().stopAt()) {
            return NO_WAKE; // the run is over: take in what arrives, move nothing
        }
        if (faults.active()) {
            faults.apply(step, in, outs, out);
        }
        source.generate(step);
        injected += source.fill(in, vcs, timing, step);
        allocate(step, out);
        move(step, out);
        return nextWake(step);
    }

    // ---- taking in ----

    private void take(int port, ChannelStep c, long step) {
        if (c.credits() != 0 && !outs.portDead[port]) {
            outs.credits(t, port, c.credits(), vcs, timing, step, here);
        }
        if (c.hasFlit()) {
            if (faults.inDead(port)) {
                throw new IllegalStateException(where() + " got a flit on " + t.inPortName(port) + " after that channel failed");
            }
            in.take(t, port, c, vcs, timing, step, here);
        }
    }

    // ---- routing and virtual-channel allocation ----

    /**
     * Virtual-channel allocation: every head at the front of a buffer that wants an output virtual channel tries for one, the oldest
     * message first (by generation step, then id): age order lets no head wait for ever while younger ones take the channel it
     * needs (round robin over the buffers let heads starve under saturation, some for tens of thousands of cycles, at the escape
     * channels of up*&#47;down* near its root).
     */
    private void allocate(long step, Outbox out) {
        boolean filter = run.retryFilter();
        int heads = 0;
        MessageHeader[] msg = in.msg; // the arrays in locals: the loops below run for every router in every step
        int[] route = in.out;
        long[] tried = in.tried;
        for (int i : in.inputs) {
            if (msg[i] == null || route[i] != UNROUTED || timing != null && timing.readyAt(i, 0) > step) {
                continue; // no head, routed already, or still in the router's pipeline
            }
            if (msg[i].destination() == node) {
                route[i] = EJECT;
                continue;
            }
            if (filter && tried[i] >= 0 && !outs.releasedSince(tried[i], in.choicePorts[i])) {
                continue; // every channel it may take was busy, and none of its ports has freed one since
            }
            // insertion by age: a router has a few waiting heads at a time
            int at = heads++;
            while (at > 0 && in.older(i, ageOrder[at - 1])) {
                ageOrder[at] = ageOrder[at - 1];
                at--;
            }
            ageOrder[at] = i;
        }
        for (int k = 0; k < heads; k++) {
            int i = ageOrder[k];
            MessageHeader h = in.msg[i];
            TrafficRouting.Choices choices = in.choices[i];
            if (in.tried[i] < 0 || !filter) { // its first try at this router
                if (choices == null) {
                    choices = in.choices[i] = new TrafficRouting.Choices();
                }
                if (decides) {
                    h = in.msg[i] = routing.decide(node, h, outs); // UGAL: by the load it sees now, before its first choices here
                }
                choices.clear();
                routing.choices(node, h, choices);
            }
            int j = outs.pick(choices);
            if (j == OutputChannels.NO_ROUTE) {
                in.drop(i);
                RouterFaults.lost(out, h, step, node, MessageLost.Reason.NO_ROUTE);
            } else if (j == OutputChannels.BUSY) {
                in.tried[i] = outs.releases;
                in.choicePorts[i] = outs.ports(choices);
            } else {
                outs.assign(j, i);
                in.out[i] = j;
            }
        }
    }

    // ---- moving flits ----

    private void move(long step, Outbox out) {
        injectionUsed = false;
        crossbar.newStep();
        int[] outList = outs.outList;
        int ports = outList.length;
        int first = ports == 0 ? 0 : (int) (step % ports); // which output goes first for the injection channel rotates
        for (int k = 0; k < ports; k++) {
            int p = outList[first + k < ports ? first + k : first + k - ports];
            flitOut[p] = null;
            if (!outs.portDead[p]) {
                arbitrate(p, step);
            }
        }
        eject(step, out);
        drop(step);
        ChannelStep[] flitOut = this.flitOut;
        int[] creditsBack = this.creditsBack;
        for (int p : outList) {
            ChannelStep flit = flitOut[p];
            int back = directed ? 0 : creditsBack[p];
            if (back != 0 && !faults.creditsArrive(p, step)) {
                back = 0; // their wire is dead: they could not arrive, and nobody would use them
            }
            if (flit != null || back != 0) {
                out.send(p, back == 0 ? flit
                        : flit == null ? ChannelStep.credits(back) : new ChannelStep(flit.vc(), flit.kind(), flit.message(), flit.header(), back));
            }
            if (!directed) {
                creditsBack[p] = 0;
            }
        }
        if (directed) {
            for (int q : in.inList) {
                if (creditsBack[q] != 0 && faults.creditsArrive(q, step)) {
                    out.sendBack(q, ChannelStep.credits(creditsBack[q]));
                }
                creditsBack[q] = 0;
            }
        }
    }

    /**
     * Output physical channel {@code p}: at most one flit, round robin among its virtual channels that can send one. The injection
     * channel, the processor's link into the router, carries one flit per step like every link: once one of its virtual channels
     * has sent, the others wait. (Input channels from the network have no such limit inside the router: several of their virtual
     * channels may cross the crossbar in a step, to different outputs.)
     */
    private void arbitrate(int p, long step) {
        int owned = outs.ownedMask[p];
        if (owned == 0) {
            return;
        }
        int[] credits = outs.credits;
        int[] owner = outs.owner;
        boolean[] tailSent = outs.tailSent;
        int injection = in.injection;
        int v = outs.rr[p] == vcs ? 0 : outs.rr[p]; // rr is where the last winner's successor is: 0 .. vcs
        for (int k = 0; k < vcs; k++, v = v + 1 == vcs ? 0 : v + 1) {
            if ((owned & 1 << v) == 0) {
                continue;
            }
            int j = p * vcs + v;
            int i = owner[j];
            if (credits[j] == 0 || i < 0 || tailSent[j] || !ready(i, step) || (i >= injection && injectionUsed) || crossbar.full(i)) {
                continue;
            }
            injectionUsed |= i >= injection;
            crossbar.cross(i);
            flitOut[p] = sendFrom(i, j, v, p, step);
            if (step > countFrom && step <= countUntil) {
                flitsOut[p]++;
            }
            outs.rr[p] = v + 1;
            moved = true;
            return;
        }
    }

    /** The next item of input virtual channel {@code i}'s worm leaves on output virtual channel {@code j}. */
    private ChannelStep sendFrom(int i, int j, int v, int p, long step) {
        outs.credits[j]--;
        in.since[i] = step;
        MessageHeader h = in.msg[i];
        if (in.left[i] == in.arrived[i]) { // the kill flit
            outs.tailLeft(j);
            freeBuffer(i, in.kill[i] == KILL_FROM_UPSTREAM);
            in.free(i);
            return new ChannelStep(v, ChannelStep.TAIL | ChannelStep.KILL, h.id(), null, 0);
        }
        int index = in.left[i]++;
        freeBuffer(i, true);
        boolean head = index == 0;
        boolean tail = index == h.flits() - 1;
        int kind = (head ? ChannelStep.HEAD : 0) | (tail ? ChannelStep.TAIL : 0);
        MessageHeader header = head ? routing.advance(node, h, p, v, step) : null;
        if (tail) {
            outs.tailLeft(j);
            in.free(i);
        }
        return new ChannelStep(v, kind, h.id(), header, 0);
    }

    /** A flit left buffer {@code i}: its credit goes back over the link it came by (none for the injection channel). */
    private void freeBuffer(int i, boolean credit) {
        if (i < in.injection && credit) {
            creditsBack[i / vcs] |= 1 << (i % vcs);
        }
    }

    /** The ejection channel takes one flit per step to the processor, round robin among the worms that end here. */
    private void eject(long step, Outbox out) {
        int[] inputs = in.inputs;
        int[] route = in.out;
        int count = inputs.length - vcs; // the injection channel's worms never end where they start
        for (int k = 0; k < count; k++) {
            int at = rrEject + k < count ? rrEject + k : rrEject + k - count;
            int i = inputs[at];
            if (route[i] != EJECT || !ready(i, step) || crossbar.full(i)) { // EJECT only while a worm holds the buffer (free() resets it)
                continue;
            }
            crossbar.cross(i);
            rrEject = at + 1 == count ? 0 : at + 1;
            moved = true;
            in.since[i] = step;
            MessageHeader h = in.msg[i];
            if (in.left[i] == in.arrived[i]) { // a kill flit: the message is broken
                freeBuffer(i, in.kill[i] == KILL_FROM_UPSTREAM);
                in.free(i);
                RouterFaults.lost(out, h, step, node, MessageLost.Reason.KILLED);
                return;
            }
            int index = in.left[i]++;
            ejected++;
            freeBuffer(i, true);
            if (index == h.flits() - 1) {
                in.free(i);
                out.observe(new MessageDelivered(h.id(), h.source(), h.destination(), h.generated(), h.injected(), step, h.hops(),
                        h.flits(), h.trafficClass()));
            }
            return;
        }
    }

    /** Worms being dropped lose one flit per step per virtual channel (so credits go back at the pace buffers free). */
    private void drop(long step) {
        int[] inputs = in.inputs;
        for (int k = 0; k < inputs.length && in.dropping > 0; k++) {
            int i = inputs[k];
            if (in.msg[i] == null || in.out[i] != DROP || !ready(i, step)) {
                continue;
            }
            moved = true;
            in.since[i] = step;
            if (in.left[i] == in.arrived[i]) {
                freeBuffer(i, in.kill[i] == KILL_FROM_UPSTREAM);
                in.free(i);
                continue;
            }
            int index = in.left[i]++;
            dropped++;
            freeBuffer(i, true);
            if (index == in.msg[i].flits() - 1) {
                in.free(i);
            }
        }
    }

    /** Whether buffer {@code i}'s next flit may leave in {@code step}: it is there and through the router's pipeline. */
    private boolean ready(int i, long step) {
        return in.ready(i) && (timing == null || timing.readyAt(i, in.left[i]) <= step);
    }

    private long nextWake(long step) {
        if (moved) {
            return step + 1;
        }
        long next = faults.nextAfter(step, in, outs);
        if (timing != null) {
            next = Math.min(next, timing.nextAfter(step));
        }
        long arrival = source.nextArrival();
        if (arrival != NO_WAKE && arrival < next) {
            next = arrival;
        }
        return next == Long.MAX_VALUE ? NO_WAKE : next;
    }

    private String where() {
        return "router " + t.label(node);
    }

    @Override
    public Object finalState(long crashedAt) {
        return new RouterSnapshot(node, t, routing, vcs, in, outs).state(crashedAt, source, injected, ejected, dropped, flitsOut.clone());
    }

    // ---- for tests in this package ----

    long bufferedFlits() {
        return in.buffered(in.msg.length);
    }

    /** Flits in the buffers of the input channels from the network (the injection channel's left out). */
    long networkBufferedFlits() {
        return in.buffered(in.injection);
    }

    long injectedFlits() {
        return injected;
    }

    long ejectedFlits() {
        return ejected;
    }

    long droppedFlits() {
        return dropped;
    }

    /** Flits that have left input channel {@code inPort} through the crossbar (to an output or to the processor), all along. */
    long departedFrom(int inPort) {
        return crossbar.departedFrom(inPort);
    }

    /** Adds the messages in the network at this router: whose head has left its source, and which have flits here. */
    void messagesInNetwork(java.util.Set<Long> into) {
        in.messagesInNetwork(into);
    }
}
