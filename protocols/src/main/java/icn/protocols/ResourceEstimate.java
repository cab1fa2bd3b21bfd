package icn.protocols;

/** Rough sizes used to tell a user, before anything starts, what a network of a given size would need. */
public final class ResourceEstimate {

    /**
     * Heap bytes one node actor takes with its label and program state, rounded up from the SCC_9 benchmark (2,903,040 node actors);
     * `icn bench broadcast` prints the measured figure.
     */
    public static final long HEAP_BYTES_PER_NODE_ACTOR = 1024;

    private ResourceEstimate() {
    }
}
