package icn.launcher.run;

import icn.launcher.cluster.CommandContext;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.ExitCodes;
import icn.launcher.output.Console;
import icn.launcher.output.Progress;
import icn.launcher.output.Results;
import icn.launcher.output.Texts;
import icn.node.engine.Engine;
import icn.node.engine.RunSettings;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.Partition;
import icn.protocols.Topology;
import icn.protocols.topology.Scc;
import icn.protocols.topology.Topologies;
import icn.scenarios.BroadcastScenario;
import icn.scenarios.broadcast.BroadcastChecks;
import icn.scenarios.broadcast.BroadcastExperiment;
import icn.scenarios.broadcast.BroadcastReport;
import icn.scenarios.broadcast.BroadcastResults;
import icn.scenarios.broadcast.BroadcastRun;
import icn.scenarios.broadcast.FloodingRun;
import icn.scenarios.broadcast.PortBroadcastRun;
import icn.scenarios.broadcast.SummaryTable;
import icn.scenarios.report.AppliedFaults;
import icn.scenarios.report.MeasuredSoFar;
import icn.scenarios.report.ReportWriter;
import icn.scenarios.routing.RouteReports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Runs every experiment of a scenario on the given machines, prints the table and writes the reports ({@code run}, {@code coordinator}). */
public final class ScenarioRunner {

    /**
     * Where and how a scenario reports: {@code reserved} names the results directory the command made for it (with its manifest),
     * null for one named after the scenario and the time.
     */
    public record Options(Path out, boolean json, boolean noReports, String reserved) {

        Options(Path out, boolean json, boolean noReports) {
            this(out, json, noReports, null);
        }

