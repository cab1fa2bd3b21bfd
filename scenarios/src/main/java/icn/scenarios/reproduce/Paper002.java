package icn.scenarios.reproduce;

import static icn.scenarios.traffic.TrafficReport.round;

import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.scenarios.Scenario;
import icn.scenarios.TrafficScenario;
import icn.scenarios.claims.LatencyModel;
import icn.scenarios.claims.NecklaceModel;
import icn.scenarios.report.Charts;
import icn.scenarios.report.IcnLine;
import icn.scenarios.traffic.TrafficChart;
import icn.scenarios.traffic.TrafficExperiment;
import icn.scenarios.traffic.TrafficPoint;
import icn.scenarios.traffic.TrafficSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.DoubleFunction;
import org.knowm.xchart.XYChart;

/**
 * 002 (necklace hypercubes): Figures 1 and 2 are drawings; Fig. 3 a–f are latency curves against load, measured through wormhole
 * routers beside 002's model, from the built-in {@code necklace-latency} scenario scaled by the profile.
 */
final class Paper002 {

    private static final String SCENARIO = "necklace-latency";

    private Paper002() {
    }

    static List<ArtifactSpec> specs() {
        List<ArtifactSpec> specs = new ArrayList<>();
        specs.add(Diagrams.graph("002-fig-1", "A regular and an irregular necklace hypercube",
                "(a) a regular (n,k)-RNH and (b) an irregular INH: base hypercube nodes and necklace nodes (§2). Shown measured: the "
                        + "(3,4)-RNH and the INH with necklaces 1,3,2,1 on a 2-cube.", List.of("rnh:3,4", "inh:2:1,3,2,1")));
        specs.add(Diagrams.drawing("002-fig-2", "A necklace of a (2,5)-RNH", "one necklace of a (2,5)-RNH with the traffic crossing edge "
                + "(2,3) (§4, the rate of messages over a necklace edge). The rate it derives enters 002's model, which 002-fig-3a…f "
                + "evaluate at every measured point beside the measurement."));
        TrafficScenario scenario = (TrafficScenario) Scenario.load(SCENARIO);
        for (int p = 0; p < scenario.panels().size(); p++) {
            int panel = p;
            TrafficScenario.Panel pn = scenario.panels().get(p);
            String id = "002-fig-3" + pn.name();
            specs.add(ArtifactSpec.figure(id, "Fig. 3" + pn.name() + ": mean message latency against the generation rate, model "
                    + "against measurement (" + pn.curves().get(0).topology() + ", V = " + pn.curves().get(0).vcs() + ")",
                    3, 18, 40, (context, out) -> figure(context, out, scenario, panel)));
        }
        return specs;
    }

    /** The panel's curves at the profile's scale: quick, one message length and every third rate on a shorter window. */
    static List<TrafficSettings> scaled(TrafficScenario.Panel panel, Profile profile, long seed) {
        List<TrafficSettings> curves = new ArrayList<>();
        for (TrafficSettings c : panel.curves()) {
            if (profile == Profile.QUICK && c.flits() != panel.curves().get(0).flits()) {
                continue;
            }
            List<Double> rates = new ArrayList<>();
            int stride = profile.pick(4, 1, 1);
            for (int i = 0; i < c.rates().size(); i += stride) {
                rates.add(c.rates().get(i));
            }
            long cycles = profile == Profile.QUICK ? Math.max(2000, c.cycles() / 5) : profile == Profile.FULL ? c.cycles() * 2 : c.cycles();
            curves.add(new TrafficSettings(c.topology(), c.routing(), c.pattern(), c.vcs(), c.flits(), c.buffer(), List.copyOf(rates),
                    c.warmup(), cycles, c.drain(), seed, EngineKind.SEQUENTIAL, 1, c.hosts(), c.partitioning(), c.faults()));
        }
        return curves;
    }

