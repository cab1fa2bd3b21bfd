package icn.node.packet;

import icn.protocols.Packet;

/**
 * Where packets' routes come from. Source routing asks for the whole port sequence at the source; distributed routing asks every node
 * the packet reaches for the next port, with the packet's header (its routing state) as the algorithm left it.
 */
public interface RouteSource {

    /** The ports a packet takes from {@code source} to {@code destination}; {@code packetSeed} seeds any random choice. */
    int[] ports(int source, int destination, long packetSeed);

    /** The header state of a distributed-routing packet at its source. */
    default long initialState(long packetSeed) {
        return 0;
    }

    /**
     * Distributed routing: the port {@code node} sends {@code packet} on and the packet as it leaves (with its header updated). The
     * default takes the first port of the route from {@code node}, which needs no header.
     */
    default Hop next(int node, Packet packet, long packetSeed) {
        return new Hop(ports(node, packet.destination(), packetSeed)[0], packet);
    }

    /** A forwarding decision: the out-port and the packet to send on it. */
    record Hop(int port, Packet packet) {
    }
}
