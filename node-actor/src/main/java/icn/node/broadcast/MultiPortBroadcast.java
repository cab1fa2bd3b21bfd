package icn.node.broadcast;

import icn.node.program.Outbox;

/**
 * 001, Algorithm 5 (multiple-port broadcasting in the n-SCC), with its message pipelining: an informed node that is not
 * DONE_WITH_LOCALS calls SEND_MULTIPLE(right_local_link, left_local_link) once. MESSAGE_RECEIVED_THROUGH is kept but unused, as in
 * the paper.
 */
public final class MultiPortBroadcast extends BroadcastProgram {

    public MultiPortBroadcast(BroadcastSchedule schedule, int messages, boolean source) {
        super(schedule, messages, source);
    }

    @Override
    void localStep(int j, Outbox out) {
        for (int k = 0; k < messages(); k++) {
            if (!doneWithLocals(k) && informed(k)) {
                // SEND_MULTIPLE(right_local_link, left_local_link)
                out.send(RIGHT_LOCAL_LINK, payload(k));
                out.send(LEFT_LOCAL_LINK, payload(k));
                setDoneWithLocals(k);
            }
        }
    }
}