    private static void figure(Reproduction.Context context, ArtifactBuilder out, TrafficScenario scenario, int panel) throws Exception {
        TrafficScenario.Panel pn = scenario.panels().get(panel);
        List<TrafficSettings> settings = scaled(pn, context.profile(), context.seed());
        List<TrafficExperiment.Curve> curves = runAll(settings);
        String id = "002-fig-3" + pn.name();
        String png = id + ".png";
        TrafficChart.write("002 Fig. 3" + pn.name() + ": " + pn.curves().get(0).topology() + ", V = " + pn.curves().get(0).vcs(), curves,
                context.file(png));
        out.file(png);
        out.file(Charts.svgBeside(png));
        String accepted = id + "-accepted.png"; // what BookSim users read beside 002's latency curves
        Charts.save(TrafficChart.accepted("002 Fig. 3" + pn.name() + ": " + pn.curves().get(0).topology() + ", V = " + pn.curves().get(0).vcs(),
                curves, null), context.file(accepted));
        out.file(accepted);
        out.file(Charts.svgBeside(accepted));
        StringBuilder csv = new StringBuilder("flits,rate,offered,accepted,messages,latency,latency_ci95,model_as_printed,"
                + "model_counted_once,saturated\n");
        for (TrafficExperiment.Curve c : curves) {
            for (TrafficPoint p : c.points()) {
                if (!p.run()) {
                    continue;
                }
                String row = String.format(Locale.ROOT, "M = %d, λ_g = %.5f", c.settings().flits(), p.rate());
                out.cell(Cell.measuredOnly(row, "offered (flits/node/cycle)", round(p.offered(), 4)));
                out.cell(Cell.measuredOnly(row, "latency (cycles)", round(p.latency().mean(), 1)));
                out.cell(Cell.measuredOnly(row, "± 95 %", Double.isNaN(p.latency().ci95()) ? "n/a" : round(p.latency().ci95(), 1)));
                out.cell(Cell.model(row, "002 model as printed", p.model() == null ? "no solution" : round(p.model().latency(), 1)));
                out.cell(Cell.model(row, "model, counted once", p.modelCountedOnce() == null ? "no solution"
                        : round(p.modelCountedOnce().latency(), 1)));
                out.cell(Cell.measuredOnly(row, "saturated", p.saturated() ? "yes" : "no"));
                csv.append(String.format(Locale.ROOT, "%d,%.6f,%.6f,%.6f,%d,%.3f,%.3f,%s,%s,%s%n", c.settings().flits(), p.rate(), p.offered(),
                        p.accepted(), p.messages(), p.latency().mean(), p.latency().ci95(),
                        p.model() == null ? "" : String.format(Locale.ROOT, "%.3f", p.model().latency()),
                        p.modelCountedOnce() == null ? "" : String.format(Locale.ROOT, "%.3f", p.modelCountedOnce().latency()), p.saturated()));
            }
        }
        Files.writeString(context.file(id + ".csv"), csv.toString());
        out.file(id + ".csv");
        for (TrafficExperiment.Curve c : curves) {
            eq16(context, out, id, c, curves.size() > 1);
            out.applied("M = " + c.settings().flits(), c.applied());
        }
        TrafficSettings first = settings.get(0);
        out.note("002 prints these curves without their data, so there is no printed cell to compare; the figure draws 002's model "
                + "(Eqs. 1–23 as printed, and our counted-once reading) beside the measurement. Network " + first.topology() + " ("
                + curves.get(0).nodes() + " nodes): 002 §5 names only the size (about " + (curves.get(0).nodes() > 500 ? 1000
                : curves.get(0).nodes() > 180 ? 256 : 100) + " nodes); routing " + first.routing() + ", uniform Poisson traffic, V = "
                + first.vcs() + ", buffers of " + first.buffer() + " flits, " + first.cycles() + " measured cycles per point, seed "
                + context.seed() + ", sequential engine (the node actors give the same messages: TrafficClusterIT).");
        if (context.profile() == Profile.QUICK) {
            out.note("Quick profile: one message length (M = " + first.flits() + ") and every fourth rate of the grid on a shorter window; "
                    + "--profile standard runs the built-in scenario's grid.");
        }
        out.command(IcnLine.of("run").positional(SCENARIO));
        out.command(first.commandLine()); // the engine, rates and window this artifact's first curve ran with
    }

