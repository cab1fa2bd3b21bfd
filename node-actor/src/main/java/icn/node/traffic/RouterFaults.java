package icn.node.traffic;

import icn.node.program.Outbox;
import icn.protocols.Topology;
import icn.protocols.traffic.MessageHeader;
import icn.protocols.traffic.MessageLost;

/**
 * One {@link WormholeRouter}'s view of the run's {@link LinkFaults}: when each of its channels fails, and what the router does then.
 * A failed out-port's worms lose the rest of their flits here (their heads went on, their tails cannot follow); a failed in-port's
 * worms that still wait for flits are ended with a kill flit, which the routers downstream forward as a tail and the destination
 * discards.
 */
final class RouterFaults {

    private final LinkFaults faults;
    private final int node;
    private final int vcs;
    private final long[] outDeadFrom; // per out-port
    private final long[] truncateAt; // per in-port
    private final long[] creditsDeadFrom; // per in-port: from then on its credits cannot get back
    private final boolean[] inDead;

    RouterFaults(TrafficPrograms run, int node, InputChannels in, OutputChannels outs) {
        Topology t = run.topology();
        this.faults = run.faults();
        this.node = node;
        this.vcs = run.spec().vcs();
        this.outDeadFrom = new long[t.portCount()];
        for (int p : outs.outList) {
            outDeadFrom[p] = faults.channelDeadFrom(node, p);
        }
        this.truncateAt = new long[t.inPortCount()];
        this.creditsDeadFrom = new long[t.inPortCount()];
        this.inDead = new boolean[t.inPortCount()];
        for (int q : in.inList) {
            truncateAt[q] = faults.truncateAt(node, q);
            creditsDeadFrom[q] = faults.creditsDeadFrom(node, q);
        }
    }

    boolean active() {
        return faults.active();
    }

    /** Whether in-port {@code q}'s channel has failed (no flit can arrive on it any more). */
    boolean inDead(int q) {
        return inDead[q];
    }

    /** Whether credits sent back over in-port {@code q}'s link in {@code step} still arrive. */
    boolean creditsArrive(int q, long step) {
        return step < creditsDeadFrom[q];
    }

    /** The channels that fail at {@code step} do, and the messages that breaks are reported lost. */
    void apply(long step, InputChannels in, OutputChannels outs, Outbox out) {
        for (int p : outs.outList) {
            if (!outs.portDead[p] && outDeadFrom[p] <= step) {
                outs.fail(p);
                for (int v = 0; v < vcs; v++) {
                    int j = p * vcs + v;
                    int i = outs.owner[j];
                    if (outs.held(j)) {
                        in.drop(i); // the rest of the worm cannot follow its head
                        lost(out, in.msg[i], step, node, MessageLost.Reason.LINK_DOWN_AHEAD);
                    }
                    outs.clear(j);
                }
            }
        }
        for (int q : in.inList) {
            if (!inDead[q] && truncateAt[q] <= step) {
                inDead[q] = true;
                for (int v = 0; v < vcs; v++) {
                    int i = q * vcs + v;
                    MessageHeader h = in.msg[i];
                    if (h != null && in.arrived[i] < h.flits() && in.kill[i] == 0) {
                        in.kill[i] = InputChannels.KILL_HERE; // nothing more will come: end the worm here
                        lost(out, h, step, node, MessageLost.Reason.LINK_DOWN_BEHIND);
                    }
                }
            }
        }
    }

    /** The first step after {@code step} at which one of the router's channels fails, or Long.MAX_VALUE. */
    long nextAfter(long step, InputChannels in, OutputChannels outs) {
        long next = Long.MAX_VALUE;
        if (!faults.active()) {
            return next;
        }
        for (int p : outs.outList) {
            if (!outs.portDead[p] && outDeadFrom[p] > step && outDeadFrom[p] < next) {
                next = outDeadFrom[p];
            }
        }
        for (int q : in.inList) {
            if (!inDead[q] && truncateAt[q] > step && truncateAt[q] < next) {
                next = truncateAt[q];
            }
        }
        return next;
    }

    /** Reports that the message of {@code h} can no longer be delivered, as router {@code node} found in {@code step}. */
    static void lost(Outbox out, MessageHeader h, long step, int node, MessageLost.Reason reason) {
        out.observe(new MessageLost(h.id(), h.source(), h.destination(), h.generated(), step, node, reason));
    }
}
