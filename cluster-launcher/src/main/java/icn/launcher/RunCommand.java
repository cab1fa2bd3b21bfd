package icn.launcher;

import icn.scenarios.BroadcastScenario;
import icn.scenarios.RoutingScenario;
import icn.scenarios.Scenario;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code icn run [SCENARIO]}: runs a scenario (the built-in default without an argument) and prints the table beside the papers. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a scenario file (HOCON) and print its table beside the papers' values; reports go to",
                "<out>/<scenario name>-<time>/ (manifest.json, result.json, report.md, CSV, PNG and SVG charts).",
                "Without SCENARIO: the built-in default, Algorithms 4 and 5 on SCC_4 ... SCC_7 on a local cluster of 3 JVMs.",
                "Built-in scenarios: default, pipelined, cluster-equivalence (broadcast); routing (000 Tables 1 and 2 for SCC_3 ... SCC_8);",
                "routing-networks (every network's routings, all pairs, source and distributed, 1 and 3 JVMs); faults (coverage curves);",
                "kill-jvm (a worker JVM killed mid-broadcast, as icn faults kill-jvm); necklace-latency (002 Fig. 3: latency against",
                "load on six necklace hypercubes, beside 002's model). See docs/scenarios.md for the keys of a scenario file."})
final class RunCommand implements Callable<Integer> {

    @Mixin
    ScenarioOptions scenario;

    @Option(names = "--jvms", paramLabel = "K",
            description = "Run on a local cluster of K JVMs on loopback (K-1 worker JVMs are started and stopped); overrides the scenario's jvms.")
    Integer jvms;

    @Option(names = "--formation-timeout", defaultValue = "60", paramLabel = "SECONDS", description = "How long to wait for the cluster to form.")
    int formationTimeout;

    private static int checkJvms(int k) {
        BroadcastScenario.checkJvmsOption(k);
        return k;
    }

    @Override
    public Integer call() throws Exception {
        Scenario loaded = scenario.load();
        if (loaded instanceof RoutingScenario routing) {
            RoutingScenario rs = jvms == null ? routing : routing.withJvms(List.of(checkJvms(jvms)));
            return RoutingScenarioRunner.run(rs, scenario.runnerOptions(scenario.open(rs, rs.clusterSize())),
                    Duration.ofSeconds(formationTimeout), new Progress(scenario.json()));
        }
        if (loaded instanceof icn.scenarios.TrafficScenario traffic) {
            // --jvms K > 1: through the node actors on a local cluster of K JVMs, whatever engine the file names
            icn.scenarios.TrafficScenario ts = jvms == null ? traffic : traffic.withJvms(checkJvms(jvms));
            return TrafficScenarioRunner.run(ts, scenario.runnerOptions(scenario.open(ts, ts.clusterSize())),
                    Duration.ofSeconds(formationTimeout), new Progress(scenario.json()));
        }
        if (loaded instanceof icn.scenarios.FaultScenario faults) {
            if (jvms != null && jvms != 1 && !faults.experiment().equals("kill-jvm")) {
                throw new icn.protocols.InvalidInputException("a fault curve runs on one JVM; kill a JVM with experiment = kill-jvm (jvms = 3)"
                        + " or icn faults kill-jvm");
            }
            if (jvms != null && faults.experiment().equals("kill-jvm")) {
                throw new icn.protocols.InvalidInputException("experiment = kill-jvm sets its cluster with the scenario key jvms, not --jvms");
            }
            return FaultScenarioRunner.run(faults, scenario.runnerOptions(scenario.open(faults, faults.clusterSize())),
                    Duration.ofSeconds(formationTimeout), new Progress(scenario.json()));
        }
        BroadcastScenario sc = (BroadcastScenario) loaded;
        if (jvms != null) {
            BroadcastScenario.checkJvmsOption(jvms);
            sc = sc.withJvms(List.of(jvms));
        }
        sc.checkSourceFitsEveryTopology();
        Progress progress = new Progress(scenario.json());
        ScenarioRunner.Options options = scenario.runnerOptions(scenario.open(sc, sc.clusterSize()));
        if (!sc.engine().equals("actor")) {
            return ScenarioRunner.run(sc, null, options, progress);
        }
        try (OpenMachines machines = OpenMachines.open(sc.clusterSize(), Duration.ofSeconds(formationTimeout), progress)) {
            return ScenarioRunner.run(sc, machines, options, progress);
        }
    }
}
