package icn.node.broadcast;

import icn.protocols.BroadcastAlgorithm;

/**
 * The step structure of Algorithms 4 and 5 of 001: an outer loop of ⌊3(n−1)/2⌋ + B − 1 iterations (pipelined B messages), each
 * with an inner loop of local-link steps (⌊n/2⌋ for Algorithm 4, ⌊(n−1)/2⌋ for Algorithm 5) followed by one lateral-link step.
 * Steps are numbered from 1; iteration i, inner step j is step (i−1)·(L+1) + j, and the lateral step of iteration i is i·(L+1).
 * One instance is shared by all nodes of a run.
 */
public final class BroadcastSchedule {

    private final BroadcastAlgorithm algorithm;
    private final int localSteps; // L, inner-loop length
    private final int roundLength; // L + 1
    private final int iterations;
    private final long totalSteps;

    public BroadcastSchedule(int n, BroadcastAlgorithm algorithm, int messages) {
        this.algorithm = algorithm;
        // 001 Algorithm 4: "for j := 1 to ⌊n/2⌋"; Algorithm 5: "for j := 1 to ⌊(n−1)/2⌋"
        this.localSteps = algorithm == BroadcastAlgorithm.ONE_PORT ? n / 2 : (n - 1) / 2;
        this.roundLength = localSteps + 1;
        // 001: "for i := 1 to ⌊3(n−1)/2⌋", and with pipelining "⌊3(n−1)/2⌋ + B − 1 iterations"
        this.iterations = 3 * (n - 1) / 2 + messages - 1;
        this.totalSteps = (long) roundLength * iterations;
    }

    public BroadcastAlgorithm algorithm() {
        return algorithm;
    }

    /** Inner-loop length L. */
    public int localStepsPerIteration() {
        return localSteps;
    }

    public int iterations() {
        return iterations;
    }

    /** The last step of the outer loop. */
    public long totalSteps() {
        return totalSteps;
    }

    /** Outer-loop index i (1-based) of a step. */
    public long iteration(long step) {
        return (step - 1) / roundLength + 1;
    }

    /** Inner-loop index j (1-based) of a local step; L+1 for the lateral step that ends an iteration. */
    public int innerIndex(long step) {
        return (int) ((step - 1) % roundLength) + 1;
    }

    public boolean isLateralStep(long step) {
        return innerIndex(step) == roundLength;
    }

    /** The first step of iteration i. */
    public long firstStepOf(long iteration) {
        return (iteration - 1) * roundLength + 1;
    }

    /** The first local step after {@code step}, or 0 if the loop has none left. */
    public long nextLocalStep(long step) {
        long next = step + 1;
        if (isLateralStep(next)) {
            next++;
        }
        return next <= totalSteps ? next : 0;
    }

    /** The first lateral step after {@code step}, or 0 if the loop has none left. */
    public long nextLateralStep(long step) {
        long next = iteration(step + 1) * roundLength;
        return next <= totalSteps ? next : 0;
    }
}
