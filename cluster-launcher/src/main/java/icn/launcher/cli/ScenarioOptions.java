package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;

import icn.launcher.output.Results;
import icn.launcher.run.ScenarioRunner;
import icn.scenarios.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The scenario argument and report options shared by {@code run} and {@code coordinator}. */
final class ScenarioOptions {
    private final CommandContext ctx;

    ScenarioOptions(CommandContext ctx) {
        this.ctx = ctx;
    }


    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO",
            description = "A scenario file, or the name of a built-in scenario (default: 'default').")
    String scenario;

    @Option(names = "--no-reports", description = "Do not write report files.")
    boolean noReports;

    @picocli.CommandLine.Mixin
    CommonOptions common;

    /** Whether --seed was given: it then replaces the scenario's seed. */
    private boolean seedGiven() {
        return common.command.commandLine().getParseResult().hasMatchedOption("--seed");
    }

    Scenario load() {
        if (scenario == null) {
            return seedGiven() ? Scenario.load("default", common.seed) : Scenario.load("default");
        }
        Path file = Path.of(scenario);
        if (Files.exists(file) || scenario.endsWith(".conf")) {
            return seedGiven() ? Scenario.load(file, common.seed) : Scenario.load(file);
        }
        return seedGiven() ? Scenario.load(scenario, common.seed) : Scenario.load(scenario);
    }

    /** How the scenario file was given, for the manifest: a path, or builtin:NAME. */
    String given() {
        if (scenario == null) {
            return "builtin:default";
        }
        return Files.exists(Path.of(scenario)) || scenario.endsWith(".conf") ? scenario : "builtin:" + scenario;
    }

    boolean json() {
        return common.json;
    }

    /**
     * The results directory of the run (named after the scenario, with its manifest), made once the scenario has been read and
     * checked; none with --no-reports.
     */
    Results open(Scenario loaded, int jvms) {
        return noReports ? null : Results.open(ctx.session(), common.results(), loaded.name(), given(), jvms);
    }

    ScenarioRunner.Options runnerOptions(Results results) {
        return new ScenarioRunner.Options(common.out, common.json, noReports, results == null ? null : results.name());
    }
}
