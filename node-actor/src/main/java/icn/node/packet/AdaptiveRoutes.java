package icn.node.packet;

import icn.node.routing.AdaptiveRouting;
import icn.protocols.InvalidInputException;

/** Adaptive routing's source: it has no routes, its nodes decide hop by hop ({@link AdaptiveForwarder}). */
public record AdaptiveRoutes(AdaptiveRouting routing) implements RouteSource {
    @Override
    public int[] ports(int source, int destination, long packetSeed) {
        throw new InvalidInputException(AdaptiveRouting.NO_SOURCE_ROUTE);
    }
}
