package icn.scenarios.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.engine.EngineKind;
import icn.protocols.Accounting;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.fault.FaultPlan;
import icn.protocols.fault.FaultSpec;
import icn.scenarios.broadcast.BroadcastRun;
import icn.scenarios.broadcast.CoverageChart;
import icn.scenarios.claims.NecklaceModel;
import icn.scenarios.faults.FaultExperiments;
import icn.scenarios.traffic.TrafficChart;
import icn.scenarios.traffic.TrafficExperiment;
import icn.scenarios.traffic.TrafficPoint;
import icn.scenarios.traffic.TrafficSettings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;

/**
 * Every series of a report's chart can be told from the others by its colour, dash and marker (a user found 002 Fig. 3c's model
 * and zero-load lines drawn alike), and a latency above the axis is drawn at its top with a marker and a legend entry of its own
 * (the user found a saturated 742.4 cycles drawn at 208 with no mark).
 */
class ReportChartStylesTest {

    private static final double[] RATES = {0.002, 0.004, 0.006, 0.008};

    /** What a reader tells a series by: its colour, its dash (none where no line is drawn) and its marker. */
    private record Look(Object colour, String dash, Object marker) {
        static Look of(XYSeries s) {
            boolean line = s.getXYSeriesRenderStyle() != XYSeries.XYSeriesRenderStyle.Scatter && s.getLineStyle() != SeriesLines.NONE;
            return new Look(s.getLineColor(), line ? Arrays.toString(s.getLineStyle().getDashArray()) : "no line", s.getMarker());
        }
    }

    private static void assertEverySeriesLooksItsOwn(XYChart chart) {
        Map<Look, String> seen = new HashMap<>();
        for (XYSeries s : chart.getSeriesMap().values()) {
            String other = seen.put(Look.of(s), s.getName());
            assertTrue(other == null, "'" + s.getName() + "' is drawn as '" + other + "' on " + chart.getTitle());
        }
    }

    private static TrafficSettings settings(int flits) {
        return new TrafficSettings("rnh:3,2", "adaptive", "uniform", 4, flits, 4, Arrays.stream(RATES).boxed().toList(),
                TrafficSettings.AUTO_WARMUP, 20_000, TrafficSettings.defaultDrain(20_000), 7, EngineKind.SEQUENTIAL, 1, 1,
                Partition.Kind.SUPERNODE, FaultSpec.none(7));
    }

    private static TrafficPoint point(double rate, double latency, double ci95, boolean saturated) {
        return new TrafficPoint(rate, true, rate, rate, 1000, new TrafficPoint.Stat(latency, ci95), null, null, saturated, List.of(),
                null, null, null, null, null, null, 0, 0, 0, 0);
    }

    /** A hand-made curve of 002's model network: three steady points, then one saturated at {@code saturatedLatency}. */
    private static TrafficExperiment.Curve curve(int flits, double saturatedLatency) {
        TrafficSettings s = settings(flits);
        double modelSaturation = NecklaceModel.saturationRate(TrafficExperiment.model(s).orElseThrow().printed());
        List<TrafficPoint> points = List.of(point(RATES[0], 50, 1, false), point(RATES[1], 55, 1, false), point(RATES[2], 63, 1.2, false),
                point(RATES[3], saturatedLatency, Double.NaN, true));
        return new TrafficExperiment.Curve(s, 54, points, 1_000, 19_000, false, "002 §4", modelSaturation, FaultPlan.NONE, 1, List.of(),
                2.5);
    }

    private static BroadcastRun run(String algorithm, long seed) {
        long[] informed = {1, 2, 3, 6, 9, 12, 15, 14, 10}; // SCC_4's 72 nodes after step 8
        RunMetrics metrics = new RunMetrics(1);
        for (int step = 0; step < informed.length; step++) {
            for (long k = 0; k < informed[step]; k++) {
                metrics.countInformed(step, 0);
            }
        }
        return new BroadcastRun("scc:4", 4, 72, algorithm, 1, "<2,1234>", seed, "sequential", 1, 1, metrics, 0.25);
    }

