package icn.node.traffic;

import icn.node.engine.FaultModel;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;

/**
 * When each flit channel of the network fails for good, as both of its routers see it (a link's hardware detects loss of signal
 * at both ends): the channel from x to its neighbour y on port p carries flits one way and needs credits the other way, so it is
 * dead from the first step D at which x cannot send on it (the arc cut, its credit wire cut — the reverse arc of an undirected
 * link, the arc itself on a directed one — or y crashed by the time a flit would arrive) or x crashed. From step D the sender drops
 * what is left of the worms that were crossing it; the receiver, which has then taken in everything sent before D, ends those worms
 * with a kill flit at step D − 1 + L (L the link's latency). A failed channel stays unused for the rest of the run. Pure, immutable.
 */
final class LinkFaults {

    static final long NEVER = Long.MAX_VALUE;

    private final Topology t;
    private final FaultModel faults;
    private final FaultPlan plan;

    LinkFaults(Topology t, FaultModel faults) {
        this.t = t;
        this.faults = faults;
        this.plan = faults.plan();
        if (faults.active()) {
            if (plan.lossy()) {
                throw new InvalidInputException("traffic runs take no loss: wormhole flow control does not retransmit, so a lost flit"
                        + " would break its worm unseen; use crashed nodes and cut links");
            }
            for (long until : plan.cutUntil()) {
                if (until != FaultPlan.NEVER) {
                    throw new InvalidInputException("traffic runs do not restore links: a wormhole router cannot know what the other end"
                            + " of a failed link still holds, so a failed link stays unused; cut links for good");
                }
            }
            if (plan.killJvms().length > 0) {
                throw new InvalidInputException("traffic runs do not kill JVMs: the flits held by a lost JVM's routers could not be"
                        + " accounted for");
            }
        }
    }

    boolean active() {
        return faults.active();
    }

    /**
     * Steps a flit takes on the link of out-port {@code port}: one, plus the fault plan's extra delay of its class. Traffic runs are
     * synchronous (one network cycle per link, 002 §5): every engine runs them with {@code LinkLatency.SYNCHRONOUS}.
     */
    int latency(int port) {
        return 1 + faults.extraDelay(t.linkClass(port));
    }

    /** The first step at which {@code x} cannot send flits on {@code port}, or {@link #NEVER}. */
    long channelDeadFrom(int x, int port) {
        if (!faults.active()) {
            return NEVER;
        }
        int y = t.neighbour(x, port);
        long dead = Math.min(cutFrom(x, port), crash(x));
        if (!t.directed()) {
            dead = Math.min(dead, cutFrom(y, t.arrivalPort(x, port))); // the credit wire
        }
        long receiverCrash = crash(y);
        if (receiverCrash != NEVER) {
            dead = Math.min(dead, Math.max(1, receiverCrash - latency(port)));
        }
        return dead;
    }

    /**
     * The first step from which credits {@code y} sends back for its in-port {@code inPort} cannot arrive: on an undirected link they
     * go out on that port (the channel the other way), on a directed one back over the arc to its tail.
     */
    long creditsDeadFrom(int y, int inPort) {
        if (!faults.active()) {
            return NEVER;
        }
        if (!t.directed()) {
            return channelDeadFrom(y, inPort);
        }
        int x = t.predecessor(y, inPort);
        int port = t.departurePort(y, inPort);
        long dead = Math.min(cutFrom(x, port), crash(y));
        long tailCrash = crash(x);
        if (tailCrash != NEVER) {
            dead = Math.min(dead, Math.max(1, tailCrash - latency(port)));
        }
        return dead;
    }

    /** The step at which {@code y} ends the worms arriving on its in-port {@code inPort}, or {@link #NEVER}. */
    long truncateAt(int y, int inPort) {
        int x = t.predecessor(y, inPort);
        if (x == Topology.NONE) {
            return NEVER;
        }
        int port = t.departurePort(y, inPort);
        long dead = channelDeadFrom(x, port);
        return dead == NEVER ? NEVER : dead - 1 + latency(port);
    }

    private long crash(int node) {
        long c = faults.crashStep(node);
        return c == 0 ? NEVER : c;
    }

    private long cutFrom(int node, int port) {
        long first = NEVER;
        for (int i = 0; i < plan.cutNodes().length; i++) {
            if (plan.cutNodes()[i] == node && plan.cutPorts()[i] == port) {
                first = Math.min(first, plan.cutFrom()[i]);
            }
        }
        return first;
    }
}
