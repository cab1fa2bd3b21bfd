package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;
import icn.launcher.cluster.Engines;
import icn.launcher.output.Progress;
import icn.launcher.run.ScenarioDispatcher;
import icn.launcher.run.ScenarioRunner;
import icn.scenarios.Scenario;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code icn run [SCENARIO]}: runs a scenario (the built-in default without an argument) and prints the table beside the papers. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a scenario file (HOCON) and print its table beside the papers' values; reports go to",
                "<out>/<scenario name>-<time>/ (manifest.json, result.json, report.md, CSV, PNG and SVG charts).",
                "Without SCENARIO: the built-in default, Algorithms 4 and 5 on SCC_4 ... SCC_7 on a local cluster of 3 JVMs.",
                "Built-in scenarios: default, pipelined, cluster-equivalence (broadcast); routing (000 Tables 1 and 2 for SCC_3 ... SCC_8);",
                "routing-networks (every network's routings, all pairs, source and distributed, 1 and 3 JVMs); faults (coverage curves);",
                "kill-jvm (a worker JVM killed mid-broadcast, as 'icn faults kill-jvm'); necklace-latency (002 Fig. 3: latency against",
                "load on six necklace hypercubes, beside 002's model). See docs/scenarios.md for the keys of a scenario file."})
final class RunCommand implements Callable<Integer> {
    private final CommandContext ctx;

    RunCommand(CommandContext ctx) {
        this.ctx = ctx;
    }


    @Mixin
    ScenarioOptions scenario;

    @Mixin
    SubmitOptions submit;

    @Mixin
    ClusterOptions cluster;

    @Override
    public Integer call() throws Exception {
        Scenario loaded = scenario.load();
        // --jvms overrides the scenario's; on a standing cluster a scenario runs on all its workers unless it names fewer
        Scenario sc = cluster.jvmsGiven() ? ScenarioDispatcher.onJvms(loaded, ctx.engines().checkJvms(cluster.jvms(1)))
                : ctx.engines().standing() ? ScenarioDispatcher.onCluster(loaded, ctx.engines().defaultJvms()) : loaded;
        ScenarioRunner.Options options = scenario.runnerOptions(scenario.open(sc, sc.clusterSize()));
        return ScenarioDispatcher.run(ctx, sc, ctx.engines().source(), options, cluster.formationTimeout(), new Progress(ctx.session(), scenario.json()));
    }
}
