package icn.node.kind;

import icn.node.packet.DfsRoutes;
import icn.node.packet.RouteSource;
import icn.node.routing.DfsRouting;
import icn.node.routing.Router;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.wire.RoutingSpec;
import java.util.Optional;

/**
 * The route source a routing spec names: {@code dfs} on any undirected network (its nodes decide hop by hop), a route source of
 * the network's own where the kind table has one for the spec (SCC_n's routings of 000 and 001, whose distributed forms carry the
 * ring position the packet walks to and the algorithm's state in the header; CR_n's fault-tolerant route), else the network's
 * {@link Routings#router router}, stateless: in distributed mode a node takes the first port of the route from itself, which for every
 * router the tests check repeats the source route.
 */
public final class RouteSources {

    private RouteSources() {
    }

    /** Whether {@code algorithm} is a routing of {@code topology} with a form in {@code mode} (source or distributed). */
    public static boolean hasForm(Topology topology, String algorithm, String mode) {
        try {
            of(topology, new RoutingSpec(algorithm, mode, "pair:0:0", 0));
            return true;
        } catch (InvalidInputException e) {
            return false;
        }
    }

    /** The routes of {@code spec} on {@code topology} without faults. */
    public static RouteSource of(Topology topology, RoutingSpec spec) {
        return of(topology, spec, FaultPlan.NONE);
    }

    /**
     * As {@link #of(Topology, RoutingSpec)}, for a run with the faults of {@code plan}: {@code dfs} on any undirected network
     * (distributed mode only), and on CR_n {@code fault-tolerant}, 003's Fault_Tolerant Static Route computed at the source from the
     * nodes the plan crashes (at any step). Where 003's Step 1 finds no returnable symbol the route is empty and the source gives the
     * packet up; where the route enters a crashed node the packet is dropped there, as the paper's route would be.
     */
    public static RouteSource of(Topology topology, RoutingSpec spec, FaultPlan plan) {
        if (spec.algorithm().equals(DfsRouting.KEY)) {
            DfsRouting routing = new DfsRouting(topology, spec.hopLimit()); // refuses directed networks
            if (spec.sourceRouting()) {
                throw new InvalidInputException(DfsRouting.NO_SOURCE_ROUTE.replace("(its default)", "or leave --mode out"));
            }
            return new DfsRoutes(routing);
        }
        Optional<RouteSource> own = NetworkPrograms.of(topology).ownRoutes().of(topology, spec, plan);
        if (own.isPresent()) {
            return own.get();
        }
        Router router = Routings.router(topology, spec.algorithm());
        if (!spec.sourceRouting() && !router.distributes()) {
            throw new InvalidInputException(router.key() + " routing on " + topology.name() + " decides the whole route at the source and has no"
                    + " distributed form: use --mode source, or --algorithm shortest");
        }
        return (source, destination, packetSeed) -> router.ports(source, destination, packetSeed);
    }
}
