package icn.scenarios.broadcast;

import icn.node.broadcast.StarSequenceSchedule;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkClass;
import icn.protocols.RunMetrics;
import icn.scenarios.claims.PaperFormulas;

/**
 * One run of a one-port broadcasting sequence of 001 §8.1–8.3 on SCC_n, measured: the sequence's lateral link steps (steps of the
 * run in which a lateral link carried the message), its local link steps (steps up to the sequence's end in which only local links
 * carried it) and its total, the step of the run's last lateral transfer, which ends the sequence (what 001 counts: Tables 1, 2 and
 * 4). All three are taken from the run's per-step link counts; {@code plannedSteps} is the schedule's planned length, which the run
 * ends at (the tests check it), shown beside the measurement where they differ. {@code stepsUntilAllInformed}, the step after which
 * every node held the message (ring completion included; −1 if never); {@code runSteps}, the last step with a send.
 * {@code prologueSteps} are the planned local steps that carry the message from the source to the first star operation;
 * {@code completionSteps} the planned ring completion after the sequence; {@code network} says which switching network or sequence
 * was run.
 */
public record StarSequenceRun(String algorithm, int n, String engine, long nodes, long informed, long lateralSteps, long localSteps,
        long totalSteps, long plannedSteps, long stepsUntilAllInformed, long runSteps, int prologueSteps, int completionSteps,
        String network, double wallSeconds) {

    /** Measures a finished run of {@code plan}: every step count from the run's per-step link messages. */
    public static StarSequenceRun measure(StarSequenceSchedule plan, String engine, long nodes, RunMetrics metrics, double wallSeconds) {
        long lateral = 0;
        long lastLateral = 0;
        for (long s = 1; s <= metrics.steps(); s++) {
            if (metrics.linkMessagesAt(s, LinkClass.LATERAL) > 0) {
                lateral++;
                lastLateral = s;
            }
        }
        long local = 0;
        for (long s = 1; s <= lastLateral; s++) {
            if (metrics.linkMessagesAt(s, LinkClass.LATERAL) == 0 && metrics.linkMessagesAt(s, LinkClass.LOCAL) > 0) {
                local++;
            }
        }
        return new StarSequenceRun(plan.algorithm().key(), plan.n(), engine, nodes, metrics.informed(0), lateral, local, lastLateral,
                plan.sequenceSteps(), metrics.fullCoverageStep(0, nodes), metrics.steps(), plan.prologueSteps(), plan.completionSteps(),
                plan.network(), wallSeconds);
    }

    /** Whether the run's sequence ended at the step its schedule plans. */
    public boolean endsAsPlanned() {
        return totalSteps == plannedSteps;
    }

    /** Steps of the run's sequence in which no link carried the message (the schedule waits: σ^par on SCC_5, SCC_6 and SCC_7). */
    public long idleSteps() {
        return totalSteps - lateralSteps - localSteps;
    }

    public BroadcastAlgorithm broadcastAlgorithm() {
        return BroadcastAlgorithm.parse(algorithm);
    }

    /** Every node held the message at the end. */
    public boolean allInformed() {
        return informed == nodes;
    }

    /** 001's lateral link steps for this sequence (for switching-nlogn the bound of §8.1, rounded down). */
    public int paperLateralSteps() {
        return PaperFormulas.sequenceLateralSteps(broadcastAlgorithm(), n);
    }

    public int paperLocalSteps() {
        return PaperFormulas.sequenceLocalSteps(broadcastAlgorithm(), n);
    }

    public int paperTotalSteps() {
        return PaperFormulas.sequenceSteps(broadcastAlgorithm(), n);
    }

    /** Whether the paper's figures are upper bounds (Eq. 3) rather than exact counts. */
    public boolean paperIsBound() {
        return PaperFormulas.sequenceCountIsBound(broadcastAlgorithm());
    }
}
