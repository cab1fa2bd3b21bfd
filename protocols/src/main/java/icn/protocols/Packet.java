package icn.protocols;

import java.util.Arrays;

/**
 * A routed packet travelling hop by hop through the node actors. In source routing its header carries the whole port sequence
 * ({@code route}, with {@code next} the index of the port the current node takes). In distributed routing {@code route} is empty and
 * every node picks the next port from the destination and the header's routing state: {@code target}, the position the packet is
 * walking to in the current ring (0 when the next node must decide), and {@code state}, what the algorithm carries between decisions
 * (the random stream of random routing, the "executing an r-cycle" bit of greedy routing). It records the nodes it visited
 * ({@code path}, the source first) and the lateral and local links it crossed, so that reports can check every hop was a link.
 */
public record Packet(int id, int source, int destination, int[] route, int next, int target, long state, int[] path, int lateral, int local)
        implements WireMessage {

    /** A new source-routed packet at its source. */
    public static Packet at(int id, int source, int destination, int[] route) {
        return new Packet(id, source, destination, route, 0, 0, 0, new int[] {source}, 0, 0);
    }

    /** A new packet for distributed routing at its source, with the algorithm's initial header state. */
    public static Packet distributed(int id, int source, int destination, long state) {
        return new Packet(id, source, destination, new int[0], 0, 0, state, new int[] {source}, 0, 0);
    }

    /** The node the packet is at now. */
    public int at() {
        return path[path.length - 1];
    }

    /** The packet after crossing a link to {@code node}, of the lateral class or not. */
    public Packet movedTo(int node, boolean lateralLink) {
        int[] p = Arrays.copyOf(path, path.length + 1);
        p[path.length] = node;
        return new Packet(id, source, destination, route, next + 1, target, state, p, lateral + (lateralLink ? 1 : 0),
                local + (lateralLink ? 0 : 1));
    }

    /** The packet with a new distributed-routing header. */
    public Packet withHeader(int newTarget, long newState) {
        return new Packet(id, source, destination, route, next, newTarget, newState, path, lateral, local);
    }

    public int hops() {
        return path.length - 1;
    }
}
