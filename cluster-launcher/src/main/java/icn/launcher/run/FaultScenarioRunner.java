package icn.launcher.run;

import icn.launcher.cluster.CommandContext;
import icn.launcher.output.Console;
import icn.launcher.output.Results;
import icn.launcher.ExitCodes;
import icn.launcher.cluster.Engines;
import icn.launcher.output.Progress;
import icn.node.engine.Engine;
import icn.node.engine.RunSettings;
import com.fasterxml.jackson.databind.ObjectMapper;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.Partition;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.scenarios.faults.FaultExperiments;
import icn.scenarios.FaultScenario;
import icn.scenarios.report.AppliedFaults;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Runs a {@code kind = faults} scenario: its curves over many seeds, the table on stdout, CSV, PNG and JSON under the results. */
final class FaultScenarioRunner {

    private FaultScenarioRunner() {
    }

    /** A kill-jvm scenario: on local clusters of its own (it kills one of their workers). */
    static int killJvm(CommandContext ctx, FaultScenario sc, ScenarioRunner.Options options, Duration formationTimeout, Progress progress)
            throws IOException {
        String name = options.dirName(sc.name());
        return KillJvmRunner.run(ctx, sc.killSetup(), sc.killSettings().policies(), formationTimeout, options.noReports() ? null : options.out(),
                name, options.json(), progress);
    }

    /** What the curves measured: the table, the points, whether every run balanced, and where the reports went (null: none). */
    private record Curves(String table, List<?> points, boolean balanced, Path dir) {
    }

    /** A coverage or routing curve scenario on {@code machines}: every run on all of its JVMs (one, unless a cluster was formed by hand). */
    static int run(CommandContext ctx, FaultScenario sc, Engine machines, ScenarioRunner.Options options, Progress progress) throws IOException {
        RunSettings settings = new RunSettings(sc.engine(), machines.jvms(), ctx.engines().defaultHosts(machines.jvms()),
                Partition.Kind.SUPERNODE, sc.seed());
        List<Topology> ts = sc.topologies().stream().map(Topologies::parse).toList();
        boolean coverage = sc.experiment().equals("coverage");
        // the scenario's own faults (loss, extra delay) in every run, beside the random faults of each point: said in every report
        AppliedFaults applied = coverage ? FaultExperiments.coverageApplied(ts, sc.faultKind(), sc.maxFaults(), sc.seeds(), sc.base())
                : FaultExperiments.routingApplied(ts, sc.faultKind(), sc.maxFaults(), sc.seeds(), sc.base());
        String name = options.dirName(sc.name());
        Curves curves = coverage ? coverage(sc, ts, machines, settings, options, name, applied, progress)
                : routing(sc, ts, machines, settings, options, name, applied, progress);
        var o = new ObjectMapper().createObjectNode();
        o.put("scenario", sc.name());
        o.put("experiment", sc.experiment());
        o.put("kind", sc.faultKind().key());
        o.put("seed", sc.seed());
        o.put("engine", sc.engine().key());
        o.set("applied", applied.json());
        o.set("points", new ObjectMapper().valueToTree(curves.points()));
        if (curves.dir() != null) {
            // result.json is the object --json prints
            java.nio.file.Files.writeString(curves.dir().resolve("result.json"), o.toPrettyString() + System.lineSeparator());
        }
        if (options.json()) {
            Results.printJson(ctx.session(), o);
        } else {
            ctx.out().printf("Fault scenario '%s': %s against 0..%d random %s faults, %d seeds per point, seed %d, %s engine%n", sc.name(),
                    sc.experiment(), sc.maxFaults(), sc.faultKind().key(), sc.seeds(), sc.seed(), sc.engine().key());
            ctx.out().println(applied.line());
            ctx.out().println();
            ctx.out().print(curves.table());
            ctx.out().println(curves.balanced() ? "Every run's accounting balanced (sent = delivered + dropped + lost)."
                    : "SOME RUN'S ACCOUNTING DID NOT BALANCE.");
            if (curves.dir() != null) {
                ctx.out().println("Reports: " + ctx.session().shown(curves.dir()));
            }
        }
        return curves.balanced() ? 0 : ExitCodes.RUN_FAILED;
    }

    private static Curves coverage(FaultScenario sc, List<Topology> ts, Engine machines, RunSettings settings, ScenarioRunner.Options options,
            String name, AppliedFaults applied, Progress progress) throws IOException {
        List<FaultExperiments.CoveragePoint> all = new ArrayList<>();
        // a progress line per point (network, algorithm, fault count): "3 of 12 · ... · ~20 s left"
        java.util.function.Consumer<String> point = progress.counted(ts.stream().mapToInt(t -> sc.algorithmsFor(t).size()).sum()
                * (sc.maxFaults() + 1));
        for (Topology t : ts) {
            all.addAll(FaultExperiments.coverage(machines, t, sc.algorithmsFor(t).stream().map(BroadcastAlgorithm::parse).toList(), sc.faultKind(),
                    sc.maxFaults(), sc.seeds(), sc.seed(), settings, sc.base(), progress.observing(point)));
        }
        progress.done();
        Path dir = options.noReports() ? null : FaultExperiments.writeCoverage(options.out(), name, sc.seed(), all, applied);
        return new Curves(FaultExperiments.coverageTable(all), all, all.stream().allMatch(FaultExperiments.CoveragePoint::allBalanced), dir);
    }

    private static Curves routing(FaultScenario sc, List<Topology> ts, Engine machines, RunSettings settings, ScenarioRunner.Options options,
            String name, AppliedFaults applied, Progress progress) throws IOException {
        List<FaultExperiments.RoutingPoint> all = new ArrayList<>();
        // a progress line per point (network, algorithm, fault count): "3 of 12 · ... · ~20 s left"
        java.util.function.Consumer<String> point = progress.counted(ts.stream().mapToInt(t -> sc.algorithmsFor(t).size()).sum()
                * (sc.maxFaults() + 1));
        for (Topology t : ts) {
            all.addAll(FaultExperiments.routing(machines, t, sc.algorithmsFor(t), sc.mode(), sc.sweep(), sc.faultKind(),
                    sc.maxFaults(), sc.seeds(), sc.seed(), settings, sc.base(), progress.observing(point)));
        }
        progress.done();
        Path dir = options.noReports() ? null : FaultExperiments.writeRouting(options.out(), name, sc.seed(), all, applied);
        return new Curves(FaultExperiments.routingTable(all), all, all.stream().allMatch(FaultExperiments.RoutingPoint::allBalanced), dir);
    }
}
