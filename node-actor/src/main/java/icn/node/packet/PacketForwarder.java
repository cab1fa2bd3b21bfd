package icn.node.packet;

import icn.node.program.Inbox;
import icn.node.program.NodeProgram;
import icn.node.program.Outbox;
import icn.protocols.LinkClass;
import icn.protocols.Packet;

/**
 * A node's part of a routing run: at step 1 it injects the packets that start at it; every packet that reaches it is recorded as
 * having crossed the link it arrived on, then either delivered (it is the destination) or forwarded on one port: the next port of
 * the header's route (source routing) or the port the node picks for the destination (distributed routing). One hop per step.
 */
final class PacketForwarder implements NodeProgram {

    private final int self;
    private final RoutingPrograms run;
    private Packet[] originate;

    PacketForwarder(int self, RoutingPrograms run, Packet[] originate) {
        this.self = self;
        this.run = run;
        this.originate = originate;
    }

    @Override
    public long initialWake() {
        return originate.length > 0 ? 1 : NO_WAKE;
    }

    @Override
    public long step(long step, Inbox inbox, Outbox out) {
        if (originate.length > 0) {
            for (Packet p : originate) {
                forward(p, step, out);
            }
            originate = new Packet[0];
        }
        for (int e = 0; e < inbox.size(); e++) {
            Packet p = ((Packet) inbox.payload(e)).movedTo(self, run.topology().linkClass(inbox.port(e)) == LinkClass.LATERAL);
            forward(p, step, out);
        }
        return NO_WAKE;
    }

    private void forward(Packet p, long step, Outbox out) {
        if (p.destination() == self) {
            out.delivered(p, step - 1);
        } else if (run.sourceRouting()) {
            if (p.next() >= p.route().length) {
                out.gaveUp(p, step, false); // the source found no route (003 Fault_Tolerant Static Route without a returnable symbol)
            } else {
                out.send(p.route()[p.next()], p);
            }
        } else {
            RouteSource.Hop hop = run.next(self, p);
            out.send(hop.port(), hop.packet());
        }
    }
}
