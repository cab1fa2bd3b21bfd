package icn.scenarios.reproduce;

import icn.protocols.BroadcastAlgorithm;
import icn.scenarios.BroadcastRun;
import icn.scenarios.PaperFormulas;
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
                + "The ring routing it draws runs in every routed packet: 'icn route --topology scc:5 --from ... --to ...' prints each "
                + "hop with its link class."));
        specs.add(Diagrams.drawing("001-fig-4", "Example of routing tree in the n-SCC", "the tree 001's Algorithm 3 builds for the "
                + "8-SCC example P_ds = (1 5)(2 3 6)(4 7)(8), I_s = 5, I_d = 6. Algorithm 3 is measured on every route to the identity by "
                + "'icn claims scc:6' (see 000-table-2 and the claims in 003/004's artifacts for the routing measurements)."));
        specs.add(Diagrams.drawing("001-fig-5", "Execution of a cycle (a_i a_j) in the n-SCC", "the local links that execute one "
                + "cycle of the permutation (§6, Theorem 1's proof); the diameter it bounds is measured by BFS in Tables 1–7."));
        specs.add(table(3, "Number of steps required by the broadcasting sequence σ_SCC(C)", BroadcastAlgorithm.ONE_PORT));
        specs.add(table(5, "Number of steps required by the broadcasting sequence σ^m_SCC(C)", BroadcastAlgorithm.MULTI_PORT));
        specs.add(Tables001.table6());
        specs.add(Tables001.table7());
        return specs;
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
                out.command("icn broadcast --topology scc:" + n + " --algorithm " + algorithm.key());
            }
            if (max < 8) {
                out.note("The quick profile stops at n = " + max + "; --profile standard runs n = 8 (282,240 nodes).");
            }
            out.note("Engine: " + context.engine() + ". Closed form (" + (number == 3 ? "Theorem 9" : "Theorem 10") + "): total "
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
        Cell diameter = out.equal(row, "diameter", d.diameter());
        if (Boolean.FALSE.equals(diameter.agrees())) {
            out.replaceLast(diameter.withNote(d.evidence() + "; 001 prints " + diameter.printed() + "."));
        }
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
