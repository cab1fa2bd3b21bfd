package icn.node.packet;

import icn.node.routing.RoutingAlgorithm;
import icn.node.routing.SccRouting;
import icn.protocols.Scc;
import icn.protocols.wire.RoutingSpec;
import java.util.SplittableRandom;

/**
 * The route source a routing spec names: the pure routing algorithms of 000 and 001 ({@link SccRouting}). In distributed mode a
 * node takes the first port of the route the algorithm computes from itself to the destination; with MINIMAL every such hop is on
 * a shortest path. (Carrying the algorithms' state in the header, so that distributed greedy and random repeat their source-mode
 * routes exactly, is not done yet.)
 */
public final class RouteSources {

    private RouteSources() {
    }

    public static RouteSource of(Scc scc, RoutingSpec spec) {
        RoutingAlgorithm algorithm = RoutingAlgorithm.parse(spec.algorithm());
        return (source, destination, packetSeed) -> SccRouting.route(scc, algorithm, source, destination, new SplittableRandom(packetSeed))
                .ports();
    }
}
