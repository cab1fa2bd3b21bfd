package icn.node.broadcast;

import icn.node.program.Outbox;

/**
 * 001, Algorithm 4 (one-port broadcasting in the n-SCC), with the message pipelining of B messages that follows it. In each
 * local step j of an iteration an informed node that is not DONE_WITH_LOCALS sends on one local port: right at j = 1, then, by
 * MESSAGE_RECEIVED_THROUGH, the other way, after which it is DONE_WITH_LOCALS.
 */
public final class OnePortBroadcast extends BroadcastProgram {

    public OnePortBroadcast(BroadcastSchedule schedule, int messages, boolean source) {
        super(schedule, messages, source);
    }

    @Override
    void localStep(int j, Outbox out) {
        for (int k = 0; k < messages(); k++) {
            // "if (not DONE_WITH_LOCALS) and (INFORMED) then"
            if (!doneWithLocals(k) && informed(k)) {
                if (j == 1) {
                    out.send(RIGHT_LOCAL_LINK, payload(k));
                } else {
                    switch (messageReceivedThrough(k)) {
                        case LATERAL_LINK:
                        case RIGHT_LOCAL_LINK:
                            out.send(LEFT_LOCAL_LINK, payload(k));
                            break;
                        default: // left_local_link
                            out.send(RIGHT_LOCAL_LINK, payload(k));
                            break;
                    }
                    setDoneWithLocals(k);
                }
            }
        }
    }
}
