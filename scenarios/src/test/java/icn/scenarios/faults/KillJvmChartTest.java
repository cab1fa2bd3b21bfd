package icn.scenarios.faults;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Scc;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/** The kill-JVM chart draws each run, the sequential reference dashed beside them, and the kill step; no cluster needed to draw. */
class KillJvmChartTest {

    private static KillJvmExperiment.Run run(String name, long... informed) {
        ObjectNode report = new ObjectMapper().createObjectNode();
        var a = report.putArray("perStepInformed");
        for (long v : informed) {
            a.add(v);
        }
        return new KillJvmExperiment.Run(name, report);
    }

    @Test
    void theSequentialReferenceAndTheKillStepAreDrawnBesideTheRuns() {
        KillJvmExperiment.Setup s = new KillJvmExperiment.Setup(Scc.of(4), BroadcastAlgorithm.ONE_PORT, 0, 2, 4,
                new RunSettings(EngineKind.ACTORS, 3, 1, Partition.Kind.SUPERNODE, 9));
        RunMetrics reference = KillJvmExperiment.sequentialReference(s);
        XYChart chart = KillJvmExperiment.chart(s, List.of(run("no-faults", 1, 2, 4, 72), run("continue", 1, 2, 4, 50)), reference);
        assertArrayEquals(new double[] {1 / 72.0, 2 / 72.0, 4 / 72.0, 50 / 72.0}, chart.getSeriesMap().get("continue").getYData(), 1e-12);
        XYSeries ref = chart.getSeriesMap().get("sequential engine, JVM 2's nodes crashed at step 4");
        assertNotNull(ref, chart.getSeriesMap().keySet().toString());
        assertNotNull(ref.getLineStyle().getDashArray(), "a reference is dashed");
        double[] y = ref.getYData();
        assertEquals(reference.informed(0) / 72.0, y[y.length - 1], 1e-12, "ends where the report's reference row does");
        assertArrayEquals(new double[] {4, 4}, chart.getSeriesMap().get("kill (step 4)").getXData());
        assertTrue(chart.getTitle().contains("scc:4") && chart.getTitle().contains("one-port") && chart.getTitle().contains("seed 9"),
                chart.getTitle());
        assertEquals(0.0, chart.getStyler().getYAxisMin());
    }
}
