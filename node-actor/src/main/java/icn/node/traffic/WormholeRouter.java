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
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.SplittableRandom;

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
 * <p><b>Faults</b> ({@link LinkFaults}): a failed channel's sender drops the rest of the worms that were crossing it, its
 * receiver ends them with a kill flit that the routers downstream forward as a tail and the destination discards; a head with no
 * live choice left is dropped where it is.
 */
final class WormholeRouter implements NodeProgram {

    private static final int UNROUTED = -1;
    private static final int EJECT = -2;
    private static final int DROP = -3;
    private static final int FREE = -1;
    private static final int KILL_FROM_UPSTREAM = 1;
    private static final int KILL_HERE = 2;

    private final TrafficPrograms run;
    private final int node;
    private final Topology t;
    private final TrafficRouting routing;
    private final int vcs;
    private final int buffer;
    private final int flits;
    private final int inPorts;
    private final int injection; // index of the first injection virtual channel
    private final int[] outList; // out-ports that lead somewhere
    private final int[] inList; // in-ports some link reaches
    private final int[] inputs; // the input virtual channels of those in-ports, then the injection channel's

    // input virtual channels, index inPort * V + vc; in-port inPorts is the injection channel
    private final MessageHeader[] inMsg;
    private final int[] inArrived; // flits of the worm that reached the buffer
    private final int[] inLeft; // flits of the worm that left it (sent on, ejected or dropped)
    private final int[] inOut; // the output virtual channel given to the worm, or UNROUTED, EJECT, DROP
    private final byte[] inKill; // a kill flit follows the worm's last flit here (from upstream, or made here)
    private final long[] inSince; // the step the worm last moved a flit (or arrived)
    private final long[] inTried; // a head found every virtual channel it may take busy at this release epoch
    private final long[] inChoicePorts; // the out-ports (bits) among that head's choices
    private final TrafficRouting.Choices[] inChoices; // a waiting head's choices (they depend only on the node and the header)

    // output virtual channels, index outPort * V + vc
    private final int[] credits;
    private final int[] owner; // the input virtual channel whose worm holds it, or FREE
    private final boolean[] tailSent; // the worm's tail has left; the channel is free once every credit is back
    private final int[] freeMask; // per out-port: its free virtual channels
    private final int[] rr; // per out-port: where its round robin starts
    private int rrEject;
    private boolean injectionUsed; // the injection channel has moved its flit of this step
    private final int[] ageOrder; // scratch: the heads that try for a channel this step, oldest first
    private long releases; // output virtual channels freed (or ports failed) so far: a busy head need not look again until it grows
    private final long[] lastRelease; // per out-port: the value of releases at its last release
    private final int[] ownedMask; // per out-port: its virtual channels that a worm holds (tail not yet sent)
    private int injecting; // injection virtual channels holding a message
    private int dropping; // input virtual channels whose worm is being dropped

    private final ArrayDeque<MessageHeader> queue = new ArrayDeque<>();
    private final SplittableRandom arrivals;
    private final SplittableRandom destinations;
    private double arrivalTime;
    private long nextArrival;
    private int sequence;

    // faults
    private final long[] outDeadFrom; // per out-port
    private final long[] truncateAt; // per in-port
    private final long[] creditsDeadFrom; // per in-port: from then on its credits cannot get back
    private final boolean[] portDead;
    private final boolean[] inDead;

    // per-step scratch
    private final int[] creditsBack; // per in-port: the virtual channels a flit left this step
    private final ChannelStep[] flitOut; // per out-port: the flit it carries this step
    private boolean moved;

    private long generated;
    private long injected;
    private long ejected;
    private long dropped;

