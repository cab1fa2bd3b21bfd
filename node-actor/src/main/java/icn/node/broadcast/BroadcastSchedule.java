package icn.node.broadcast;

import icn.protocols.BroadcastAlgorithm;

/**
 * The step structure of Algorithms 4 and 5 of 001: an outer loop of ⌊3(n−1)/2⌋ + B − 1 iterations (pipelined B messages), each
 * with an inner loop of local-link steps (⌊n/2⌋ for Algorithm 4, ⌊(n−1)/2⌋ for Algorithm 5) followed by one lateral-link step.
 * Steps are numbered from 1; iteration i, inner step j is step (i−1)·(L+1) + j, and the lateral step of iteration i is i·(L+1).
 * One instance is shared by all nodes of a run.
 *
 * <p>With lateral links of latency R ticks (001 Theorem 11: lateral links slower than local ones, local links one tick) the schedule
 * is time-based: an iteration is L local ticks, the lateral send at tick L+1 and R−1 ticks in which the lateral transfer is under
 * way, so the message sent at tick (i−1)·(L+R) + L + 1 is in the receiver's inbox at the first tick of iteration i+1. With R = 1
 * this is exactly the schedule above. The same structure, with another L and number of iterations, serves the technique of 001
 * §12 on CCC_n ({@link #of}).
 */
public final class BroadcastSchedule {

    private final BroadcastAlgorithm algorithm;
    private final int localSteps; // L, inner-loop length
    private final int lateralLatency; // R
    private final int roundLength; // L + R
    private final int iterations;
    private final long totalSteps;

    public BroadcastSchedule(int n, BroadcastAlgorithm algorithm, int messages) {
        this(n, algorithm, messages, 1);
    }

    /** Algorithm 4 or 5 on SCC_n with lateral links of latency {@code lateralLatency} ticks. */
    public BroadcastSchedule(int n, BroadcastAlgorithm algorithm, int messages, int lateralLatency) {
        // 001 Algorithm 4: "for j := 1 to ⌊n/2⌋"; Algorithm 5: "for j := 1 to ⌊(n−1)/2⌋"
        // 001: "for i := 1 to ⌊3(n−1)/2⌋", and with pipelining "⌊3(n−1)/2⌋ + B − 1 iterations"
        this(algorithm, algorithm == BroadcastAlgorithm.ONE_PORT ? n / 2 : (n - 1) / 2, 3 * (n - 1) / 2 + messages - 1, lateralLatency);
    }

    private BroadcastSchedule(BroadcastAlgorithm algorithm, int localSteps, int iterations, int lateralLatency) {
        if (lateralLatency < 1 || localSteps < 1 || iterations < 1) {
            throw new IllegalArgumentException("schedule of " + iterations + " iterations of " + localSteps + " local steps, lateral latency "
                    + lateralLatency);
        }
        this.algorithm = algorithm;
        this.localSteps = localSteps;
        this.lateralLatency = lateralLatency;
        this.roundLength = localSteps + lateralLatency;
        this.iterations = iterations;
        this.totalSteps = (long) roundLength * iterations;
    }

    /** A loop of {@code iterations} iterations of {@code localSteps} local steps and one lateral step of {@code lateralLatency} ticks. */
    public static BroadcastSchedule of(BroadcastAlgorithm algorithm, int localSteps, int iterations, int lateralLatency) {
        return new BroadcastSchedule(algorithm, localSteps, iterations, lateralLatency);
    }

    public BroadcastAlgorithm algorithm() {
        return algorithm;
    }

    /** Inner-loop length L. */
    public int localStepsPerIteration() {
        return localSteps;
    }

    /** R: ticks a lateral transfer takes (1 in the papers' synchronous model). */
    public int lateralLatency() {
        return lateralLatency;
    }

    public int iterations() {
        return iterations;
    }

    /** The last tick of the outer loop (with R = 1, its last step). */
    public long totalSteps() {
        return totalSteps;
    }

    /** Outer-loop index i (1-based) of a step. */
    public long iteration(long step) {
        return (step - 1) / roundLength + 1;
    }

    /** Inner-loop index j (1-based) of a local step; L+1 for the lateral step, L+2..L+R for the ticks of the lateral transfer. */
    public int innerIndex(long step) {
        return (int) ((step - 1) % roundLength) + 1;
    }

    public boolean isLateralStep(long step) {
        return innerIndex(step) == localSteps + 1;
    }

    /** Whether a tick is one of the L local steps of its iteration (not the lateral step, nor a tick of the lateral transfer). */
    public boolean isLocalStep(long step) {
        return innerIndex(step) <= localSteps;
    }

    /** The first step of iteration i. */
    public long firstStepOf(long iteration) {
        return (iteration - 1) * roundLength + 1;
    }

    /** The first local step after {@code step}, or 0 if the loop has none left. */
    public long nextLocalStep(long step) {
        long next = step + 1;
        if (!isLocalStep(next)) {
            next = firstStepOf(iteration(next) + 1);
        }
        return next <= totalSteps ? next : 0;
    }

    /** The first lateral step after {@code step}, or 0 if the loop has none left. */
    public long nextLateralStep(long step) {
        long lateral = firstStepOf(iteration(step)) + localSteps;
        long next = lateral > step ? lateral : lateral + roundLength;
        return next <= totalSteps ? next : 0;
    }
}
