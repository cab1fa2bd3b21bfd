package icn.scenarios.traffic;

import java.awt.BasicStroke;
import java.awt.Color;
import icn.scenarios.report.Charts;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Mean message latency against the generation rate λ_g in the style of 002 Fig. 3: the model as dashed lines (002's Eq. 1 long
 * dashes, our counted-once reading short ones), the zero-load latency M − 1 + the mean BFS distance as a dashed horizontal line, the
 * simulation as points with their 95 % intervals as error bars, saturated points as triangles, and the rates at which the simulation
 * and the model saturate as dotted vertical lines, labelled. One colour per curve ({@link Charts}' palette); the latency axis starts
 * at zero and ends a little above the highest unsaturated value; PNG and SVG.
 */
public final class TrafficChart {

    private static final BasicStroke COUNTED_ONCE = new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
            new float[] {2f, 4f}, 0f);

    private TrafficChart() {
    }

    /** The chart of {@code curves} (several message lengths of one network, or one curve), titled {@code title}. */
    public static XYChart build(String heading, List<TrafficExperiment.Curve> curves) {
        String title = heading + (heading.contains("seed") ? "" : ", " + String.join(", ", curves.stream().map(c -> c.settings().routing())
                .distinct().toList()) + ", seed " + String.join(", ", curves.stream().map(c -> String.valueOf(c.settings().seed())).distinct()
                .toList())) + " (triangles: saturated)";
        XYChart chart = Charts.xy(title, "generation rate λ_g (messages/node/cycle)", "mean message latency (cycles)");
        Styler styler = chart.getStyler();
        if (curves.size() == 1) {
            styler.setLegendPosition(Styler.LegendPosition.InsideNW);
        }
        chart.getStyler().setXAxisDecimalPattern("0.0000");
        chart.getStyler().setXAxisTickMarkSpacingHint(110); // labels of 6 characters
        double xMax = 0;
        double yMax = 0;
        for (TrafficExperiment.Curve c : curves) {
            for (TrafficPoint p : c.points()) {
                if (p.run()) {
                    xMax = Math.max(xMax, p.rate());
                }
                if (p.run() && !p.saturated()) {
                    yMax = Math.max(yMax, p.latency().mean() + (Double.isNaN(p.latency().ci95()) ? 0 : p.latency().ci95()));
                }
            }
        }
        if (yMax == 0) { // everything saturated: show the measured values as they are
            for (TrafficExperiment.Curve c : curves) {
                for (TrafficPoint p : c.points()) {
                    if (p.run() && !Double.isNaN(p.latency().mean())) {
                        yMax = Math.max(yMax, p.latency().mean());
                    }
                }
            }
        }
        yMax = yMax * 1.3;
        chart.getStyler().setXAxisMin(0.0).setXAxisMax(xMax * 1.04);
        chart.getStyler().setYAxisMax(yMax);
        for (int i = 0; i < curves.size(); i++) {
            TrafficExperiment.Curve c = curves.get(i);
            String name = curves.size() == 1 ? "" : "M=" + c.settings().flits() + " ";
            addModel(chart, c, name, i, xMax * 1.04, yMax);
            addMeasured(chart, c, name, i, yMax);
            if (!Double.isNaN(c.zeroLoadLatency()) && c.zeroLoadLatency() <= yMax) {
                Charts.horizontalReference(chart, i, name + String.format(Locale.ROOT, "zero load: M − 1 + BFS mean distance = %.1f",
                        c.zeroLoadLatency()), c.zeroLoadLatency(), 0, xMax * 1.04);
            }
            double saturation = c.saturationRate();
            if (curves.size() > 1) {
                continue; // on a panel of several curves the labels would collide: each model line ends where it saturates
            }
            if (!Double.isNaN(saturation)) {
                mark(chart, saturation, name + "simulation saturated", xMax * 1.04, yMax, 0.92 - 0.05 * i);
            }
            if (!Double.isNaN(c.modelSaturation()) && c.modelSaturation() <= xMax * 1.04) {
                mark(chart, c.modelSaturation(), name + "model saturates", xMax * 1.04, yMax, 0.72 - 0.05 * i);
            }
        }
        return chart;
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
                    xs.stream().mapToDouble(Double::doubleValue).toArray(), ys.stream().mapToDouble(Double::doubleValue).toArray());
            s.setMarker(SeriesMarkers.NONE); // a curve evaluated at many rates: its points mean nothing apart
            if (reading == 1) {
                s.setLineStyle(COUNTED_ONCE);
            }
        }
    }

    private static void addMeasured(XYChart chart, TrafficExperiment.Curve c, String name, int slot, double yMax) {
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        List<Double> err = new ArrayList<>();
        List<Double> sx = new ArrayList<>();
        List<Double> sy = new ArrayList<>();
        for (TrafficPoint p : c.points()) {
            if (!p.run() || Double.isNaN(p.latency().mean())) {
                continue;
            }
            if (p.saturated()) { // off the scale: drawn at its top edge
                sx.add(p.rate());
                sy.add(Math.min(p.latency().mean(), yMax * 0.98));
                continue;
            }
            x.add(p.rate());
            y.add(p.latency().mean());
            err.add(Double.isNaN(p.latency().ci95()) ? 0 : p.latency().ci95());
        }
        if (!x.isEmpty()) {
            XYSeries s = Charts.measured(chart, slot, name + "measured, 95 % interval", doubles(x), doubles(y), doubles(err));
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        }
        if (!sx.isEmpty()) {
            XYSeries s = Charts.measured(chart, slot, name + "simulation, saturated (at the top edge if off the scale)", doubles(sx), doubles(sy));
            s.setShowInLegend(false); // the title says what the triangles are
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(SeriesMarkers.TRIANGLE_UP);
        }
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

    /** Writes {@code png} and the SVG beside it ({@code latency.png}, {@code latency.svg}). */
    public static Charts.Saved write(String title, List<TrafficExperiment.Curve> curves, Path png) throws IOException {
        return Charts.save(build(title, curves), png);
    }
}
