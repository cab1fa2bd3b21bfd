package icn.scenarios.routing000;

import icn.scenarios.PaperFormulas;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * 000 Figs. 4, 5 and 6 and Table 2 drawn from {@link Measurement}s: each figure as a PNG (XChart, headless) and its data as a CSV
 * beside it. Measured values are solid lines with markers; 000's closed forms ({@link PaperFormulas}: Eqs. 6, 9, 12, 14) are
 * dashed lines of the same colour.
 */
public final class Figures000 {

    static {
        System.setProperty("java.awt.headless", "true"); // before XChart touches AWT: reports are written on servers without a display
    }

    public static final String FIGURE4 = "fig4-average-distances-minimal";
    public static final String FIGURE5 = "fig5-mb-local-per-algorithm";
    public static final String FIGURE6 = "fig6-cost-distribution";
    public static final String TABLE2 = "table2-average-costs.csv";

    // colour-blind safe (Okabe–Ito), as the traffic charts
    private static final Color BLUE = new Color(0x0072B2);
    private static final Color VERMILLION = new Color(0xD55E00);
    private static final Color GREEN = new Color(0x009E73);
    private static final Color PURPLE = new Color(0xCC79A7);
    private static final Color BLACK = Color.BLACK;
    private static final BasicStroke SOLID = new BasicStroke(2f);
    private static final BasicStroke DASHED = new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {7f, 5f}, 0f);

    private Figures000() {
    }

    /** Figs. 4 and 5 over all measurements, Fig. 6 for the largest n, and Table 2; returns the files written. */
    public static List<Path> writeAll(List<Measurement> measurements, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        written.addAll(writeFigure4(measurements, dir));
        written.addAll(writeFigure5(measurements, dir));
        Measurement largest = measurements.stream().max(Comparator.comparingInt(Measurement::n)).orElseThrow();
        written.addAll(writeFigure6(largest, dir));
        written.add(writeTable2(measurements, dir));
        return written;
    }

    /** 000 Fig. 4: lateral, MI local, MB local and total average distances under minimal routing against n, with Eqs. 6, 9, 12, 14. */
    public static List<Path> writeFigure4(List<Measurement> measurements, Path dir) throws IOException {
        List<Measurement> ms = sorted(measurements);
        double[] n = column(ms, m -> m.n());
        XYChart chart = axes("000 Fig. 4: average distances under minimal routing (SCC_n, to the identity)", "n", "average number of links");
        integerTicks(chart, ms.size());
        measured(chart, "lateral", n, column(ms, m -> m.minimal().meanLateral()), BLUE);
        formula(chart, "lateral, Eq. 6", n, column(ms, m -> PaperFormulas.averageLateral(m.n())), BLUE);
        measured(chart, "MI local", n, column(ms, m -> m.minimal().meanMiLocal()), VERMILLION);
        formula(chart, "MI local, Eq. 9", n, column(ms, m -> PaperFormulas.averageMiLocal(m.n())), VERMILLION);
        measured(chart, "MB local", n, column(ms, m -> m.minimal().meanMbLocal()), GREEN);
        formula(chart, "MB local bound, Eq. 12", n, column(ms, m -> PaperFormulas.averageMbLocalRandom(m.n())), GREEN);
        measured(chart, "total", n, column(ms, m -> m.minimal().meanCost()), BLACK);
        formula(chart, "total bound, Eq. 14", n, column(ms, m -> PaperFormulas.averageDistanceBound(m.n())), BLACK);
        StringBuilder csv = new StringBuilder("n,nodes,lateral,miLocal,mbLocal,total,eq6Lateral,eq9MiLocal,eq12MbLocalRandom,eq14DistanceBound\n");
        for (Measurement m : ms) {
            csv.append(row(m.n(), m.nodes(), m.minimal().meanLateral(), m.minimal().meanMiLocal(), m.minimal().meanMbLocal(),
                    m.minimal().meanCost(), PaperFormulas.averageLateral(m.n()), PaperFormulas.averageMiLocal(m.n()),
                    PaperFormulas.averageMbLocalRandom(m.n()), PaperFormulas.averageDistanceBound(m.n())));
        }
        return write(chart, csv, dir, FIGURE4);
    }

    /** 000 Fig. 5: mean MB(loc) per routing algorithm against n; random as the mean over draws ± their standard deviation; Eq. 12. */
    public static List<Path> writeFigure5(List<Measurement> measurements, Path dir) throws IOException {
        List<Measurement> ms = sorted(measurements);
        double[] n = column(ms, m -> m.n());
        XYChart chart = axes("000 Fig. 5: MB(loc) vs. routing algorithm (SCC_n, to the identity)", "n", "average number of MB local links");
        integerTicks(chart, ms.size());
        measured(chart, "minimal", n, column(ms, m -> m.minimal().meanMbLocal()), BLUE);
        measured(chart, "greedy", n, column(ms, m -> m.greedy().meanMbLocal()), VERMILLION);
        formula(chart, "random ordering of r-cycles, Eq. 12", n, column(ms, m -> PaperFormulas.averageMbLocalRandom(m.n())), BLACK);
        double[] spread = column(ms, m -> Double.isNaN(m.random().mbStdDev()) ? 0 : m.random().mbStdDev());
        XYSeries random = chart.addSeries("random (mean over draws, bars ± 1 sd)", n, column(ms, m -> m.random().meanMbLocal()), spread);
        style(random, GREEN, SOLID, true);
        StringBuilder csv = new StringBuilder("n,minimal,greedy,randomMeanOverDraws,randomStdDev,randomDraws,randomExpected,"
                + "randomWorstCase,eq12MbLocalRandom\n");
        for (Measurement m : ms) {
            double expectedMb = m.random().expectedCost() - m.random().meanLateral() - m.random().meanMiLocal();
            csv.append(row(m.n(), m.minimal().meanMbLocal(), m.greedy().meanMbLocal(), m.random().meanMbLocal(), m.random().mbStdDev(),
                    m.random().draws(), expectedMb, m.worstCase().meanMbLocal(), PaperFormulas.averageMbLocalRandom(m.n())));
        }
        return write(chart, csv, dir, FIGURE5);
    }

    /** 000 Fig. 6: D_I × N_I, the nodes whose route to the identity costs D_I, per algorithm, random's average and worst case. */
    public static List<Path> writeFigure6(Measurement m, Path dir) throws IOException {
        long[] minimal = m.minimal().histogram();
        long[] greedy = m.greedy().histogram();
        double[] random = m.random().meanHistogram();
        long[] worst = m.worstCase().histogram();
        int costs = Math.max(Math.max(minimal.length, greedy.length), Math.max(random.length, worst.length));
        double[] d = new double[costs];
        for (int c = 0; c < costs; c++) {
            d[c] = c;
        }
        XYChart chart = axes("000 Fig. 6: D_I × N_I distribution curves for SCC_" + m.n() + " (" + String.format(Locale.ROOT, "%,d", m.nodes())
                + " nodes)", "route cost to the identity D_I (links)", "nodes N_I");
        chart.getStyler().setXAxisDecimalPattern("0");
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        chart.getStyler().setXAxisMin(0.0);
        measured(chart, "minimal", d, doubles(minimal, costs), BLUE);
        measured(chart, "greedy", d, doubles(greedy, costs), VERMILLION);
        measured(chart, "random (average over " + m.random().draws() + " draws)", d, pad(random, costs), GREEN);
        measured(chart, "random, worst case", d, doubles(worst, costs), PURPLE);
        chart.getSeriesMap().values().forEach(s -> s.setMarker(SeriesMarkers.CIRCLE));
        StringBuilder csv = new StringBuilder("cost,minimal,greedy,randomAverage,randomWorstCase\n");
        for (int c = 0; c < costs; c++) {
            csv.append(row(c, at(minimal, c), at(greedy, c), c < random.length ? random[c] : 0.0, at(worst, c)));
        }
        return write(chart, csv, dir, FIGURE6 + "-scc" + m.n());
    }

    /**
     * 000 Table 2 measured: mean route cost per algorithm; random as the mean over draws with its standard deviation, 95 % interval
     * and the exact expectation; the worst case of random routing; Eq. 14 (000's "Theor." column) beside.
     */
    public static Path writeTable2(List<Measurement> measurements, Path dir) throws IOException {
        StringBuilder csv = new StringBuilder("n,nodes,minimal,greedy,randomEq14,randomMeanOverDraws,randomStdDev,randomCi95Low,randomCi95High,"
                + "randomDraws,randomSeed,randomExpected,randomUniformOverRoutes,randomWorstCase,wallSeconds\n");
        for (Measurement m : sorted(measurements)) {
            Measurement.RandomRouting r = m.random();
            csv.append(row(m.n(), m.nodes(), m.minimal().meanCost(), m.greedy().meanCost(), PaperFormulas.averageDistanceBound(m.n()),
                    r.meanOverDraws(), r.stdDev(), r.ci95Low(), r.ci95High(), r.draws(), r.seed(), r.expectedCost(), r.uniformRoutesCost(),
                    m.worstCase().mean(), m.wallSeconds()));
        }
        Path file = dir.resolve(TABLE2);
        Files.writeString(file, csv);
        return file;
    }

    private static List<Measurement> sorted(List<Measurement> ms) {
        return ms.stream().sorted(Comparator.comparingInt(Measurement::n)).toList();
    }

    private static double[] column(List<Measurement> ms, ToDoubleFunction<Measurement> f) {
        return ms.stream().mapToDouble(f).toArray();
    }

    private static XYChart axes(String title, String x, String y) {
        XYChart chart = new XYChartBuilder().width(1000).height(600).title(title).xAxisTitle(x).yAxisTitle(y).build();
        XYStyler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotGridLinesColor(new Color(0xDDDDDD));
        chart.getStyler().setYAxisMin(0.0); // counts of links and of nodes: 0 is their honest origin
        chart.getStyler().setErrorBarsColorSeriesColor(true);
        return chart;
    }

    // n on the x axis: a tick per integer, labelled only at integers
    private static void integerTicks(XYChart chart, int values) {
        chart.getStyler().setXAxisTickMarkSpacingHint(Math.max(40, 700 / Math.max(values, 1)));
        chart.setCustomXAxisTickLabelsFormatter(x -> Math.abs(x - Math.rint(x)) < 1e-9 ? Long.toString(Math.round(x)) : "");
    }

    private static void measured(XYChart chart, String name, double[] x, double[] y, Color colour) {
        style(chart.addSeries(name, x, y), colour, SOLID, true);
    }

    private static void formula(XYChart chart, String name, double[] x, double[] y, Color colour) {
        style(chart.addSeries(name, x, y), colour, DASHED, false);
    }

    private static void style(XYSeries s, Color colour, BasicStroke stroke, boolean marker) {
        s.setLineColor(colour);
        s.setLineStyle(stroke);
        s.setMarkerColor(colour);
        s.setMarker(marker ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
    }

    private static double[] doubles(long[] h, int length) {
        double[] d = new double[length];
        for (int c = 0; c < h.length; c++) {
            d[c] = h[c];
        }
        return d;
    }

    private static double[] pad(double[] h, int length) {
        return java.util.Arrays.copyOf(h, length);
    }

    private static long at(long[] h, int c) {
        return c < h.length ? h[c] : 0;
    }

    private static String row(Object... values) {
        StringBuilder b = new StringBuilder();
        for (Object v : values) {
            if (b.length() > 0) {
                b.append(',');
            }
            b.append(v instanceof Double d ? (Double.isNaN(d) ? "" : String.format(Locale.ROOT, "%.6f", d)) : String.valueOf(v));
        }
        return b.append('\n').toString();
    }

    private static List<Path> write(XYChart chart, StringBuilder csv, Path dir, String name) throws IOException {
        Files.createDirectories(dir);
        Path png = dir.resolve(name + ".png");
        try (OutputStream out = Files.newOutputStream(png)) {
            BitmapEncoder.saveBitmap(chart, out, BitmapFormat.PNG);
        }
        Path data = dir.resolve(name + ".csv");
        Files.writeString(data, csv);
        return List.of(png, data);
    }
}
