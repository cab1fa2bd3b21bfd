package icn.node.program;

/** What a node does in a step besides changing its own state: sends on its ports and reports what it came to know. */
public interface Outbox {

    /** Sends {@code payload} on {@code port}; it is in the neighbour's inbox at the next step (or later, with link latency). */
    void send(int port, Object payload);

    /** The node holds broadcast message {@code message} (0-based) from the end of step {@code afterStep} on. */
    void informed(int message, long afterStep);

    /** A routed packet reached its destination, this node, at the end of step {@code afterStep}. */
    default void delivered(Object packet, long afterStep) {
        throw new UnsupportedOperationException("this engine does not route packets");
    }

    /**
     * This node abandoned routed packet {@code packet} in step {@code step}: its router has no way left for it ({@code hopLimit}
     * false), or it reached the run's hop limit.
     */
    default void gaveUp(Object packet, long step, boolean hopLimit) {
        throw new UnsupportedOperationException("this engine does not route packets");
    }
}
