package icn.launcher;

import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.routing.RoutingAlgorithm;
import icn.protocols.Scc;
import icn.protocols.Topologies;
import icn.scenarios.Machines;
import icn.scenarios.RouteReports;
import icn.scenarios.RouteSweep;
import icn.scenarios.RoutingScenario;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/** Runs every sweep of a routing scenario, prints 000 Tables 1 and 2 beside the paper and writes the reports ({@code run}). */
final class RoutingScenarioRunner {

    private RoutingScenarioRunner() {
    }

    /** On a local cluster of the scenario's size (or the sequential engine). */
    static int run(RoutingScenario sc, ScenarioRunner.Options options, Duration formationTimeout, Progress progress) throws IOException {
        if (!sc.engine().equals("actor")) {
            return run(sc, null, options, progress);
        }
        try (OpenMachines machines = OpenMachines.open(sc.clusterSize(), formationTimeout, progress)) {
            return run(sc, machines, options, progress);
        }
    }

    static int run(RoutingScenario sc, Machines machines, ScenarioRunner.Options options, Progress progress) throws IOException {
        List<ObjectNode> sweeps = new ArrayList<>();
        int total = sc.runCount();
        for (String topology : sc.topologies()) {
            Scc scc = Topologies.scc(topology);
            for (String algorithm : sc.algorithms()) {
                for (String mode : sc.modes()) {
                    for (int jvms : sc.jvms()) {
                        progress.step(String.format("[%d/%d] %s %s, %s routing, %s on %d JVM(s)", sweeps.size() + 1, total, scc.name(), algorithm,
                                mode, sc.sweep(), jvms));
                        sweeps.add(RouteSweep.run(machines, scc, RoutingAlgorithm.parse(algorithm), mode, sc.sweep(), sc.seed(), sc.engine(),
                                jvms, sc.hostsPerJvm(), sc.latency()));
                    }
                }
            }
        }
        progress.done();
        Path dir = null;
        if (!options.noReports()) {
            String name = sc.name() + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
            dir = RouteReports.write(options.out(), name, sc.seed(), sweeps);
        }
        long failed = sweeps.stream().filter(s -> !s.get("allDelivered").asBoolean() || s.get("invalidHops").asLong() != 0
                || !s.get("matchesPureRoutes").asBoolean() || s.get("bfs").get("belowBfs").asLong() != 0).count();
        if (options.json()) {
            System.out.println(RouteReports.resultJson(sc.name(), sc.seed(), sweeps));
        } else {
            System.out.printf("Routing scenario '%s': %d sweeps (%s), seed %d, %s engine, latency lateral %d / local %d step(s)%n%n", sc.name(),
                    sweeps.size(), sc.sweep(), sc.seed(), sc.engine(), sc.latency().lateral(), sc.latency().local());
            List<List<String>> t1 = RouteReports.table1(sweeps);
            if (t1.size() > 1) {
                System.out.println("000 Table 1, minimal routing to the identity (measured; Eq. = 000's expression; T1 = printed in 000):");
                System.out.print(RouteReports.text(t1));
                System.out.println();
            }
            List<List<String>> t2 = RouteReports.table2(sweeps);
            if (t2.size() > 1) {
                System.out.println("000 Table 2, average cost by algorithm (measured; T2 = printed in 000; Eq.14 = 000's bound for random):");
                System.out.print(RouteReports.text(t2));
                System.out.println();
            }
            System.out.printf("%d of %d sweeps delivered every packet along valid links, each on the route the pure computation gives,"
                    + " none shorter than BFS.%n", sweeps.size() - failed, sweeps.size());
            if (dir != null) {
                System.out.println("Reports: " + dir);
            }
        }
        return failed == 0 ? 0 : Icn.RUN_FAILED;
    }
}
