package icn.node.program;

import icn.node.broadcast.BroadcastPrograms;
import icn.node.broadcast.FloodingPrograms;
import icn.node.broadcast.StarSequencePrograms;
import icn.node.packet.RouteSources;
import icn.node.packet.RoutingPrograms;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.wire.BroadcastSpec;
import icn.protocols.wire.ProgramSpec;
import icn.protocols.wire.RoutingSpec;

/** The node programs of a run, from its {@link ProgramSpec}. */
public final class Programs {

    private Programs() {
    }

    public static ProgramFactory of(Topology topology, ProgramSpec spec) {
        return of(topology, spec, FaultPlan.NONE);
    }

    /** The programs of a run with the faults of {@code plan} (routes computed at the source from the faults, 003 §3.2, see them). */
    public static ProgramFactory of(Topology topology, ProgramSpec spec, FaultPlan plan) {
        if (spec instanceof BroadcastSpec b) {
            if (b.algorithm().anyTopology()) {
                if (b.messages() != 1) {
                    throw new InvalidInputException(b.algorithm().key() + " broadcasts one message, not " + b.messages());
                }
                if (b.source() < 0 || b.source() >= topology.nodeCount()) {
                    throw new InvalidInputException("source node " + b.source() + " is not a node of " + topology.name());
                }
                return new FloodingPrograms(topology, b.source(), b.algorithm() == BroadcastAlgorithm.FLOODING
                        ? FloodingPrograms.Mode.MULTI_PORT : FloodingPrograms.Mode.ONE_PORT);
            }
            if (b.algorithm().starSequence()) {
                return new StarSequencePrograms(topology, b);
            }
            if (icn.node.broadcast.NetworkBroadcasts.handles(b.algorithm())) {
                return icn.node.broadcast.NetworkBroadcasts.of(topology, b); // scc, ccc, hypercube, star
            }
            return new BroadcastPrograms(topology, b);
        }
        if (spec instanceof icn.protocols.traffic.TrafficSpec t) {
            return new icn.node.traffic.TrafficPrograms(topology, t, plan);
        }
        if (spec instanceof RoutingSpec r) {
            return new RoutingPrograms(topology, r, RouteSources.of(topology, r, plan));
        }
        throw new IllegalArgumentException("no programs for " + spec.getClass().getName());
    }
}
