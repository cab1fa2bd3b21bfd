package icn.node.kind;

import icn.node.packet.RouteSource;
import icn.node.routing.cr.FaultTolerantRoute;
import icn.protocols.InvalidInputException;
import icn.protocols.fault.FaultPlan;
import icn.protocols.topology.CompleteRotationGraph;
import icn.protocols.wire.RoutingSpec;
import java.util.BitSet;
import java.util.Optional;

/** CR_n's route source of its own: 003's Fault_Tolerant Static Route (§3.2), computed at the source from the crashed nodes. */
final class CrRoutes {

    private CrRoutes() {
    }

    /** The fault-tolerant route's source for {@code spec}, or empty for CR_n's other routings (its routers serve them). */
    static Optional<RouteSource> of(CompleteRotationGraph cr, RoutingSpec spec, FaultPlan plan) {
        if (!spec.algorithm().equals(FaultTolerantRoute.KEY)) {
            return Optional.empty();
        }
        if (!spec.sourceRouting()) {
            throw new InvalidInputException(FaultTolerantRoute.KEY + " routing on " + cr.name() + " (003 §3.2) chooses its detour at"
                    + " the source from the faults around it and has no distributed form: use --mode source");
        }
        FaultTolerantRoute ft = new FaultTolerantRoute(cr);
        BitSet crashed = new BitSet();
        for (int v : plan.crashNodes()) {
            crashed.set(v);
        }
        return Optional.of((source, destination, packetSeed) -> ft.route(source, destination, crashed::get).ports());
    }
}
