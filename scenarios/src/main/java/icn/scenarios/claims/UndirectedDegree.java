package icn.scenarios.claims;

import icn.protocols.Topology;
import icn.protocols.TopologyCensus;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * The degree of a network's underlying undirected graph (distinct neighbours over out- and in-arcs), which 003 gives for CR_n
 * beside its out-degree: at every node up to {@value #EVERY_NODE_UP_TO} nodes, above that at the nodes the distances are measured
 * from.
 */
public final class UndirectedDegree {

    /** Networks up to this many nodes are measured at every node. */
    public static final int EVERY_NODE_UP_TO = 4096;

    private UndirectedDegree() {
    }

    /** The undirected degree of {@code t}; {@code how} receives which nodes were measured ({@code sources} adds its own words). */
    public static TopologyCensus.Degrees of(Topology t, List<String> how, Supplier<int[]> sources) {
        int[] nodes;
        if (t.nodeCount() <= EVERY_NODE_UP_TO) {
            how.add("every node");
            nodes = IntStream.range(0, t.nodeCount()).toArray();
        } else {
            nodes = sources.get();
        }
        return TopologyCensus.undirectedDegree(t, nodes);
    }
}
