package icn.scenarios.network;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.engine.Engine;
import icn.node.engine.RunRequest;
import icn.node.kind.Programs;
import icn.protocols.Bfs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkLatency;
import icn.protocols.RunMetrics;
import icn.protocols.Topology;
import icn.protocols.TopologyCensus;
import icn.protocols.fault.FaultPlan;
import icn.protocols.wire.BroadcastSpec;
import icn.scenarios.claims.NetworkClaims;
import icn.scenarios.claims.UndirectedDegree;
import icn.scenarios.kind.NetworkPapers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Any network measured: nodes, degree, links per class, and diameter and average distance by BFS; optionally the steps of
 * multi-port and one-port flooding from node 0 (sequential engine); beside them every closed form of the papers
 * ({@link NetworkClaims}), with whether the measurement agrees. The rows of {@code icn compare} (001 Table 7, 003 Tables 4.1–4.2
 * style).
 *
 * <p>JSON: {@code topology, nodes, directed, degree{min, max}, [undirectedDegree{min, max, from}] (directed networks: distinct
 * neighbours over out- and in-arcs), links{class: count, total}, connected, diameter, averageDistance
 * (over all N nodes, the source included), distancesFrom, [multiPortFloodingSteps, onePortFloodingSteps], formulas[{metric,
 * measured, formula, relation (equals|at-most|at-least|reference), source, agrees (null for a reference)}], agrees, paper{diameter,
 * source}}.
 *
 * <p>Distances: Cayley graphs (CR_n, S_n, Q_n, tori, CCC_n) are vertex-transitive, so one BFS from node 0 gives the diameter and the
 * average distance; SCC_n is transitive on supernodes, so one BFS per ring position; other networks take a BFS from every node up to
 * {@value #ALL_SOURCES_UP_TO} nodes and from a seeded sample of {@value #SAMPLE} nodes above that (then the diameter is a lower
 * bound, and the report says so).
 */
public final class NetworkReport {

    static final int ALL_SOURCES_UP_TO = 4096;
    static final int SAMPLE = 256;
    private static final ObjectMapper JSON = new ObjectMapper();

    private NetworkReport() {
    }

    private static int[] sources(Topology t, List<String> how) {
        switch (NetworkPapers.of(t).symmetry()) {
            case VERTEX_TRANSITIVE -> {
                how.add("node 0 (vertex-transitive)");
                return new int[] {0};
            }
            case RING_TRANSITIVE -> {
                how.add("one node per ring position (supernode-transitive)");
                return java.util.stream.IntStream.range(0, t.groupSize()).toArray();
            }
            default -> {
                // no symmetry: below
            }
        }
        if (t.nodeCount() <= ALL_SOURCES_UP_TO) {
            how.add("every node");
            return java.util.stream.IntStream.range(0, t.nodeCount()).toArray();
        }
        how.add("a seeded sample of " + SAMPLE + " nodes (diameter is a lower bound)");
        SplittableRandom random = new SplittableRandom(1);
        return random.ints(SAMPLE, 0, t.nodeCount()).toArray();
    }

    /** Measures {@code t} by BFS, without floodings. */
    public static ObjectNode measure(Topology t) {
        return measure(t, null);
    }

    /** Measures {@code t}; with {@code floodings} an engine (not null), also runs both floodings from node 0 on it. */
    public static ObjectNode measure(Topology t, Engine floodings) {
        boolean flooding = floodings != null;
        ObjectNode o = JSON.createObjectNode();
        o.put("topology", t.name());
        o.put("nodes", t.nodeCount());
        o.put("directed", t.directed());
        TopologyCensus.Census c = TopologyCensus.of(t);
        o.putObject("degree").put("min", c.minDegree()).put("max", c.maxDegree());
        if (t.directed()) {
            undirectedDegree(t, o);
        }
        ObjectNode links = o.putObject("links");
        c.links().forEach((k, v) -> links.put(k.key(), v));
        links.put("total", c.totalLinks());
        List<String> how = new ArrayList<>();
        int diameter = 0;
        double sum = 0;
        long reached = 0;
        boolean connected = true;
        for (int s : sources(t, how)) {
            Bfs.DistanceProfile p = Bfs.profile(t, s);
            diameter = Math.max(diameter, p.eccentricity());
            sum += p.mean() * p.reached();
            reached += p.reached();
            connected &= p.reached() == t.nodeCount();
        }
        o.put("connected", connected);
        o.put("diameter", diameter);
        o.put("averageDistance", sum / reached);
        o.put("distancesFrom", how.get(0));
        if (flooding) {
            for (BroadcastAlgorithm a : new BroadcastAlgorithm[] {BroadcastAlgorithm.FLOODING, BroadcastAlgorithm.FLOODING_ONE_PORT}) {
                BroadcastSpec spec = new BroadcastSpec(a, 1, 0);
                RunMetrics m = floodings.run(t, Programs.of(t, spec), RunRequest.of(t, spec, LinkLatency.SYNCHRONOUS, FaultPlan.NONE)).metrics();
                o.put(a == BroadcastAlgorithm.FLOODING ? "multiPortFloodingSteps" : "onePortFloodingSteps", m.fullCoverageStep(0, t.nodeCount()));
            }
        }
        compare(t, o);
        return o;
    }