    private static List<FaultExperiments.CoveragePoint> coveragePoints() {
        List<FaultExperiments.CoveragePoint> points = new ArrayList<>();
        for (String algorithm : List.of("one-port", "multi-port", "flooding")) {
            for (int faults = 0; faults < 4; faults++) {
                double mean = 1 - 0.001 * faults;
                points.add(new FaultExperiments.CoveragePoint("scc:5", algorithm, FaultExperiments.Kind.LINKS, faults, 4, mean,
                        0.0005 * faults, mean, 1, 1, 4, 10, true, new Accounting(0, 0, 0, 0, 0, 0)));
            }
        }
        return points;
    }

    @Test
    void everySeriesOfEveryReportChartLooksItsOwn() {
        assertEverySeriesLooksItsOwn(TrafficChart.build("rnh:3,2", List.of(curve(16, 742.4))));
        assertEverySeriesLooksItsOwn(TrafficChart.build("rnh:3,2", List.of(curve(16, 70))));
        assertEverySeriesLooksItsOwn(TrafficChart.build("002 Fig. 3c: rnh:3,2, V = 4", List.of(curve(16, 742.4), curve(32, 900),
                curve(64, 1500))));
        assertEverySeriesLooksItsOwn(CoverageChart.build(List.of(run("multi-port", 1), run("one-port", 7), run("one-port", 8))));
        assertEverySeriesLooksItsOwn(icn.scenarios.faults.FaultCharts.coverageChart(coveragePoints(), 7));
    }

    @Test
    void slotsPastThePalettesEndStillLookTheirOwn() {
        Set<List<Object>> looks = new HashSet<>();
        for (int slot = 0; slot < 4 * Charts.PALETTE.size(); slot++) {
            List<Object> look = List.of(Charts.colour(slot), Arrays.toString(Charts.line(slot).getDashArray()), Charts.marker(slot));
            assertTrue(looks.add(look), "slot " + slot + " looks like an earlier one");
        }
        for (int slot = 0; slot < Charts.PALETTE.size(); slot++) {
            assertNotEquals(Charts.STAR, Charts.marker(slot), "the star is no slot's marker");
        }
        assertEquals(Charts.aboveTheAxis(Charts.STAR), Charts.aboveTheAxis(Charts.STAR));
        assertNotEquals(Charts.aboveTheAxis(Charts.STAR), Charts.aboveTheAxis(Charts.marker(0)));
        assertNotEquals(Charts.STAR, Charts.aboveTheAxis(Charts.STAR));
    }

    @Test
    void aLatencyAboveTheAxisIsDrawnAtItsTopWithAMarkerAndALegendEntryOfItsOwn() {
        XYChart chart = TrafficChart.build("rnh:3,2", List.of(curve(16, 742.4)));
        double top = chart.getStyler().getYAxisMax();
        assertTrue(top >= 63 + 1.2 && top < 742.4, "the axis ends above the steady points, below the saturated one: " + top);
        XYSeries above = seriesNamed(chart, "above the axis");
        assertTrue(above.getName().contains("saturated") && above.getName().contains("value in the table"), above.getName());
        assertArrayEquals(new double[] {RATES[3]}, above.getXData());
        assertArrayEquals(new double[] {top}, above.getYData());
        assertEquals(Charts.aboveTheAxis(Charts.STAR), above.getMarker());
        assertTrue(above.isShowInLegend());
        XYSeries steady = seriesNamed(chart, "95 % interval");
        assertArrayEquals(new double[] {50, 55, 63}, steady.getYData());
        assertArrayEquals(new double[] {1, 1, 1.2}, steady.getExtraValues());
        for (XYSeries s : chart.getSeriesMap().values()) {
            assertTrue(Arrays.stream(s.getYData()).allMatch(y -> y <= top), s.getName() + " runs above the axis");
        }

        XYChart onScale = TrafficChart.build("rnh:3,2", List.of(curve(16, 70)));
        XYSeries saturated = seriesNamed(onScale, "saturated");
        assertArrayEquals(new double[] {70}, saturated.getYData(), "a saturated point under the top is drawn where it lies");
        assertEquals(Charts.STAR, saturated.getMarker());
        assertTrue(saturated.isShowInLegend());
    }

    private static XYSeries seriesNamed(XYChart chart, String part) {
        List<XYSeries> found = chart.getSeriesMap().values().stream().filter(s -> s.getName().contains(part)).toList();
        assertEquals(1, found.size(), part + " in " + chart.getSeriesMap().keySet());
        return found.get(0);
    }
}
