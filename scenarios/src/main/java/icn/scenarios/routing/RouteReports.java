package icn.scenarios.routing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.protocols.topology.Topologies;
import icn.scenarios.claims.PaperFormulas;
import icn.scenarios.printed.Printed;
import icn.scenarios.report.AppliedFaults;
import icn.scenarios.report.ReportWriter;
import icn.scenarios.report.Charts;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.knowm.xchart.XYChart;

/**
 * Reports of routing sweeps ({@link RouteSweep} JSON): 000 Tables 1 and 2 rebuilt from the sweeps to the identity, the cost
 * histograms as CSV and as a chart (PNG and SVG) of the kind 000 Fig. 6 draws (routes of cost D_I against D_I, one curve per sweep)
 * beside BFS and 000 Table 2's printed means, and a results directory written whole or not at all.
 *
 * <p>Beside the measured columns stand 000's expressions (Eqs. 6, 9, 12, 14, computed by {@link PaperFormulas}) and the values
 * printed in 000 Tables 1 and 2 (the resource {@code papers/000.conf}, used for display only). Eqs. 12 and 14 are 000's expressions for
 * random routing; beside minimal routing's means they are upper bounds, and the tables' headers say so.
 */
public final class RouteReports {

    public static final String RESULT_JSON = ReportWriter.RESULT_JSON;
    public static final String REPORT_MD = ReportWriter.REPORT_MD;
    public static final String SWEEPS_CSV = "sweeps.csv";
    public static final String HISTOGRAM_CSV = "histogram.csv";

    /** The PNG of one topology's histograms: {@code histogram-scc7.png}. */
    public static String histogramPng(String topology) {
        return "histogram-" + icn.protocols.FileNames.safe(topology.replace(":", "")) + ".png";
    }

    private static Map<String, List<ObjectNode>> byTopology(List<ObjectNode> sweeps) {
        Map<String, List<ObjectNode>> groups = new LinkedHashMap<>();
        sweeps.forEach(s -> groups.computeIfAbsent(s.get("topology").asText(), k -> new ArrayList<>()).add(s));
        return groups;
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private RouteReports() {
    }

    /** A value printed in 000 Tables 1–2 for n ({@code t1Distance}, {@code t2Greedy}, …), or NaN where the paper has none. */
    public static double printed(int n, String column) {
        Map<String, Double> row = PRINTED.get(n);
        return row == null ? Double.NaN : row.getOrDefault(column, Double.NaN);
    }

    /** Where each value {@link #printed} names stands in 000's tables: the artifact, the row and the column of papers/000.conf. */
    private static final Map<String, String[]> PLACES = Map.ofEntries(Map.entry("t1Lateral", new String[] {"000-table-1", "lat", null}),
            Map.entry("t1MiLocal", new String[] {"000-table-1", "MI(loc)", null}),
            Map.entry("t1MbLocal", new String[] {"000-table-1", "MB(loc)", null}),
            Map.entry("t1Local", new String[] {"000-table-1", "loc", null}),
            Map.entry("t1Distance", new String[] {"000-table-1", "average distance", null}),
            Map.entry("t2Minimal", new String[] {"000-table-2", null, "minimal"}),
            Map.entry("t2Greedy", new String[] {"000-table-2", null, "greedy"}),
            Map.entry("t2RandomTheory", new String[] {"000-table-2", null, "random theor."}),
            Map.entry("t2RandomSimulated", new String[] {"000-table-2", null, "random simul."}),
            Map.entry("t2RandomWorst", new String[] {"000-table-2", null, "random worst-case"}));

    private static final Map<Integer, Map<String, Double>> PRINTED = printedTables();

    /**
     * 000 Tables 1 and 2 as printed, from the one copy of 000's printed values ({@code papers/000.conf}, read by {@link Printed} as
     * {@code icn reproduce} reads it): Table 1 has a column per n, Table 2 a row per n.
     */
    private static Map<Integer, Map<String, Double>> printedTables() {
        Map<Integer, Map<String, Double>> rows = new HashMap<>();
        PLACES.forEach((name, place) -> {
            Printed.Table table = Printed.RESOURCES.table(place[0]);
            for (List<String> row : table.rows()) {
                for (int c = 1; c < table.columns().size(); c++) {
                    boolean byColumn = place[1] != null;
                    if (byColumn ? !row.get(0).equals(place[1]) : !table.columns().get(c).equals(place[2])) {
                        continue;
                    }
                    String value = table.value(row.get(0), table.columns().get(c));
                    int n = Integer.parseInt(byColumn ? table.columns().get(c) : row.get(0));
                    if (value != null) {
                        rows.computeIfAbsent(n, k -> new HashMap<>()).put(name, Double.parseDouble(value.replace(",", "")));
                    }
                }
            }
        });
        return rows;
    }

    private static int n(JsonNode sweep) {
        return Topologies.scc(sweep.get("topology").asText()).n();
    }

    /** The sweeps to the identity in source mode, by n and algorithm (the first of each). */
    private static Map<Integer, Map<String, JsonNode>> toIdentity(List<ObjectNode> sweeps) {
        Map<Integer, Map<String, JsonNode>> byN = new LinkedHashMap<>();
        for (ObjectNode s : sweeps) {
            if (s.get("sweep").asText().equals("to-identity") && s.get("topology").asText().startsWith("scc:")) {
                byN.computeIfAbsent(n(s), k -> new LinkedHashMap<>()).putIfAbsent(s.get("algorithm").asText(), s);
            }
        }
        return byN;
    }

    private static String cell(double v) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%.3f", v);
    }

