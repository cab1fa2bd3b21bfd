package icn.scenarios.routing000;

import icn.scenarios.claims.PaperFormulas;
import icn.scenarios.routing.RouteReports;
import icn.scenarios.report.Charts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.XYChart;

/**
 * 000 Figs. 4, 5 and 6 and Table 2 drawn from {@link Measurement}s: each figure as a PNG and an SVG ({@link Charts}) and its data as
 * a CSV beside them. Measured values are lines with filled markers; 000's closed forms ({@link PaperFormulas}: Eqs. 6, 9, 12, 14)
 * are dashed lines of the same colour, and the values 000 Table 1 prints hollow markers of that colour.
 */
public final class Figures000 {

    public static final String FIGURE4 = "fig4-average-distances-minimal";
    public static final String FIGURE5 = "fig5-mb-local-per-algorithm";
    public static final String FIGURE6 = "fig6-cost-distribution";
    public static final String TABLE2 = "table2-average-costs.csv";

    // Charts' palette slots: blue, vermillion, bluish green, reddish purple, black
    private static final int BLUE = 0;
    private static final int VERMILLION = 1;
    private static final int GREEN = 2;
    private static final int PURPLE = 4;
    private static final int BLACK = Charts.BLACK_SLOT;

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
        XYChart chart = axes(Charts.title("000 Fig. 4: average distances to the identity", range(ms), "minimal routing (Alg. 3)",
                "none (every node routed)"), "n", "average number of links");
        measured(chart, "lateral", n, column(ms, m -> m.minimal().meanLateral()), BLUE);
        formula(chart, "lateral, Eq. 6", n, column(ms, m -> PaperFormulas.averageLateral(m.n())), BLUE);
        printed(chart, "lateral, paper 000 Table 1", ms, "t1Lateral", BLUE);
        measured(chart, "MI local", n, column(ms, m -> m.minimal().meanMiLocal()), VERMILLION);
        formula(chart, "MI local, Eq. 9", n, column(ms, m -> PaperFormulas.averageMiLocal(m.n())), VERMILLION);
        printed(chart, "MI local, paper 000 Table 1", ms, "t1MiLocal", VERMILLION);
        measured(chart, "MB local", n, column(ms, m -> m.minimal().meanMbLocal()), GREEN);
        formula(chart, "MB local bound, Eq. 12", n, column(ms, m -> PaperFormulas.averageMbLocalRandom(m.n())), GREEN);
        printed(chart, "MB local, paper 000 Table 1", ms, "t1MbLocal", GREEN);
        measured(chart, "total", n, column(ms, m -> m.minimal().meanCost()), BLACK);
        formula(chart, "total bound, Eq. 14", n, column(ms, m -> PaperFormulas.averageDistanceBound(m.n())), BLACK);
        printed(chart, "total, paper 000 Table 1", ms, "t1Distance", BLACK);
        StringBuilder csv = new StringBuilder("n,nodes,lateral,mi_local,mb_local,total,eq6_lateral,eq9_mi_local,eq12_mb_local_random,eq14_distance_bound\n");
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
        XYChart chart = axes(Charts.title("000 Fig. 5: MB(loc) per routing algorithm, to the identity", range(ms),
                "minimal, greedy, random", String.valueOf(ms.get(0).random().seed())), "n", "average number of MB local links");
        measured(chart, "minimal", n, column(ms, m -> m.minimal().meanMbLocal()), BLUE);
        printed(chart, "minimal, paper 000 Table 1", ms, "t1MbLocal", BLUE);
        measured(chart, "greedy", n, column(ms, m -> m.greedy().meanMbLocal()), VERMILLION);
        formula(chart, "random ordering of r-cycles, Eq. 12", n, column(ms, m -> PaperFormulas.averageMbLocalRandom(m.n())), BLACK);
        Charts.measured(chart, GREEN, "random (mean over draws, bars ± 1 sd)", n, column(ms, m -> m.random().meanMbLocal()),
                column(ms, m -> m.random().mbStdDev()));
        StringBuilder csv = new StringBuilder("n,minimal,greedy,random_mean_over_draws,random_std_dev,random_draws,random_expected,"
                + "random_worst_case,eq12_mb_local_random\n");
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
        XYChart chart = axes(Charts.title("000 Fig. 6: D_I × N_I distribution curves", "SCC_" + m.n() + " (" + String.format(Locale.ROOT,
                "%,d", m.nodes()) + " nodes)", "minimal, greedy, random", String.valueOf(m.random().seed())),
                "route cost to the identity D_I (links)", "nodes N_I");
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        chart.getStyler().setXAxisMin(0.0);
        measured(chart, "minimal", d, doubles(minimal, costs), BLUE);
        measured(chart, "greedy", d, doubles(greedy, costs), VERMILLION);
        measured(chart, "random (average over " + m.random().draws() + " draws)", d, pad(random, costs), GREEN);
        measured(chart, "random, worst case", d, doubles(worst, costs), PURPLE);
        StringBuilder csv = new StringBuilder("cost,minimal,greedy,random_average,random_worst_case\n");
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
        StringBuilder csv = new StringBuilder("n,nodes,minimal,greedy,random_eq14,random_mean_over_draws,random_std_dev,random_ci95_low,random_ci95_high,"
                + "random_draws,random_seed,random_expected,random_uniform_over_routes,random_worst_case,wall_seconds\n");
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

    private static String range(List<Measurement> ms) {
        return ms.size() == 1 ? "SCC_" + ms.get(0).n() : "SCC_" + ms.get(0).n() + " … SCC_" + ms.get(ms.size() - 1).n();
    }

    // n and costs on the x axis are whole numbers; counts of links and of nodes start at 0, their honest origin, unless they lie in a
    // narrow band far from it (Charts' default, fitted when saved)
    private static XYChart axes(String title, String x, String y) {
        XYChart chart = Charts.xy(title, x, y);
        Charts.integerXAxis(chart);
        return chart;
    }

    private static void measured(XYChart chart, String name, double[] x, double[] y, int slot) {
        Charts.measured(chart, slot, name, x, y);
    }

    private static void formula(XYChart chart, String name, double[] x, double[] y, int slot) {
        Charts.reference(chart, slot, name, x, y).setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
    }

    /** The values 000 Table 1 prints in {@code column}, at the n it prints them for: hollow markers, no line. */
    private static void printed(XYChart chart, String name, List<Measurement> ms, String column, int slot) {
        List<Measurement> with = ms.stream().filter(m -> !Double.isNaN(RouteReports.printed(m.n(), column))).toList();
        if (!with.isEmpty()) {
            Charts.printed(chart, slot, name, column(with, m -> m.n()), column(with, m -> RouteReports.printed(m.n(), column)));
        }
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
        Charts.Saved saved = Charts.save(chart, dir, name);
        Path data = dir.resolve(name + ".csv");
        Files.writeString(data, csv);
        return List.of(saved.png(), saved.svg(), data);
    }
}
