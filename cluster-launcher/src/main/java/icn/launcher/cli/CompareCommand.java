package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;

import icn.launcher.ExitCodes;
import icn.launcher.cluster.Engines;
import icn.launcher.output.Progress;
import icn.launcher.output.Results;
import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.Partition;
import icn.protocols.Topology;
import icn.scenarios.broadcast.FloodingRun;
import icn.scenarios.network.NetworkReport;
import icn.scenarios.report.AppliedFaults;
import icn.scenarios.routing.RouteReports;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;

/** {@code icn compare}: networks side by side, measured, with the papers' formulas beside (001 Table 7, 003 Tables 4.1–4.2). */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare networks side by side: nodes, degree, links, diameter and average distance by BFS, and the steps of",
                "multi-port and one-port flooding from node 0, all measured; beside every figure the papers' closed forms, marked ✗",
                "where the measurement disagrees. With --jvms K the floodings also run through the node actors on K local JVMs and",
                "are set beside the sequential engine's (exit 1 if they differ)."})
final class CompareCommand implements Callable<Integer> {
    private final CommandContext ctx;

    CompareCommand(CommandContext ctx) {
        this.ctx = ctx;
    }


    @Mixin
    TopologyOptions topology;

    @Option(names = "--no-flooding", description = "Skip the flooding runs.")
    boolean noFlooding;

    @Mixin
    ClusterOptions cluster;

    @Option(names = "--partitioning", defaultValue = "supernode", paramLabel = "supernode|block|round-robin",
            description = {"How the actor engine splits nodes among hosts (default: whole groups, e.g. supernodes and f-cycles, per host;",
                    "round-robin sends every link class across JVMs)."})
    String partitioning;


    @Mixin
    CommonOptions common;

    @Mixin
    SubmitOptions submit;

    private static final BroadcastAlgorithm[] FLOODINGS = {BroadcastAlgorithm.FLOODING, BroadcastAlgorithm.FLOODING_ONE_PORT};

    @Override
    public Integer call() {
        List<Topology> parsed = topology.networks(); // every name checked before anything runs
        // on a standing cluster (submitted with --cluster) the floodings run on its workers, as --jvms K runs them locally
        Integer jvms = cluster.jvmsGiven() ? Integer.valueOf(cluster.jvms(1))
                : ctx.engines().standing() && !noFlooding ? Integer.valueOf(ctx.engines().defaultJvms()) : null;
        Partition.Kind kind = Partition.Kind.parse(partitioning);
        if (jvms != null) {
            ctx.engines().checkJvms(jvms);
            if (noFlooding) {
                throw new icn.protocols.InvalidInputException("--jvms runs the floodings: it cannot go with --no-flooding");
            }
        }
        Results results = Results.open(ctx.session(), common.results(), jvms == null ? 1 : jvms);
        Progress progress = new Progress(ctx.session(), common.json);
        List<ObjectNode> reports = new ArrayList<>();
        for (Topology t : parsed) {
            progress.item(reports.size() + 1, parsed.size(), String.format("%s (%,d nodes)", t.name(), t.nodeCount()));
            reports.add(noFlooding ? NetworkReport.measure(t) : NetworkReport.measure(t, Engine.reference()));
        }
        boolean same = true;
        if (jvms != null) {
            same = engines(parsed, reports, kind, jvms, progress);
        }
        progress.done();
        ObjectNode root = new ObjectMapper().createObjectNode();
        ArrayNode array = root.putArray("networks");
        reports.forEach(array::add);
        root.put("agrees", reports.stream().allMatch(r -> r.get("agrees").asBoolean()));
        root.put("seed", common.seed);
        // BFS, and the floodings in the papers' synchronous model without faults (on either engine): nothing applied
        root.set("applied", AppliedFaults.NONE.json());
        if (jvms != null) {
            root.put("jvms", jvms);
            root.put("partitioning", kind.key());
            root.put("enginesAgree", same);
        }
        StringBuilder text = new StringBuilder();
        String nl = System.lineSeparator();
        text.append(RouteReports.text(NetworkReport.table(reports)));
        text.append("Measured by BFS and by flooding from node 0 on the sequential engine.").append(nl);
        text.append(AppliedFaults.NONE.line()).append(nl);
        NetworkReport.notes(reports).forEach(n -> text.append(n).append(nl));
        if (jvms != null) {
            text.append(nl).append("Flooding from node 0, sequential engine beside the actor engine on ").append(jvms).append(" JVM(s), ")
                    .append(kind.key()).append(" partitioning:").append(nl);
            text.append(RouteReports.text(engineTable(reports)));
            text.append(same ? "The actor engine measured what the sequential engine measured, step by step, for every network."
                    : "The engines DIFFER; see the rows marked ✗.").append(nl);
        }
        return results.finish(root, text.toString(), same ? 0 : ExitCodes.RUN_FAILED);
    }

