package icn.scenarios.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.broadcast.BroadcastPrograms;
import icn.protocols.LinkLatency;
import icn.protocols.RunMetrics;
import icn.node.engine.SequentialEngine;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.topology.Scc;
import icn.protocols.wire.BroadcastSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Reports of real runs of 001 Algorithms 4 and 5 on the sequential engine: the measured figures must equal the papers' formulas
 * (an independent expectation), so every {@code agrees} flag is true.
 */
class SequentialRunReportTest {

    @ParameterizedTest(name = "scc:{0} {1} B={2}")
    @CsvSource({"4,ONE_PORT,1", "4,MULTI_PORT,1", "5,ONE_PORT,1", "5,MULTI_PORT,1", "6,ONE_PORT,1", "6,MULTI_PORT,1",
            "7,ONE_PORT,1", "7,MULTI_PORT,1", "4,ONE_PORT,3", "5,MULTI_PORT,2", "6,ONE_PORT,2", "6,MULTI_PORT,4"})
    void measuredAgreesWithTheoremsNineAndTen(int n, BroadcastAlgorithm algorithm, int b) {
        Scc scc = Scc.of(n);
        RunMetrics metrics = SequentialEngine.run(scc, new BroadcastPrograms(scc, new BroadcastSpec(algorithm, b, 0)), LinkLatency.SYNCHRONOUS);
        BroadcastRun run = new BroadcastRun(scc.name(), n, scc.nodeCount(), algorithm.key(), b, scc.label(0), 1, "sequential", 1, 1, metrics, 0);
        BroadcastReport report = new BroadcastReport(run);
        assertEquals(scc.nodeCount(), metrics.informed(0));
        assertTrue(report.stepsAgree(), "steps " + report.measuredSteps() + " vs " + report.paperSteps());
        assertTrue(report.lateralStepsAgree(), "lateral " + report.measuredLateralSteps() + " vs " + report.paperLateralSteps());
        assertTrue(report.localStepsAgree(), "local " + report.measuredLocalSteps() + " vs " + report.paperLocalSteps());
        assertTrue(report.fullCoverageAgrees(), "full coverage");
    }
}
