package icn.launcher.run;

import icn.launcher.cluster.CommandContext;
import icn.launcher.output.Console;
import icn.launcher.ExitCodes;
import icn.launcher.cluster.ActorMachines;
import icn.launcher.output.Progress;
import icn.launcher.output.Results;
import icn.launcher.output.Texts;
import icn.protocols.RunMetrics;
import icn.scenarios.faults.KillJvmExperiment;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the kill-a-JVM experiment on local clusters: the broadcast without faults and the first policy's kill on one cluster (the kill
 * leaves it a JVM short), every further policy on a cluster of its own; then the table or JSON, and the reports.
 */
public final class KillJvmRunner {

    private KillJvmRunner() {
    }

    /** Runs, reports into the command's results directory and prints; the exit code. */
    public static int run(CommandContext ctx, KillJvmExperiment.Setup setup, List<String> policies, Duration formationTimeout,
            Results results, Progress progress) throws IOException {
        RunMetrics reference = KillJvmExperiment.sequentialReference(setup);
        List<KillJvmExperiment.Run> runs = runs(ctx, setup, policies, formationTimeout, progress);
        KillJvmExperiment.write(results.root(), results.name(), setup, runs, reference);
        return results.finish(KillJvmExperiment.json(setup, runs, reference), KillJvmExperiment.table(setup, runs, reference),
                exitCode(runs, reference));
    }

    /** Runs, reports under {@code out} (unless null) and prints; the exit code. */
    static int run(CommandContext ctx, KillJvmExperiment.Setup setup, List<String> policies, Duration formationTimeout, Path out, String reportName, boolean json,
            Progress progress) throws IOException {
        RunMetrics reference = KillJvmExperiment.sequentialReference(setup);
        List<KillJvmExperiment.Run> runs = runs(ctx, setup, policies, formationTimeout, progress);
        Path dir = out == null ? null : KillJvmExperiment.write(out, reportName, setup, runs, reference);
        if (json) {
            Results.printJson(ctx.session(), KillJvmExperiment.json(setup, runs, reference));
        } else {
            ctx.out().print(KillJvmExperiment.table(setup, runs, reference));
            if (dir != null) {
                ctx.out().println("reports: " + ctx.session().shown(dir));
            }
        }
        return exitCode(runs, reference);
    }

    private static int exitCode(List<KillJvmExperiment.Run> runs, RunMetrics reference) {
        boolean ended = runs.stream().allMatch(r -> Texts.faultRunEnded(r.report()));
        boolean same = runs.stream().filter(r -> r.run().equals("continue")).allMatch(r -> KillJvmExperiment.matches(r, reference));
        return ended && same ? 0 : ExitCodes.RUN_FAILED;
    }

    private static List<KillJvmExperiment.Run> runs(CommandContext ctx, KillJvmExperiment.Setup setup, List<String> policies, Duration formationTimeout,
            Progress progress) {
        int jvms = setup.settings().jvms();
        String what = setup.topology().name() + " " + setup.algorithm().key();
        String kill = ": JVM " + setup.jvm() + " killed at step " + setup.step() + ", ";
        List<KillJvmExperiment.Run> runs = new ArrayList<>();
        try (ActorMachines machines = ctx.engines().openHere(jvms, formationTimeout, progress::step)) {
            int total = 1 + policies.size();
            progress.item(1, total, what + " on " + jvms + " JVMs without faults");
            runs.add(KillJvmExperiment.noFaults(machines, setup));
            progress.item(2, total, what + kill + policies.get(0) + " (the loss takes some seconds to detect)");
            runs.add(KillJvmExperiment.withKill(machines, setup, policies.get(0)));
        }
        for (String policy : policies.subList(1, policies.size())) {
            try (ActorMachines machines = ctx.engines().openHere(jvms, formationTimeout, progress::step)) {
                progress.item(runs.size() + 1, 1 + policies.size(), what + kill + policy + " (the loss takes some seconds to detect)");
                runs.add(KillJvmExperiment.withKill(machines, setup, policy));
            }
        }
        progress.done();
        return runs;
    }
}
