package icn.protocols;

/** Rough sizes used to tell a user, before anything starts, what a network of a given size would need. */
public final class ResourceEstimate {

    /**
     * Heap bytes one node actor takes with its program state and its host's share, rounded up from `icn bench broadcast` (which
     * prints the measured figure); node-actor's {@code HeapEstimate} decides with it whether a run fits, and a test there checks it
     * against a measured spawn.
     */
    public static final long HEAP_BYTES_PER_NODE_ACTOR = 900;

    private ResourceEstimate() {
    }
}
