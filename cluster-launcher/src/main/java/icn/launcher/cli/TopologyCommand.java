package icn.launcher.cli;

import icn.launcher.output.Results;
import icn.launcher.output.Texts;
import icn.scenarios.kind.NetworkPapers;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.scenarios.network.NetworkReport;
import icn.scenarios.claims.TopologyReport;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;

/** {@code icn topology scc:N}: the network's structure measured by BFS, beside the papers' formulas. */
@Command(name = "topology", mixinStandardHelpOptions = true,
        description = {"Measure a network: nodes, degree, links per class, and diameter and average distance by BFS over the",
                "emulated graph, beside the papers' formulas (SCC_n: 001 Theorem 1, 000 Eq. 1 and Theorem 3; the other networks: 002, 003, 004"," and the closed forms of the classic graphs)."})
final class TopologyCommand implements Callable<Integer> {

    @Option(names = "--topology", required = true, split = Grammar.LIST, splitSynopsisLabel = ",", paramLabel = "KIND:PARAMS",
            description = "Repeatable, or a list. The network, e.g. scc:6 (N = 3..10, as far as the heap holds), cr:5, rnh:3,4, inh:2:1,3,2,1, kcube:3,4, icube:5,4,3, star:6, hypercube:8, torus:4,3, ccc:5.")
    List<String> topologies;

    @Mixin
    CommonOptions common;

    @Override
    public Integer call() {
        List<Topology> networks = topologies.stream().map(Topologies::parse).toList();
        Results results = Results.open(common.results(), 1);
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
        }
        return results.finish(Results.oneOrMany(all, common.seed), text.toString(), 0);
    }
}
