package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;
import icn.launcher.output.Results;
import icn.launcher.output.Texts;
import icn.scenarios.kind.NetworkPapers;
import icn.protocols.Topology;
import icn.scenarios.network.NetworkReport;
import icn.scenarios.claims.TopologyReport;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code icn topology scc:N}: the network's structure measured by BFS, beside the papers' formulas. */
@Command(name = "topology", mixinStandardHelpOptions = true,
        description = {"Measure a network: nodes, degree, links per class, and diameter and average distance by BFS over the",
                "emulated graph, beside the papers' formulas (SCC_n: 001 Theorem 1, 000 Eq. 1 and Theorem 3; the other networks: 002, 003, 004"," and the closed forms of the classic graphs)."})
final class TopologyCommand implements Callable<Integer> {
    private final CommandContext ctx;

    TopologyCommand(CommandContext ctx) {
        this.ctx = ctx;
    }


    @Mixin
    TopologyOptions topology;

    @Mixin
    CommonOptions common;

    /** {@code --cluster}: the census (a BFS of every network named) runs in a job runner of a standing cluster, not here. */
    @Mixin
    SubmitOptions submit;

    @Option(names = "--export", paramLabel = "FORMAT", description = {"Also write each network's links to the results directory:",
            "edges (an edge list, <name>.txt) or graphml (<name>.graphml), which --topology file:PATH reads back."})
    String export;

    @Override
    public Integer call() {
        List<Topology> networks = topology.networks();
        if (export != null && !List.of("edges", "graphml").contains(export.strip())) {
            throw new icn.protocols.InvalidInputException("--export takes edges or graphml, not '" + export.strip() + "'");
        }
        for (Topology t : networks) {
            if (export != null && t.directed()) {
                throw new icn.protocols.InvalidInputException("--export writes undirected links, and " + t.name() + "'s arcs are one-way");
            }
        }
        Results results = Results.open(ctx.session(), common.results(), 1);
        List<com.fasterxml.jackson.databind.JsonNode> all = new java.util.ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (Topology t : networks) {
            java.util.Optional<TopologyReport> census = NetworkPapers.of(t).census().map(c -> c.apply(t));
            if (census.isPresent()) {
                all.add(census.get().toJsonNode());
                text.append(census.get().toText());
            } else {
                com.fasterxml.jackson.databind.node.ObjectNode r = NetworkReport.measure(t);
                all.add(r);
                text.append(Texts.network(r));
            }
            if (export != null) {
                String file = icn.protocols.topology.NetworkExport.exportName(t, export.strip());
                results.write(file, export.strip().equals("edges") ? icn.protocols.topology.NetworkExport.edgeList(t) : icn.protocols.topology.NetworkExport.graphMl(t));
                text.append("exported: ").append(file).append(" in the results directory (--topology file:PATH reads it)\n");
            }
        }
        return results.finish(Results.oneOrMany(all, common.seed), text.toString(), 0);
    }
}
