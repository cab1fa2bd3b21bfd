package icn.scenarios.reproduce;

import icn.scenarios.report.IcnLine;
import icn.protocols.BroadcastAlgorithm;
import icn.scenarios.broadcast.BroadcastRun;
import icn.scenarios.claims.PaperFormulas;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** 001 (the SCC technical report): Tables 1–7 and Figures 1–13. */
final class Paper001 {

    private Paper001() {
    }

    static List<ArtifactSpec> specs() {
        List<ArtifactSpec> specs = new ArrayList<>();
        specs.add(Diagrams.graph("001-fig-1", "4-star graph", "the 4-star graph S_4 (§2).", List.of("star:4")));
        specs.add(Diagrams.graph("001-fig-2", "4-SCC graph", "SCC_4: each node of S_4 replaced by a ring of 3 nodes (§3).",
                List.of("scc:4")));
        specs.add(Diagrams.drawing("001-fig-3", "Routing in a supernode", "the ring of a supernode with its positions 2..n "
                + "counterclockwise and the D_n local links between the entering and leaving lateral links (§5.2, Algorithm 2). "
                + "The ring routing it draws runs in every routed packet: `" + IcnLine.of("route").option(IcnLine.TOPOLOGY, "scc:5")
                .option(IcnLine.FROM, "<3,34125>").option(IcnLine.TO, "<2,12345>").text() + "` prints each "
                + "hop with its link class."));
        specs.add(Diagrams.drawing("001-fig-4", "Example of routing tree in the n-SCC", "the tree 001's Algorithm 3 builds for the "
                + "8-SCC example P_ds = (1 5)(2 3 6)(4 7)(8), I_s = 5, I_d = 6. Algorithm 3 is measured on every route to the identity by "
                + "001-algorithm-3, which counts the routes longer than BFS, their worst excess and a counterexample (also `"
                + IcnLine.of("claims").option(IcnLine.TOPOLOGY, "scc:6").text() + "`)."));
        specs.add(Diagrams.drawing("001-fig-5", "Execution of a cycle (a_i a_j) in the n-SCC", "the local links that execute one "
                + "cycle of the permutation (§6, Theorem 1's proof); the diameter it bounds is measured by BFS in Tables 1–7."));
        specs.add(sequence("001-fig-6", "An n log n switching network (T_8)", "switching-nlogn", 8, "T_8, the Beneš-type network of 2 log n − 1 "
                + "stages of n/2 switches from which σ_SCC(T_n) is built (§8.1)."));
        specs.add(sequence("001-fig-7", "An n²/2 switching network (𝒯_8)", "switching-n2", 8, "𝒯_8, the n − 1 stages of adjacent "
                + "transpositions from which σ_SCC(𝒯_n) is built (§8.2)."));
        specs.add(sequence("001-fig-8", "One-port broadcasting in a 5-SCC graph (σ^seq_SCC(C))", "cyclic-seq", 5, "σ^seq_SCC(C) at work "
                + "in SCC_5: a local link step between every two lateral link steps of σ_star(C) (§8.3)."));
        specs.add(sequence("001-fig-9", "One-port broadcasting in a 6-SCC (σ^par_SCC(C))", "cyclic-par", 6, "the first steps of "
                + "σ^par_SCC(C) in SCC_6: the ring informed one way round, then every lateral link at once (§8.3)."));
        specs.add(sequence("001-fig-10", "One-port broadcasting in a 6-SCC (σ_SCC(C))", "one-port", 6, "Algorithm 4 in a supernode "
                + "of SCC_6: the first informed node of a ring sends on both local links in its first two steps (§8.3)."));
        specs.add(Diagrams.drawing("001-fig-11", "Multiple-port broadcasting in a 5-SCC graph (σ^seq_SCC(C))", "a communication model "
                + "that 001 §9.1 shows cannot execute σ^seq_SCC(C) (a lateral and a local transmission joined into one step); 001 "
                + "concludes it gives no multiple-port algorithm, so there is nothing to run."));
        specs.add(Diagrams.drawing("001-fig-12", "A detail of multiple-port broadcasting in an n-SCC graph (σ^seq_SCC(C))", "the "
                + "failure of Fig. 11's model: J_b stays uninformed (§9.1); as Fig. 11, an argument, not an algorithm to run."));
        specs.add(sequence("001-fig-13", "Multiple-port broadcasting in a 6-SCC (σ^m_SCC(C))", "multi-port", 6, "Algorithm 5 in a "
                + "supernode of SCC_6: both local links at once (§9.2)."));
        specs.add(Sequences001.table(1, "Maximum number of steps required by the broadcasting sequence σ_SCC(T_n)",
                BroadcastAlgorithm.parse("switching-nlogn"), true));
        specs.add(Sequences001.table(2, "Number of steps required by the broadcasting sequence σ_SCC(𝒯_n)",
                BroadcastAlgorithm.parse("switching-n2"), false));
        specs.add(table(3, "Number of steps required by the broadcasting sequence σ_SCC(C)", BroadcastAlgorithm.ONE_PORT));
        specs.add(Sequences001.table4());
        specs.add(table(5, "Number of steps required by the broadcasting sequence σ^m_SCC(C)", BroadcastAlgorithm.MULTI_PORT));
        specs.add(Tables001.table6());
        specs.add(Tables001.table7());
        specs.add(Algorithm3001.spec());
        return specs;
    }

