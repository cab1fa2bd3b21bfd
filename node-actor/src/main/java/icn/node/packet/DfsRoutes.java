package icn.node.packet;

import icn.node.routing.DfsRouting;
import icn.protocols.InvalidInputException;

/** The depth-first routing's source: it has no routes, its nodes decide hop by hop ({@link DfsForwarder}). */
public record DfsRoutes(DfsRouting routing) implements RouteSource {
    @Override
    public int[] ports(int source, int destination, long packetSeed) {
        throw new InvalidInputException(DfsRouting.NO_SOURCE_ROUTE);
    }
}