    /**
     * The degree of the underlying undirected graph (distinct neighbours over out- and in-arcs), which 003 gives for CR_n beside its
     * out-degree: at every node up to {@value #ALL_SOURCES_UP_TO} nodes, above that at the nodes the distances are measured from.
     */
    private static void undirectedDegree(Topology t, ObjectNode o) {
        List<String> how = new ArrayList<>();
        TopologyCensus.Degrees d = undirectedDegree(t, how);
        o.putObject("undirectedDegree").put("min", d.min()).put("max", d.max()).put("from", how.get(0));
    }

    /** The undirected degree as {@code icn compare} measures it; {@code how} receives which nodes were measured. */
    static TopologyCensus.Degrees undirectedDegree(Topology t, List<String> how) {
        return UndirectedDegree.of(t, how, () -> sources(t, how));
    }

    /**
     * Sets beside the measured figures of {@code o} every formula of {@link NetworkClaims}: {@code formulas[{metric, measured, formula,
     * relation, source, agrees}]}, {@code agrees} (all of them), and for compatibility {@code paper{diameter, source}} (the first
     * diameter formula).
     */
    static void compare(Topology t, ObjectNode o) {
        var array = o.putArray("formulas");
        boolean all = true;
        boolean sampled = o.path("distancesFrom").asText().startsWith("a seeded sample");
        ObjectNode paper = o.putObject("paper");
        for (NetworkClaims.Formula f : NetworkPapers.formulas(t)) {
            JsonNode measured = measured(o, f.metric());
            if (measured == null) {
                continue; // e.g. flooding skipped
            }
            boolean agrees = f.agrees(measured.asDouble());
            boolean sampledDistance = sampled && (f.metric().equals("diameter") || f.metric().equals("averageDistance"));
            if (sampledDistance && f.metric().equals("diameter") && f.relation() == NetworkClaims.Relation.EQUALS) {
                agrees = measured.asDouble() <= f.value(); // a sampled diameter is a lower bound
            }
            ObjectNode row = array.addObject();
            row.put("metric", f.metric());
            row.set("measured", measured);
            if (f.value() == Math.rint(f.value())) {
                row.put("formula", (long) f.value());
            } else {
                row.put("formula", f.value());
            }
            row.put("relation", f.relation().key());
            row.put("source", f.source());
            if (f.relation() == NetworkClaims.Relation.REFERENCE || sampledDistance && f.metric().equals("averageDistance")) {
                row.putNull("agrees");
            } else {
                row.put("agrees", agrees);
                all &= agrees;
            }
            if (f.metric().equals("diameter") && !paper.has("diameter")) {
                paper.put("diameter", (long) f.value());
                paper.put("source", f.source());
            }
        }
        o.put("agrees", all);
    }

    /** The measured value of a metric in a report of {@link #measure}, or null when it was not measured. */
    static JsonNode measured(ObjectNode o, String metric) {
        return switch (metric) {
            case "minDegree" -> o.get("degree").get("min");
            case "maxDegree" -> o.get("degree").get("max");
            case "minUndirectedDegree" -> o.has("undirectedDegree") ? o.get("undirectedDegree").get("min") : null;
            case "maxUndirectedDegree" -> o.has("undirectedDegree") ? o.get("undirectedDegree").get("max") : null;
            case "links" -> o.get("links").get("total");
            default -> o.get(metric);
        };
    }

    /** Column headers of {@link #table}: each cell holds measured/formula. */
    static final List<String> HEADERS = List.of("network", "nodes", "degree", "links", "diam", "avg dist", "flood-m", "flood-1");

