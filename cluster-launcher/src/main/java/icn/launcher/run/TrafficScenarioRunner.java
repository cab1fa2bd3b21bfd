package icn.launcher.run;

import icn.launcher.cluster.CommandContext;
import icn.launcher.output.Console;
import icn.launcher.output.Results;
import icn.launcher.ExitCodes;
import icn.launcher.output.Progress;
import icn.node.engine.Engine;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.scenarios.report.AppliedFaults;
import icn.scenarios.report.ReportWriter;
import icn.scenarios.TrafficScenario;
import icn.scenarios.traffic.TrafficChart;
import icn.scenarios.traffic.TrafficExperiment;
import icn.scenarios.traffic.TrafficPoint;
import icn.scenarios.traffic.TrafficReport;
import icn.scenarios.traffic.TrafficSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Runs a traffic scenario ({@code icn run necklace-latency}): every curve of every panel, on the sequential engine several curves at
 * once (they are independent runs), through the node actors one after the other; prints each panel's table with the model and the
 * measurement side by side and their relative difference, and writes result.json, report.md, points.csv and one PNG per panel.
 */
final class TrafficScenarioRunner {

    private static final ObjectMapper JSON = new ObjectMapper();

    private TrafficScenarioRunner() {
    }

    static int run(CommandContext ctx, TrafficScenario sc, Engine machines, ScenarioRunner.Options options, Progress progress) throws Exception {
        long start = System.nanoTime();
        // node actors run one experiment at a time; the sequential engine measures several curves at once
        List<TrafficExperiment.Curve> curves = runAll(machines, sc.curves(), sc.engine().actors() ? 1 : sc.parallel(), progress);
        progress.done();
        double wall = (System.nanoTime() - start) / 1e9;
        ObjectNode result = resultJson(sc, curves, wall);
        Path dir = null;
        if (!options.noReports()) {
            String name = options.dirName(sc.name());
            dir = ReportWriter.writeDirectory(options.out(), name, d -> write(d, sc, curves, result));
        }
        if (options.json()) {
            Results.printJson(ctx.session(), result);
        } else {
            ctx.out().print(text(sc, curves, wall));
            if (dir != null) {
                ctx.out().println("Reports: " + ctx.session().shown(dir));
            }
        }
        boolean ok = curves.stream().flatMap(c -> c.points().stream()).filter(TrafficPoint::run)
                .allMatch(p -> p.accounting().balanced() && p.messageAccounting().balanced() && p.deadlock() == null);
        return ok ? 0 : ExitCodes.RUN_FAILED;
    }

    private static List<TrafficExperiment.Curve> runAll(Engine machines, List<TrafficSettings> settings, int parallel, Progress progress)
            throws InterruptedException {
        return TrafficExperiment.runAll(machines, settings, parallel, new TrafficExperiment.Listener() {
            @Override
            public void line(int done, int total, String line) {
                synchronized (progress) {
                    progress.item(done + 1, total, line); // curves run side by side: the one after those done
                }
            }

            @Override
            public void row(String file, String header, String row) {
                progress.row(file, header, row);
            }
        });
    }

    /** The curves of panel {@code p}, in order. */
    private static List<TrafficExperiment.Curve> curvesOf(TrafficScenario sc, List<TrafficExperiment.Curve> curves, int panel) {
        int from = 0;
        for (int i = 0; i < panel; i++) {
            from += sc.panels().get(i).curves().size();
        }
        return curves.subList(from, from + sc.panels().get(panel).curves().size());
    }

    private static String panelTitle(TrafficScenario sc, int panel, List<TrafficExperiment.Curve> curves) {
        TrafficScenario.Panel p = sc.panels().get(panel);
        TrafficSettings first = curves.get(0).settings();
        String flits = String.join(", ", curves.stream().map(c -> c.settings().lengths()).toList());
        String what = String.format(Locale.ROOT, "%s (%,d nodes), %s, V=%d, M=%s", first.topology(), curves.get(0).nodes(), first.routing(),
                first.vcs(), flits);
        return p.title() == null ? "(" + p.name() + ") " + what : p.title() + ": " + what;
    }

    /** What the curves applied beyond the papers' model (their faults), said once or curve by curve. */
    private static AppliedFaults applied(List<TrafficExperiment.Curve> curves) {
        return AppliedFaults.across(curves.stream().map(c -> c.settings().topology() + " M=" + c.settings().lengths()).toList(),
                curves.stream().map(TrafficExperiment.Curve::applied).toList());
    }

    static String pngName(TrafficScenario.Panel p) {
        return "panel-" + icn.protocols.FileNames.safe(p.name()) + ".png";
    }