        /** The results directory's name under {@link #out()}. */
        String dirName(String scenarioName) {
            return reserved != null ? reserved
                    : icn.protocols.FileNames.safe(scenarioName) + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT));
        }
    }

    private ScenarioRunner() {
    }

    /** What a scenario's runs measured: 001's SCC_n runs, the other networks' runs, and why they stopped early (null: they did not). */
    private record Ran(List<BroadcastRun> runs, List<ObjectNode> networkRuns, String lostNote) {
    }

    static int run(CommandContext ctx, BroadcastScenario sc, Engine machines, Options options, Progress progress) throws IOException {
        Ran ran = runAll(ctx, sc, machines, progress);
        progress.done();
        List<BroadcastRun> runs = ran.runs();
        List<ObjectNode> networkRuns = ran.networkRuns();
        Path dir = null;
        if (!options.noReports()) {
            String name = options.dirName(sc.name());
            dir = networkRuns.isEmpty() ? BroadcastResults.write(options.out(), name, runs) : writeWithNetworkRuns(options.out(), name, sc, runs,
                    networkRuns);
        }
        List<String> differing = new ArrayList<>(differingGroups(runs));
        differing.addAll(differingNetworkGroups(networkRuns));
        long networkDisagreeing = networkRuns.stream().filter(o -> !agrees(o)).count();
        if (options.json()) {
            Results.printJson(ctx.session(), new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir != null
                    ? Files.readString(dir.resolve(ReportWriter.RESULT_JSON)) : resultJson(sc, runs, networkRuns)));
        } else {
            printText(ctx, sc, ran, differing, networkDisagreeing, dir);
        }
        if (ran.lostNote() != null) {
            return ExitCodes.RUN_FAILED;
        }
        return differing.isEmpty() && networkDisagreeing == 0 ? 0 : ExitCodes.RUN_FAILED;
    }

    /** One run of a broadcast scenario: its network, algorithm, B, JVMs and partitioning. */
    private record Point(Topology t, int source, BroadcastAlgorithm alg, String algorithm, BroadcastChecks.Form form, int r, int b, int jvms,
            String partitioning) {
    }

    /** What one run gave: a network run's JSON, or an SCC_n broadcast's outcome. */
    private record Done(Point point, ObjectNode network, BroadcastExperiment.Outcome outcome) {
        boolean lost() {
            return outcome != null && !outcome.completed();
        }
    }

    /**
     * Every run of the scenario, in order, until a member is lost (then the note says so on stderr at once). The runs are
     * independent: on a standing cluster's workers as many run at once as the engine can ({@code Sweeps.map}), handed back in
     * their order, so that the lists, the rows measured so far and the stop at a lost member are those of one run after another.
     */
    private static Ran runAll(CommandContext ctx, BroadcastScenario sc, Engine machines, Progress progress) {
        List<Point> points = new ArrayList<>();
        for (String topology : sc.topologies()) {
            Topology t = Topologies.parse(topology);
            int source = sc.sourceNode(t);
            for (String algorithm : sc.algorithms()) {
                BroadcastAlgorithm alg = BroadcastAlgorithm.parse(algorithm);
                BroadcastChecks.Form form = sc.form(t, alg);
                int r = sc.lateralLatency(t, alg);
                for (int b : sc.messages()) {
                    for (int jvms : sc.jvms()) {
                        for (String partitioning : sc.partitionings()) {
                            points.add(new Point(t, source, alg, algorithm, form, r, b, jvms, partitioning));
                        }
                    }
                }
            }
        }
        List<BroadcastRun> runs = new ArrayList<>();
        List<ObjectNode> networkRuns = new ArrayList<>(); // flooding, and one-port / multi-port beyond 001's SCC_n runs
        int total = sc.runCount();
        List<Done> done = icn.node.engine.Sweeps.map(machines.parallelRuns(), points.size(), i -> {
            Point p = points.get(i);
            progress.item(i + 1, total, String.format("%s %s B=%d on %d JVM(s), %s (%,d node actors)", p.t().name(), p.algorithm(), p.b(),
                    p.jvms(), p.partitioning(), p.t().nodeCount()));
            RunSettings settings = new RunSettings(sc.engine(), p.jvms(), sc.hostsPerJvm(), Partition.Kind.parse(p.partitioning()), sc.seed());
            if (p.form() == BroadcastChecks.Form.FLOODING) {
                return new Done(p, FloodingRun.run(machines, p.t(), p.alg(), p.source(), settings).put("partitioning", p.partitioning()), null);
            } else if (p.form() == BroadcastChecks.Form.PORT) {
                return new Done(p, portJson(p.t(), p.source(), settings, p.partitioning(),
                        PortBroadcastRun.run(machines, p.t(), p.alg(), p.r(), p.source(), settings)), null);
            }
            return new Done(p, null, BroadcastExperiment.run(machines,
                    icn.protocols.topology.Topologies.as(p.t(), Scc.class).orElseThrow(), p.alg(), p.b(), p.source(), settings));
        }, Done::lost, d -> {
            if (d.network() != null) {
                networkRuns.add(d.network());
                return;
            }
            BroadcastExperiment.Outcome outcome = d.outcome();
            runs.add(outcome.run());
            ctx.session().measured("runs.csv", "topology,algorithm,messages,jvms,partitioning,steps,informed,completed",
                    String.format(java.util.Locale.ROOT, "%s,%s,%d,%d,%s,%d,%d,%b", d.point().t().name(), d.point().alg().key(),
                            d.point().b(), d.point().jvms(), d.point().partitioning(), outcome.run().metrics().steps(),
                            outcome.run().metrics().informed(0), outcome.completed()));
        });
        Done last = done.isEmpty() ? null : done.get(done.size() - 1);
        if (last != null && last.lost()) {
            String lostNote = Texts.memberLoss(last.outcome());
            progress.done();
            ctx.err().println("icn: " + lostNote); // now, before reports are written and the cluster is taken down
            return new Ran(runs, networkRuns, lostNote);
        }
        return new Ran(runs, networkRuns, null);
    }

    /** The table of the runs beside the papers' values, and whether the repetitions measured alike. */
    private static void printText(CommandContext ctx, BroadcastScenario sc, Ran ran, List<String> differing, long networkDisagreeing, Path dir) {
        List<BroadcastRun> runs = ran.runs();
        List<ObjectNode> networkRuns = ran.networkRuns();
        ctx.out().printf("Scenario '%s': %d runs, seed %d, %s engine, %d host(s) per JVM%n", sc.name(), runs.size() + networkRuns.size(),
                sc.seed(), sc.engine().key(), sc.hostsPerJvm());
        ctx.out().println(applied(runs, networkRuns).line());
        ctx.out().println();
        long disagreeing = runs.stream().filter(r -> !new BroadcastReport(r).agrees()).count();
        if (!runs.isEmpty()) {
            ctx.out().print(new SummaryTable(runs).renderText());
            ctx.out().printf("%n%d of %d runs agree with the papers' formulas in every column.%n", runs.size() - disagreeing, runs.size());
        }
        if (!networkRuns.isEmpty()) {
            ctx.out().println((runs.isEmpty() ? "" : System.lineSeparator()) + NETWORK_TABLE_TITLE);
            ctx.out().print(RouteReports.text(networkTable(networkRuns)));
            ctx.out().printf("%n%d of %d of these runs informed every node%s.%n", networkRuns.size() - networkDisagreeing,
                    networkRuns.size(), networkRuns.stream().anyMatch(o -> o.has("bfs"))
                            ? " (multi-port flooding exactly at the source's BFS eccentricity, one-port flooding no sooner)" : "");
        }
        if (sc.jvms().size() > 1 || sc.partitionings().size() > 1) {
            ctx.out().println(differing.isEmpty()
                    ? "Every run measured the same, step by step, on every number of JVMs and partitioning it was run with."
                    : "Runs that measured differently from the first run of their group: " + String.join("; ", differing));
        }
        if (dir != null) {
            ctx.out().println("Reports: " + ctx.session().shown(dir));
        }
    }

    private static final String NETWORK_TABLE_TITLE = "Flooding (beside the source's BFS eccentricity) and one-port / multi-port broadcasts"
            + " on other networks or with slow lateral links (steps = lateral + local link steps; ticks with lateral links R ticks slow):";

    /** A one-port or multi-port run of {@link PortBroadcastRun} as {@code icn broadcast --json} prints it, with the run's settings. */
    static ObjectNode portJson(Topology t, int source, RunSettings settings, String partitioning, PortBroadcastRun.Result r) {
        return new ObjectMapper().createObjectNode().put("topology", r.topology()).put("nodes", r.nodes()).put("algorithm", r.algorithm())
                .put("source", t.label(source)).put("lateralLatency", r.lateralLatency()).put("lateralSteps", r.lateralSteps())
                .put("localSteps", r.localSteps()).put("totalSteps", r.totalSteps()).put("ticks", r.ticks())
                .put("runningTimeInLateralSteps", r.runningTimeInLateralSteps()).put("informed", r.informed()).put("engine", r.engine())
                .put("jvms", settings.jvms()).put("partitioning", partitioning).put("seed", settings.seed())
                .put("agrees", r.complete()).put("wallSeconds", r.wallSeconds()).set("applied", r.applied().json());
    }

    /** Flooding: as {@link FloodingRun} judges it; one-port and multi-port: every node informed. */
    private static boolean agrees(ObjectNode run) {
        return run.path("agrees").asBoolean();
    }

    static List<List<String>> networkTable(List<ObjectNode> networkRuns) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("topology", "algorithm", "JVMs", "partitioning", "source", "nodes", "steps", "full coverage", "informed",
                "reference", "agrees"));
        for (ObjectNode o : networkRuns) {
            boolean flooding = o.has("bfs");
            rows.add(List.of(o.path("topology").asText(), o.path("algorithm").asText(), o.path("jvms").asText(), o.path("partitioning").asText(),
                    o.path("source").asText(), String.format("%,d", o.path("nodes").asLong()),
                    flooding ? o.path("steps").asText() : o.path("lateralSteps").asLong() + " + " + o.path("localSteps").asLong(),
                    flooding ? o.path("fullCoverageStep").asText() : "tick " + o.path("ticks").asLong(),
                    String.format("%,d", o.path("informed").asLong()),
                    flooding ? "BFS eccentricity " + o.path("bfs").path("eccentricity").asLong()
                            : String.format(Locale.ROOT, "R = %d, %.3f lateral steps", o.path("lateralLatency").asInt(),
                                    o.path("runningTimeInLateralSteps").asDouble()),
                    agrees(o) ? "yes" : "NO"));
        }
        return rows;
    }

    /** Names the runs of flooding and the port broadcasts that measured other than the first of their topology and algorithm. */
    static List<String> differingNetworkGroups(List<ObjectNode> networkRuns) {
        Map<String, JsonNode> first = new LinkedHashMap<>();
        List<String> differing = new ArrayList<>();
        for (ObjectNode o : networkRuns) {
            String key = o.path("topology").asText() + " " + o.path("algorithm").asText();
            ObjectNode measured = new ObjectMapper().createObjectNode();
            for (String field : List.of("steps", "fullCoverageStep", "informed", "perStepInformed", "lateralSteps", "localSteps", "ticks")) {
                if (o.has(field)) {
                    measured.set(field, o.get(field));
                }
            }
            o.path("linkMessages").fields().forEachRemaining(e -> {
                if (e.getValue().isNumber()) {
                    measured.set("linkMessages." + e.getKey(), e.getValue());
                }
            });
            JsonNode reference = first.putIfAbsent(key, measured);
            if (reference != null && !reference.equals(measured)) {
                differing.add(key + " on " + o.path("jvms").asInt() + " JVMs, " + o.path("partitioning").asText());
            }
        }
        return differing;
    }

    /**
     * The results directory with the flooding and port broadcast runs: 001's SCC_n runs as {@link BroadcastResults} writes them (if any),
     * every run in {@code result.json}, and the table of the other runs in {@code report.md}; whole or not at all.
     */
    private static Path writeWithNetworkRuns(Path out, String name, BroadcastScenario sc, List<BroadcastRun> runs, List<ObjectNode> networkRuns)
            throws IOException {
        AppliedFaults applied = applied(runs, networkRuns);
        return ReportWriter.writeDirectory(out, name, dir -> {
            ObjectNode result;
            String md;
            if (runs.isEmpty()) {
                result = new ObjectMapper().createObjectNode().put("scenario", name).put("seed", sc.seed());
                result.putArray("runs");
                md = "# Broadcast results: " + name + "\n\n" + applied.line() + "\n\n";
            } else {
                Path inner = BroadcastResults.write(dir, "scc", runs);
                try (var files = Files.list(inner)) {
                    for (Path f : files.toList()) {
                        Files.move(f, dir.resolve(f.getFileName()));
                    }
                }
                Files.delete(inner);
                result = (ObjectNode) new ObjectMapper().readTree(dir.resolve(ReportWriter.RESULT_JSON).toFile());
                result.put("scenario", name);
                // what 001's runs applied is said there; the other runs may have applied more (slow lateral links)
                md = Files.readString(dir.resolve(ReportWriter.REPORT_MD)).replace("# Broadcast results: scc", "# Broadcast results: " + name)
                        .replace(applied(runs, List.of()).line(), applied.line()) + "\n";
            }
            result.set("applied", applied.json());
            networkRuns.forEach(result.withArray("runs")::add);
            Files.writeString(dir.resolve(ReportWriter.RESULT_JSON), new ObjectMapper().writerWithDefaultPrettyPrinter()
                    .writeValueAsString(result) + "\n");
            Files.writeString(dir.resolve(ReportWriter.REPORT_MD), md + NETWORK_TABLE_TITLE + "\n\n" + RouteReports.markdown(
                    networkTable(networkRuns)));
        });
    }

    /** What every run of a broadcast scenario applied beyond the papers' model (slow lateral links, R > 1), said once or run by run. */
    static AppliedFaults applied(List<BroadcastRun> runs, List<ObjectNode> networkRuns) {
        List<JsonNode> all = new ArrayList<>();
        runs.forEach(r -> all.add(new BroadcastReport(r).toJsonNode()));
        all.addAll(networkRuns);
        return BroadcastResults.applied(all);
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

    private static String resultJson(BroadcastScenario sc, List<BroadcastRun> runs, List<ObjectNode> networkRuns) {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode o = mapper.createObjectNode();
        o.put("scenario", sc.name());
        o.put("seed", sc.seed());
        o.set("applied", applied(runs, networkRuns).json());
        com.fasterxml.jackson.databind.node.ArrayNode array = o.putArray("runs");
        runs.forEach(r -> array.add(new BroadcastReport(r).toJsonNode()));
        networkRuns.forEach(array::add);
        return o.toString();
    }
}
