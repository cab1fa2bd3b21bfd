package icn.launcher;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.protocols.Topologies;
import icn.protocols.Topology;
import icn.scenarios.NetworkReport;
import icn.scenarios.RouteReports;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code icn compare}: networks side by side, measured (001 Table 7, 003 Tables 4.1–4.2). */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare networks side by side: nodes, degree, links, diameter and average distance by BFS (beside each",
                "paper's diameter), and the steps of multi-port and one-port flooding from node 0, all measured."})
final class CompareCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "KIND:PARAMS", description = "Networks, e.g. scc:5 cr:5 star:6 hypercube:8 torus:4,3 ccc:5.")
    List<String> topologies;

    @Option(names = "--no-flooding", description = "Skip the flooding runs.")
    boolean noFlooding;

    @Option(names = "--json", description = "Print exactly one JSON object on stdout.")
    boolean json;

    @Override
    public Integer call() {
        List<Topology> parsed = topologies.stream().map(Topologies::parse).toList(); // every name checked before anything runs
        Progress progress = new Progress(json);
        List<ObjectNode> reports = new ArrayList<>();
        for (Topology t : parsed) {
            progress.step(String.format("[%d/%d] %s (%,d nodes)", reports.size() + 1, parsed.size(), t.name(), t.nodeCount()));
            reports.add(NetworkReport.measure(t, !noFlooding));
        }
        progress.done();
        if (json) {
            ObjectNode root = new ObjectMapper().createObjectNode();
            ArrayNode array = root.putArray("networks");
            reports.forEach(array::add);
            System.out.println(root);
        } else {
            System.out.print(RouteReports.text(NetworkReport.table(reports)));
            System.out.println("Measured by BFS and by flooding from node 0 on the sequential engine; \"paper\" is the diameter each paper claims.");
        }
        return 0;
    }
}
