package icn.scenarios.broadcast;

import icn.protocols.RunMetrics;
import icn.protocols.LinkClass;

/** Hand-made runs for the report tests: every count is written out here, nothing comes from an engine. */
final class FakeRuns {

    private FakeRuns() {
    }

    /**
     * Metrics from per-step counts: {@code lateral[s]} and {@code local[s]} messages sent in step s, {@code informed[m][s]} nodes
     * newly holding message m after step s.
     */
    static RunMetrics metrics(long[] lateral, long[] local, long[]... informed) {
        RunMetrics metrics = new RunMetrics(informed.length);
        for (int s = 0; s < lateral.length; s++) {
            for (long k = 0; k < lateral[s]; k++) {
                metrics.countSend(s, LinkClass.LATERAL);
            }
        }
        for (int s = 0; s < local.length; s++) {
            for (long k = 0; k < local[s]; k++) {
                metrics.countSend(s, LinkClass.LOCAL);
            }
        }
        for (int m = 0; m < informed.length; m++) {
            for (int s = 0; s < informed[m].length; s++) {
                for (long k = 0; k < informed[m][s]; k++) {
                    metrics.countInformed(s, m);
                }
            }
        }
        return metrics;
    }

    // A multi-port run on SCC_4 (72 nodes) shaped like 001 Algorithm 5 with B = 1: local steps 1, 3, 5, 7, lateral steps 2, 4, 6,
    // 8, every node informed after step 8. Theorem 10 gives 8 steps, 4 lateral, 4 local, diameter 8.
    static final long[] MULTI_LATERAL = {0, 0, 3, 0, 6, 0, 12, 0, 20};
    static final long[] MULTI_LOCAL = {0, 2, 0, 6, 0, 12, 0, 24, 0};
    static final long[] MULTI_INFORMED = {1, 2, 3, 6, 9, 12, 15, 14, 10}; // sums to 72
    static final long[] MULTI_CUMULATIVE = {1, 3, 6, 12, 21, 33, 48, 62, 72};

    static BroadcastRun multiPortScc4() {
        return new BroadcastRun("scc:4", 4, 72, "multi-port", 1, "<2,1234>", 1, "sequential", 1, 1,
                metrics(MULTI_LATERAL, MULTI_LOCAL, MULTI_INFORMED), 0.25);
    }

    // A one-port run on SCC_4 that stops short: 9 steps, 70 of 72 nodes informed. Theorem 9 gives 12 steps.
    static BroadcastRun incompleteOnePortScc4() {
        long[] lateral = {0, 0, 3, 0, 0, 0, 6, 0, 0, 1};
        long[] local = {0, 1, 0, 1, 2, 3, 0, 6, 9, 0};
        long[] informed = {1, 1, 4, 1, 2, 20, 20, 10, 10, 1}; // sums to 70
        return new BroadcastRun("scc:4", 4, 72, "one-port", 1, "<2,1234>", 7, "actor", 2, 4, metrics(lateral, local, informed), 1.5);
    }

    // Two pipelined messages on SCC_4, multi-port: message 1 covers all 72 nodes after step 8, message 2 only 71 by step 10.
    // The pipelining formula gives 2·(4 + 2 − 1) = 10 steps and completion steps 8 and 10.
    static BroadcastRun pipelinedScc4() {
        long[] lateral = {0, 0, 3, 0, 9, 0, 18, 0, 27, 0, 20};
        long[] local = {0, 2, 0, 8, 0, 20, 0, 30, 0, 24, 0};
        long[] first = MULTI_INFORMED;
        long[] second = {0, 0, 0, 1, 2, 3, 6, 9, 12, 15, 23}; // sums to 71
        return new BroadcastRun("scc:4", 4, 72, "multi-port", 2, "<2,1234>", 1, "actor", 1, 2, metrics(lateral, local, first, second), 0.5);
    }
}
