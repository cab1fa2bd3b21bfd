package icn.node.routing;

import icn.node.routing.classic.CccRouting;
import icn.node.routing.classic.DimensionOrderRouting;
import icn.node.routing.classic.ECubeRouting;
import icn.node.routing.classic.StarRouting;
import icn.node.routing.cr.FaultTolerantRoute;
import icn.node.routing.cr.OptimalRoute;
import icn.node.routing.cr.SimpleRoute;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.Scc;
import icn.protocols.Topology;
import icn.protocols.topology.CompleteRotationGraph;
import icn.protocols.topology.CubeConnectedCycles;
import icn.protocols.topology.Hypercube;
import icn.protocols.topology.Star;
import icn.protocols.topology.Torus;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The routing algorithms each topology offers, by key: its papers' algorithms first (the first is the default), then
 * {@code shortest}, a BFS-table shortest routing every topology has, so users always have a shortest option, then on every
 * undirected topology {@code adaptive} ({@link AdaptiveRouting}, whose route here is its fault-free walk). SCC_n's algorithms
 * ({@link RoutingAlgorithm}) are not Routers: they carry the cost split of 000 §3 and run through {@link SccRouting}.
 */
public final class Routers {

    private record Entry(String key, Function<Topology, Router> make) {
    }

    private Routers() {
    }

    private static List<Entry> entries(Topology t) {
        List<Entry> list = new ArrayList<>();
        if (t instanceof CompleteRotationGraph) {
            list.add(new Entry(OptimalRoute.KEY, x -> new OptimalRoute((CompleteRotationGraph) x)));
            list.add(new Entry(SimpleRoute.KEY, x -> new SimpleRoute((CompleteRotationGraph) x)));
            // 003 §3.2 without faults; with faults a run computes it at the source from the crashed nodes (RouteSources)
            list.add(new Entry(FaultTolerantRoute.KEY, x -> new FaultTolerantRoute((CompleteRotationGraph) x).forFaults(v -> false)));
        } else if (t instanceof Star) {
            list.add(new Entry("star", x -> new StarRouting((Star) x)));
        } else if (t instanceof Hypercube) {
            list.add(new Entry("e-cube", x -> new ECubeRouting((Hypercube) x)));
        } else if (t instanceof Torus) {
            list.add(new Entry("dimension-order", x -> new DimensionOrderRouting((Torus) x)));
        } else if (t instanceof icn.protocols.topology.NecklaceHypercube) {
            list.add(new Entry("three-phase", x -> new icn.node.routing.necklace.ThreePhaseRouting((icn.protocols.topology.NecklaceHypercube) x)));
        } else if (t instanceof icn.protocols.topology.KaryCube) {
            list.add(new Entry("one-to-one", x -> new icn.node.routing.cube.OneToOneRouting((icn.protocols.topology.KaryCube) x)));
        } else if (t instanceof CubeConnectedCycles) {
            list.add(new Entry("standard", x -> new CccRouting((CubeConnectedCycles) x)));
        }
        list.add(new Entry("shortest", ShortestPathRouter::new));
        if (!t.directed()) {
            list.add(new Entry(AdaptiveRouting.KEY, AdaptiveRouting::new));
        }
        return list;
    }

    /** The keys of the routing algorithms of {@code topology}, the default first. */
    public static List<String> keys(Topology topology) {
        if (topology instanceof Scc) {
            return java.util.Arrays.stream(RoutingAlgorithm.values()).map(RoutingAlgorithm::key).toList();
        }
        return entries(topology).stream().map(Entry::key).toList();
    }

    /** The router {@code key} names on {@code topology}; one line naming the problem otherwise. */
    public static Router of(Topology topology, String key) {
        for (Entry e : entries(topology)) {
            if (e.key().equals(key)) {
                return e.make().apply(topology);
            }
        }
        if (key.equals(AdaptiveRouting.KEY) && topology.directed()) {
            throw new InvalidInputException(AdaptiveRouting.refusal(topology));
        }
        throw new InvalidInputException("unknown routing algorithm '" + key + "' for " + topology.name() + ": expected one of "
                + String.join(", ", keys(topology)));
    }
}
