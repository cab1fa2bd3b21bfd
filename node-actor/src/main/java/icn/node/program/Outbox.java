package icn.node.program;

/** What a node does in a step besides changing its own state: sends on its ports and reports what it came to know. */
public interface Outbox {

    /** Sends {@code payload} on {@code port}; it is in the neighbour's inbox at the next step (or later, with link latency). */
    void send(int port, Object payload);

    /**
     * Sends {@code payload} back over the link that arrives on in-port {@code inPort}, to its tail ({@code Topology#predecessor}); it
     * is in that node's inbox on its out-port of that link ({@code Topology#departurePort}). On an undirected network this is
     * {@link #send} on the same port; on a directed one it is the link's way back (a wormhole router's credit wire).
     */
    default void sendBack(int inPort, Object payload) {
        throw new UnsupportedOperationException("this engine does not send back over arcs");
    }

    /** Reports {@code observation} (a registered wire record) to the run's result; it is not a link message. */
    default void observe(Object observation) {
        throw new UnsupportedOperationException("this engine takes no observations");
    }

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
