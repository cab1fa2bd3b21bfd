package icn.node.packet;

import icn.node.routing.AdaptiveRouting;
import icn.node.routing.DistributedRouting;
import icn.node.routing.cr.FaultTolerantRoute;
import icn.protocols.fault.FaultPlan;
import icn.protocols.topology.CompleteRotationGraph;
import icn.node.routing.Router;
import icn.node.routing.Routers;
import icn.node.routing.RoutingAlgorithm;
import icn.node.routing.SccRouting;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.Scc;
import icn.protocols.Topology;
import icn.protocols.topology.SccPort;
import icn.protocols.wire.Packet;
import icn.protocols.wire.RoutingSpec;
import java.util.SplittableRandom;

/**
 * The route source a routing spec names: the pure routing algorithms of 000 and 001 ({@link SccRouting}) for source routing, and
 * their distributed forms ({@link DistributedRouting}) for distributed routing, where the header carries the ring position the packet
 * walks to and the algorithm's state between decisions. The other topologies' routers are stateless: in distributed mode a node
 * takes the first port of the route from itself, which for every router the tests check repeats the source route.
 */
public final class RouteSources {

    private RouteSources() {
    }

    /** Adaptive routing's source: it has no routes, its nodes decide hop by hop ({@link AdaptiveForwarder}). */
    public record Adaptive(AdaptiveRouting routing) implements RouteSource {
        @Override
        public int[] ports(int source, int destination, long packetSeed) {
            throw new InvalidInputException(AdaptiveRouting.NO_SOURCE_ROUTE);
        }
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

    /** The routes of any topology: SCC_n's algorithms of 000 and 001, or the {@link Routers} of the other topologies. */
    public static RouteSource of(Topology topology, RoutingSpec spec) {
        return of(topology, spec, FaultPlan.NONE);
    }

    /**
     * As {@link #of(Topology, RoutingSpec)}, for a run with the faults of {@code plan}: {@code adaptive} on any undirected network
     * (distributed mode only), and on CR_n {@code fault-tolerant}, 003's Fault_Tolerant Static Route computed at the source from the
     * nodes the plan crashes (at any step). Where 003's Step 1 finds no returnable symbol the route is empty and the source gives the
     * packet up; where the route enters a crashed node the packet is dropped there, as the paper's route would be.
     */
    public static RouteSource of(Topology topology, RoutingSpec spec, FaultPlan plan) {
        if (spec.algorithm().equals(AdaptiveRouting.KEY)) {
            AdaptiveRouting routing = new AdaptiveRouting(topology, spec.hopLimit()); // refuses directed networks
            if (spec.sourceRouting()) {
                throw new InvalidInputException(AdaptiveRouting.NO_SOURCE_ROUTE.replace("(its default)", "or leave --mode out"));
            }
            return new Adaptive(routing);
        }
        if (topology instanceof CompleteRotationGraph cr && spec.algorithm().equals(FaultTolerantRoute.KEY)) {
            if (!spec.sourceRouting()) {
                throw new InvalidInputException(FaultTolerantRoute.KEY + " routing on " + topology.name() + " (003 §3.2) chooses its detour at"
                        + " the source from the faults around it and has no distributed form: use --mode source");
            }
            FaultTolerantRoute ft = new FaultTolerantRoute(cr);
            java.util.BitSet crashed = new java.util.BitSet();
            for (int v : plan.crashNodes()) {
                crashed.set(v);
            }
            return (source, destination, packetSeed) -> ft.route(source, destination, crashed::get).ports();
        }
        if (topology instanceof Scc scc) {
            return of(scc, spec);
        }
        Router router = Routers.of(topology, spec.algorithm());
        if (!spec.sourceRouting() && !router.distributes()) {
            throw new InvalidInputException(router.key() + " routing on " + topology.name() + " decides the whole route at the source and has no"
                    + " distributed form: use --mode source, or --algorithm shortest");
        }
        return (source, destination, packetSeed) -> router.ports(source, destination);
    }

    public static RouteSource of(Scc scc, RoutingSpec spec) {
        RoutingAlgorithm algorithm = RoutingAlgorithm.parse(spec.algorithm());
        if (algorithm == RoutingAlgorithm.ADAPTIVE) {
            return of((Topology) scc, spec, FaultPlan.NONE);
        }
        if (!spec.sourceRouting() && !DistributedRouting.distributes(algorithm)) {
            throw new InvalidInputException(DistributedRouting.noDistributedForm(algorithm));
        }
        return new RouteSource() {
            @Override
            public int[] ports(int source, int destination, long packetSeed) {
                return SccRouting.route(scc, algorithm, source, destination, new SplittableRandom(packetSeed)).ports();
            }

            @Override
            public long initialState(long packetSeed) {
                return DistributedRouting.initialState(algorithm, packetSeed);
            }

            @Override
            public Hop next(int node, Packet packet, long packetSeed) {
                Packet p = packet;
                if (p.target() == 0) {
                    DistributedRouting.Decision d = DistributedRouting.decide(scc, algorithm, node, p.destination(), p.state());
                    p = p.withHeader(d.target(), d.state());
                }
                int port = DistributedRouting.port(scc, algorithm, node, p.target());
                if (port == SccPort.LATERAL.index()) {
                    p = p.withHeader(0, p.state()); // the next supernode decides again
                }
                return new Hop(port, p);
            }
        };
    }
}
