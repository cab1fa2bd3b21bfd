package icn.launcher;

import icn.protocols.LinkClass;
import icn.scenarios.BroadcastExperiment;
import icn.scenarios.BroadcastReport;
import icn.scenarios.BroadcastRun;
import java.util.Arrays;
import java.util.stream.Collectors;

/** Human-readable renderings for the terminal; JSON goes through the reports of {@code scenarios}. */
final class Texts {

    private Texts() {
    }

    static String broadcast(BroadcastReport report, BroadcastExperiment.Timing timing) {
        BroadcastRun run = report.run();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%s (%,d nodes), %s, B = %d, source %s, seed %d, %s engine%s%n", run.topology(), run.nodes(),
                run.algorithm(), run.messages(), run.source(), run.seed(), run.engine(),
                run.engine().equals("actor") ? ", " + run.jvms() + " JVM(s) x " + run.hosts() + " host(s), " + run.partitioning() : ""));
        sb.append(String.format("%-22s %12s %12s  %s%n", "", "measured", "paper", report.paperSource()));
        row(sb, "steps", report.measuredSteps(), report.paperSteps());
        row(sb, "lateral steps", report.measuredLateralSteps(), report.paperLateralSteps());
        row(sb, "local steps", report.measuredLocalSteps(), report.paperLocalSteps());
        sb.append(String.format("%-22s %12s %12s  %s%n", "full coverage step", steps(report.measuredFullCoverage()),
                steps(report.paperFullCoverage()), report.fullCoverageAgrees() ? "" : "DIFFERS"));
        sb.append(String.format("%-22s %,12d %12s%n", "informed (message 1)", run.metrics().informed(0), "of " + run.nodes()));
        sb.append(String.format("%-22s lateral %,d, local %,d%n", "link messages", run.metrics().linkMessages(LinkClass.LATERAL),
                run.metrics().linkMessages(LinkClass.LOCAL)));
        sb.append(String.format("%-22s %,12d of %d local steps%n", "steps w/ local traffic", run.metrics().stepsUsing(LinkClass.LOCAL),
                report.measuredLocalSteps()));
        if (run.jvms() > 1) {
            sb.append(String.format("%-22s lateral %,d, local %,d%n", "crossed JVMs", run.crossJvmLateral(), run.crossJvmLocal()));
        }
        if (timing != null) {
            sb.append(String.format("%-22s spawn %.2f s, run %.2f s, %,d node activations%n", "actor engine", timing.spawnSeconds(),
                    timing.runSeconds(), timing.activations()));
        }
        sb.append(String.format("%-22s %.2f s%n", "wall", run.wallSeconds()));
        return sb.toString();
    }

    /** One line on a run that lost a member. */
    static String memberLoss(BroadcastExperiment.Outcome outcome) {
        var actor = outcome.timing().actor();
        BroadcastRun run = outcome.run();
        if (actor.completed()) {
            return String.format("%s %s B=%d on %d JVMs: member %s was lost after the run had finished (while its hosts were being"
                    + " stopped); the measurements are complete", run.topology(), run.algorithm(), run.messages(), run.jvms(),
                    String.join(", ", actor.lostMembers()));
        }
        String when = actor.stoppedAtStep() == 0 ? "while node actors were being spawned, before step 1"
                : "at step " + actor.stoppedAtStep();
        return String.format("%s %s B=%d on %d JVMs: member %s was lost %s; %,d of the run's node actors were on it;"
                + " %,d of %,d nodes were known to hold the first message (survivors' count)", run.topology(), run.algorithm(),
                run.messages(), run.jvms(), String.join(", ", actor.lostMembers()), when, actor.lostNodes(),
                run.metrics().informed(0), run.nodes());
    }

    private static void row(StringBuilder sb, String name, long measured, long paper) {
        sb.append(String.format("%-22s %12d %12d  %s%n", name, measured, paper, measured == paper ? "" : "DIFFERS"));
    }

    private static String steps(long[] steps) {
        String s = Arrays.stream(steps).mapToObj(v -> v < 0 ? "never" : Long.toString(v)).collect(Collectors.joining(","));
        return s.length() > 12 ? s.substring(0, 11) + "…" : s;
    }
}
