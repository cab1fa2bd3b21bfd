package icn.scenarios.broadcast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/** The coverage chart draws each run and, for 001's algorithms, the step after which 001 has every node informed. */
class CoverageChartTest {

    private static XYSeries only(XYChart chart, String prefix) {
        List<XYSeries> found = chart.getSeriesMap().values().stream().filter(s -> s.getName().startsWith(prefix)).toList();
        assertEquals(1, found.size(), prefix + " in " + chart.getSeriesMap().keySet());
        return found.get(0);
    }

    @Test
    void thePapersCompletionStepIsDrawnBesideEachRun() {
        XYChart chart = CoverageChart.build(List.of(FakeRuns.multiPortScc4(), FakeRuns.incompleteOnePortScc4()));
        XYSeries multi = chart.getSeriesMap().get("scc:4 multi-port");
        assertNotNull(multi);
        assertArrayEquals(new double[] {1 / 72.0, 3 / 72.0, 6 / 72.0, 12 / 72.0, 21 / 72.0, 33 / 72.0, 48 / 72.0, 62 / 72.0, 1.0},
                multi.getYData(), 1e-12);
        // 001 Theorem 10: SCC_4 multi-port in 8 steps; Theorem 9: one-port in 12
        XYSeries theorem10 = only(chart, "scc:4 multi-port, paper 001 Theorem 10");
        assertArrayEquals(new double[] {8, 8}, theorem10.getXData());
        assertEquals(multi.getLineColor(), theorem10.getLineColor());
        assertNotNull(theorem10.getLineStyle().getDashArray());
        assertArrayEquals(new double[] {12, 12}, only(chart, "scc:4 one-port, paper 001 Theorem 9").getXData());
        assertTrue(chart.getTitle().contains("scc:4") && chart.getTitle().contains("multi-port, one-port")
                && chart.getTitle().contains("seed 1, 7"), chart.getTitle());
        assertEquals(0.0, chart.getStyler().getYAxisMin());
        assertEquals(1.0, chart.getStyler().getYAxisMax());
        assertTrue(!multi.getLineColor().equals(chart.getSeriesMap().get("scc:4 one-port").getLineColor()), "two runs, two colours");
    }
}
