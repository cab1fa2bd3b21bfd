package icn.launcher.cli;

import icn.launcher.output.Logs;
import icn.launcher.output.Results;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import icn.scenarios.report.IcnLine;

/** The options every command that produces a result takes, under the same names everywhere: --seed, --out, --json, --verbose. */
final class CommonOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = IcnLine.SEED, defaultValue = "1", paramLabel = "S", description = "Seed of every random choice (default 1); in every report.")
    long seed;

    @Option(names = "--out", defaultValue = "${sys:icn.results:-results}", paramLabel = "DIR",
            description = "Results go to DIR/<command>-<time>/ with a manifest.json (default results).")
    Path out;

    @Option(names = "--json", description = "Print exactly one JSON object on stdout (the result.json of the results directory).")
    boolean json;

    boolean verbose;

    @Option(names = "--verbose", description = "Akka's log lines on stderr as well (default: into icn.log in the results directory).")
    void verbose(boolean on) {
        verbose = on;
        if (on) {
            Logs.verbose(); // from the start: before a results directory exists, and without one
        }
    }

    /** Where this command's results go, and how. */
    Results.Options results() {
        return new Results.Options(out, seed, json);
    }
}
