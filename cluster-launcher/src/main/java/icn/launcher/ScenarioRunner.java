package icn.launcher;

import icn.protocols.BroadcastAlgorithm;
import icn.protocols.Partition;
import icn.protocols.Scc;
import icn.protocols.Topologies;
import icn.scenarios.BroadcastExperiment;
import icn.scenarios.BroadcastReport;
import icn.scenarios.BroadcastRun;
import icn.scenarios.BroadcastScenario;
import icn.scenarios.Machines;
import icn.scenarios.ReportWriter;
import icn.scenarios.SummaryTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Runs every experiment of a scenario on the given machines, prints the table and writes the reports ({@code run}, {@code coordinator}). */
final class ScenarioRunner {

    record Options(Path out, boolean json, boolean noReports) {
    }

    private ScenarioRunner() {
    }

    static int run(BroadcastScenario sc, Machines machines, Options options, Progress progress) throws IOException {
        List<BroadcastRun> runs = new ArrayList<>();
        String lostNote = null;
        int total = sc.runCount();
        outer:
        for (String topology : sc.topologies()) {
            Scc scc = Topologies.scc(topology);
            int source = sc.sourceNode(scc);
            for (String algorithm : sc.algorithms()) {
                for (int b : sc.messages()) {
                    for (int jvms : sc.jvms()) {
                        for (String partitioning : sc.partitionings()) {
                            progress.item(runs.size() + 1, total, String.format("%s %s B=%d on %d JVM(s), %s (%,d node actors)",
                                    scc.name(), algorithm, b, jvms, partitioning, scc.nodeCount()));
                            BroadcastExperiment.Settings settings = new BroadcastExperiment.Settings(sc.engine(), jvms, sc.hostsPerJvm(),
                                    Partition.Kind.parse(partitioning), sc.seed());
                            BroadcastExperiment.Outcome outcome = BroadcastExperiment.run(machines, scc, BroadcastAlgorithm.parse(algorithm),
                                    b, source, settings);
                            runs.add(outcome.run());
                            if (!outcome.completed()) {
                                lostNote = Texts.memberLoss(outcome);
                                progress.done();
                                System.err.println("icn: " + lostNote); // now, before reports are written and the cluster is taken down
                                break outer;
                            }
                        }
                    }
                }
            }
        }
        progress.done();
        Path dir = null;
        if (!options.noReports()) {
            String name = sc.name() + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
            dir = ReportWriter.write(options.out(), name, runs);
        }
        List<String> differing = differingGroups(runs);
        if (options.json()) {
            System.out.println(dir != null ? Files.readString(dir.resolve(ReportWriter.RESULT_JSON)).strip() : resultJson(sc, runs));
        } else {
            System.out.printf("Scenario '%s': %d runs, seed %d, %s engine, %d host(s) per JVM%n%n", sc.name(), runs.size(), sc.seed(),
                    sc.engine(), sc.hostsPerJvm());
            System.out.print(new SummaryTable(runs).renderText());
            long disagreeing = runs.stream().filter(r -> !new BroadcastReport(r).agrees()).count();
            System.out.printf("%n%d of %d runs agree with the papers' formulas in every column.%n", runs.size() - disagreeing, runs.size());
            if (sc.jvms().size() > 1 || sc.partitionings().size() > 1) {
                System.out.println(differing.isEmpty()
                        ? "Every run measured the same, step by step, on every number of JVMs and partitioning it was run with."
                        : "Runs that measured differently from the first run of their group: " + String.join("; ", differing));
            }
            if (dir != null) {
                System.out.println("Reports: " + dir);
            }
        }
        if (lostNote != null) {
            return Icn.RUN_FAILED;
        }
        return differing.isEmpty() ? 0 : Icn.RUN_FAILED;
    }

    /** Groups runs by topology, algorithm and B, and names those that did not measure what the group's first run measured. */
    static List<String> differingGroups(List<BroadcastRun> runs) {
        Map<String, BroadcastRun> first = new LinkedHashMap<>();
        List<String> differing = new ArrayList<>();
        for (BroadcastRun run : runs) {
            String key = run.topology() + " " + run.algorithm() + " B=" + run.messages();
            BroadcastRun reference = first.putIfAbsent(key, run);
            if (reference != null && !reference.metrics().sameCountsAs(run.metrics())) {
                differing.add(key + " on " + run.jvms() + " JVMs, " + run.partitioning());
            }
        }
        return differing;
    }

    private static String resultJson(BroadcastScenario sc, List<BroadcastRun> runs) {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode o = mapper.createObjectNode();
        o.put("scenario", sc.name());
        o.put("seed", sc.seed());
        com.fasterxml.jackson.databind.node.ArrayNode array = o.putArray("runs");
        runs.forEach(r -> array.add(new BroadcastReport(r).toJsonNode()));
        return o.toString();
    }
}
