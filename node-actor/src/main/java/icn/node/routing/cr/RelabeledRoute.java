package icn.node.routing.cr;

import icn.node.routing.Router;
import icn.protocols.topology.CompleteRotationGraph;

/**
 * A routing of 003 §3.1 on CR_n that routes any pair as its walk from the renamed source to I: the symbols are renamed so that the
 * destination is I ({@link Relabeling}), and the ports of that walk are the ports from the source to the destination.
 */
abstract class RelabeledRoute implements Router {

    /** The out-ports from {@code node} to I. */
    @FunctionalInterface
    interface ToIdentity {
        int[] ports(CompleteRotationGraph cr, int node);
    }

    private final CompleteRotationGraph cr;
    private final String key;
    private final ToIdentity toIdentity;

    RelabeledRoute(CompleteRotationGraph cr, String key, ToIdentity toIdentity) {
        this.cr = cr;
        this.key = key;
        this.toIdentity = toIdentity;
    }

    @Override
    public final String key() {
        return key;
    }

    @Override
    public final int[] ports(int source, int destination) {
        return toIdentity.ports(cr, Relabeling.towardIdentity(cr, source, destination));
    }
}
