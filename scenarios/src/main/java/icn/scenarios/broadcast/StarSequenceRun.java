package icn.scenarios.broadcast;

import icn.node.broadcast.StarSequenceSchedule;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkClass;
import icn.protocols.RunMetrics;
import icn.scenarios.claims.PaperFormulas;

/**
 * One run of a one-port broadcasting sequence of 001 §8.1–8.3 on SCC_n, measured: the sequence's lateral link steps (steps of the
 * sequence in which a lateral link carried the message), its local link steps (its other steps) and their total, which is what 001
 * counts (Tables 1, 2 and 4); {@code stepsUntilAllInformed}, the step after which every node held the message (ring completion
 * included; −1 if never); {@code runSteps}, the last step with a send. {@code prologueSteps} are the local steps, counted in
 * {@code localSteps}, that carry the message from the source to the first star operation; {@code completionSteps} the planned ring
 * completion after the sequence; {@code network} says which switching network or sequence was run.
 */
public record StarSequenceRun(String algorithm, int n, String engine, long nodes, long informed, long lateralSteps, long localSteps,
        long totalSteps, long stepsUntilAllInformed, long runSteps, int prologueSteps, int completionSteps, String network,
        double wallSeconds) {

    /** Measures a finished run of {@code plan}. */
    public static StarSequenceRun measure(StarSequenceSchedule plan, String engine, long nodes, RunMetrics metrics, double wallSeconds) {
        long lateral = 0;
        for (long s = 1; s <= plan.sequenceSteps(); s++) {
            if (metrics.linkMessagesAt(s, LinkClass.LATERAL) > 0) {
                lateral++;
            }
        }
        return new StarSequenceRun(plan.algorithm().key(), plan.n(), engine, nodes, metrics.informed(0), lateral,
                plan.sequenceSteps() - lateral, plan.sequenceSteps(), metrics.fullCoverageStep(0, nodes), metrics.steps(),
                plan.prologueSteps(), plan.completionSteps(), plan.network(), wallSeconds);
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