    /**
     * A figure that draws a broadcasting sequence or algorithm at work on SCC_n: the drawing is not data, so the report runs that
     * algorithm on that SCC_n and shows its step counts, and says what the figure draws.
     */
    private static ArtifactSpec sequence(String id, String title, String algorithm, int n, String what) {
        return ArtifactSpec.figure(id, title, 0.5, 2, 2, (context, out) -> {
            BroadcastAlgorithm a = BroadcastAlgorithm.parse(algorithm);
            String row = "scc:" + n + ", " + algorithm;
            if (a.starSequence()) {
                icn.scenarios.broadcast.StarSequenceRun r = Sequences001.run(context, n, a);
                out.cell(Cell.measuredOnly(row, "lateral link steps", r.lateralSteps()));
                out.cell(Cell.measuredOnly(row, "local link steps", r.localSteps()));
                out.cell(Cell.measuredOnly(row, "sequence", r.totalSteps()));
                out.cell(Cell.measuredOnly(row, "until all informed", r.stepsUntilAllInformed()));
                out.cell(Cell.measuredOnly(row, "nodes informed", r.informed()));
                out.note("Run: " + r.network() + ".");
            } else {
                BroadcastRun r = Measures.scc(context, n, a);
                out.cell(Cell.measuredOnly(row, "lateral link steps", r.metrics().lateralSteps()));
                out.cell(Cell.measuredOnly(row, "local link steps", r.metrics().localSteps()));
                out.cell(Cell.measuredOnly(row, "until all informed", r.metrics().steps()));
                out.cell(Cell.measuredOnly(row, "nodes informed", r.metrics().informed(0)));
            }
            out.cell(Cell.measuredOnly(row, "nodes (BFS)", Measures.diameter("scc:" + n).nodes()));
            out.note("A drawing: " + what + " 001 prints no data for it; the run of the algorithm it draws is measured above (engine "
                    + context.engineName() + ", from node 0).");
            out.command(IcnLine.of("broadcast").option(IcnLine.TOPOLOGY, "scc:" + n).option(IcnLine.ALGORITHM, algorithm));
        });
    }

    /** Tables 3 and 5: Algorithms 4 and 5 run for n = 4..8 (4..7 in the quick profile). */
    private static ArtifactSpec table(int number, String title, BroadcastAlgorithm algorithm) {
        String id = "001-table-" + number;
        return ArtifactSpec.table(id, title, 3, 15, 15, (context, out) -> {
            int max = context.profile().pick(7, 8, 8);
            List<String> claims = new ArrayList<>();
            for (int n = 4; n <= max; n++) {
                BroadcastRun run = Measures.scc(context, n, algorithm);
                sccRow(out, String.valueOf(n), "scc:" + n, run.metrics().lateralSteps(), run.metrics().localSteps(),
                        run.metrics().steps(), claims);
                out.command(IcnLine.of("broadcast").option(IcnLine.TOPOLOGY, "scc:" + n).option(IcnLine.ALGORITHM, algorithm.key()));
            }
            if (max < 8) {
                out.note("The quick profile stops at n = " + max + "; --profile standard runs n = 8 (282,240 nodes).");
            }
            out.note("Engine: " + context.engineName() + ". Closed form (" + (number == 3 ? "Theorem 9" : "Theorem 10") + "): total "
                    + (number == 3 ? "⌊(n+2)/2⌋·⌊3(n−1)/2⌋" : "⌊(n+1)/2⌋·⌊3(n−1)/2⌋") + "; the measured totals "
                    + (matchesClosedForm(out, algorithm) ? "equal it for every n." : "DIFFER from it (see the cells)."));
            claims.forEach(out::note);
        });
    }

    private static boolean matchesClosedForm(ArtifactBuilder out, BroadcastAlgorithm algorithm) {
        for (Cell c : out.cells()) {
            if (c.column().equals("total") && c.measured() instanceof Number m) {
                int n = Integer.parseInt(c.row());
                if (m.longValue() != PaperFormulas.steps(algorithm, n, 1)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * One row of an SCC broadcast table: size and diameter by BFS, lateral/local/total steps of the run, relative distance to the
     * measured diameter; where the printed diameter differs, the evidence; where the printed relative distance differs because of
     * it, both readings.
     */
    static void sccRow(ArtifactBuilder out, String row, String topology, long lateral, long local, long total, List<String> claims) {
        Measures.Diameter d = Measures.diameter(topology);
        out.equal(row, "size", d.nodes());
        Cell diameter = out.diameter(row, "diameter", d);
        out.equal(row, "lateral", lateral);
        out.equal(row, "local", local);
        out.equal(row, "total", total);
        double relative = Measures.relative(total, d.diameter());
        Cell rel = out.equal(row, "relative", relative);
        if (Boolean.FALSE.equals(rel.agrees()) && diameter.printed() != null) {
            double withPrinted = Measures.relative(total, Integer.parseInt(String.valueOf(diameter.printed())));
            out.replaceLast(rel.withNote(String.format(Locale.ROOT, "relative to the measured diameter %d: %.1f%%; to the printed diameter %s: "
                    + "%.1f%%", d.diameter(), relative, diameter.printed(), withPrinted)));
            claims.add(String.format(Locale.ROOT, "n = %s: with the BFS diameter %d (001 prints %s) the relative distance is %.1f%%, not %s.",
                    row, d.diameter(), diameter.printed(), relative, rel.printed()));
        }
    }
}
