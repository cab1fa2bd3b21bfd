package icn.scenarios.reproduce;

import icn.scenarios.printed.Printed;
import icn.scenarios.report.IcnLine;
import icn.node.routing.cr.FaultTolerantCheck;
import icn.protocols.topology.Topologies;
import icn.protocols.topology.CompleteRotationGraph;
import icn.scenarios.faults.CrTheoremReport;
import icn.scenarios.graphs.GraphProperties;
import java.util.List;
import java.util.Locale;

/** 003 Tables 4.1 and 4.2: CR_n beside the CCC, the trivalent and degree-four Cayley graphs, and the hypercube of its size. */
final class Tables003 {

    static final String NOT_FOUND = "not measured: 003 cites Vadapalli and Srimani for this graph ([1]: IEEE TPDS 7(1), 1996; "
            + "[2], [3]: Information Processing Letters 54, 1995 and 57, 1996); their generators could not be found by this project's "
            + "search of public documentation, and the emulator does not invent a definition";

    private static final List<String> PROPERTIES = List.of("vertices", "degree", "out-degree", "edges", "diameter", "bisection");

    private Tables003() {
    }

    static ArtifactSpec table41() {
        return ArtifactSpec.table("003-table-4.1", "A comparative study of complete-rotation graph, cube-connected-cycles, trivalent "
                + "Cayley graph and degree four Cayley graph", 5, 10, 20, (context, out) -> {
                    Printed.Paper paper = context.printed().paper("003");
                    int max = context.profile().pick(5, 6, 6);
                    for (int n = 3; n <= max; n++) {
                        graph(out, paper, "cr", "CR_" + n, GraphProperties.of(Topologies.parse("cr:" + n)), n);
                        out.command(IcnLine.of("topology").option(IcnLine.TOPOLOGY, "cr:" + n));
                    }
                    for (int n = 3; n <= max; n++) {
                        graph(out, paper, "ccc", "CCC_" + n, GraphProperties.of(Topologies.parse("ccc:" + n)), n);
                    }
                    for (String g : List.of("trivalent", "degree-four")) {
                        for (String prop : PROPERTIES) {
                            List<String> f = paper.formula(g, prop);
                            out.cell(Cell.notMeasured(prop, g + " (printed)", f.get(0), NOT_FOUND));
                        }
                    }
                    out.note("003 prints formulas in n; each measured cell stands beside the printed formula evaluated at that n. Edges "
                            + "count adjacent pairs (CR_n's f_k and f_(n−k) arcs between the same two nodes are one edge, as 003 counts "
                            + "them); the diameter is a BFS from every node (over the arcs on CR_n); the bisection width is exact by branch "
                            + "and bound up to " + GraphProperties.EXACT_NODE_LIMIT + " nodes and otherwise the best balanced cut of a "
                            + "Kernighan–Lin/Fiduccia–Mattheyses refinement (hand-written: no Java min-bisection partitioner exists on Maven "
                            + "Central), reported as an upper bound (≤).");
                    out.note("Trivalent and degree-four Cayley graphs: " + NOT_FOUND + ".");
                    if (max < 6) {
                        out.note("The quick profile stops at n = " + max + "; --profile standard adds n = 6.");
                    }
                });
    }

    private static void graph(ArtifactBuilder out, Printed.Paper paper, String key, String column, GraphProperties p, int n) {
        value(out, paper, key, "vertices", column, p.nodes(), n);
        value(out, paper, key, "degree", column, p.degreeMax(), n);
        value(out, paper, key, "out-degree", column, p.outDegree(), n);
        value(out, paper, key, "edges", column, p.edges(), n);
        value(out, paper, key, "diameter", column, p.diameter(), n);
        bisection(out, paper.formula(key, "bisection"), "bisection", column, p.bisection(), n);
    }

    private static void value(ArtifactBuilder out, Printed.Paper paper, String key, String property, String column, long measured, int n) {
        List<String> f = paper.formula(key, property);
        String printed = f == null || f.get(1).isEmpty() ? null : number(Formula.eval(f.get(1), n));
        out.cell(Cell.equal(property, column, measured, printed));
    }

    static void bisection(ArtifactBuilder out, List<String> f, String row, String column, GraphProperties.BisectionWidth b, int n) {
        String printed = f == null || f.get(1).isEmpty() ? null : number(Formula.eval(f.get(1), n));
        bisection(out, printed, row, column, b);
    }

