package icn.launcher;

import icn.scenarios.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The scenario argument and report options shared by {@code run} and {@code coordinator}. */
final class ScenarioOptions {

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO",
            description = "A scenario file, or the name of a built-in scenario (default: 'default').")
    String scenario;

    @Option(names = "--out", defaultValue = "results", paramLabel = "DIR", description = "Where reports are written (default: results).")
    Path out;

    @Option(names = "--json", description = "Print exactly one JSON object (the run's result.json) on stdout instead of the table.")
    boolean json;

    @Option(names = "--no-reports", description = "Do not write report files.")
    boolean noReports;

    Scenario load() {
        if (scenario == null) {
            return Scenario.load("default");
        }
        Path file = Path.of(scenario);
        return Files.exists(file) || scenario.endsWith(".conf") ? Scenario.load(file) : Scenario.load(scenario);
    }

    ScenarioRunner.Options runnerOptions() {
        return new ScenarioRunner.Options(out, json, noReports);
    }
}
