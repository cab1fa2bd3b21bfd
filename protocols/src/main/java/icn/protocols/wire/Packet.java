package icn.protocols.wire;

import java.util.Arrays;

/**
 * A routed packet travelling hop by hop through the node actors. In source routing its header carries the whole port sequence
 * ({@code route}, with {@code next} the index of the port the current node takes); in distributed routing {@code route} is empty
 * and every node picks the next port from the destination. It records the nodes it visited ({@code path}, the source first) and
 * the lateral and local links it crossed, so that reports can check every hop was a link.
 */
public record Packet(int id, int source, int destination, int[] route, int next, int[] path, int lateral, int local)
        implements WireMessage {

    /** A new packet at its source. */
    public static Packet at(int id, int source, int destination, int[] route) {
        return new Packet(id, source, destination, route, 0, new int[] {source}, 0, 0);
    }

    /** The node the packet is at now. */
    public int at() {
        return path[path.length - 1];
    }

    /** The packet after crossing a link to {@code node}, of the lateral class or not. */
    public Packet movedTo(int node, boolean lateralLink) {
        int[] p = Arrays.copyOf(path, path.length + 1);
        p[path.length] = node;
        return new Packet(id, source, destination, route, next + 1, p, lateral + (lateralLink ? 1 : 0), local + (lateralLink ? 0 : 1));
    }

    public int hops() {
        return path.length - 1;
    }
}
