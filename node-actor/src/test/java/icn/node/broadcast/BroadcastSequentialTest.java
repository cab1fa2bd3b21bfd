package icn.node.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.LinkLatency;
import icn.protocols.RunMetrics;
import icn.node.engine.SequentialEngine;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkClass;
import icn.protocols.topology.Scc;
import icn.protocols.wire.BroadcastSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Algorithms 4 and 5 on the sequential engine against the closed forms of 001 Theorems 9 and 10 and the pipelining sections. */
class BroadcastSequentialTest {

    private static int dStar(int n) {
        return 3 * (n - 1) / 2; // 001 §6: diameter of the quotient n-star
    }

    private static int localPerIteration(int n, BroadcastAlgorithm a) {
        return a == BroadcastAlgorithm.ONE_PORT ? n / 2 : (n - 1) / 2; // Thm 9: ⌊n/2⌋·d_star local steps; Thm 10: ⌊(n−1)/2⌋·d_star
    }

    @ParameterizedTest(name = "scc:{0} {1}")
    @CsvSource({"4,ONE_PORT", "5,ONE_PORT", "6,ONE_PORT", "7,ONE_PORT", "8,ONE_PORT",
            "4,MULTI_PORT", "5,MULTI_PORT", "6,MULTI_PORT", "7,MULTI_PORT", "8,MULTI_PORT"})
    void singleMessageMatchesTheorems9And10(int n, BroadcastAlgorithm algorithm) {
        Scc scc = Scc.of(n);
        RunMetrics m = SequentialEngine.run(scc, new BroadcastPrograms(scc, new BroadcastSpec(algorithm, 1, 0)), LinkLatency.SYNCHRONOUS);
        int lateral = dStar(n);
        int local = localPerIteration(n, algorithm) * dStar(n);
        assertEquals(scc.nodeCount(), m.informed(0), "every node informed");
        assertEquals(lateral + local, m.fullCoverageStep(0, scc.nodeCount()), "full coverage step");
        assertEquals(lateral + local, m.steps(), "steps");
        assertEquals(lateral, m.lateralSteps(), "lateral steps");
        assertEquals(local, m.localSteps(), "local steps");
        assertEquals(lateral, m.stepsUsing(LinkClass.LATERAL), "steps with lateral traffic");
        assertTrue(m.stepsUsing(LinkClass.LOCAL) <= local, "steps with local traffic never exceed the local steps");
    }

    @ParameterizedTest(name = "scc:{0} {1} B={2}")
    @CsvSource({"4,ONE_PORT,2", "4,ONE_PORT,4", "5,ONE_PORT,3", "6,ONE_PORT,4", "4,MULTI_PORT,3", "5,MULTI_PORT,4", "6,MULTI_PORT,2",
            "6,MULTI_PORT,4", "5,ONE_PORT,1", "6,ONE_PORT,3"})
    void pipelinedMessagesCompleteAtTheirRate(int n, BroadcastAlgorithm algorithm, int b) {
        Scc scc = Scc.of(n);
        RunMetrics m = SequentialEngine.run(scc, new BroadcastPrograms(scc, new BroadcastSpec(algorithm, b, 0)), LinkLatency.SYNCHRONOUS);
        int rate = localPerIteration(n, algorithm) + 1; // ⌊(n+2)/2⌋ resp. ⌊(n+1)/2⌋ steps per message
        for (int k = 0; k < b; k++) {
            assertEquals(scc.nodeCount(), m.informed(k), "message " + (k + 1) + " reaches every node");
            assertEquals((long) rate * (dStar(n) + k), m.fullCoverageStep(k, scc.nodeCount()), "message " + (k + 1) + " completes");
        }
        assertEquals((long) rate * (b - 1 + dStar(n)), m.steps(), "pipelined total");
        assertEquals(dStar(n) + b - 1, m.lateralSteps(), "one lateral step per iteration");
    }
}
