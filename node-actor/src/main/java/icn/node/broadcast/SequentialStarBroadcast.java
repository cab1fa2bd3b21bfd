package icn.node.broadcast;

import icn.node.program.Inbox;
import icn.node.program.NodeProgram;
import icn.node.program.Outbox;

/**
 * One node of a sequential broadcasting sequence of 001 §8.1–8.3 (σ^seq_SCC(C), σ_SCC(T_n), σ_SCC(𝒯_n)) as planned by
 * {@link StarSequenceSchedule}: in step s of the sequence an informed node at the planned ring position (its supernode's carrier)
 * sends on the planned port, one port per step; in the ring-completion phase the carrier sends right, then left, and every node that
 * a completion message reaches passes it on once in the direction it travels (Algorithm 4's inner loop).
 */
final class SequentialStarBroadcast implements NodeProgram {

    private static final Integer MESSAGE = 0;

    private final StarSequenceSchedule schedule;
    private final int position;
    private final boolean source;
    private boolean informed;
    private boolean relayed; // in the completion phase, at most one relay
    private final long sequenceEnd;
    private final long end;

    SequentialStarBroadcast(StarSequenceSchedule schedule, int position, boolean source) {
        this.schedule = schedule;
        this.position = position;
        this.source = source;
        this.sequenceEnd = schedule.sequenceSteps();
        this.end = schedule.totalSteps();
    }

    @Override
    public long initialWake() {
        return source ? 1 : NO_WAKE;
    }

    @Override
    public long step(long step, Inbox inbox, Outbox out) {
        if (source && !informed) {
            informed = true;
            out.informed(0, 0);
        }
        int relayPort = -1;
        for (int e = 0; e < inbox.size(); e++) {
            if (!informed) {
                informed = true;
                out.informed(0, step - 1);
            }
            // a message sent in the completion phase (step > sequenceEnd) travels on: arrived from the left, it goes right
            int arrived = inbox.port(e);
            if (step - 1 > sequenceEnd && arrived != BroadcastProgram.LATERAL_LINK) {
                int onward = arrived == BroadcastProgram.LEFT_LOCAL_LINK ? BroadcastProgram.RIGHT_LOCAL_LINK : BroadcastProgram.LEFT_LOCAL_LINK;
                relayPort = relayPort < 0 ? onward : Math.min(relayPort, onward);
            }
        }
        if (!informed) {
            return NO_WAKE;
        }
        if (step <= sequenceEnd) {
            if (schedule.actor(step) == position) {
                out.send(schedule.port(step), MESSAGE);
            }
        } else if (step <= end) {
            boolean carrier = position == schedule.finalCarrierPosition();
            if (carrier && step == sequenceEnd + 1) {
                out.send(BroadcastProgram.RIGHT_LOCAL_LINK, MESSAGE); // "if (j = 1) then SEND(right_local_link)"
            } else if (carrier && step == sequenceEnd + 2) {
                out.send(BroadcastProgram.LEFT_LOCAL_LINK, MESSAGE);
            } else if (!carrier && relayPort >= 0 && !relayed) {
                out.send(relayPort, MESSAGE);
                relayed = true;
            }
        }
        return nextWake(step);
    }

    private long nextWake(long step) {
        if (step < sequenceEnd) {
            long next = schedule.nextActionStep(position, step);
            if (next != 0) {
                return next;
            }
        }
        if (position == schedule.finalCarrierPosition()) {
            for (long s = sequenceEnd + 1; s <= Math.min(sequenceEnd + 2, end); s++) {
                if (s > step) {
                    return s;
                }
            }
        }
        return NO_WAKE;
    }
}