    static void bisection(ArtifactBuilder out, String printed, String row, String column, GraphProperties.BisectionWidth b) {
        if (b.exact()) {
            out.cell(Cell.equal(row, column, b.value(), printed).withNote("exact (" + b.method() + ")"));
            return;
        }
        Boolean agrees = printed == null ? null : b.value() < Long.parseLong(printed) ? Boolean.FALSE : null;
        String note = "upper bound: the best balanced cut " + b.method() + " found; "
                + (printed == null ? "003 prints no value" : b.value() < Long.parseLong(printed) ? "a cut smaller than the printed width"
                : b.value() == Long.parseLong(printed) ? "equal to the printed width, which it cannot prove" : "above the printed width, "
                + "which it cannot refute");
        out.cell(new Cell(row, column, "≤ " + b.value(), printed, agrees, printed == null ? Cell.Relation.NONE : Cell.Relation.EQUAL, note));
    }

    static String number(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.3f", v);
    }

    static ArtifactSpec table42() {
        return ArtifactSpec.table("003-table-4.2", "A comparative study of complete-rotation graph and hypercube", 10, 25, 60, (context, out) -> {
            for (String[] pair : new String[][] {{"CR_4", "cr:4", "4"}, {"hypercube 6", "hypercube:6", "6"}, {"CR_8", "cr:8", "8"},
                    {"hypercube 11", "hypercube:11", "11"}}) {
                GraphProperties p = GraphProperties.of(Topologies.parse(pair[1]));
                String col = pair[0];
                out.cell(Cell.given("dimension", col, Integer.parseInt(pair[2]), out.printed("dimension", col))
                        .withNote("given: the network's parameter (" + pair[1] + "), not a measurement"));
                out.equal("vertices", col, p.nodes());
                out.equal("degree", col, p.degreeMax());
                out.equal("out-degree", col, p.outDegree());
                out.equal("edges", col, p.edges());
                out.equal("diameter", col, p.diameter());
                bisection(out, out.printed("bisection width", col), "bisection width", col, p.bisection());
                if (pair[1].startsWith("cr:")) {
                    faultTolerance(context, out, col, Integer.parseInt(pair[2]));
                } else {
                    out.cell(Cell.given("fault-tolerant routing", col, "-", out.printed("fault-tolerant routing", col))
                            .withNote("given: 003 claims no fault-tolerant routing for the hypercube; nothing is run"));
                }
                out.command(IcnLine.of("topology").option(IcnLine.TOPOLOGY, pair[1]));
            }
            out.note("Hypercube of the same size: CR_n has n·2^n nodes, the hypercube of dimension n + log n as many. Edges, diameter and "
                    + "bisection as in 003-table-4.1.");
            out.command(IcnLine.of("faults", "cr-theorem").option(IcnLine.TOPOLOGY, "cr:4"));
        });
    }

    /** Theorem 3.4 measured: Fault_Tolerant Static Route with n−1 faulty nodes next to I or the source (a seeded sample on CR_8). */
    private static void faultTolerance(Reproduction.Context context, ArtifactBuilder out, String column, int n) {
        CompleteRotationGraph cr = CompleteRotationGraph.of(n);
        FaultTolerantCheck.Sampling sampling = n <= 5 ? FaultTolerantCheck.Sampling.exhaustive()
                : new FaultTolerantCheck.Sampling(context.profile().pick(8, 40, 200), context.profile().pick(4, 10, 20), context.seed());
        long placements = 0;
        long delivered = 0;
        long longer = 0;
        List<FaultTolerantCheck.Measurement> all = new java.util.ArrayList<>();
        for (FaultTolerantCheck.Placement p : FaultTolerantCheck.Placement.values()) {
            FaultTolerantCheck.Measurement m = FaultTolerantCheck.measure(cr, p, sampling);
            all.add(m);
            placements += m.placements();
            delivered += m.delivered();
            longer += m.count(FaultTolerantCheck.Failure.LONGER_THAN_CLAIMED);
            if (!CrTheoremReport.toleranceHolds(m) || !CrTheoremReport.lengthBoundHolds(m)) {
                out.note(column + ", faults at " + p.text() + ": " + m.describe());
            }
        }
        out.applied(column, CrTheoremReport.applied(all));
        String measured = String.format(Locale.ROOT, "%s: %d of %d placements of %d faulty nodes delivered; %d routes more than %d steps "
                + "over Optimal_Route", sampling.describe(), delivered, placements, n - 1, longer, FaultTolerantCheck.CLAIMED_EXTRA);
        boolean holds = delivered == placements && longer == 0;
        String printed = out.printed("fault-tolerant routing", column);
        out.cell(new Cell("fault-tolerant routing", column, measured, printed, printed == null ? null : holds, Cell.Relation.TEXT,
                holds ? "Theorem 3.4 holds on every placement tried" : "Theorem 3.4 fails on the placements the notes list"));
    }
}
