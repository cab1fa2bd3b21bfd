package icn.launcher.run;

import icn.launcher.output.Console;
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
    static int killJvm(FaultScenario sc, ScenarioRunner.Options options, Duration formationTimeout, Progress progress) throws IOException {
        String name = options.dirName(sc.name());
        return KillJvmRunner.run(sc.killSetup(), sc.killSettings().policies(), formationTimeout, options.noReports() ? null : options.out(),
                name, options.json(), progress);
    }

    /** A coverage or routing curve scenario on {@code machines}: every run on all of its JVMs (one, unless a cluster was formed by hand). */
    static int run(FaultScenario sc, Engine machines, ScenarioRunner.Options options, Progress progress) throws IOException {
        RunSettings settings = new RunSettings(sc.engine(), machines.jvms(), Engines.defaultHosts(machines.jvms()),
                Partition.Kind.SUPERNODE, sc.seed());
        String name = options.dirName(sc.name());
        Path dir = null;
        String table;
        Object points;
        boolean balanced;
        if (sc.experiment().equals("coverage")) {
            List<FaultExperiments.CoveragePoint> all = new ArrayList<>();
            for (String name1 : sc.topologies()) {
                Topology t = Topologies.parse(name1);
                all.addAll(FaultExperiments.coverage(machines, t, sc.algorithmsFor(t).stream().map(BroadcastAlgorithm::parse).toList(), sc.faultKind(),
                        sc.maxFaults(), sc.seeds(), sc.seed(), settings, sc.base(), progress::step));
            }
            progress.done();
            if (!options.noReports()) {
                dir = FaultExperiments.writeCoverage(options.out(), name, sc.seed(), all);
            }
            table = FaultExperiments.coverageTable(all);
            points = all;
            balanced = all.stream().allMatch(FaultExperiments.CoveragePoint::allBalanced);
        } else {
            List<FaultExperiments.RoutingPoint> all = new ArrayList<>();
            for (String name1 : sc.topologies()) {
                Topology t = Topologies.parse(name1);
                all.addAll(FaultExperiments.routing(machines, t, sc.algorithmsFor(t), sc.mode(), sc.sweep(), sc.faultKind(),
                        sc.maxFaults(), sc.seeds(), sc.seed(), settings, sc.base(), progress::step));
            }
            progress.done();
            if (!options.noReports()) {
                dir = FaultExperiments.writeRouting(options.out(), name, sc.seed(), all);
            }
            table = FaultExperiments.routingTable(all);
            points = all;
            balanced = all.stream().allMatch(FaultExperiments.RoutingPoint::allBalanced);
        }
        var o = new ObjectMapper().createObjectNode();
        o.put("scenario", sc.name());
        o.put("experiment", sc.experiment());
        o.put("kind", sc.faultKind().key());
        o.put("seed", sc.seed());
        o.put("engine", sc.engine().key());
        o.set("points", new ObjectMapper().valueToTree(points));
        if (dir != null) {
            // result.json is the object --json prints
            java.nio.file.Files.writeString(dir.resolve("result.json"), o.toPrettyString() + System.lineSeparator());
        }
        if (options.json()) {
            Console.out().println(o);
        } else {
            Console.out().printf("Fault scenario '%s': %s against 0..%d random %s faults, %d seeds per point, seed %d, %s engine%n%n", sc.name(),
                    sc.experiment(), sc.maxFaults(), sc.faultKind().key(), sc.seeds(), sc.seed(), sc.engine().key());
            Console.out().print(table);
            Console.out().println(balanced ? "Every run's accounting balanced (sent = delivered + dropped + lost)." : "SOME RUN'S ACCOUNTING DID NOT BALANCE.");
            if (dir != null) {
                Console.out().println("Reports: " + dir);
            }
        }
        return balanced ? 0 : ExitCodes.RUN_FAILED;
    }
}
