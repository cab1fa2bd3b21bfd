package icn.scenarios.reproduce;

import icn.scenarios.report.IcnLine;
import icn.protocols.topology.Topologies;
import icn.protocols.topology.KaryCube;
import icn.scenarios.graphs.ParallelPaths;
import java.util.ArrayList;
import java.util.List;

/** 004 Lemma 6.3 (parallel paths in Q_{n,k}(A)) and its Fig. 4, measured with a max-flow (JGraphT) on node-split networks. */
final class Lemma004 {

    private Lemma004() {
    }

    static ArtifactSpec fig4() {
        return ArtifactSpec.figure("004-fig-4", "Node disjoint paths between S=000 and D=111", 0.2, 0.2, 0.2, (context, out) -> {
            KaryCube cube = Topologies.parse("icube:3,3,2", KaryCube.class).orElseThrow();
            ParallelPaths.PairResult r = ParallelPaths.fig4(cube, "000", "111");
            out.replaceLast(out.equal("node-disjoint paths drawn between 000 and 111", "value", r.disjointShortestPaths())
                    .withNote("node-disjoint shortest paths, by max-flow over the shortest-path subgraph; over all paths the max-flow "
                            + "finds " + r.disjointPaths()));
            for (String printed : List.of("(000)(100)(101)(111)", "(000)(010)(110)(111)", "(000)(001)(011)(111)")) {
                String row = "path " + printed;
                out.cell(Cell.text(row, "value", valid(cube, printed) ? "yes" : "no", out.printed(row, "value"))
                        .withNote("walked in icube:3,3,2: every step between labels that differ in exactly one position, 3 steps = the "
                                + "distance"));
            }
            List<String> found = new ArrayList<>();
            r.paths().forEach(p -> found.add(String.join("-", p)));
            out.note("G_{3,3}(22) is the emulator's icube:3,3,2 (k = 3, generator 22 = (k−1)^β with β = 2). The max-flow's "
                    + r.disjointPaths() + " node-disjoint paths: " + String.join(", ", found) + ".");
        });
    }

    static ArtifactSpec lemma63() {
        return ArtifactSpec.table("004-lemma-6.3", "Lemma 6.3: at least two parallel paths iff W(H_S) ≥ 2 and W(H_D) ≥ 2, or one of them "
                + "is 0 and the other ≥ 2", 2, 8, 40, (context, out) -> {
                    List<String> networks = context.profile().pick(List.of("icube:3,3,2", "kcube:3,3", "kcube:2,4"),
                            List.of("icube:3,3,2", "icube:3,3,3", "kcube:3,3", "kcube:2,4", "icube:4,3,2"),
                            List.of("icube:3,3,2", "icube:3,3,3", "kcube:3,3", "kcube:2,4", "icube:4,3,2", "icube:5,3,2", "icube:4,4,2"));
                    for (String name : networks) {
                        ParallelPaths.Lemma63 l = ParallelPaths.lemma63(Topologies.parse(name, KaryCube.class).orElseThrow(), 2);
                        out.cell(Cell.measuredOnly(name, "ordered pairs", l.pairs()));
                        out.cell(Cell.measuredOnly(name, "condition holds", l.lemmaTwo()));
                        out.cell(Cell.measuredOnly(name, "≥ 2 disjoint paths", l.flowTwo()));
                        out.cell(Cell.equal(name, "'if' broken", l.lemmaTwoFlowFewer(), "0"));
                        out.cell(Cell.equal(name, "'only if' broken", l.lemmaFewerFlowTwo(), "0"));
                        out.cell(Cell.measuredOnly(name, "≥ 2 disjoint shortest paths", l.shortestTwo()));
                        out.cell(Cell.equal(name, "'only if' broken (shortest paths)", l.lemmaFewerShortestTwo(), "0"));
                        out.cell(Cell.equal(name, "'if' broken (shortest paths)", l.lemmaTwoShortestFewer(), "0"));
                        if (!l.counterexamples().isEmpty()) {
                            ParallelPaths.PairResult c = l.counterexamples().get(0);
                            out.note(String.format(java.util.Locale.ROOT, "%s: %s → %s has W(H_S) = %d, W(H_D) = %d (the lemma: %s), yet %d "
                                    + "node-disjoint paths (%d of them shortest): %s.", name, c.source(), c.destination(), c.wHs(), c.wHd(),
                                    c.lemmaSaysTwo() ? "at least two" : "fewer than two", c.disjointPaths(), c.disjointShortestPaths(),
                                    String.join(", ", c.paths().stream().map(p -> String.join("-", p)).toList())));
                        }
                        out.command(IcnLine.of("claims").option(IcnLine.TOPOLOGY, name));
                    }
                    out.note("Every ordered pair S ≠ D: the number of node-disjoint S–D paths by max-flow (JGraphT, each node split into "
                            + "an in- and an out-node of capacity 1), over all paths and over shortest paths only. The lemma's printed "
                            + "statement is an 'if and only if', so the pairs that break either direction are printed as 0.");
                });
    }

    private static boolean valid(KaryCube cube, String path) {
        String[] labels = path.substring(1, path.length() - 1).split("\\)\\(");
        int[] nodes = new int[labels.length];
        for (int i = 0; i < labels.length; i++) {
            nodes[i] = cube.parseLabel(labels[i]);
        }
        for (int i = 1; i < nodes.length; i++) {
            boolean adjacent = false;
            for (int p = 0; p < cube.portCount(); p++) {
                adjacent |= cube.neighbour(nodes[i - 1], p) == nodes[i];
            }
            if (!adjacent) {
                return false;
            }
        }
        return nodes.length - 1 == icn.protocols.Bfs.distances(cube, nodes[0])[nodes[nodes.length - 1]];
    }
}
