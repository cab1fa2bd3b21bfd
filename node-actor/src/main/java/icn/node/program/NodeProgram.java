package icn.node.program;

/**
 * The per-node part of a synchronous algorithm, as a pure state machine (no Akka). The engine calls {@link #step} for step s
 * only when the node has something to take in (what reached it during step s−1) or asked to be woken at s; untouched nodes cost
 * nothing. What the node sends in step s reaches its neighbours at the end of step s, i.e. it is in their inbox at step s+1.
 */
public interface NodeProgram {

    /** Returned by {@link #initialWake()} and {@link #step} when the node needs no wake-up. */
    long NO_WAKE = 0;

    /** The first step at which the node must act without having received anything (the source of a broadcast), or {@link #NO_WAKE}. */
    long initialWake();

    /**
     * Step {@code step}: take in {@code inbox} (what reached the node at the end of step−1), then do the sends of this step.
     *
     * @return the next step (greater than {@code step}) at which the node must act even if nothing reaches it, or {@link #NO_WAKE}
     */
    long step(long step, Inbox inbox, Outbox out);

    /**
     * Messages this node will never look at again, as a bitmask over message indices 0..63 ({@link ProgramFactory#ignores} maps
     * payloads to bits). Asked after every step. The link layer still carries and counts such messages; it only spares the node
     * an activation whose inbox holds nothing but them (001 Algorithms 4 and 5: "if (not INFORMED) then if (MESSAGE_RECEIVED)").
     */
    default long ignoredMessages() {
        return 0;
    }

    /**
     * What the node reports of itself when the run is over, or when it crashed in step {@code crashedAt} (0: it did not), as a
     * registered wire record; null for nothing. Asked once per node, only when {@link ProgramFactory#wantsFinalStates()}.
     */
    default Object finalState(long crashedAt) {
        return null;
    }
}
