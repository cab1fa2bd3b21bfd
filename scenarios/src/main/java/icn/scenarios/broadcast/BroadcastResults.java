package icn.scenarios.broadcast;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.scenarios.report.AppliedFaults;
import icn.scenarios.report.ReportWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The results of a broadcast experiment in its results directory ({@link ReportWriter#writeDirectory}): {@code result.json},
 * {@code report.md}, {@code coverage.png} (and {@code coverage.svg}) and one {@code per-step-<topology>-<algorithm>-B<k>.csv} per
 * run, the ':' of the topology written as '_' ({@code per-step-scc_6-one-port-B1.csv}).
 */
public final class BroadcastResults {

    public static final String COVERAGE_PNG = "coverage.png";
    /** One row per run: every figure of its result.json object that is a single value. */
    public static final String SUMMARY_CSV = "summary.csv";

    /** Called after each file is complete; lets tests fail a write half-way. */
    @FunctionalInterface
    interface FileWritten {
        void written(Path file) throws IOException;
    }

    private BroadcastResults() {
    }

    /** Writes all reports and returns the directory they ended up in. */
    public static Path write(Path resultsRoot, String runName, List<BroadcastRun> runs) throws IOException {
        return write(resultsRoot, runName, runs, file -> { });
    }

    static Path write(Path resultsRoot, String runName, List<BroadcastRun> runs, FileWritten hook) throws IOException {
        List<BroadcastRun> all = List.copyOf(runs);
        return ReportWriter.writeDirectory(resultsRoot, runName, dir -> writeAll(dir, runName, all, hook));
    }

    private static void writeAll(Path dir, String runName, List<BroadcastRun> runs, FileWritten hook) throws IOException {
        List<BroadcastReport> reports = runs.stream().map(BroadcastReport::new).toList();
        List<String> csvNames = csvFileNames(reports);
        write(dir.resolve(ReportWriter.RESULT_JSON), resultJson(runName, runs), hook);
        write(dir.resolve(ReportWriter.REPORT_MD), reportMarkdown(runName, runs, csvNames), hook);
        for (int i = 0; i < reports.size(); i++) {
            write(dir.resolve(csvNames.get(i)), reports.get(i).toCsv(), hook);
        }
        write(dir.resolve(SUMMARY_CSV), summaryCsv(reports.stream().map(BroadcastReport::toJsonNode).toList()), hook);
        Path png = dir.resolve(COVERAGE_PNG);
        CoverageChart.write(runs, png);
        hook.written(png);
    }

    /**
     * A CSV of one row per run: the columns are the single-valued fields of the runs' JSON objects (nested objects flattened with
     * '_', arrays left to the per-run files), in snake_case, in the order the first run has them.
     */
    public static String summaryCsv(List<? extends com.fasterxml.jackson.databind.JsonNode> runs) {
        java.util.LinkedHashMap<String, Integer> columns = new java.util.LinkedHashMap<>();
        List<java.util.Map<String, String>> rows = new ArrayList<>();
        for (com.fasterxml.jackson.databind.JsonNode run : runs) {
            java.util.Map<String, String> row = new java.util.HashMap<>();
            flatten("", run, row, columns);
            rows.add(row);
        }
        StringBuilder sb = new StringBuilder(String.join(",", columns.keySet())).append('\n');
        for (java.util.Map<String, String> row : rows) {
            sb.append(String.join(",", columns.keySet().stream().map(c -> csvField(row.getOrDefault(c, ""))).toList())).append('\n');
        }
        return sb.toString();
    }

    private static void flatten(String prefix, com.fasterxml.jackson.databind.JsonNode node, java.util.Map<String, String> row,
            java.util.Map<String, Integer> columns) {
        node.fields().forEachRemaining(e -> {
            String name = prefix + snakeCase(e.getKey());
            com.fasterxml.jackson.databind.JsonNode v = e.getValue();
            if (v.isObject()) {
                flatten(name + "_", v, row, columns);
            } else if (v.isValueNode()) {
                columns.putIfAbsent(name, columns.size());
                row.put(name, v.isNull() ? "" : v.asText());
            }
        });
    }

    /** {@code fullCoverageStep} → {@code full_coverage_step}: the one style of every CSV header. */
    public static String snakeCase(String name) {
        return name.replaceAll("(?<=[a-z0-9])([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT);
    }

    private static String csvField(String v) {
        return v.contains(",") || v.contains("\"") || v.contains("\n") ? "\"" + v.replace("\"", "\"\"") + "\"" : v;
    }

    // one name per run; runs that would share a name (same topology, algorithm and B) get -2, -3, ...
    private static List<String> csvFileNames(List<BroadcastReport> reports) {
        Set<String> taken = new HashSet<>();
        List<String> names = new ArrayList<>();
        for (BroadcastReport report : reports) {
            String name = report.csvFileName();
            String unique = name;
            for (int k = 2; !taken.add(unique); k++) {
                unique = name.replaceFirst("\\.csv$", "") + "-" + k + ".csv";
            }
            names.add(unique);
        }
        return names;
    }

    private static void write(Path file, String text, FileWritten hook) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
        hook.written(file);
    }

    /**
     * What broadcast runs reported as JSON applied beyond the papers' model (each run's {@code applied}: slow lateral links, faults;
     * nothing for 001's Algorithms 4 and 5), said once when they agree, else run by run.
     */
    public static AppliedFaults applied(List<? extends com.fasterxml.jackson.databind.JsonNode> runs) {
        return AppliedFaults.acrossRuns(runs, r -> r.get("topology").asText() + " " + r.get("algorithm").asText()
                + (r.path("messages").asInt(1) > 1 ? " B=" + r.get("messages").asInt() : ""));
    }

    /** {@link #applied} of 001's runs. */
    static AppliedFaults appliedOf(List<BroadcastRun> runs) {
        return applied(runs.stream().map(r -> new BroadcastReport(r).toJsonNode()).toList());
    }

    /**
     * {@code {"scenario": runName, "seed": the runs' seed (null if none or several), "applied": {...}, "runs": [report, ...]}}.
     */
    static String resultJson(String runName, List<BroadcastRun> runs) throws IOException {
        ObjectNode root = BroadcastReport.JSON.createObjectNode();
        root.put("scenario", runName);
        Set<Long> seeds = new HashSet<>();
        runs.forEach(r -> seeds.add(r.seed()));
        if (seeds.size() == 1) {
            root.put("seed", seeds.iterator().next());
        } else {
            root.putNull("seed");
        }
        root.set("applied", appliedOf(runs).json());
        ArrayNode array = root.putArray("runs");
        for (BroadcastRun run : runs) {
            array.add(new BroadcastReport(run).toJsonNode());
        }
        return BroadcastReport.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
    }

    static String reportMarkdown(String runName, List<BroadcastRun> runs, List<String> csvNames) {
        StringBuilder md = new StringBuilder();
        md.append("# Broadcast results: ").append(runName).append("\n\n");
        md.append(appliedOf(runs).line()).append("\n\n");
        md.append("Measured columns come from the run; the paper columns are the formulas of 001 (Theorem 9 for one-port, ")
                .append("Theorem 10 for multi-port, and the message-pipelining formulas after Algorithms 4 and 5 when B > 1); ")
                .append("the diameter is 001 Theorem 1. Full coverage is the first step after which every node holds the message ")
                .append("(one entry per message when B > 1). \"agree\" is yes when steps, lateral/local steps and full coverage all ")
                .append("equal the formulas.\n\n");
        md.append(new SummaryTable(runs).renderMarkdown()).append('\n');
        md.append("Message accounting (every link message ends delivered, dropped or lost with a member):\n\n");
        for (BroadcastRun run : runs) {
            md.append("- ").append(run.topology()).append(' ').append(run.algorithm()).append(" B=").append(run.messages()).append(", ")
                    .append(run.jvms()).append(" JVM(s), ").append(run.partitioning()).append(": ").append(run.accounting().describe()).append('\n');
        }
        md.append('\n');
        md.append("Per-step counts (one row per step; step 0 is before the first send):");
        for (String csv : csvNames) {
            md.append(" [").append(csv).append("](").append(csv).append(')');
        }
        md.append(".\n\nFraction of nodes holding the first message after each step: `").append(COVERAGE_PNG).append("` (vector: `")
                .append(icn.scenarios.report.Charts.svgBeside(COVERAGE_PNG)).append("`).\n\n");
        md.append("![coverage](").append(COVERAGE_PNG).append(")\n");
        return md.toString();
    }
}
