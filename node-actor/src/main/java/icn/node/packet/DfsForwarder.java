package icn.node.packet;

import icn.node.program.Inbox;
import icn.node.program.NodeProgram;
import icn.node.program.Outbox;
import icn.node.program.SendFailed;
import icn.node.routing.DfsRouting;
import icn.protocols.LinkClass;
import icn.protocols.Fate;
import icn.protocols.Packet;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;

/**
 * A node's part of the depth-first routing ({@link DfsRouting}): it injects its packets at step 1; every packet that reaches it is
 * recorded as having crossed the link it arrived on, then delivered (it is the destination) or sent on the port the depth-first search
 * picks. A {@link SendFailed} notice marks its port dead at this node for good (and, for {@link Fate#NODE_CRASHED}, its neighbour
 * crashed) and hands the packet back for another decision.
 *
 * <p>Order-free: a step first takes in every notice of the step, then decides for its packets in the order of their ids, so the actor
 * engine (whose inbox order depends on which host's batch came first) takes the same decisions as the sequential engine.
 */
final class DfsForwarder implements NodeProgram {

    private static final Comparator<Packet> BY_ID = Comparator.comparingInt(Packet::id);

    private final int self;
    private final RoutingPrograms run;
    private final DfsRouting routing;
    private final BitSet deadPorts = new BitSet();
    private final BitSet crashedPorts = new BitSet(); // dead because the neighbour crashed (the others: cut links)
    private Packet[] originate;

    DfsForwarder(int self, RoutingPrograms run, DfsRouting routing, Packet[] originate) {
        this.self = self;
        this.run = run;
        this.routing = routing;
        this.originate = originate;
    }

    @Override
    public long initialWake() {
        return originate.length > 0 ? 1 : NO_WAKE;
    }

    @Override
    public long step(long step, Inbox inbox, Outbox out) {
        List<Packet> packets = new ArrayList<>(originate.length + inbox.size());
        packets.addAll(List.of(originate));
        originate = new Packet[0];
        for (int e = 0; e < inbox.size(); e++) {
            Object payload = inbox.payload(e);
            if (payload instanceof SendFailed failed) {
                deadPorts.set(failed.port()); // the neighbour crashed or the link is cut: learnt from our own failed send
                if (failed.reason() == Fate.NODE_CRASHED) {
                    crashedPorts.set(failed.port());
                }
                packets.add((Packet) failed.payload());
            } else {
                packets.add(((Packet) payload).movedTo(self, run.topology().linkClass(inbox.port(e)) == LinkClass.LATERAL));
            }
        }
        packets.sort(BY_ID);
        for (Packet p : packets) {
            forward(p, step, out);
        }
        return NO_WAKE;
    }

    private void forward(Packet p, long step, Outbox out) {
        if (p.destination() == self) {
            out.delivered(p, step - 1);
            return;
        }
        int port = routing.decide(p.path(), p.destination(), deadPorts, crashedPorts);
        if (port == DfsRouting.GIVE_UP || port == DfsRouting.HOP_LIMIT) {
            out.gaveUp(p, step, port == DfsRouting.HOP_LIMIT);
        } else {
            out.send(port, p);
        }
    }
}
