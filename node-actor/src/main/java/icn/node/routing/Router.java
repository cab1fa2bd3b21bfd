package icn.node.routing;

/**
 * A point-to-point routing algorithm on one topology, as pure code: the out-ports a packet takes from a source to a destination.
 * Implementations are deterministic unless they say otherwise, and must be safe to call from several threads.
 */
public interface Router {

    /** The algorithm's key as the command line writes it ({@code e-cube}, {@code optimal}, {@code shortest}). */
    String key();

    /** The out-ports of the walk from {@code source} to {@code destination}, one per hop; empty when they are equal. */
    int[] ports(int source, int destination);

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
