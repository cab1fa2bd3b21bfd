package icn.launcher.run;

import icn.launcher.cluster.CommandContext;

import icn.launcher.cluster.Engines;
import icn.launcher.output.Progress;
import icn.node.engine.Engine;
import icn.node.engine.RunSettings;
import icn.protocols.InvalidInputException;
import icn.protocols.Partition;
import icn.scenarios.BroadcastScenario;
import icn.scenarios.FaultScenario;
import icn.scenarios.RoutingScenario;
import icn.scenarios.Scenario;
import icn.scenarios.ScenarioChecks;
import icn.scenarios.TrafficScenario;
import java.time.Duration;
import java.util.List;

/**
 * The one dispatcher on scenario kind, used by {@code icn run} (engines on this machine) and {@code icn coordinator} (a cluster
 * formed by hand) alike: every kind (broadcast, routing, faults, traffic) goes to its runner with the engine its settings name.
 */
public final class ScenarioDispatcher {

    private ScenarioDispatcher() {
    }

    /**
     * Runs {@code scenario} on the engine {@code engines} opens for it (closed afterwards), prints its table and writes its
     * reports; the exit code. A kill-jvm fault scenario forms local clusters of its own, since it kills one of their workers.
     */
    public static int run(CommandContext ctx, Scenario scenario, Engines.Source engines, ScenarioRunner.Options options,
            Duration formationTimeout, Progress progress) throws Exception {
        if (scenario instanceof FaultScenario faults && faults.experiment().equals("kill-jvm")) {
            return FaultScenarioRunner.killJvm(ctx, faults, options, formationTimeout, progress);
        }
        RunSettings settings = new RunSettings(scenario.engine(), scenario.clusterSize(), 1, Partition.Kind.SUPERNODE, scenario.seed(),
                formationTimeout, progress::step);
        try (Engine engine = engines.open(settings)) {
            if (scenario instanceof BroadcastScenario broadcast) {
                return ScenarioRunner.run(ctx, broadcast, engine, options, progress);
            }
            if (scenario instanceof RoutingScenario routing) {
                return RoutingScenarioRunner.run(ctx, routing, engine, options, progress);
            }
            if (scenario instanceof TrafficScenario traffic) {
                return TrafficScenarioRunner.run(ctx, traffic, engine, options, progress);
            }
            return FaultScenarioRunner.run(ctx, (FaultScenario) scenario, engine, options, progress);
        }
    }

    /** {@code scenario} on {@code k} JVMs, as {@code icn run --jvms K} asks; one line where the kind cannot take it. */
    public static Scenario onJvms(Scenario scenario, int k) {
        ScenarioChecks.checkJvmsOption(k);
        if (scenario instanceof RoutingScenario routing) {
            return routing.withJvms(List.of(k));
        }
        if (scenario instanceof TrafficScenario traffic) {
            return traffic.withJvms(k); // through the node actors on a local cluster of K JVMs, whatever engine the file names
        }
        if (scenario instanceof FaultScenario faults) {
            if (faults.experiment().equals("kill-jvm")) {
                throw new InvalidInputException("experiment = kill-jvm sets its cluster with the scenario key jvms, not --jvms");
            }
            if (k != 1) {
                throw new InvalidInputException("a fault curve runs on one JVM; kill a JVM with experiment = kill-jvm (jvms = 3)"
                        + " or `" + icn.scenarios.report.IcnLine.of("faults", "kill-jvm").option(icn.scenarios.report.IcnLine.TOPOLOGY, "scc:5")
                                .option("--jvms", 3).option("--kill-jvm", "2@4").text() + "`");
            }
            return faults;
        }
        return ((BroadcastScenario) scenario).withJvms(List.of(k));
    }

    /**
     * {@code scenario} on a cluster of {@code expect} members formed by hand: a scenario of one JVM, or of more than the cluster has,
     * runs on all of them; fault curves run on all of them anyway. A kill-jvm scenario is refused: it forms clusters of its own.
     */
    public static Scenario onCluster(Scenario scenario, int expect) {
        ScenarioChecks.checkJvmsOption(expect);
        if (scenario instanceof FaultScenario faults) {
            if (faults.experiment().equals("kill-jvm")) {
                throw new InvalidInputException("experiment = kill-jvm forms local clusters of its own and kills their workers:"
                        + " run it with icn run on this machine, not on a cluster");
            }
            return faults;
        }
        boolean fits = scenario.clusterSize() > 1 && scenario.clusterSize() <= expect;
        if (scenario instanceof RoutingScenario routing) {
            return fits && routing.jvms().stream().allMatch(k -> k <= expect) ? routing : routing.withJvms(List.of(expect));
        }
        if (scenario instanceof TrafficScenario traffic) {
            return fits ? traffic : traffic.withJvms(expect);
        }
        BroadcastScenario broadcast = (BroadcastScenario) scenario;
        return fits && broadcast.jvms().stream().allMatch(k -> k <= expect) ? broadcast : broadcast.withJvms(List.of(expect));
    }
}