    WormholeRouter(TrafficPrograms run, int node) {
        this.run = run;
        this.node = node;
        this.t = run.topology();
        this.routing = run.routing();
        this.vcs = run.spec().vcs();
        this.buffer = run.spec().buffer();
        this.flits = run.spec().flits();
        this.inPorts = t.inPortCount();
        this.injection = inPorts * vcs;
        int inputs = (inPorts + 1) * vcs;
        this.inMsg = new MessageHeader[inputs];
        this.inArrived = new int[inputs];
        this.inLeft = new int[inputs];
        this.inOut = new int[inputs];
        this.inKill = new byte[inputs];
        this.inSince = new long[inputs];
        this.inTried = new long[inputs];
        Arrays.fill(inTried, -1);
        this.inChoicePorts = new long[inputs];
        this.inChoices = new TrafficRouting.Choices[inputs];
        this.ageOrder = new int[inputs];
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
        this.outDeadFrom = new long[outs];
        this.portDead = new boolean[outs];
        this.flitOut = new ChannelStep[outs];
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
                outDeadFrom[p] = run.faults().channelDeadFrom(node, p);
            }
        }
        this.truncateAt = new long[inPorts];
        this.creditsDeadFrom = new long[inPorts];
        this.inDead = new boolean[inPorts];
        this.creditsBack = new int[inPorts];
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
                truncateAt[q] = run.faults().truncateAt(node, q);
                creditsDeadFrom[q] = run.faults().creditsDeadFrom(node, q);
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
        SplittableRandom stream = new SplittableRandom(run.spec().seed() ^ (0x9E3779B97F4A7C15L * (node + 1)));
        this.arrivals = stream.split();
        this.destinations = stream.split();
        this.nextArrival = run.pattern().generates(node) ? drawArrival() : NO_WAKE;
    }

    /** The step of the next Poisson arrival after the last (002 §4 c: exponential gaps of mean 1/λ_g cycles), or NO_WAKE. */
    private long drawArrival() {
        arrivalTime += -Math.log(1 - arrivals.nextDouble()) / run.spec().rate();
        double step = Math.ceil(arrivalTime);
        return step > run.spec().generateUntil() ? NO_WAKE : Math.max(1, (long) step);
    }

    @Override
    public long initialWake() {
        return nextWake(0);
    }

    @Override
    public long step(long step, Inbox inbox, Outbox out) {
        moved = false;
        for (int i = 0; i < inbox.size(); i++) {
            take(inbox.port(i), (ChannelStep) inbox.payload(i), step);
        }
        if (step >= run.spec().stopAt()) {
            return NO_WAKE; // the run is over: take in what arrives, move nothing
        }
        if (run.faults().active()) {
            applyFaults(step, out);
        }
        generate(step);
        fillInjection(step);
        allocate(step, out);
        move(step, out);
        return nextWake(step);
    }

    // ---- taking in ----

    private void take(int port, ChannelStep c, long step) {
        if (c.credits() != 0 && !portDead[port]) {
            for (int bits = c.credits(); bits != 0; bits &= bits - 1) {
                int j = port * vcs + Integer.numberOfTrailingZeros(bits);
                if (++credits[j] > buffer) {
                    throw new IllegalStateException(where() + " got more credits than buffers for " + t.portName(port));
                }
                if (tailSent[j] && credits[j] == buffer) {
                    release(j);
                }
            }
        }
        if (!c.hasFlit()) {
            return;
        }
        if (inDead[port]) {
            throw new IllegalStateException(where() + " got a flit on " + t.inPortName(port) + " after that channel failed");
        }
        int i = port * vcs + c.vc();
        if (c.head()) {
            if (inMsg[i] != null) {
                throw new IllegalStateException(where() + ": a head flit arrived on " + t.inPortName(port) + " VC " + c.vc()
                        + ", which still holds another worm");
            }
            inMsg[i] = c.header();
            inArrived[i] = 1;
            inLeft[i] = 0;
            inOut[i] = UNROUTED;
            inKill[i] = 0;
            inSince[i] = step;
            return;
        }
        if (inMsg[i] == null || inMsg[i].id() != c.message()) {
            throw new IllegalStateException(where() + ": a flit of message " + c.message() + " arrived on " + t.inPortName(port) + " VC "
                    + c.vc() + ", which holds " + (inMsg[i] == null ? "no worm" : "message " + inMsg[i].id()));
        }
        if (c.kill()) {
            inKill[i] = KILL_FROM_UPSTREAM;
        } else {
            inArrived[i]++;
        }
    }

    // ---- the processor ----

    private void generate(long step) {
        while (nextArrival != NO_WAKE && nextArrival <= step) {
            int destination = run.pattern().destination(node, destinations);
            queue.add(routing.start(MessageHeader.id(node, sequence++), node, destination, nextArrival));
            generated++;
            nextArrival = drawArrival();
        }
    }

    private void fillInjection(long step) {
        for (int v = 0; v < vcs && !queue.isEmpty(); v++) {
            int i = injection + v;
            if (inMsg[i] == null) {
                injecting++;
                inMsg[i] = queue.poll();
                inArrived[i] = flits;
                inLeft[i] = 0;
                inOut[i] = UNROUTED;
                inKill[i] = 0;
                inSince[i] = step;
                injected += flits;
            }
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
        for (int i : inputs) {
            if (inMsg[i] == null || inOut[i] != UNROUTED) {
                continue;
            }
            if (inMsg[i].destination() == node) {
                inOut[i] = EJECT;
                continue;
            }
            if (filter && inTried[i] >= 0 && !releasedSince(inTried[i], inChoicePorts[i])) {
                continue; // every channel it may take was busy, and none of its ports has freed one since
            }
            // insertion by age: a router has a few waiting heads at a time
            int at = heads++;
            while (at > 0 && older(i, ageOrder[at - 1])) {
                ageOrder[at] = ageOrder[at - 1];
                at--;
            }
            ageOrder[at] = i;
        }
        for (int k = 0; k < heads; k++) {
            int i = ageOrder[k];
            MessageHeader h = inMsg[i];
            TrafficRouting.Choices choices = inChoices[i];
            if (inTried[i] < 0 || !filter) { // its first try at this router
                if (choices == null) {
                    choices = inChoices[i] = new TrafficRouting.Choices();
                }
                choices.clear();
                routing.choices(node, h, choices);
            }
            int j = pick(choices);
            if (j == NO_ROUTE) {
                inOut[i] = DROP;
                dropping++;
                lost(out, h, step, MessageLost.Reason.NO_ROUTE);
            } else if (j == BUSY) {
                inTried[i] = releases;
                long ports = 0;
                for (int c = 0; c < choices.size() && lastRelease.length <= Long.SIZE; c++) {
                    ports |= 1L << choices.port(c);
                }
                inChoicePorts[i] = ports;
            } else {
                int port = j / vcs;
                owner[j] = i;
                freeMask[port] &= ~(1 << (j % vcs));
                ownedMask[port] |= 1 << (j % vcs);
                inOut[i] = j;
            }
        }
    }

    /** Whether the message at the front of buffer {@code a} is older than that of {@code b}. */
    private boolean older(int a, int b) {
        MessageHeader x = inMsg[a];
        MessageHeader y = inMsg[b];
        return x.generated() < y.generated() || (x.generated() == y.generated() && x.id() < y.id());
    }

    /**
     * Whether an out-port among {@code ports} freed a virtual channel (or failed) after release epoch {@code since}; with more than 64
     * out-ports (large n:k cubes) whether any did.
     */
    private boolean releasedSince(long since, long ports) {
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

    private static final int NO_ROUTE = -2;
    private static final int BUSY = -1;

    /**
     * The output virtual channel to give the head whose {@code choices} are listed, BUSY if none is free, NO_ROUTE if every choice of
     * the last tier (the routing's escape) is on a failed port.
     */
    private int pick(TrafficRouting.Choices choices) {
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

    // ---- moving flits ----

    private boolean ready(int i) {
        return inLeft[i] < inArrived[i] || (inKill[i] != 0 && inLeft[i] == inArrived[i]);
    }

    private void move(long step, Outbox out) {
        injectionUsed = false;
        int ports = outList.length;
        int first = ports == 0 ? 0 : (int) (step % ports); // which output goes first for the injection channel rotates
        for (int k = 0; k < ports; k++) {
            int p = outList[first + k < ports ? first + k : first + k - ports];
            flitOut[p] = null;
            if (!portDead[p]) {
                arbitrate(p, step);
            }
        }
        eject(step, out);
        drop(step);
        for (int p : outList) {
            ChannelStep flit = flitOut[p];
            int back = t.directed() ? 0 : creditsBack[p];
            if (back != 0 && step >= creditsDeadFrom[p]) {
                back = 0; // their wire is dead: they could not arrive, and nobody would use them
            }
            if (flit != null || back != 0) {
                out.send(p, back == 0 ? flit
                        : flit == null ? ChannelStep.credits(back) : new ChannelStep(flit.vc(), flit.kind(), flit.message(), flit.header(), back));
            }
            if (!t.directed()) {
                creditsBack[p] = 0;
            }
        }
        if (t.directed()) {
            for (int q : inList) {
                if (creditsBack[q] != 0 && step < creditsDeadFrom[q]) {
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
        int owned = ownedMask[p];
        for (int k = 0; k < vcs && owned != 0; k++) {
            int v = (rr[p] + k) % vcs;
            if ((owned & 1 << v) == 0) {
                continue;
            }
            int j = p * vcs + v;
            int i = owner[j];
            if (credits[j] == 0 || i < 0 || tailSent[j] || !ready(i) || (i >= injection && injectionUsed)) {
                continue;
            }
            injectionUsed |= i >= injection;
            flitOut[p] = sendFrom(i, j, v, p, step);
            rr[p] = v + 1;
            moved = true;
            return;
        }
    }

    /** The next item of input virtual channel {@code i}'s worm leaves on output virtual channel {@code j}. */
    private ChannelStep sendFrom(int i, int j, int v, int p, long step) {
        credits[j]--;
        inSince[i] = step;
        MessageHeader h = inMsg[i];
        if (inLeft[i] == inArrived[i]) { // the kill flit
            tailSent[j] = true;
            ownedMask[p] &= ~(1 << v);
            freeBuffer(i, inKill[i] == KILL_FROM_UPSTREAM);
            freeInput(i);
            return new ChannelStep(v, ChannelStep.TAIL | ChannelStep.KILL, h.id(), null, 0);
        }
        int index = inLeft[i]++;
        freeBuffer(i, true);
        boolean head = index == 0;
        boolean tail = index == flits - 1;
        int kind = (head ? ChannelStep.HEAD : 0) | (tail ? ChannelStep.TAIL : 0);
        MessageHeader header = head ? routing.advance(node, h, p, v, step) : null;
        if (tail) {
            tailSent[j] = true;
            ownedMask[p] &= ~(1 << v);
            freeInput(i);
        }
        return new ChannelStep(v, kind, h.id(), header, 0);
    }

    /** A flit left buffer {@code i}: its credit goes back over the link it came by (none for the injection channel). */
    private void freeBuffer(int i, boolean credit) {
        if (i < injection && credit) {
            creditsBack[i / vcs] |= 1 << (i % vcs);
        }
    }

    private void freeInput(int i) {
        if (inOut[i] == DROP) {
            dropping--;
        }
        if (i >= injection) {
            injecting--;
        }
        inMsg[i] = null;
        inOut[i] = UNROUTED;
        inKill[i] = 0;
        inTried[i] = -1;
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

    /** The ejection channel takes one flit per step to the processor, round robin among the worms that end here. */
    private void eject(long step, Outbox out) {
        int count = inputs.length - vcs; // the injection channel's worms never end where they start
        for (int k = 0; k < count; k++) {
            int at = rrEject + k < count ? rrEject + k : rrEject + k - count;
            int i = inputs[at];
            if (inMsg[i] == null || inOut[i] != EJECT || !ready(i)) {
                continue;
            }
            rrEject = at + 1 == count ? 0 : at + 1;
            moved = true;
            inSince[i] = step;
            MessageHeader h = inMsg[i];
            if (inLeft[i] == inArrived[i]) { // a kill flit: the message is broken
                freeBuffer(i, inKill[i] == KILL_FROM_UPSTREAM);
                freeInput(i);
                lost(out, h, step, MessageLost.Reason.KILLED);
                return;
            }
            int index = inLeft[i]++;
            ejected++;
            freeBuffer(i, true);
            if (index == flits - 1) {
                freeInput(i);
                out.observe(new MessageDelivered(h.id(), h.source(), h.destination(), h.generated(), h.injected(), step, h.hops()));
            }
            return;
        }
    }

    /** Worms being dropped lose one flit per step per virtual channel (so credits go back at the pace buffers free). */
    private void drop(long step) {
        for (int k = 0; k < inputs.length && dropping > 0; k++) {
            int i = inputs[k];
            if (inMsg[i] == null || inOut[i] != DROP || !ready(i)) {
                continue;
            }
            moved = true;
            inSince[i] = step;
            if (inLeft[i] == inArrived[i]) {
                freeBuffer(i, inKill[i] == KILL_FROM_UPSTREAM);
                freeInput(i);
                continue;
            }
            int index = inLeft[i]++;
            dropped++;
            freeBuffer(i, true);
            if (index == flits - 1) {
                freeInput(i);
            }
        }
    }

    // ---- faults ----

    private void applyFaults(long step, Outbox out) {
        for (int p : outList) {
            if (!portDead[p] && outDeadFrom[p] <= step) {
                portDead[p] = true;
                freeMask[p] = 0;
                ownedMask[p] = 0;
                lastRelease[p] = ++releases; // a head whose every choice just died must look again, and be dropped
                for (int v = 0; v < vcs; v++) {
                    int j = p * vcs + v;
                    int i = owner[j];
                    if (i >= 0 && !tailSent[j]) {
                        inOut[i] = DROP; // the rest of the worm cannot follow its head
                        dropping++;
                        MessageHeader h = inMsg[i];
                        lost(out, h, step, MessageLost.Reason.LINK_DOWN_AHEAD);
                    }
                    owner[j] = FREE;
                    tailSent[j] = false;
                }
            }
        }
        for (int q : inList) {
            if (!inDead[q] && truncateAt[q] <= step) {
                inDead[q] = true;
                for (int v = 0; v < vcs; v++) {
                    int i = q * vcs + v;
                    if (inMsg[i] != null && inArrived[i] < flits && inKill[i] == 0) {
                        inKill[i] = KILL_HERE; // nothing more will come: end the worm here
                        MessageHeader h = inMsg[i];
                        lost(out, h, step, MessageLost.Reason.LINK_DOWN_BEHIND);
                    }
                }
            }
        }
    }

    private long nextFaultAfter(long step) {
        long next = Long.MAX_VALUE;
        if (!run.faults().active()) {
            return next;
        }
        for (int p : outList) {
            if (!portDead[p] && outDeadFrom[p] > step && outDeadFrom[p] < next) {
                next = outDeadFrom[p];
            }
        }
        for (int q : inList) {
            if (!inDead[q] && truncateAt[q] > step && truncateAt[q] < next) {
                next = truncateAt[q];
            }
        }
        return next;
    }

    private long nextWake(long step) {
        if (moved) {
            return step + 1;
        }
        long next = nextFaultAfter(step);
        if (nextArrival != NO_WAKE && nextArrival < next) {
            next = nextArrival;
        }
        return next == Long.MAX_VALUE ? NO_WAKE : next;
    }

    /** Reports that the message of {@code h} can no longer be delivered, as this router found in {@code step}. */
    private void lost(Outbox out, MessageHeader h, long step, MessageLost.Reason reason) {
        out.observe(new MessageLost(h.id(), h.source(), h.destination(), h.generated(), step, node, reason));
    }

    private String where() {
        return "router " + t.label(node);
    }

    // ---- the end ----

    /** The channel id of input virtual channel {@code vc} of {@code inPort} at {@code at} (see {@link RouterState}). */
    private long channel(int at, int inPort, int vc) {
        return ((long) at * (inPorts + 1) + inPort) * vcs + vc;
    }

    /** The downstream input virtual channel that output virtual channel {@code j} feeds. */
    private long downstream(int j) {
        int p = j / vcs;
        return channel(t.neighbour(node, p), t.arrivalPort(node, p), j % vcs);
    }

    @Override
    public Object finalState(long crashedAt) {
        long buffered = 0;
        long[] held = new long[queue.size() + inMsg.length];
        long[] heldGenerated = new long[held.length];
        int heldCount = 0;
        for (MessageHeader h : queue) {
            heldGenerated[heldCount] = h.generated();
            held[heldCount++] = h.id();
        }
        long[] waiting = new long[inMsg.length];
        long[] since = new long[inMsg.length];
        int[] optionStart = new int[inMsg.length + 1];
        long[] options = new long[16];
        int waits = 0;
        int optionCount = 0;
        for (int i = 0; i < inMsg.length; i++) {
            if (inMsg[i] == null) {
                continue;
            }
            buffered += inArrived[i] - inLeft[i];
            heldGenerated[heldCount] = inMsg[i].generated();
            held[heldCount++] = inMsg[i].id();
            long id = channel(node, i / vcs, i % vcs);
            int first = optionCount;
            boolean canMove = false;
            int j = inOut[i];
            if (j == EJECT || j == DROP) {
                canMove = ready(i);
                if (!canMove) {
                    options = grow(options, optionCount);
                    options[optionCount++] = -1 - id; // its next flits are upstream
                }
            } else if (j >= 0) {
                if (!ready(i)) {
                    options = grow(options, optionCount);
                    options[optionCount++] = -1 - id;
                } else if (credits[j] > 0) {
                    canMove = true;
                } else {
                    options = grow(options, optionCount);
                    options[optionCount++] = downstream(j);
                }
            } else if (inMsg[i].destination() == node) {
                canMove = true; // a head that arrived in the last step: the ejection channel always takes it
            } else { // a head waiting for a virtual channel
                TrafficRouting.Choices choices = new TrafficRouting.Choices();
                routing.choices(node, inMsg[i], choices);
                for (int c = 0; c < choices.size() && !canMove; c++) {
                    int p = choices.port(c);
                    if (portDead[p]) {
                        continue;
                    }
                    for (int bits = choices.mask(c); bits != 0; bits &= bits - 1) {
                        int k = p * vcs + Integer.numberOfTrailingZeros(bits);
                        if (owner[k] == FREE) {
                            canMove = true;
                            break;
                        }
                        options = grow(options, optionCount);
                        options[optionCount++] = owner[k] >= 0 && !tailSent[k] ? channel(node, owner[k] / vcs, owner[k] % vcs) : downstream(k);
                    }
                }
            }
            if (canMove) {
                optionCount = first;
                continue;
            }
            waiting[waits] = id;
            since[waits] = inSince[i];
            optionStart[waits] = first;
            waits++;
            optionStart[waits] = optionCount;
        }
        int owned = 0;
        for (int j = 0; j < owner.length; j++) {
            if (owner[j] >= 0 && !tailSent[j]) {
                owned++;
            }
        }
        long[] feeds = new long[owned];
        long[] feedOwners = new long[owned];
        owned = 0;
        for (int j = 0; j < owner.length; j++) {
            if (owner[j] >= 0 && !tailSent[j]) {
                feeds[owned] = downstream(j);
                feedOwners[owned++] = channel(node, owner[j] / vcs, owner[j] % vcs);
            }
        }
        return new RouterState(node, crashedAt, generated, injected, ejected, dropped, buffered, queue.size(),
                Arrays.copyOf(held, heldCount), Arrays.copyOf(heldGenerated, heldCount), Arrays.copyOf(waiting, waits), Arrays.copyOf(optionStart, waits + 1),
                Arrays.copyOf(options, optionCount), Arrays.copyOf(since, waits), feeds, feedOwners);
    }

    private static long[] grow(long[] a, int size) {
        return size < a.length ? a : Arrays.copyOf(a, a.length * 2);
    }

    // ---- for tests in this package ----

    long bufferedFlits() {
        long b = 0;
        for (int i = 0; i < inMsg.length; i++) {
            if (inMsg[i] != null) {
                b += inArrived[i] - inLeft[i];
            }
        }
        return b;
    }

    /** Flits in the buffers of the input channels from the network (the injection channel's left out). */
    long networkBufferedFlits() {
        long b = 0;
        for (int i = 0; i < injection; i++) {
            if (inMsg[i] != null) {
                b += inArrived[i] - inLeft[i];
            }
        }
        return b;
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

    /** Adds the messages in the network at this router: whose head has left its source, and which have flits here. */
    void messagesInNetwork(java.util.Set<Long> into) {
        for (int i = 0; i < inMsg.length; i++) {
            if (inMsg[i] != null && (i < injection || inLeft[i] > 0)) {
                into.add(inMsg[i].id());
            }
        }
    }
}
