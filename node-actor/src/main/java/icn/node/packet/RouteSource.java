package icn.node.packet;

/** Where packets' routes come from: the port sequence from a source to a destination, and, for distributed routing, the next port. */
public interface RouteSource {

    /** The ports a packet takes from {@code source} to {@code destination}; {@code packetSeed} seeds any random choice. */
    int[] ports(int source, int destination, long packetSeed);

    /** The next port at {@code node} for a packet to {@code destination} (distributed routing). */
    default int nextPort(int node, int destination, long packetSeed) {
        return ports(node, destination, packetSeed)[0];
    }
}
