package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;

import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.output.Progress;
import icn.launcher.output.Results;
import icn.protocols.Topology;
import icn.scenarios.network.ClaimsReport;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code icn claims}: the papers' claims about one network, measured; a failing claim is a finding, not an error (exit 0). */
@Command(name = "claims", mixinStandardHelpOptions = true,
        description = {"Measure the papers' claims about a network: every route of its algorithms walked and set beside the BFS",
                "distance (003 Lemmas 3.1-3.3 and Theorems 3.1-3.3 on cr; 000 and 001 Algorithm 3 on scc; 001 Algorithm 1 on star;",
                "004's ONE-TO-ONE ROUTING, Hamming distance and shortest-path count on icube/kcube; 002's three-phase route on rnh/inh),",
                "diameters by BFS and node counts and degrees counted. Each claim holds or fails, with counts and counterexamples.",
                "Exit 0 when the measurement ran, whatever it found."})
final class ClaimsCommand implements Callable<Integer> {
    private final CommandContext ctx;

    ClaimsCommand(CommandContext ctx) {
        this.ctx = ctx;
    }


    @Mixin
    TopologyOptions topology;

    @Mixin
    CommonOptions common;

    /** Networks above this many nodes are refused: every route of every source is walked. */
    static final int MAX_NODES = 200_000;

    @Override
    public Integer call() {
        List<Topology> networks = topology.networks();
        for (Topology t : networks) {
            if (t.nodeCount() > MAX_NODES) {
                throw new icn.protocols.InvalidInputException(String.format(java.util.Locale.ROOT,
                        "%s has %,d nodes; icn claims walks a route from every source and measures networks up to %,d nodes", t.name(),
                        t.nodeCount(), MAX_NODES));
            }
        }
        Results results = Results.open(ctx.session(), common.results(), 1);
        Progress progress = new Progress(ctx.session(), common.json);
        List<ObjectNode> all = new java.util.ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (Topology t : networks) {
            progress.step(String.format("%s: measuring the papers' claims on %,d nodes", t.name(), t.nodeCount()));
            ObjectNode report = ClaimsReport.measure(t);
            all.add(report);
            text.append(ClaimsReport.text(report));
        }
        progress.done();
        return results.finish(Results.oneOrMany(all, common.seed), text.toString(), 0);
    }
}
