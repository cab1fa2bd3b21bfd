package icn.scenarios;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The fraction of nodes holding the first message after each step, one series per run, as a PNG (XChart, drawn headless). */
public final class CoverageChart {

    static {
        // before XChart touches AWT: reports are written on servers without a display
        System.setProperty("java.awt.headless", "true");
    }

    private CoverageChart() {
    }

    public static XYChart build(List<BroadcastRun> runs) {
        XYChart chart = new XYChartBuilder().width(900).height(560).title("Broadcast coverage (first message)")
                .xAxisTitle("step").yAxisTitle("informed fraction").build();
        chart.getStyler().setYAxisMin(0.0).setYAxisMax(1.0);
        Set<String> names = new HashSet<>();
        for (BroadcastRun run : runs) {
            long[] informed = run.metrics().informedAfterEachStep(0);
            double[] x = new double[informed.length];
            double[] y = new double[informed.length];
            for (int s = 0; s < informed.length; s++) {
                x[s] = s;
                y[s] = (double) informed[s] / run.nodes();
            }
            chart.addSeries(uniqueName(names, seriesName(run)), x, y).setMarker(SeriesMarkers.NONE);
        }
        return chart;
    }

    /** "scc:6 one-port", with " B=k" when more than one message was pipelined. */
    static String seriesName(BroadcastRun run) {
        return run.topology() + " " + run.algorithm() + (run.messages() > 1 ? " B=" + run.messages() : "");
    }

    // XChart refuses two series of one name
    private static String uniqueName(Set<String> names, String name) {
        String unique = name;
        for (int k = 2; !names.add(unique); k++) {
            unique = name + " (" + k + ")";
        }
        return unique;
    }

    public static void write(List<BroadcastRun> runs, Path png) throws IOException {
        XYChart chart = build(runs);
        try (OutputStream out = Files.newOutputStream(png)) {
            BitmapEncoder.saveBitmap(chart, out, BitmapFormat.PNG);
        }
    }
}