    private static void write(Path dir, TrafficScenario sc, List<TrafficExperiment.Curve> curves, ObjectNode result) throws IOException {
        Files.writeString(dir.resolve(TrafficReport.RESULT_JSON), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(result) + "\n",
                StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(TrafficReport.POINTS_CSV), TrafficReport.csv(curves), StandardCharsets.UTF_8);
        StringBuilder md = new StringBuilder("# ").append(sc.title()).append("\n\n");
        md.append(String.format(Locale.ROOT, "Scenario `%s`, seed %d, %s engine. Each panel: its table (the model beside the measurement,"
                + " with their relative difference) and its chart.%n%n", sc.name(), sc.seed(), sc.engine().key()));
        md.append(applied(curves).line()).append("\n\n");
        for (int i = 0; i < sc.panels().size(); i++) {
            List<TrafficExperiment.Curve> panel = curvesOf(sc, curves, i);
            String title = panelTitle(sc, i, panel);
            String png = pngName(sc.panels().get(i));
            TrafficChart.write(title, panel, dir.resolve(png));
            String accepted = png.replaceFirst("\\.png$", "-accepted.png");
            icn.scenarios.report.Charts.save(TrafficChart.accepted(title, panel, null), dir.resolve(accepted));
            md.append(TrafficReport.markdown(title, panel, png).replaceFirst("^# ", "## ")).append('\n');
            md.append(String.format(Locale.ROOT, "Accepted against offered, in flits per node per cycle: [%s](%s).%n%n", accepted, accepted));
        }
        Files.writeString(dir.resolve(TrafficReport.REPORT_MD), md.toString(), StandardCharsets.UTF_8);
    }

    private static ObjectNode resultJson(TrafficScenario sc, List<TrafficExperiment.Curve> curves, double wall) {
        ObjectNode o = JSON.createObjectNode();
        o.put("scenario", sc.name());
        o.put("title", sc.title());
        o.put("seed", sc.seed());
        o.put("engine", sc.engine().key());
        o.put("jvms", sc.clusterSize());
        o.set("applied", applied(curves).json());
        ArrayNode panels = o.putArray("panels");
        for (int i = 0; i < sc.panels().size(); i++) {
            ObjectNode p = panels.addObject();
            p.put("name", sc.panels().get(i).name());
            List<TrafficExperiment.Curve> panel = curvesOf(sc, curves, i);
            p.put("title", panelTitle(sc, i, panel));
            p.put("chart", pngName(sc.panels().get(i)));
            ArrayNode cs = p.putArray("curves");
            panel.forEach(c -> cs.add(TrafficReport.json(c)));
        }
        o.put("wallSeconds", Math.round(wall * 1000) / 1000.0);
        return o;
    }

    /** Per panel: a row per rate of each curve, the model beside the measurement and their relative difference. */
    private static String text(TrafficScenario sc, List<TrafficExperiment.Curve> curves, double wall) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s: %d panel%s, %d curve%s, seed %d, %s engine%s%n", sc.title(), sc.panels().size(),
                sc.panels().size() == 1 ? "" : "s", curves.size(), curves.size() == 1 ? "" : "s", sc.seed(), sc.engine().key(),
                sc.engine().actors() ? " on " + sc.jvms() + " JVM(s)" : ""));
        sb.append(applied(curves).line()).append("\n\n");
        for (int i = 0; i < sc.panels().size(); i++) {
            List<TrafficExperiment.Curve> panel = curvesOf(sc, curves, i);
            sb.append(panelTitle(sc, i, panel)).append('\n');
            sb.append(String.format(Locale.ROOT, "  %4s %-10s %16s %9s %8s %9s %8s  %s%n", "M", "λ_g", "measured (95%)", "model", "diff",
                    "once", "diff", "saturated"));
            for (TrafficExperiment.Curve c : panel) {
                for (TrafficPoint p : c.points()) {
                    String measured = !p.run() ? "not run" : Double.isNaN(p.latency().ci95()) ? String.format(Locale.ROOT, "%.1f", p.latency().mean())
                            : String.format(Locale.ROOT, "%.1f ± %.1f", p.latency().mean(), p.latency().ci95());
                    sb.append(String.format(Locale.ROOT, "  %4s %-10s %16s %9s %8s %9s %8s  %s%n", c.settings().mix().isEmpty()
                            ? String.valueOf(c.settings().flits()) : "mix",
                            TrafficReport.rate(p.rate()), measured, value(p.model()), diff(p, p.model()),
                            value(p.modelCountedOnce()), diff(p, p.modelCountedOnce()), p.saturated() ? "yes" : "no"));
                }
                sb.append(String.format(Locale.ROOT, "       M=%s: simulation saturated at λ_g=%s, model at %s; warm-up %,d, window %,d cycles%n",
                        c.settings().lengths(), Double.isNaN(c.saturationRate()) ? "none of these" : TrafficReport.rate(c.saturationRate()),
                        Double.isNaN(c.modelSaturation()) ? "-" : TrafficReport.rate(c.modelSaturation()), c.warmupCycles(),
                        c.measuredCycles()));
            }
            sb.append('\n');
        }
        sb.append(String.format(Locale.ROOT, "\"model\" is 002 Eq. 1 as printed (it counts M − 1 in each of three sub-networks); \"once\" counts the"
                + " transmission and the source queue once (our reading). diff = (measured − model) / model.%nWall time %.1f s.%n", wall));
        return sb.toString();
    }

    private static String value(TrafficPoint.Model m) {
        return m == null ? "none" : String.format(Locale.ROOT, "%.1f", m.latency());
    }

    private static String diff(TrafficPoint p, TrafficPoint.Model m) {
        if (m == null || !p.run() || Double.isNaN(p.latency().mean())) {
            return "-";
        }
        return String.format(Locale.ROOT, "%+.1f%%", 100 * (p.latency().mean() - m.latency()) / m.latency());
    }
}
