package icn.node.actor;

import icn.protocols.traffic.ChannelStep;
import icn.protocols.traffic.MessageDelivered;
import icn.protocols.traffic.MessageLost;
import icn.protocols.traffic.RouterState;
import icn.protocols.Packet;

/**
 * Rough serialized sizes, for cutting what a {@link Host} sends into parts that stay well under Artery's frame size (1 MiB) without
 * serializing twice.
 */
final class WireSize {

    private WireSize() {
    }

    /** Serialized size of one node message or observation, roughly: a small number, a packet with its route and path, a flit. */
    static int estimate(Object payload) {
        if (payload instanceof Packet p) {
            return 32 + 5 * (p.route().length + p.path().length);
        }
        if (payload instanceof ChannelStep c) {
            return c.header() == null ? 16 : 64;
        }
        if (payload instanceof RouterState r) {
            return 96 + 10 * (r.held().length + r.heldGenerated().length + r.waiting().length + r.optionStart().length
                    + r.options().length + r.since().length + r.feeds().length + r.feedOwners().length);
        }
        return payload instanceof MessageDelivered || payload instanceof MessageLost ? 64 : 12;
    }
}