    private static double mean(JsonNode sweep, String field) {
        return sweep == null ? Double.NaN : sweep.get("mean").get(field).asDouble();
    }

    /** 000 Table 1 (minimal routing): measured averages, 000's expressions and the printed values, one row per n. */
    public static List<List<String>> table1(List<ObjectNode> sweeps) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("n", "nodes", "lat", "Eq.6", "T1", "MI(loc)", "Eq.9", "T1", "MB(loc)", "Eq.12 random ≥", "T1", "distance", "BFS", "Eq.14 random ≥",
                "T1"));
        toIdentity(sweeps).forEach((n, byAlgorithm) -> {
            JsonNode m = byAlgorithm.get("minimal");
            if (m == null) {
                return;
            }
            rows.add(List.of(String.valueOf(n), String.format(Locale.ROOT, "%,d", m.get("routes").asLong()), cell(mean(m, "lateral")),
                    cell(PaperFormulas.averageLateral(n)), cell(printed(n, "t1Lateral")), cell(mean(m, "miLocal")),
                    cell(PaperFormulas.averageMiLocal(n)), cell(printed(n, "t1MiLocal")), cell(mean(m, "mbLocal")),
                    cell(PaperFormulas.averageMbLocalRandom(n)), cell(printed(n, "t1MbLocal")), cell(mean(m, "total")),
                    cell(m.get("bfs").get("mean").asDouble()), cell(PaperFormulas.averageDistanceBound(n)), cell(printed(n, "t1Distance"))));
        });
        return rows;
    }

    /** 000 Table 2: the average cost of each algorithm beside the printed values; near-minimal and optimal-001 have no printed column. */
    public static List<List<String>> table2(List<ObjectNode> sweeps) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("n", "minimal", "T2", "greedy", "T2", "random", "Eq.14 random", "T2 sim.", "T2 worst", "max random", "near-minimal",
                "optimal-001"));
        toIdentity(sweeps).forEach((n, a) -> {
            JsonNode random = a.get("random");
            rows.add(List.of(String.valueOf(n), cell(mean(a.get("minimal"), "total")), cell(printed(n, "t2Minimal")),
                    cell(mean(a.get("greedy"), "total")), cell(printed(n, "t2Greedy")), cell(mean(random, "total")),
                    cell(PaperFormulas.averageDistanceBound(n)), cell(printed(n, "t2RandomSimulated")), cell(printed(n, "t2RandomWorst")),
                    random == null ? "–" : random.get("max").asText(), cell(mean(a.get("near-minimal"), "total")),
                    cell(mean(a.get("optimal-001"), "total"))));
        });
        return rows;
    }

    /**
     * Every sweep of {@code sweeps} accepted by {@code which}, one row each: what was routed and how, the mean and longest route beside
     * BFS over the same pairs, how many routes were as short as BFS, the stretch, and whether every walk was the router's own.
     */
    public static List<List<String>> sweepsTable(List<ObjectNode> sweeps, java.util.function.Predicate<JsonNode> which) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("network", "algorithm", "mode", "sweep", "JVMs", "routes", "mean", "BFS", "max", "BFS max", "shortest", "stretch max",
                "walks"));
        for (ObjectNode s : sweeps) {
            if (!which.test(s)) {
                continue;
            }
            JsonNode bfs = s.path("bfs");
            boolean ok = s.get("allDelivered").asBoolean() && s.get("invalidHops").asLong() == 0 && s.get("matchesPureRoutes").asBoolean();
            rows.add(List.of(s.get("topology").asText(), s.get("algorithm").asText(), s.get("mode").asText(), s.get("sweep").asText(),
                    s.get("jvms").asText(), String.format(Locale.ROOT, "%,d", s.get("routes").asLong()), cell(mean(s, "total")),
                    bfs.isObject() ? cell(bfs.get("mean").asDouble()) : "–", s.get("max").asText(), bfs.isObject() ? bfs.get("max").asText() : "–",
                    bfs.isObject() ? String.format(Locale.ROOT, "%.1f%%", 100.0 * bfs.get("shortestRoutes").asLong()
                            / Math.max(1, s.get("routes").asLong())) : "–",
                    s.path("stretch").isObject() ? cell(s.get("stretch").get("max").asDouble()) : "–", ok ? "ok" : "FAILED"));
        }
        return rows;
    }

    /** The fields two repetitions of one sweep on different numbers of JVMs must agree on: everything measured but time. */
    static final List<String> REPEATED_FIELDS = List.of("routes", "mean", "max", "histogram", "worst", "bfs", "stretch", "allDelivered", "gaveUp",
            "hopLimited", "invalidHops", "matchesPureRoutes", "deliveryStepsMatchLatency", "meanDeliveryStep", "accounting");

    /**
     * Where repetitions of the same sweep (topology, algorithm, mode, sweep) on other numbers of JVMs measured something else than the
     * first: one line per differing field, none when they all agree.
     */
    public static List<String> repetitionDifferences(List<ObjectNode> sweeps) {
        Map<String, ObjectNode> first = new LinkedHashMap<>();
        List<String> differences = new ArrayList<>();
        for (ObjectNode s : sweeps) {
            String key = s.get("topology").asText() + " " + s.get("algorithm").asText() + " " + s.get("mode").asText() + " "
                    + s.get("sweep").asText();
            ObjectNode f = first.putIfAbsent(key, s);
            if (f == null) {
                continue;
            }
            for (String field : REPEATED_FIELDS) {
                if (!java.util.Objects.equals(f.get(field), s.get(field))) {
                    differences.add(key + " on " + s.get("jvms").asText() + " JVM(s): " + field + " " + s.get(field) + ", on "
                            + f.get("jvms").asText() + " JVM(s) " + f.get(field));
                }
            }
        }
        return differences;
    }

    /** A table as aligned text. */
    public static String text(List<List<String>> rows) {
        int[] width = new int[rows.get(0).size()];
        for (List<String> row : rows) {
            for (int c = 0; c < row.size(); c++) {
                width[c] = Math.max(width[c], row.get(c).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (List<String> row : rows) {
            for (int c = 0; c < row.size(); c++) {
                sb.append(c == 0 ? "" : "  ").append(" ".repeat(width[c] - row.get(c).length())).append(row.get(c));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** A table as Markdown. */
    public static String markdown(List<List<String>> rows) {
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < rows.size(); r++) {
            sb.append("| ").append(String.join(" | ", rows.get(r))).append(" |\n");
            if (r == 0) {
                sb.append("|").append(" --- |".repeat(rows.get(0).size())).append('\n');
            }
        }
        return sb.toString();
    }

    /** One row per sweep: its identity and the measured means. */
    public static String sweepsCsv(List<ObjectNode> sweeps) {
        StringBuilder csv = new StringBuilder("topology,algorithm,mode,sweep,jvms,routes,seed,lateral,mi_local,mb_local,total,max,bfs_mean,"
                + "shortest_routes,below_bfs,all_delivered,invalid_hops,matches_pure_routes,wall_seconds\n");
        for (ObjectNode s : sweeps) {
            JsonNode m = s.get("mean");
            JsonNode bfs = s.get("bfs");
            csv.append(String.join(",", s.get("topology").asText(), s.get("algorithm").asText(), s.get("mode").asText(),
                    s.get("sweep").asText(), s.get("jvms").asText(), s.get("routes").asText(), s.get("seed").asText(),
                    m.path("lateral").asText(""), m.path("miLocal").asText(""), m.path("mbLocal").asText(""), m.path("total").asText(),
                    s.get("max").asText(), bfs.path("mean").asText(""), bfs.path("shortestRoutes").asText(""), bfs.path("belowBfs").asText(""),
                    s.get("allDelivered").asText(), s.get("invalidHops").asText(), s.get("matchesPureRoutes").asText(),
                    String.format(Locale.ROOT, "%.3f", s.get("wallSeconds").asDouble()))).append('\n');
        }
        return csv.toString();
    }

    private static String seriesName(JsonNode s) {
        return s.get("topology").asText() + " " + s.get("algorithm").asText() + " " + s.get("mode").asText() + " " + s.get("sweep").asText()
                + (s.get("jvms").asInt() > 1 ? " " + s.get("jvms").asInt() + " JVMs" : "");
    }

    /** The histograms side by side: a row per cost D_I, a column per sweep (routes of that cost, N_I). */
    public static String histogramCsv(List<ObjectNode> sweeps) {
        int maxCost = 0;
        for (ObjectNode s : sweeps) {
            maxCost = Math.max(maxCost, s.get("histogram").size() - 1);
        }
        StringBuilder csv = new StringBuilder("cost");
        List<String> names = uniqueNames(sweeps);
        names.forEach(name -> csv.append(',').append(name.replace(',', ';')));
        csv.append('\n');
        for (int c = 0; c <= maxCost; c++) {
            csv.append(c);
            for (ObjectNode s : sweeps) {
                JsonNode h = s.get("histogram");
                csv.append(',').append(c < h.size() ? h.get(c).asLong() : 0);
            }
            csv.append('\n');
        }
        return csv.toString();
    }

    private static List<String> uniqueNames(List<ObjectNode> sweeps) {
        List<String> names = new ArrayList<>();
        TreeSet<String> taken = new TreeSet<>();
        for (ObjectNode s : sweeps) {
            String name = seriesName(s);
            String unique = name;
            for (int k = 2; !taken.add(unique); k++) {
                unique = name + " (" + k + ")";
            }
            names.add(unique);
        }
        return names;
    }

    /** The column of 000 Table 2 printing an algorithm's mean cost to the identity, or null where 000 prints none. */
    private static String table2Column(String algorithm) {
        return switch (algorithm) {
            case "minimal" -> "t2Minimal";
            case "greedy" -> "t2Greedy";
            case "random" -> "t2RandomSimulated";
            default -> null;
        };
    }

    /**
     * Routes of each cost (N_I against D_I, the kind of curve 000 Fig. 6 draws) for the sweeps of one topology, one curve per sweep;
     * dashed vertical lines at the mean BFS distance over each sweep's pairs and, for routes to the identity on SCC_n, at the mean
     * cost 000 Table 2 prints for the algorithm (in its curve's colour).
     */
    public static XYChart histogramChart(List<ObjectNode> sweeps) {
        String topology = sweeps.get(0).get("topology").asText();
        XYChart chart = Charts.xy(Charts.title("Route costs (routes N_I of each cost D_I)", topology,
                distinct(sweeps, s -> s.get("algorithm").asText()), distinct(sweeps, s -> s.get("seed").asText())),
                "route cost D_I (links)", "routes N_I");
        Charts.integerXAxis(chart);
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        List<String> names = uniqueNames(sweeps);
        double top = 1;
        for (ObjectNode s : sweeps) {
            for (JsonNode c : s.get("histogram")) {
                top = Math.max(top, c.asDouble());
            }
        }
        Map<String, Double> bfsBySweep = new LinkedHashMap<>();
        for (int i = 0; i < sweeps.size(); i++) {
            ObjectNode sweep = sweeps.get(i);
            JsonNode h = sweep.get("histogram");
            double[] x = new double[Math.max(1, h.size())];
            double[] y = new double[x.length];
            for (int c = 0; c < h.size(); c++) {
                x[c] = c;
                y[c] = h.get(c).asDouble();
            }
            Charts.measured(chart, i, names.get(i), x, y);
            String column = table2Column(sweep.get("algorithm").asText());
            if (column != null && sweep.get("sweep").asText().equals("to-identity") && topology.startsWith("scc:")) {
                double printed = printed(n(sweep), column);
                if (!Double.isNaN(printed)) {
                    Charts.verticalReference(chart, i, names.get(i) + ": paper 000 Table 2 mean " + cell(printed) + " (measured "
                            + cell(mean(sweep, "total")) + ")", printed, 0, top);
                }
            }
            if (sweep.path("bfs").isObject()) {
                bfsBySweep.putIfAbsent(sweep.get("sweep").asText(), sweep.get("bfs").get("mean").asDouble());
            }
        }
        for (Map.Entry<String, Double> bfs : bfsBySweep.entrySet()) {
            Charts.verticalReference(chart, Charts.BLACK_SLOT, "BFS mean distance over the " + bfs.getKey() + " pairs: " + cell(bfs.getValue()),
                    bfs.getValue(), 0, top);
        }
        return chart;
    }

    private static String distinct(List<ObjectNode> sweeps, java.util.function.Function<ObjectNode, String> f) {
        return String.join(", ", sweeps.stream().map(f).distinct().toList());
    }

    /** The report as Markdown: the two tables (when the sweeps allow them), every sweep in a table, and the files. */
    public static String reportMarkdown(String runName, long seed, List<ObjectNode> sweeps) {
        StringBuilder md = new StringBuilder("# Routing results: ").append(runName).append("\n\n");
        md.append("Seed ").append(seed).append(". Every packet travelled hop by hop through the node actors (or the sequential engine);")
                .append(" the means are over the packets delivered. Eq. columns are 000's expressions; T1/T2 columns are the values")
                .append(" printed in 000 Tables 1 and 2, shown for comparison only. Eq.12 and Eq.14 are 000's expressions for random")
                .append(" routing: beside minimal routing's means (Table 1) they are upper bounds (random ≥), not values to equal.\n\n");
        md.append(applied(sweeps).line()).append("\n\n");
        List<List<String>> t1 = table1(sweeps);
        if (t1.size() > 1) {
            md.append("## 000 Table 1: minimal routing to the identity\n\n").append(markdown(t1)).append('\n');
        }
        List<List<String>> t2 = table2(sweeps);
        if (t2.size() > 1) {
            md.append("## 000 Table 2: average cost by algorithm\n\n").append(markdown(t2)).append('\n');
        }
        md.append("## Every sweep\n\n").append(markdown(sweepsTable(sweeps, x -> true))).append('\n');
        md.append("## Files\n\nPer sweep: [").append(SWEEPS_CSV).append("](").append(SWEEPS_CSV).append("); histograms: [")
                .append(HISTOGRAM_CSV).append("](").append(HISTOGRAM_CSV).append(").\n\n");
        for (String topology : byTopology(sweeps).keySet()) {
            String svg = Charts.svgBeside(histogramPng(topology));
            md.append("![").append(topology).append(" route costs](").append(histogramPng(topology)).append(")\n\n")
                    .append("As a vector image: [").append(svg).append("](").append(svg).append(").\n\n");
        }
        return md.toString();
    }

    /** What the sweeps applied beyond the papers' model (link latencies other than one step, faults), said once or per sweep. */
    public static AppliedFaults applied(List<ObjectNode> sweeps) {
        return AppliedFaults.acrossRuns(sweeps, s -> s.get("topology").asText() + " " + s.get("algorithm").asText() + " "
                + s.get("mode").asText());
    }

    /** {@code {"scenario": name, "seed": seed, "applied": {...}, "sweeps": [...]}}. */
    public static ObjectNode resultJson(String runName, long seed, List<ObjectNode> sweeps) {
        ObjectNode root = JSON.createObjectNode();
        root.put("scenario", runName);
        root.put("seed", seed);
        root.set("applied", applied(sweeps).json());
        ArrayNode array = root.putArray("sweeps");
        sweeps.forEach(array::add);
        return root;
    }

    /** Writes result.json, report.md, sweeps.csv, histogram.csv and one histogram PNG (and SVG) per topology into {@code root/runName}, whole or not at all. */
    public static Path write(Path root, String runName, long seed, List<ObjectNode> sweeps) throws IOException {
        List<ObjectNode> all = List.copyOf(sweeps);
        return ReportWriter.writeDirectory(root, runName, dir -> {
            ReportWriter.writeJson(dir.resolve(RESULT_JSON), resultJson(runName, seed, all));
            ReportWriter.writeText(dir.resolve(REPORT_MD), reportMarkdown(runName, seed, all));
            ReportWriter.writeText(dir.resolve(SWEEPS_CSV), sweepsCsv(all));
            ReportWriter.writeText(dir.resolve(HISTOGRAM_CSV), histogramCsv(all));
            for (Map.Entry<String, List<ObjectNode>> group : byTopology(all).entrySet()) {
                Charts.save(histogramChart(group.getValue()), dir.resolve(histogramPng(group.getKey()))); // and its .svg
            }
        });
    }
}
