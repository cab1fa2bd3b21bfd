package icn.scenarios.faults;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.routing.cr.FaultTolerantCheck;
import icn.node.routing.cr.FaultTolerantCheck.Counterexample;
import icn.node.routing.cr.FaultTolerantCheck.Failure;
import icn.node.routing.cr.FaultTolerantCheck.Measurement;
import icn.protocols.topology.CompleteRotationGraph;
import icn.scenarios.report.AppliedFaults;
import icn.scenarios.report.ReportWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * The report of 003 Theorem 3.4 measured ({@link FaultTolerantCheck}): one row per CR_n and placement of the faulty nodes, with the
 * theorem's two claims apart (every route delivered with up to n−1 faults; at most {@value FaultTolerantCheck#CLAIMED_EXTRA} steps
 * over the optimal route) and the counterexamples in labels. As text, JSON, and a results directory ({@code result.json},
 * {@code theorem34.csv}, {@code counterexamples.csv}, {@code report.md}).
 */
public final class CrTheoremReport {

    /** Counterexamples written per case into counterexamples.csv; the rest are counted, not listed. */
    public static final int CSV_COUNTEREXAMPLES_PER_CASE = 10_000;

    private static final ObjectMapper JSON = new ObjectMapper();

    private CrTheoremReport() {
    }

    /** Whether every route tried was delivered (the tolerance claim), whatever its length. */
    public static boolean toleranceHolds(Measurement m) {
        return m.delivered() == m.placements();
    }

    /** Whether every delivered route was at most {@value FaultTolerantCheck#CLAIMED_EXTRA} steps over Optimal_Route. */
    public static boolean lengthBoundHolds(Measurement m) {
        return m.count(Failure.LONGER_THAN_CLAIMED) == 0;
    }

    private static String where(FaultTolerantCheck.Placement p) {
        return switch (p) {
            case AT_DESTINATION -> "I's in-neighbours";
            case AT_SOURCE -> "source's out-neighbours";
            case AT_BOTH -> "both together";
        };
    }

    private static String failures(Measurement m) {
        StringJoiner kinds = new StringJoiner(", ");
        for (Failure f : Failure.values()) {
            if (m.count(f) > 0) {
                kinds.add(f.name() + " " + m.count(f));
            }
        }
        return kinds.length() == 0 ? "none" : kinds.toString();
    }

    /**
     * What the cases applied: faulty nodes, 0 … n−1 of them in every placement (or the sampled ones) among the nodes each case names,
     * never the source or I; no link fault, loss or delay (routes are walked in the graph, not run on an engine).
     */
    public static AppliedFaults applied(List<Measurement> ms) {
        if (ms.isEmpty()) {
            return AppliedFaults.NONE;
        }
        List<String> networks = ms.stream().map(m -> "cr:" + m.n()).distinct().toList();
        List<String> among = ms.stream().map(m -> where(m.placement())).distinct().toList();
        List<String> sampling = ms.stream().map(m -> m.sampling().describe()).distinct().toList();
        java.util.Map<String, Object> fields = new java.util.LinkedHashMap<>();
        fields.put("faultyNodes", "0..n-1");
        fields.put("topologies", networks);
        fields.put("among", among);
        fields.put("sampling", sampling);
        return AppliedFaults.NONE.with(new AppliedFaults.Varied("faulty nodes 0..n−1 on " + String.join(", ", networks) + " among "
                + String.join(" / ", among) + " (a case each: " + String.join(" / ", sampling) + "), never on the source or I", fields));
    }

