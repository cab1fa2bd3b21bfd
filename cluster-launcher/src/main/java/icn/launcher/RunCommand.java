package icn.launcher;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.Partition;
import icn.protocols.Scc;
import icn.scenarios.BroadcastExperiment;
import icn.scenarios.BroadcastReport;
import icn.scenarios.BroadcastRun;
import icn.scenarios.BroadcastScenario;
import icn.scenarios.ReportWriter;
import icn.scenarios.SummaryTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code icn run [SCENARIO]}: runs a scenario (the built-in default without an argument) and prints the table beside the papers. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a scenario file (HOCON) and print its table beside the papers' values; reports go to",
                "results/<name>-<time>/ (result.json, report.md, per-step CSV, coverage.png).",
                "Without SCENARIO: the built-in default, Algorithms 4 and 5 on SCC_4 ... SCC_7.",
                "Built-in scenarios: default, pipelined."})
final class RunCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO",
            description = "A scenario file, or the name of a built-in scenario (default: 'default').")
    String scenario;

    @Option(names = "--out", defaultValue = "results", paramLabel = "DIR", description = "Where reports are written (default: results).")
    Path out;

    @Option(names = "--json", description = "Print exactly one JSON object (the run's result.json) on stdout instead of the table.")
    boolean json;

    @Option(names = "--no-reports", description = "Do not write report files.")
    boolean noReports;

    @Override
    public Integer call() throws Exception {
        BroadcastScenario sc = load();
        sc.checkSourceFitsEveryTopology();
        List<BroadcastRun> runs = new ArrayList<>();
        Progress progress = new Progress(json);
        int total = sc.runCount();
        BroadcastExperiment.Settings settings =
                new BroadcastExperiment.Settings(sc.engine(), sc.hostsPerJvm(), Partition.Kind.SUPERNODE, sc.seed());
        try (Systems systems = settings.actors() ? Systems.local() : null) {
            for (String topology : sc.topologies()) {
                Scc scc = TopologyOption.scc(topology);
                int source = sc.sourceNode(scc);
                for (String algorithm : sc.algorithms()) {
                    for (int b : sc.messages()) {
                        progress.step(String.format("[%d/%d] %s %s B=%d (%,d node actors)", runs.size() + 1, total, scc.name(), algorithm, b,
                                scc.nodeCount()));
                        runs.add(BroadcastExperiment.run(systems == null ? null : systems.system(), scc, BroadcastAlgorithm.parse(algorithm),
                                b, source, settings).run());
                    }
                }
            }
        }
        progress.done();
        Path dir = null;
        if (!noReports) {
            String name = sc.name() + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
            dir = ReportWriter.write(out, name, runs);
        }
        if (json) {
            System.out.println(dir != null ? Files.readString(dir.resolve(ReportWriter.RESULT_JSON)).strip() : resultJson(sc, runs));
        } else {
            System.out.printf("Scenario '%s': %d runs, seed %d, %s engine, %d host(s) in 1 JVM%n%n", sc.name(), runs.size(), sc.seed(),
                    sc.engine(), sc.hostsPerJvm());
            System.out.print(new SummaryTable(runs).renderText());
            long disagreeing = runs.stream().filter(r -> !new BroadcastReport(r).agrees()).count();
            System.out.printf("%n%d of %d runs agree with the papers' formulas in every column.%n", runs.size() - disagreeing, runs.size());
            if (dir != null) {
                System.out.println("Reports: " + dir);
            }
        }
        return 0;
    }

    private BroadcastScenario load() {
        if (scenario == null) {
            return BroadcastScenario.load("default");
        }
        Path file = Path.of(scenario);
        return Files.exists(file) || scenario.endsWith(".conf") ? BroadcastScenario.load(file) : BroadcastScenario.load(scenario);
    }

    private static String resultJson(BroadcastScenario sc, List<BroadcastRun> runs) {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode o = mapper.createObjectNode();
        o.put("scenario", sc.name());
        o.put("seed", sc.seed());
        ArrayNode array = o.putArray("runs");
        runs.forEach(r -> array.add(new BroadcastReport(r).toJsonNode()));
        return o.toString();
    }
}
