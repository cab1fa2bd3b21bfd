package icn.node.broadcast;

import icn.node.program.Inbox;
import icn.node.program.NodeProgram;
import icn.node.program.Outbox;

/**
 * One node of σ^par_SCC(C) (001 §8.3, Fig. 9), in the rounds of {@link StarSequenceSchedule}: in the n − 2 local steps of a round
 * the message flows one way round the ring ("the information flows in just one direction"), each node passing it to the right once,
 * in the step after it came; in the round's lateral step every informed node that has not yet done so sends on its lateral link
 * ("all lateral links are used simultaneously"), except a node that was informed over it (its lateral neighbour is informed).
 */
final class ParallelCyclicBroadcast implements NodeProgram {

    private static final Integer MESSAGE = 0;

    private final StarSequenceSchedule schedule;
    private final boolean source;
    private final int ringSteps; // n − 2 local steps per round
    private boolean informed;
    private boolean sendRight; // DONE_WITH_LOCALS not yet
    private boolean doneWithLaterals;

    ParallelCyclicBroadcast(StarSequenceSchedule schedule, boolean source) {
        this.schedule = schedule;
        this.source = source;
        this.ringSteps = schedule.n() - 2;
    }

    @Override
    public long initialWake() {
        return source ? 1 : NO_WAKE;
    }

    @Override
    public long step(long step, Inbox inbox, Outbox out) {
        if (source && !informed) {
            informed = true;
            sendRight = true;
            out.informed(0, 0);
        }
        if (!informed && inbox.size() > 0) {
            int through = inbox.port(0);
            for (int e = 1; e < inbox.size(); e++) {
                through = Math.min(through, inbox.port(e));
            }
            informed = true;
            out.informed(0, step - 1);
            if (through == BroadcastProgram.LATERAL_LINK) {
                doneWithLaterals = true;
                sendRight = true; // in the first local step of the next round
            } else {
                // reached from the left in local step j of the round: the right neighbour is informed if j = n − 2
                sendRight = schedule.roundIndex(step - 1) < ringSteps;
            }
        }
        if (!informed || step > schedule.sequenceSteps()) {
            return NO_WAKE;
        }
        if (schedule.isRoundLateralStep(step)) {
            if (!doneWithLaterals) {
                out.send(BroadcastProgram.LATERAL_LINK, MESSAGE);
                doneWithLaterals = true;
            }
        } else if (sendRight) {
            out.send(BroadcastProgram.RIGHT_LOCAL_LINK, MESSAGE);
            sendRight = false;
        }
        return nextWake(step);
    }

    private long nextWake(long step) {
        long round = schedule.n() - 1;
        long wake = Long.MAX_VALUE;
        if (sendRight) {
            wake = schedule.isRoundLateralStep(step + 1) ? step + 2 : step + 1;
        }
        if (!doneWithLaterals) {
            wake = Math.min(wake, (step / round + 1) * round); // the lateral step that ends the round
        }
        return wake <= schedule.sequenceSteps() ? wake : NO_WAKE;
    }
}
