package icn.scenarios.reproduce;

import icn.scenarios.report.IcnLine;
import icn.protocols.LinkClass;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.TopologyCensus;
import java.util.List;

/**
 * Figures that are drawings (a graph, a ring, a switching network): the paper prints no data for them, so the report says so and
 * shows, measured, the properties of the graph the drawing shows.
 */
final class Diagrams {

    private Diagrams() {
    }

    /** A drawing of {@code topologies}: nodes, degree, links per class and diameter of each, measured. */
    static ArtifactSpec graph(String id, String title, String what, List<String> topologies) {
        return ArtifactSpec.figure(id, title, 0.2, 0.2, 0.2, (context, out) -> {
            out.note("A drawing: " + what + " The paper prints no data for it; below are the properties of the graph it draws, measured "
                    + "on the emulator's topology (node count and links by enumeration, diameter by BFS).");
            for (String name : topologies) {
                properties(out, name);
                out.command(IcnLine.of("topology").option(IcnLine.TOPOLOGY, name));
            }
        });
    }

    /** A drawing of an algorithm at work (a routing tree, a broadcast in a supernode): a sentence and the run that shows it. */
    static ArtifactSpec drawing(String id, String title, String what) {
        return ArtifactSpec.figure(id, title, 0.0, 0.0, 0.0, (context, out) -> out.note("A drawing: " + what));
    }

    static void properties(ArtifactBuilder out, String name) {
        Topology t = Topologies.parse(name);
        TopologyCensus.Census census = TopologyCensus.of(t);
        out.cell(Cell.measuredOnly(name, "nodes", census.nodes()));
        out.cell(Cell.measuredOnly(name, "degree", census.minDegree() == census.maxDegree() ? String.valueOf(census.minDegree())
                : census.minDegree() + "–" + census.maxDegree()));
        for (LinkClass c : LinkClass.values()) {
            if (census.links(c) > 0) {
                out.cell(Cell.measuredOnly(name, c.name().toLowerCase(java.util.Locale.ROOT) + " links", census.links(c)));
            }
        }
        if (t.nodeCount() <= 400_000 && Measures.vertexTransitive(name)) {
            out.cell(Cell.measuredOnly(name, "diameter", Measures.diameter(name).diameter()));
        }
    }
}
