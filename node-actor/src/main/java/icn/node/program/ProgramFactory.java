package icn.node.program;

/** The programs of the nodes of one run; every host builds those of its own nodes from the same factory. */
public interface ProgramFactory {

    NodeProgram create(int node);

    /** How many broadcast messages the run tracks (B); 1 for programs that track none. */
    int messages();

    /** Whether a node whose {@link NodeProgram#ignoredMessages()} is {@code ignored} would not look at {@code payload}. */
    default boolean ignores(long ignored, Object payload) {
        return false;
    }

    /** Whether nodes want a {@link SendFailed} notice in their inbox when a message they sent is dropped at a crashed node or cut link. */
    default boolean wantsSendFailures() {
        return false;
    }

    /** Whether the engines must ask every node for its {@link NodeProgram#finalState} at the end (and a crashing node at its crash). */
    default boolean wantsFinalStates() {
        return false;
    }
}
