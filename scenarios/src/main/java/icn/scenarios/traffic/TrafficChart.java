package icn.scenarios.traffic;

import java.awt.BasicStroke;
import java.awt.Color;
import icn.scenarios.report.Charts;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Mean message latency against the generation rate λ_g in the style of 002 Fig. 3: the model as dashed lines (002's Eq. 1 long
 * dashes, our counted-once reading dots), the zero-load latency M − 1 + the mean BFS distance as a dash-dotted horizontal line, the
 * simulation as points with their 95 % intervals as error bars, saturated points as stars (those above the axis at its top, with an
 * arrow), each kind in the legend, and the rates at which the simulation and the model saturate as dotted vertical lines, labelled.
 * One colour per curve ({@link Charts}' palette); the latency axis starts at zero and ends a little above the highest unsaturated
 * value, so that a saturated latency (hundreds of cycles) does not flatten the curves; PNG and SVG.
 */
public final class TrafficChart {

    /** How much room the latency axis leaves above the highest unsaturated value and its interval. */
    private static final double HEADROOM = 1.3;

    /**
     * The kinds of measured point, each a series of its own with its own marker and legend entry: a reader must tell a saturated
     * network's mean (of what it delivered) from a steady-state one, and a point drawn at the axis top from one measured there. The
     * axis ends above every steady-state point ({@link #latencyAxisTop}), so only a saturated one lies above it.
     */
    private enum Measured {
        STEADY("measured, 95 % interval"),
        SATURATED("measured, saturated"),
        SATURATED_ABOVE("measured, saturated, above the axis: drawn at its top (value in the table)");

        private final String legend;

        Measured(String legend) {
            this.legend = legend;
        }

        static Measured of(boolean saturated, boolean above) {
            return !saturated ? STEADY : above ? SATURATED_ABOVE : SATURATED;
        }

        Marker marker(int slot) {
            return switch (this) {
                case STEADY -> Charts.marker(slot);
                case SATURATED -> Charts.STAR;
                case SATURATED_ABOVE -> Charts.aboveTheAxis(Charts.STAR);
            };
        }
    }

    private TrafficChart() {
    }

    /** The chart of {@code curves} (several message lengths of one network, or one curve), titled {@code title}. */
    public static XYChart build(String heading, List<TrafficExperiment.Curve> curves) {
        return build(heading, curves, null);
    }

    /**
     * The chart of {@code curves} with the series named by {@code names} (null: by message length where there are several), without
     * the zero-load lines where names are given (curves of several networks and routings: their zero-load values are in the
     * report's table).
     */
    public static XYChart build(String heading, List<TrafficExperiment.Curve> curves, List<String> names) {
        String title = heading + (heading.contains("seed") ? "" : ", " + String.join(", ", curves.stream().map(c -> c.settings().routing())
                .distinct().toList()) + ", seed " + String.join(", ", curves.stream().map(c -> String.valueOf(c.settings().seed())).distinct()
                .toList()));
        XYChart chart = Charts.xy(title, "generation rate λ_g (messages/node/cycle)", "mean message latency (cycles)");
        Styler styler = chart.getStyler();
        if (curves.size() == 1) {
            styler.setLegendPosition(Styler.LegendPosition.InsideNW);
        }
        chart.getStyler().setXAxisDecimalPattern("0.0000");
        chart.getStyler().setXAxisTickMarkSpacingHint(110); // labels of 6 characters
        double xEnd = 1.04 * curves.stream().flatMap(c -> c.points().stream()).filter(TrafficPoint::run).mapToDouble(TrafficPoint::rate)
                .max().orElse(0);
        double yMax = latencyAxisTop(curves);
        chart.getStyler().setXAxisMin(0.0).setXAxisMax(xEnd);
        chart.getStyler().setYAxisMax(yMax);
        boolean crowded = names != null && curves.size() > 1;
        if (crowded) {
            // curves of several networks or routings crowd near zero load, where they differ by a few cycles: a log axis keeps them
            // apart there and still shows where each one climbs
            double low = curves.stream().flatMap(c -> c.points().stream()).filter(p -> p.run() && !Double.isNaN(p.latency().mean()))
                    .mapToDouble(p -> p.latency().mean()).min().orElse(1);
            chart.getStyler().setYAxisLogarithmic(true);
            chart.getStyler().setYAxisMin(Math.max(1, low * 0.8));
            chart.setYAxisTitle("mean message latency (cycles, log scale)");
        }
        for (int i = 0; i < curves.size(); i++) {
            TrafficExperiment.Curve c = curves.get(i);
            String name = names != null ? names.get(i) + " " : curves.size() == 1 ? "" : "M=" + c.settings().flits() + " ";
            addModel(chart, c, name, i, xEnd, yMax);
            addMeasured(chart, c, name, i, yMax);
            if (names == null && !Double.isNaN(c.zeroLoadLatency()) && c.zeroLoadLatency() <= yMax) {
                Charts.horizontalReference(chart, i, name + String.format(Locale.ROOT, "zero load: M − 1 + BFS mean distance = %.1f",
                        c.zeroLoadLatency()), c.zeroLoadLatency(), 0, xEnd).setLineStyle(Charts.referenceLine(2));
            }
            double saturation = c.saturationRate();
            if (curves.size() > 1) {
                continue; // on a panel of several curves the labels would collide: each model line ends where it saturates
            }
            if (!Double.isNaN(saturation)) {
                mark(chart, saturation, name + "simulation saturated", xEnd, yMax, 0.92 - 0.05 * i);
            }
            if (!Double.isNaN(c.modelSaturation()) && c.modelSaturation() <= xEnd) {
                mark(chart, c.modelSaturation(), name + "model saturates", xEnd, yMax, 0.72 - 0.05 * i);
            }
        }
        return chart;
    }

    /**
     * {@link #HEADROOM} times the highest unsaturated latency with its interval, or, where every point saturated, times the highest
     * measured latency: the points above it are drawn at the top with an arrow.
     */
    private static double latencyAxisTop(List<TrafficExperiment.Curve> curves) {
        List<TrafficPoint> measured = curves.stream().flatMap(c -> c.points().stream()).filter(p -> p.run() && !Double.isNaN(p.latency()
                .mean())).toList();
        double steady = measured.stream().filter(p -> !p.saturated()).mapToDouble(p -> p.latency().mean() + (Double.isNaN(p.latency()
                .ci95()) ? 0 : p.latency().ci95())).max().orElse(0);
        return HEADROOM * (steady > 0 ? steady : measured.stream().mapToDouble(p -> p.latency().mean()).max().orElse(0));
    }

    private static void addModel(XYChart chart, TrafficExperiment.Curve c, String name, int slot, double xMax, double yMax) {
        java.util.Optional<icn.scenarios.claims.LatencyModel> model = TrafficExperiment.model(c.settings());
        if (model.isEmpty()) {
            return;
        }
        double end = Double.isNaN(c.modelSaturation()) ? xMax : Math.min(xMax, c.modelSaturation());
        for (int reading = 0; reading < 2; reading++) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            int steps = 40; // a dash pattern restarts on every segment: fewer, longer segments keep it visible
            for (int k = 1; k <= steps; k++) {
                double r = end * k / steps * (1 - 1e-9);
                var solution = (reading == 0 ? model.get().printed() : model.get().countedOnce()).apply(r);
                if (solution.isPresent() && solution.get().latency() <= yMax) {
                    xs.add(r);
                    ys.add(solution.get().latency());
                }
            }
            if (xs.isEmpty() || (reading == 1 && !model.get().twoReadings())) {
                continue; // a model that counts everything once already (the hypercube's) has one reading
            }
            XYSeries s = Charts.reference(chart, slot, name + (reading == 0 ? "model, paper 002 Eq. 1" : "model, M−1 once (ours)"),
                    doubles(xs), doubles(ys));
            s.setMarker(SeriesMarkers.NONE); // a curve evaluated at many rates: its points mean nothing apart
            s.setLineStyle(Charts.referenceLine(reading));
        }
    }

    /**
     * The measured points of {@code c}, a series per {@link Measured} kind that has any: a point above {@code yMax} at {@code yMax},
     * its value left to the table; 95 % intervals on the steady-state points only (a saturated run has no steady state to bound).
     */
    private static void addMeasured(XYChart chart, TrafficExperiment.Curve c, String name, int slot, double yMax) {
        Map<Measured, List<double[]>> kinds = new EnumMap<>(Measured.class);
        for (TrafficPoint p : c.points()) {
            if (!p.run() || Double.isNaN(p.latency().mean())) {
                continue;
            }
            boolean above = p.latency().mean() > yMax;
            double ci = Double.isNaN(p.latency().ci95()) ? 0 : Math.min(p.latency().ci95(), 0.9 * p.latency().mean()); // above 0 on a log axis
            kinds.computeIfAbsent(Measured.of(p.saturated(), above), k -> new ArrayList<>()).add(new double[] {p.rate(),
                    Math.min(p.latency().mean(), yMax), ci});
        }
        for (Map.Entry<Measured, List<double[]>> e : kinds.entrySet()) {
            Measured kind = e.getKey();
            double[] x = column(e.getValue(), 0);
            double[] y = column(e.getValue(), 1);
            XYSeries s = kind == Measured.STEADY ? Charts.measured(chart, slot, name + kind.legend, x, y, column(e.getValue(), 2))
                    : Charts.measured(chart, slot, name + kind.legend, x, y);
            // the steady-state points of a curve are joined (a reader follows one curve among several); saturated ones stand alone
            s.setXYSeriesRenderStyle(kind == Measured.STEADY && x.length > 1 ? XYSeries.XYSeriesRenderStyle.Line
                    : XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(kind.marker(slot));
        }
    }

    private static double[] column(List<double[]> rows, int column) {
        return rows.stream().mapToDouble(row -> row[column]).toArray();
    }

    private static double[] doubles(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** A dotted vertical line at rate {@code x} (XChart draws every annotation line in one colour: black here) with its label. */
    private static void mark(XYChart chart, double x, String text, double xEnd, double yMax, double height) {
        chart.addAnnotation(new AnnotationLine(x, true, false));
        // the label is centred on its x: keep it inside the plot near the right edge
        double labelX = Math.min(x, xEnd * 0.86);
        chart.addAnnotation(new AnnotationText(String.format(Locale.ROOT, "%s (λ=%.5f)", text, x), labelX, yMax * height, false));
        chart.getStyler().setAnnotationLineColor(Color.BLACK); // light grey vanished on white
        chart.getStyler().setAnnotationLineStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                new float[] {2f, 4f}, 0f));
    }

    /**
     * Accepted against offered traffic, both in flits per node per cycle (what BookSim reports): one joined curve per network,
     * routing or message length, and the line accepted = offered, which a network follows until it saturates.
     */
    public static XYChart accepted(String heading, List<TrafficExperiment.Curve> curves, List<String> names) {
        XYChart chart = Charts.xy("Accepted against offered: " + heading, "offered (flits/node/cycle)", "accepted (flits/node/cycle)");
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setXAxisDecimalPattern("0.000");
        double end = 0;
        for (int i = 0; i < curves.size(); i++) {
            List<TrafficPoint> run = curves.get(i).points().stream().filter(p -> p.run() && !Double.isNaN(p.offered())
                    && !Double.isNaN(p.accepted())).toList();
            if (run.isEmpty()) {
                continue;
            }
            String name = names != null ? names.get(i) : curves.size() == 1 ? "measured" : "M=" + curves.get(i).settings().flits();
            XYSeries s = Charts.measured(chart, i, name, run.stream().mapToDouble(TrafficPoint::offered).toArray(),
                    run.stream().mapToDouble(TrafficPoint::accepted).toArray());
            s.setXYSeriesRenderStyle(run.size() > 1 ? XYSeries.XYSeriesRenderStyle.Line : XYSeries.XYSeriesRenderStyle.Scatter);
            end = Math.max(end, run.stream().mapToDouble(p -> Math.max(p.offered(), p.accepted())).max().orElse(0));
        }
        if (end > 0) {
            XYSeries diagonal = Charts.reference(chart, Charts.BLACK_SLOT, "accepted = offered", new double[] {0, end}, new double[] {0, end});
            diagonal.setMarker(SeriesMarkers.NONE);
            diagonal.setLineStyle(Charts.referenceLine(0));
            chart.getStyler().setXAxisMin(0.0).setXAxisMax(end * 1.04).setYAxisMin(0.0).setYAxisMax(end * 1.04);
        }
        return chart;
    }

    /**
     * The latency histogram of a curve: for each rate run, the share of its measured messages per cycle of latency in each bin (a
     * density: bins differ in width), as a joined curve (bins at their middles), from {@code bins}: rows of (rate, from, to, messages).
     */
    public static XYChart histogram(String heading, List<double[]> bins) {
        XYChart chart = Charts.xy("Latency histogram: " + heading, "message latency (cycles)",
                "share of the rate's messages per cycle of latency");
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
        java.util.Map<Double, List<double[]>> byRate = new java.util.TreeMap<>();
        bins.forEach(b -> byRate.computeIfAbsent(b[0], r -> new ArrayList<>()).add(b));
        int slot = 0;
        for (Map.Entry<Double, List<double[]>> e : byRate.entrySet()) {
            double total = e.getValue().stream().mapToDouble(b -> b[3]).sum();
            if (total <= 0) {
                continue;
            }
            double[] x = e.getValue().stream().mapToDouble(b -> (b[1] + b[2]) / 2).toArray();
            // bins differ in width from rate to rate: the share per cycle of latency (a density) is comparable, a bin's share not
            double[] y = e.getValue().stream().mapToDouble(b -> b[3] / total / Math.max(1, b[2] - b[1])).toArray();
            XYSeries s = Charts.measured(chart, slot++, "λ=" + TrafficReport.rate(e.getKey()), x, y);
            s.setXYSeriesRenderStyle(x.length > 1 ? XYSeries.XYSeriesRenderStyle.Line : XYSeries.XYSeriesRenderStyle.Scatter);
        }
        chart.getStyler().setYAxisMin(0.0);
        return chart;
    }

    /** Writes {@code png} and the SVG beside it ({@code latency.png}, {@code latency.svg}). */
    public static Charts.Saved write(String title, List<TrafficExperiment.Curve> curves, Path png) throws IOException {
        return Charts.save(build(title, curves), png);
    }

    /** {@link #write} with the series named by {@code names}. */
    public static Charts.Saved write(String title, List<TrafficExperiment.Curve> curves, List<String> names, Path png) throws IOException {
        return Charts.save(build(title, curves, names), png);
    }
}