    /**
     * Rows for a comparison table: every cell is the measured value, then after a slash the formulas of the papers (several separated
     * by commas; ≤, ≥ for bounds, ~ for another algorithm's value), each disagreeing one followed by ✗; "–" where nothing was measured.
     * A directed network's degree cell gives the out-degree, then the degree of the underlying undirected graph.
     */
    public static List<List<String>> table(List<ObjectNode> reports) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(HEADERS);
        for (ObjectNode r : reports) {
            List<String> row = new ArrayList<>();
            row.add(r.get("topology").asText() + (r.get("directed").asBoolean() ? " (out)" : ""));
            row.add(cell(r, List.of("nodes")));
            row.add(cell(r, List.of("minDegree", "maxDegree"))
                    + (r.has("undirectedDegree") ? "; undirected " + cell(r, List.of("minUndirectedDegree", "maxUndirectedDegree")) : ""));
            row.add(cell(r, List.of("links")));
            row.add(cell(r, List.of("diameter")));
            row.add(cell(r, List.of("averageDistance")));
            row.add(cell(r, List.of("multiPortFloodingSteps")));
            row.add(cell(r, List.of("onePortFloodingSteps")));
            rows.add(row);
        }
        return rows;
    }

    private static String cell(ObjectNode r, List<String> metrics) {
        StringBuilder sb = new StringBuilder();
        List<String> values = new ArrayList<>();
        for (String metric : metrics) {
            JsonNode m = measured(r, metric);
            if (m == null) {
                return "–";
            }
            String v = number(m.asDouble());
            if (!values.contains(v)) {
                values.add(v);
            }
        }
        sb.append(String.join("..", values));
        List<String> formulas = new ArrayList<>();
        for (JsonNode f : r.path("formulas")) {
            if (!metrics.contains(f.get("metric").asText())) {
                continue;
            }
            NetworkClaims.Relation rel = NetworkClaims.Relation.valueOf(f.get("relation").asText().toUpperCase(Locale.ROOT).replace('-', '_'));
            String text = (rel == NetworkClaims.Relation.EQUALS ? "" : rel.symbol()) + number(f.get("formula").asDouble())
                    + (f.get("agrees").asBoolean(true) ? "" : "✗");
            if (!formulas.contains(text)) {
                formulas.add(text);
            }
        }
        if (!formulas.isEmpty()) {
            sb.append('/').append(String.join(",", formulas));
        }
        return sb.toString();
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%d", (long) v) : String.format(Locale.ROOT, "%.3f", v);
    }

    /** Under the table: every formula used (network, metric, source), then every disagreement in words. */
    public static List<String> notes(List<ObjectNode> reports) {
        List<String> lines = new ArrayList<>();
        lines.add("Cells: measured/formula (≤ ≥ a paper's bound, ~ another algorithm's steps, not checked; ✗ the measurement disagrees).");
        lines.add("Formulas used:");
        List<String> disagreements = new ArrayList<>();
        for (ObjectNode r : reports) {
            for (JsonNode f : r.path("formulas")) {
                String metric = f.get("metric").asText();
                NetworkClaims.Relation rel = NetworkClaims.Relation.valueOf(f.get("relation").asText().toUpperCase(Locale.ROOT).replace('-', '_'));
                String formula = (rel == NetworkClaims.Relation.EQUALS ? "" : rel.symbol()) + number(f.get("formula").asDouble());
                lines.add(String.format(Locale.ROOT, "  %-12s %-22s %-10s %s", r.get("topology").asText(), metric, formula, f.get("source").asText()));
                if (!f.get("agrees").asBoolean(true)) {
                    disagreements.add(String.format(Locale.ROOT, "  %s: %s measured %s, but %s gives %s%s", r.get("topology").asText(), metric,
                            number(f.get("measured").asDouble()), f.get("source").asText(), formula,
                            rel == NetworkClaims.Relation.EQUALS ? "" : rel == NetworkClaims.Relation.AT_MOST ? " (an upper bound)" : " (a lower bound)"));
                }
            }
        }
        if (disagreements.isEmpty()) {
            lines.add("Every measurement agrees with every formula.");
        } else {
            lines.add("Disagreements (" + disagreements.size() + "):");
            lines.addAll(disagreements);
        }
        return lines;
    }
}
