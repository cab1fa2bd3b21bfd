package icn.scenarios.broadcast;

import icn.protocols.BroadcastAlgorithm;
import icn.scenarios.claims.PaperFormulas;
import icn.scenarios.report.Charts;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.knowm.xchart.XYChart;

/**
 * The fraction of nodes holding the first message after each step, one series per run, beside the step after which 001 has every
 * node informed (Theorems 9 and 10, §8 for the sequences) as a dashed vertical line of the run's colour; a PNG and an SVG (XChart,
 * drawn headless, in {@link Charts}' style).
 */
public final class CoverageChart {

    private CoverageChart() {
    }

    public static XYChart build(List<BroadcastRun> runs) {
        XYChart chart = Charts.xy(Charts.title("Broadcast coverage (first message)", distinct(runs, BroadcastRun::topology),
                distinct(runs, BroadcastRun::algorithm), distinct(runs, r -> String.valueOf(r.seed()))), "step", "informed fraction");
        Charts.yRange(chart, 0, 1);
        Charts.integerXAxis(chart);
        Set<String> names = new HashSet<>();
        for (int i = 0; i < runs.size(); i++) {
            BroadcastRun run = runs.get(i);
            long[] informed = run.metrics().informedAfterEachStep(0);
            double[] x = new double[informed.length];
            double[] y = new double[informed.length];
            for (int s = 0; s < informed.length; s++) {
                x[s] = s;
                y[s] = (double) informed[s] / run.nodes();
            }
            String name = uniqueName(names, seriesName(run));
            Charts.measured(chart, i, name, x, y);
            BroadcastAlgorithm algorithm = run.broadcastAlgorithm();
            if (!algorithm.anyTopology()) { // 001's step counts are for SCC_n's own algorithms, not flooding
                int paper = PaperFormulas.completionStep(algorithm, run.n(), 1);
                Charts.verticalReference(chart, i, uniqueName(names, name + ", paper " + PaperFormulas.source(algorithm, 1) + ": all informed after step "
                        + paper), paper, 0, 1);
            }
        }
        return chart;
    }

    private static String distinct(List<BroadcastRun> runs, java.util.function.Function<BroadcastRun, String> f) {
        Set<String> values = runs.stream().map(f).collect(Collectors.toCollection(LinkedHashSet::new));
        return values.isEmpty() ? "no runs" : String.join(", ", values);
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

    /** Writes {@code png} and the SVG beside it ({@code coverage.png}, {@code coverage.svg}). */
    public static Charts.Saved write(List<BroadcastRun> runs, Path png) throws IOException {
        return Charts.save(build(runs), png);
    }
}
