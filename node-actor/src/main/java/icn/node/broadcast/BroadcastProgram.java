package icn.node.broadcast;

import icn.node.program.Inbox;
import icn.node.program.NodeProgram;
import icn.node.program.Outbox;

/**
 * State shared by Algorithms 4 and 5 of 001, kept per message for pipelining ("each node can keep the required control variables
 * in arrays INFORMED[1..B], DONE_WITH_LATERALS[1..B], DONE_WITH_LOCALS[1..B] and MESSAGE_RECEIVED_THROUGH[1..B]"). One byte per
 * message keeps a node's state small at millions of nodes.
 */
abstract class BroadcastProgram implements NodeProgram {

    static final int LATERAL_LINK = 0;
    static final int LEFT_LOCAL_LINK = 1;
    static final int RIGHT_LOCAL_LINK = 2;

    private static final int INFORMED = 1;
    private static final int DONE_WITH_LATERALS = 2;
    private static final int DONE_WITH_LOCALS = 4;
    private static final int THROUGH_SHIFT = 3;

    private static final Integer[] PAYLOADS = new Integer[64];

    static {
        for (int k = 0; k < PAYLOADS.length; k++) {
            PAYLOADS[k] = k;
        }
    }

    final BroadcastSchedule schedule;
    private final boolean source;
    private final byte[] state;

    BroadcastProgram(BroadcastSchedule schedule, int messages, boolean source) {
        this.schedule = schedule;
        this.source = source;
        this.state = new byte[messages];
    }

    static Integer payload(int message) {
        return message < PAYLOADS.length ? PAYLOADS[message] : Integer.valueOf(message);
    }

    final int messages() {
        return state.length;
    }

    final boolean informed(int k) {
        return (state[k] & INFORMED) != 0;
    }

    final boolean doneWithLaterals(int k) {
        return (state[k] & DONE_WITH_LATERALS) != 0;
    }

    final boolean doneWithLocals(int k) {
        return (state[k] & DONE_WITH_LOCALS) != 0;
    }

    final int messageReceivedThrough(int k) {
        return state[k] >> THROUGH_SHIFT;
    }

    final void setDoneWithLaterals(int k) {
        state[k] |= DONE_WITH_LATERALS;
    }

    final void setDoneWithLocals(int k) {
        state[k] |= DONE_WITH_LOCALS;
    }

    private void setInformed(int k, int through) {
        state[k] = (byte) ((state[k] & (DONE_WITH_LATERALS | DONE_WITH_LOCALS)) | INFORMED | (through << THROUGH_SHIFT));
    }

    @Override
    public final long initialWake() {
        return source ? 1 : NO_WAKE;
    }

    @Override
    public final long step(long step, Inbox inbox, Outbox out) {
        messageReceived(step, inbox, out);
        if (source) {
            originate(step, out);
        }
        if (step <= schedule.totalSteps()) {
            if (schedule.isLateralStep(step)) {
                lateralStep(out);
            } else if (schedule.isLocalStep(step)) { // not a tick of a lateral transfer (lateral latency R > 1)
                localStep(schedule.innerIndex(step), out);
            }
        }
        return nextWake(step);
    }

    /**
     * MESSAGE_RECEIVED at the end of step−1: "if (not INFORMED) then if (MESSAGE_RECEIVED) then INFORMED := TRUE". Where a message
     * arrives on several ports at once, 001 lets MESSAGE_RECEIVED_THROUGH be any of them; this emulator takes the lowest port
     * (LATERAL, then LEFT, then RIGHT) so that every engine and partitioning gives the same run.
     */
    private void messageReceived(long step, Inbox inbox, Outbox out) {
        int size = inbox.size();
        for (int e = 0; e < size; e++) {
            int k = (Integer) inbox.payload(e);
            if (informed(k)) {
                continue;
            }
            int through = inbox.port(e);
            for (int f = e + 1; f < size; f++) {
                if ((Integer) inbox.payload(f) == k && inbox.port(f) < through) {
                    through = inbox.port(f);
                }
            }
            setInformed(k, through);
            out.informed(k, step - 1);
        }
    }

    /** "During each of the first B iterations of the main loop the node originating the broadcasting will input one different message." */
    private void originate(long step, Outbox out) {
        long iteration = schedule.iteration(step);
        if (iteration <= messages() && step == schedule.firstStepOf(iteration)) {
            int k = (int) iteration - 1;
            if (!informed(k)) {
                // "The node originating the broadcast message has MESSAGE_RECEIVED_THROUGH initialized to lateral_link."
                setInformed(k, LATERAL_LINK);
                out.informed(k, step - 1);
            }
        }
    }

    /** "if (not DONE_WITH_LATERALS) and (INFORMED) then begin SEND(lateral_link); DONE_WITH_LATERALS := TRUE end" */
    private void lateralStep(Outbox out) {
        for (int k = 0; k < messages(); k++) {
            if (!doneWithLaterals(k) && informed(k)) {
                out.send(LATERAL_LINK, payload(k));
                setDoneWithLaterals(k);
            }
        }
    }

    /** Once INFORMED[k], MESSAGE_RECEIVED is never evaluated for message k again. */
    @Override
    public final long ignoredMessages() {
        long mask = 0;
        for (int k = 0; k < Math.min(64, messages()); k++) {
            if (informed(k)) {
                mask |= 1L << k;
            }
        }
        return mask;
    }

    /** The body of the inner loop for inner index j (1-based). */
    abstract void localStep(int j, Outbox out);

    private long nextWake(long step) {
        long wake = Long.MAX_VALUE;
        if (source) {
            long nextInput = schedule.iteration(step) + 1;
            if (nextInput <= messages()) {
                wake = schedule.firstStepOf(nextInput);
            }
        }
        for (int k = 0; k < messages(); k++) {
            if (!informed(k)) {
                continue;
            }
            if (!doneWithLocals(k)) {
                long next = schedule.nextLocalStep(step);
                if (next != 0) {
                    wake = Math.min(wake, next);
                }
            }
            if (!doneWithLaterals(k)) {
                long next = schedule.nextLateralStep(step);
                if (next != 0) {
                    wake = Math.min(wake, next);
                }
            }
        }
        return wake == Long.MAX_VALUE ? NO_WAKE : wake;
    }
}