    /**
     * 002's Eq. 16 sums over the hops of a message, but the mean hop count d_H is not whole. Two readings are defensible: ours,
     * round(d_H) hops with whole exponents, divided by that count; and ⌈d_H⌉ hops with real exponents, divided by d_H. They put the
     * model's saturation apart, so the claim that the model saturates early depends on the reading: both are computed and drawn on
     * one panel beside the measurement.
     */
    private static void eq16(Reproduction.Context context, ArtifactBuilder out, String id, TrafficExperiment.Curve curve, boolean several)
            throws Exception {
        Optional<LatencyModel> model = TrafficExperiment.model(curve.settings());
        if (model.isEmpty()) {
            return;
        }
        double ours = NecklaceModel.saturationRate(model.get().printed());
        double ceiling = NecklaceModel.saturationRate(model.get().eq16Ceiling());
        double simulated = curve.saturationRate();
        String row = String.format(Locale.ROOT, "M = %d, saturation λ_g", curve.settings().flits());
        out.cell(Cell.model(row, "Eq. 16 over round(d_H) hops (ours)", round(ours, 5)));
        out.cell(Cell.model(row, "Eq. 16 over ⌈d_H⌉ hops, real exponents", round(ceiling, 5)));
        out.cell(Cell.measuredOnly(row, "simulation first saturated at", Double.isNaN(simulated) ? "not in the grid" : round(simulated, 5)));
        String png = id + (several ? "-m" + curve.settings().flits() : "") + "-eq16.png";
        eq16Chart("002 Fig. 3" + id.substring(id.length() - 1) + ", Eq. 16 read two ways: " + curve.settings().topology() + ", V = "
                + curve.settings().vcs() + ", M = " + curve.settings().flits() + ", seed " + context.seed(), curve, model.get(),
                new double[] {ours, ceiling}, context.file(png));
        out.file(png);
        out.file(Charts.svgBeside(png));
        out.note(String.format(Locale.ROOT, "Eq. 16 read two ways (%s): summing over round(d_H) hops with whole exponents (ours, drawn "
                + "in the main figure) the model has no solution from λ_g = %.5f; summing over ⌈d_H⌉ hops with real exponents, divided by "
                + "d_H, from %.5f. The simulation first saturated at %s. Whether, and by how much, the model saturates before the "
                + "simulation depends on this reading: %s.", png, ours, ceiling, Double.isNaN(simulated) ? "no rate of the grid"
                : String.format(Locale.ROOT, "%.5f", simulated), Double.isNaN(simulated) ? "the grid did not reach saturation"
                : String.format(Locale.ROOT, "%.2f and %.2f of the simulated saturation", ours / simulated, ceiling / simulated)));
    }

    /** The measured latencies (below saturation) and the model as printed under both readings of Eq. 16, up to their saturation. */
    private static void eq16Chart(String title, TrafficExperiment.Curve curve, LatencyModel model,
            double[] saturation, Path png) throws IOException {
        XYChart chart = Charts.xy(title, "generation rate λ_g (messages/node/cycle)",
                "mean message latency (cycles)");
        List<TrafficPoint> measured = curve.points().stream().filter(p -> p.run() && !p.saturated()).toList();
        if (!measured.isEmpty()) {
            Charts.measured(chart, 0, "measured (not saturated)",
                    measured.stream().mapToDouble(TrafficPoint::rate).toArray(),
                    measured.stream().mapToDouble(p -> p.latency().mean()).toArray());
        }
        List<DoubleFunction<Optional<NecklaceModel.Solution>>> readings =
                List.of(model.printed(), model.eq16Ceiling());
        List<String> names = List.of("model, Eq. 16 over round(d_H) hops (ours)", "model, Eq. 16 over ⌈d_H⌉ hops, real exponents");
        for (int r = 0; r < 2; r++) {
            int steps = 40;
            double[] x = new double[steps];
            double[] y = new double[steps];
            for (int i = 0; i < steps; i++) {
                x[i] = saturation[r] * (i + 1) / (steps + 0.5);
                y[i] = readings.get(r).apply(x[i]).map(NecklaceModel.Solution::latency).orElse(Double.NaN);
            }
            Charts.reference(chart, r + 1, names.get(r), x, y);
            Charts.verticalReference(chart, r + 1, names.get(r).replace("model,", "saturation,"), saturation[r], 0,
                    Arrays.stream(y).filter(Double::isFinite).max().orElse(1));
        }
        Charts.save(chart, png);
    }

    private static List<TrafficExperiment.Curve> runAll(List<TrafficSettings> settings) throws InterruptedException {
        return TrafficExperiment.runAll(Engine.reference(), settings, 2, (done, total, line) -> { }); // two curves at a time
    }
}
