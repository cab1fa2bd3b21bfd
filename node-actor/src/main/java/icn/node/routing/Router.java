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
}