    /** The table, then up to {@code limit} counterexamples of each failing case. */
    public static String table(List<Measurement> ms, int limit) {
        StringBuilder sb = new StringBuilder();
        sb.append("003 Theorem 3.4: Fault_Tolerant Static Route tolerates at least n−1 faulty nodes next to I or the source,\n")
                .append("and is at most ").append(FaultTolerantCheck.CLAIMED_EXTRA)
                .append(" steps longer than the optimal route. Routes from every source to I (every pair, by symmetry);\n")
                .append("faulty nodes never on the source or I; placements of 0 … n−1 faulty nodes.\n")
                .append(applied(ms).line()).append("\n\n");
        // at most 120 columns: the kinds of counterexample are counted on each case's list below the table
        sb.append(String.format(Locale.ROOT, "%-5s %-23s %7s %10s %8s %9s  %-16s %-7s %-9s%n", "net", "faulty nodes among",
                "sources", "placements", "routed", "delivered", "extra/opt max(µ)", "ext/BFS", "tolerance"));
        for (Measurement m : ms) {
            sb.append(String.format(Locale.ROOT, "%-5s %-23s %7d %10d %8d %9d  %-16s %-7d %-9s", "cr:" + m.n(), where(m.placement()),
                    m.sources(), m.placements(), m.routed(), m.delivered(),
                    String.format(Locale.ROOT, "%d (%.3f) %s", m.maxExtraOverOptimal(), m.meanExtraOverOptimal(),
                            lengthBoundHolds(m) ? "ok" : "FAILS"),
                    m.maxExtraOverSurviving(), toleranceHolds(m) ? "holds" : "FAILS").stripTrailing()).append('\n');
        }
        sb.append('\n');
        for (Measurement m : ms) {
            if (m.counterexamples().isEmpty() || limit <= 0) {
                continue;
            }
            CompleteRotationGraph cr = CompleteRotationGraph.of(m.n());
            long shown = 0;
            for (Failure f : Failure.values()) {
                shown += Math.min(limit, m.counterexamples(f).size());
            }
            sb.append("cr:").append(m.n()).append(", faulty among ").append(m.placement().text()).append(" (")
                    .append(m.sampling().describe()).append("):\n  ").append(shown).append(" of ").append(m.counterexamples().size())
                    .append(" counterexamples (at most ").append(limit).append(" of each kind; ").append(failures(m)).append("):\n");
            for (Failure f : Failure.values()) {
                m.counterexamples(f).stream().limit(limit).forEach(c -> sb.append("    ").append(c.describe(cr)).append('\n'));
            }
        }
        sb.append("NO_ROUTE: Step 1 finds no returnable symbol; ENTERS_FAULT: the walk enters a faulty node; ext/BFS: steps over the\n")
                .append("shortest path that avoids the faulty nodes. Both claims are measured; the theorem holds where both columns say so.\n");
        return sb.toString();
    }

    /** One JSON document: {@code claim}, {@code cases} [...] with up to {@code limit} counterexamples each, {@code holds}. */
    public static ObjectNode json(List<Measurement> ms, int limit) {
        ObjectNode o = JSON.createObjectNode();
        o.put("claim", "003 Theorem 3.4: Fault_Tolerant Static Route tolerates at least n−1 node faults next to I or the source and adds at"
                + " most " + FaultTolerantCheck.CLAIMED_EXTRA + " steps to the optimal route");
        o.set("applied", applied(ms).json());
        ArrayNode cases = o.putArray("cases");
        boolean all = true;
        for (Measurement m : ms) {
            CompleteRotationGraph cr = CompleteRotationGraph.of(m.n());
            ObjectNode c = cases.addObject();
            c.put("topology", cr.name());
            c.put("placement", m.placement().name());
            c.put("faultyAmong", m.placement().text());
            c.put("maxFaults", m.n() - 1);
            c.put("sampling", m.sampling().describe());
            c.put("sources", m.sources());
            c.put("placements", m.placements());
            c.put("routed", m.routed());
            c.put("delivered", m.delivered());
            c.put("maxExtraOverOptimal", m.maxExtraOverOptimal());
            c.put("meanExtraOverOptimal", m.meanExtraOverOptimal());
            c.put("claimedMaxExtra", FaultTolerantCheck.CLAIMED_EXTRA);
            c.put("maxExtraOverSurvivingBfs", m.maxExtraOverSurviving());
            c.put("toleranceHolds", toleranceHolds(m));
            c.put("lengthBoundHolds", lengthBoundHolds(m));
            c.put("holds", m.claimHolds());
            ObjectNode f = c.putObject("failures");
            for (Failure kind : Failure.values()) {
                f.put(kind.name(), m.count(kind));
            }
            c.put("counterexampleCount", m.counterexamples().size());
            ArrayNode ex = c.putArray("counterexamples");
            m.counterexamples().stream().limit(Math.max(0, limit)).forEach(x -> ex.add(x.describe(cr)));
            all &= m.claimHolds();
        }
        o.put("holds", all);
        return o;
    }

