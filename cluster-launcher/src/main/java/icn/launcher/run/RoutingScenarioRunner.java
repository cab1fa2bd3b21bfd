package icn.launcher.run;

import icn.launcher.cluster.CommandContext;
import icn.launcher.output.Console;
import icn.launcher.output.Results;
import icn.launcher.ExitCodes;
import icn.launcher.output.Progress;
import icn.node.engine.Engine;
import icn.node.engine.RunSettings;
import icn.protocols.Partition;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.scenarios.routing.RouteReports;
import icn.scenarios.routing.RouteSweep;
import icn.scenarios.RoutingScenario;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs every sweep of a routing scenario, prints 000 Tables 1 and 2 beside the paper and writes the reports ({@code run}). */
final class RoutingScenarioRunner {

    private RoutingScenarioRunner() {
    }

    static int run(CommandContext ctx, RoutingScenario sc, Engine machines, ScenarioRunner.Options options, Progress progress) throws IOException {
        List<ObjectNode> sweeps = new ArrayList<>();
        int total = sc.runCount();
        for (RoutingScenario.Sweep sweep : sc.sweeps()) {
            Topology t = Topologies.parse(sweep.topology());
            for (int jvms : sc.jvms()) {
                progress.item(sweeps.size() + 1, total, String.format("%s %s, %s routing, %s on %d JVM(s)", t.name(), sweep.algorithm(),
                        sweep.mode(), sc.sweep(), jvms));
                sweeps.add(RouteSweep.run(machines, t, sc.spec(sweep), new RunSettings(sc.engine(), jvms, sc.hostsPerJvm(),
                        Partition.Kind.SUPERNODE, sc.seed()), sc.latency()));
            }
        }
        progress.done();
        Path dir = null;
        if (!options.noReports()) {
            String name = options.dirName(sc.name());
            dir = RouteReports.write(options.out(), name, sc.seed(), sweeps);
        }
        long failed = sweeps.stream().filter(s -> !s.get("allDelivered").asBoolean() || s.get("invalidHops").asLong() != 0
                || !s.get("matchesPureRoutes").asBoolean() || s.path("bfs").path("belowBfs").asLong() != 0).count();
        List<String> differences = RouteReports.repetitionDifferences(sweeps);
        ObjectNode result = RouteReports.resultJson(sc.name(), sc.seed(), sweeps);
        if (sc.jvms().size() > 1) {
            result.put("repetitionsAgree", differences.isEmpty());
            differences.forEach(result.withArray("differences")::add);
        }
        if (dir != null) {
            // result.json is the object --json prints
            java.nio.file.Files.writeString(dir.resolve("result.json"), result.toPrettyString() + System.lineSeparator());
        }
        if (options.json()) {
            Results.printJson(ctx.session(), result);
        } else {
            ctx.out().printf("Routing scenario '%s': %d sweeps (%s), seed %d, %s engine, latency lateral %d / local %d step(s)%n", sc.name(),
                    sweeps.size(), sc.sweep(), sc.seed(), sc.engine().key(), sc.latency().lateral(), sc.latency().local());
            ctx.out().println(RouteReports.applied(sweeps).line());
            ctx.out().println();
            List<List<String>> t1 = RouteReports.table1(sweeps);
            if (t1.size() > 1) {
                ctx.out().println("000 Table 1, minimal routing to the identity (measured; Eq. = 000's expression; Eq.12 and Eq.14 are random routing's,"
                        + " upper bounds here (random ≥); T1 = printed in 000):");
                ctx.out().print(RouteReports.text(t1));
                ctx.out().println();
            }
            List<List<String>> t2 = RouteReports.table2(sweeps);
            if (t2.size() > 1) {
                ctx.out().println("000 Table 2, average cost by algorithm (measured; T2 = printed in 000; Eq.14 = 000's bound for random):");
                ctx.out().print(RouteReports.text(t2));
                ctx.out().println();
            }
            // what 000's tables show (SCC_n, to the identity) is in them; every other sweep gets a row of its own
            List<List<String>> others = RouteReports.sweepsTable(sweeps, s -> !s.get("topology").asText().startsWith("scc:")
                    || !s.get("sweep").asText().equals("to-identity"));
            if (others.size() > 1) {
                ctx.out().println((t1.size() > 1 || t2.size() > 1 ? "Every other sweep" : "Every sweep") + " (measured; BFS = the distances of"
                        + " the same pairs; walks ok = every packet delivered on its router's own route):");
                ctx.out().print(RouteReports.text(others));
                ctx.out().println();
            }
            ctx.out().printf("%d of %d sweeps delivered every packet along valid links, each on the route the pure computation gives,"
                    + " none shorter than BFS.%n", sweeps.size() - failed, sweeps.size());
            if (sc.jvms().size() > 1) {
                ctx.out().println(differences.isEmpty() ? "Every sweep measured the same on " + sc.jvms() + " JVMs."
                        : "Repetitions on other numbers of JVMs DIFFER:\n  " + String.join("\n  ", differences));
            }
            if (dir != null) {
                ctx.out().println("Reports: " + ctx.session().shown(dir));
            }
        }
        return failed == 0 && differences.isEmpty() ? 0 : ExitCodes.RUN_FAILED;
    }
}