    /** Both floodings on the actor engine over K JVMs beside the sequential engine; sets {@code engines} in every report. */
    private boolean engines(List<Topology> parsed, List<ObjectNode> reports, Partition.Kind kind, int jvms, Progress progress) {
        boolean same = true;
        RunSettings actor = new RunSettings(EngineKind.ACTORS, jvms, ctx.engines().defaultHosts(jvms), kind, 1,
                cluster.formationTimeout(), progress::step);
        RunSettings sequential = new RunSettings(EngineKind.SEQUENTIAL, 1, 1, Partition.Kind.SUPERNODE, 1);
        try (Engine machines = ctx.engines().open(actor); Engine reference = ctx.engines().open(sequential)) {
            for (int i = 0; i < parsed.size(); i++) {
                Topology t = parsed.get(i);
                ObjectNode engines = reports.get(i).putObject("engines");
                for (BroadcastAlgorithm a : FLOODINGS) {
                    progress.step(String.format("%s %s on the actor engine, %d JVM(s)", t.name(), a.key(), jvms));
                    ObjectNode onActors = FloodingRun.run(machines, t, a, 0, actor);
                    ObjectNode onSequential = FloodingRun.run(reference, t, a, 0, sequential);
                    List<String> differences = differences(onSequential, onActors);
                    ObjectNode e = engines.putObject(a.key());
                    e.set(EngineKind.SEQUENTIAL.key(), onSequential);
                    e.set(EngineKind.ACTORS.key(), onActors);
                    e.put("same", differences.isEmpty());
                    e.putPOJO("differences", differences);
                    same &= differences.isEmpty();
                }
            }
        }
        return same;
    }

    /** What the actor run measured differently from the sequential run: steps, coverage per step, informed, link messages by class. */
    static List<String> differences(JsonNode sequential, JsonNode actor) {
        List<String> d = new ArrayList<>();
        for (String field : List.of("steps", "fullCoverageStep", "informed", "perStepInformed")) {
            if (!sequential.get(field).equals(actor.get(field))) {
                d.add(field + ": sequential " + sequential.get(field) + ", actor " + actor.get(field));
            }
        }
        Iterator<Map.Entry<String, JsonNode>> links = sequential.get("linkMessages").fields();
        while (links.hasNext()) {
            Map.Entry<String, JsonNode> c = links.next();
            if (c.getValue().isNumber() && !c.getValue().equals(actor.get("linkMessages").get(c.getKey()))) {
                d.add("linkMessages." + c.getKey() + ": sequential " + c.getValue() + ", actor " + actor.get("linkMessages").get(c.getKey()));
            }
        }
        if (!actor.get("accounting").path("balanced").asBoolean(true)) {
            d.add("the actor run's accounting does not balance");
        }
        return d;
    }

    private static List<List<String>> engineTable(List<ObjectNode> reports) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("network", "flooding", "steps s/a", "informed", "link msgs", "crossed JVMs", ""));
        for (ObjectNode r : reports) {
            Iterator<Map.Entry<String, JsonNode>> it = r.get("engines").fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode s = e.getValue().get(EngineKind.SEQUENTIAL.key());
                JsonNode a = e.getValue().get(EngineKind.ACTORS.key());
                long messages = 0;
                StringBuilder cross = new StringBuilder();
                Iterator<Map.Entry<String, JsonNode>> classes = a.get("linkMessages").fields();
                while (classes.hasNext()) {
                    Map.Entry<String, JsonNode> c = classes.next();
                    if (c.getValue().isNumber()) {
                        messages += c.getValue().asLong();
                        cross.append(cross.length() == 0 ? "" : " ").append(c.getKey()).append(' ')
                                .append(String.format(Locale.ROOT, "%,d", a.get("linkMessages").get("crossJvm").get(c.getKey()).asLong()));
                    }
                }
                rows.add(List.of(r.get("topology").asText(), e.getKey(), s.get("fullCoverageStep").asText() + "/" + a.get("fullCoverageStep").asText(),
                        String.format(Locale.ROOT, "%,d", a.get("informed").asLong()), String.format(Locale.ROOT, "%,d", messages), cross.toString(),
                        e.getValue().get("same").asBoolean() ? "same" : "✗ " + String.join("; ", strings(e.getValue().get("differences")))));
            }
        }
        return rows;
    }

    private static List<String> strings(JsonNode array) {
        List<String> list = new ArrayList<>();
        array.forEach(x -> list.add(x.asText()));
        return list;
    }
}
