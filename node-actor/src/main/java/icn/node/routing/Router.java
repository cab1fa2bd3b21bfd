package icn.node.routing;

import java.util.Optional;

/**
 * A point-to-point routing algorithm on one topology, as pure code: the out-ports a packet takes from a source to a destination.
 * Implementations are deterministic unless they say otherwise, and must be safe to call from several threads. A router that draws
 * (000's random routing) draws from the packet's seed; a network whose papers split a route's cost (SCC_n: lateral, move-in and
 * move-between local links, 000 §3) gives that split.
 */
public interface Router {

    /** The algorithm's key as the command line writes it ({@code e-cube}, {@code optimal}, {@code shortest}). */
    String key();

    /** The out-ports of the walk from {@code source} to {@code destination}, one per hop; empty when they are equal. */
    int[] ports(int source, int destination);

    /** The ports of the route of a packet with seed {@code packetSeed}: a router that draws, draws from it; the others ignore it. */
    default int[] ports(int source, int destination, long packetSeed) {
        return ports(source, destination);
    }

    /**
     * The route of that packet with the cost split of 000 §3 (lateral, MI local and MB local links), where the network has one
     * (SCC_n); empty elsewhere.
     */
    default Optional<Route> split(int source, int destination, long packetSeed) {
        return Optional.empty();
    }

    /** Whether {@link #split} gives routes (the same for every pair). */
    default boolean splits() {
        return false;
    }

    /**
     * Whether a node that runs this router from itself takes the next port of the route the source computed (every suffix of a
     * route is the route from its first node), so that distributed routing repeats source routing. A router that decides for the
     * whole route at the source (e.g. choosing a direction by comparing two whole walks) answers false and is refused in
     * distributed mode.
     */
    default boolean distributes() {
        return true;
    }
}
