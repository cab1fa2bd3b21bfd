package icn.node.traffic;

import icn.protocols.Bfs;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import java.util.Locale;

/**
 * Every node's hop distance to every destination, what the generic routings ({@link UpDownRouting}, {@link HopClassRouting}) steer by
 * at every hop of every head: computed from the labels where the network gives them ({@link Topology#pairDistances}: SCC_n, the star
 * graph, CR_n, the hypercube and tori; no table per pair, any size), else by BFS over the reversed arcs (so directed networks too)
 * in a table of N² bytes, up to {@value #MAX_NODES} nodes. Immutable once built.
 */
final class DistanceTable {

    /** The most nodes a table is built for: 8,192 nodes, 64 MiB. */
    static final int MAX_NODES = 8192;

    private final int n;
    private final java.util.function.IntBinaryOperator fromLabels; // null: the table
    private final byte[] table; // [destination * n + node]
    private final int diameter;

    DistanceTable(Topology t, String routing) {
        this.n = t.nodeCount();
        java.util.Optional<java.util.function.IntBinaryOperator> labels = t.pairDistances();
        if (labels.isPresent()) {
            this.fromLabels = labels.get();
            this.table = null;
            this.diameter = java.util.Arrays.stream(Bfs.distancesTo(t, 0)).max().orElse(0); // vertex-transitive: every node is alike
            return;
        }
        this.fromLabels = null;
        if (n > MAX_NODES) {
            throw new InvalidInputException(String.format(Locale.ROOT, "%s routing keeps a table of every node's distance to every"
                    + " destination (N² bytes); %s has %,d nodes, over the %,d it takes", routing, t.name(), n, MAX_NODES));
        }
        this.table = new byte[n * n];
        Bfs.ReverseArcs reverse = new Bfs.ReverseArcs(t);
        int max = 0;
        for (int d = 0; d < n; d++) {
            int[] dist = reverse.distancesTo(d);
            for (int v = 0; v < n; v++) {
                if (dist[v] < 0) {
                    throw new InvalidInputException(t.name() + " is not strongly connected: " + t.label(v) + " cannot reach " + t.label(d));
                }
                if (dist[v] > 250) {
                    throw new InvalidInputException(t.name() + " has distances over 250 links; " + routing + " routing takes at most 250");
                }
                table[d * n + v] = (byte) dist[v];
                max = Math.max(max, dist[v]);
            }
        }
        this.diameter = max;
    }

    /** Links from {@code node} to {@code destination} on a shortest path. */
    int distance(int node, int destination) {
        return fromLabels != null ? fromLabels.applyAsInt(node, destination) : table[destination * n + node] & 0xFF;
    }

    /** Whether the distances come from the labels, with no table per pair. */
    boolean fromLabels() {
        return fromLabels != null;
    }

    int diameter() {
        return diameter;
    }
}
