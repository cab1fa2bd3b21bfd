package icn.node.kind;

import icn.node.broadcast.FloodingPrograms;
import icn.node.packet.RoutingPrograms;
import icn.node.program.ProgramFactory;
import icn.node.traffic.TrafficPrograms;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.ProgramSpec;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.traffic.TrafficSpec;
import icn.protocols.wire.BroadcastSpec;
import icn.protocols.wire.RoutingSpec;

/** The node programs of a run, from its {@link ProgramSpec}: what every host, in any JVM, and the sequential engine build. */
public final class Programs {

    private Programs() {
    }

    public static ProgramFactory of(Topology topology, ProgramSpec spec) {
        return of(topology, spec, FaultPlan.NONE);
    }

    /** The programs of a run with the faults of {@code plan} (routes computed at the source from the faults, 003 §3.2, see them). */
    public static ProgramFactory of(Topology topology, ProgramSpec spec, FaultPlan plan) {
        if (spec instanceof BroadcastSpec b) {
            return broadcast(topology, b);
        }
        if (spec instanceof TrafficSpec t) {
            return traffic(topology, t, plan);
        }
        if (spec instanceof RoutingSpec r) {
            return new RoutingPrograms(topology, r, RouteSources.of(topology, r, plan));
        }
        throw new IllegalArgumentException("no programs for " + spec.getClass().getName());
    }

    /** The routers of a traffic run, steering by the routing its spec names on the network (from this JVM's cache). */
    public static TrafficPrograms traffic(Topology topology, TrafficSpec spec, FaultPlan plan) {
        return new TrafficPrograms(topology, spec, plan, Routings.cachedTraffic(topology, spec.routing(), spec.vcs()));
    }

    private static ProgramFactory broadcast(Topology topology, BroadcastSpec b) {
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
            return NetworkPrograms.of(topology).sequences().orElseThrow(() -> new InvalidInputException(b.algorithm().key()
                    + " (a broadcasting sequence of 001 §8) is defined for scc:N, not " + topology.name())).apply(topology, b);
        }
        return NetworkBroadcasts.of(topology, b); // one-port and multi-port: scc, ccc, hypercube, star
    }
}
