package icn.node.program;

import icn.node.broadcast.BroadcastPrograms;
import icn.node.packet.RouteSources;
import icn.node.packet.RoutingPrograms;
import icn.protocols.InvalidInputException;
import icn.protocols.Scc;
import icn.protocols.Topology;
import icn.protocols.wire.BroadcastSpec;
import icn.protocols.wire.ProgramSpec;
import icn.protocols.wire.RoutingSpec;

/** The node programs of a run, from its {@link ProgramSpec}. */
public final class Programs {

    private Programs() {
    }

    public static ProgramFactory of(Topology topology, ProgramSpec spec) {
        if (spec instanceof BroadcastSpec b) {
            return new BroadcastPrograms(topology, b);
        }
        if (spec instanceof RoutingSpec r) {
            if (!(topology instanceof Scc)) {
                throw new InvalidInputException("routing is defined for scc:N, not " + topology.name());
            }
            return new RoutingPrograms((Scc) topology, r, RouteSources.of((Scc) topology, r));
        }
        throw new IllegalArgumentException("no programs for " + spec.getClass().getName());
    }
}