    /** theorem34.csv: one row per case. */
    public static String casesCsv(List<Measurement> ms) {
        StringBuilder sb = new StringBuilder("topology,faulty_among,max_faults,sampling,sources,placements,routed,delivered,"
                + "max_extra_over_optimal,mean_extra_over_optimal,max_extra_over_surviving_bfs,no_route,invalid_walk,enters_fault,"
                + "misses_destination,longer_than_claimed,tolerance_holds,length_bound_holds\n");
        for (Measurement m : ms) {
            sb.append(String.format(Locale.ROOT, "cr:%d,%s,%d,%s,%d,%d,%d,%d,%d,%.6f,%d,%d,%d,%d,%d,%d,%b,%b%n", m.n(), m.placement().name(),
                    m.n() - 1, m.sampling().describe().replace(',', ';'), m.sources(), m.placements(), m.routed(), m.delivered(),
                    m.maxExtraOverOptimal(), m.meanExtraOverOptimal(), m.maxExtraOverSurviving(), m.count(Failure.NO_ROUTE),
                    m.count(Failure.INVALID_WALK), m.count(Failure.ENTERS_FAULT), m.count(Failure.MISSES_DESTINATION),
                    m.count(Failure.LONGER_THAN_CLAIMED), toleranceHolds(m), lengthBoundHolds(m)));
        }
        return sb.toString();
    }

    /** counterexamples.csv: up to {@link #CSV_COUNTEREXAMPLES_PER_CASE} per case, labels separated by blanks. */
    public static String counterexamplesCsv(List<Measurement> ms) {
        StringBuilder sb = new StringBuilder("topology,faulty_among,failure,source,destination,faulty,route_length,optimal_length,"
                + "surviving_bfs_distance\n");
        for (Measurement m : ms) {
            CompleteRotationGraph cr = CompleteRotationGraph.of(m.n());
            for (Counterexample c : m.counterexamples().subList(0, Math.min(CSV_COUNTEREXAMPLES_PER_CASE, m.counterexamples().size()))) {
                StringJoiner faulty = new StringJoiner(" ");
                for (int v : c.faulty()) {
                    faulty.add(cr.label(v));
                }
                sb.append(cr.name()).append(',').append(m.placement().name()).append(',').append(c.failure().name()).append(',')
                        .append(cr.label(c.source())).append(',').append(cr.label(cr.identity())).append(',').append(faulty).append(',')
                        .append(c.routeLength() < 0 ? "" : String.valueOf(c.routeLength())).append(',').append(c.optimalLength())
                        .append(',').append(c.survivingDistance() == icn.protocols.Bfs.UNREACHED ? "" : String.valueOf(c.survivingDistance()))
                        .append('\n');
            }
        }
        return sb.toString();
    }

    /** Writes result.json, theorem34.csv, counterexamples.csv and report.md into a new directory under {@code root}, whole or not. */
    public static Path write(Path root, String name, List<Measurement> ms, int limit) throws IOException {
        return ReportWriter.writeDirectory(root, name, dir -> {
            ReportWriter.writeJson(dir.resolve(ReportWriter.RESULT_JSON), json(ms, limit));
            ReportWriter.writeText(dir.resolve("theorem34.csv"), casesCsv(ms));
            ReportWriter.writeText(dir.resolve("counterexamples.csv"), counterexamplesCsv(ms));
            String md = "# 003 Theorem 3.4, measured\n\n```\n" + table(ms, limit) + "```\n\nEvery case: `theorem34.csv`. Counterexamples"
                    + " (up to " + CSV_COUNTEREXAMPLES_PER_CASE + " per case): `counterexamples.csv`.\n";
            ReportWriter.writeText(dir.resolve(ReportWriter.REPORT_MD), md);
        });
    }
}
