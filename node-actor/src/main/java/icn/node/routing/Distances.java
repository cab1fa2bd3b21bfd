package icn.node.routing;

import icn.protocols.Bfs;
import icn.protocols.Topology;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntUnaryOperator;

/**
 * Exact fault-free hop distances to a destination, for routers that steer by them ({@link DfsRouting}). Pure code, thread-safe.
 * <ul>
 * <li>in closed form from the labels where they give it ({@link Topology#labelDistances}: the Hamming distance on the hypercube), or
 * from a few BFS tables by the network's symmetry ({@link Topology#symmetricDistances}: SCC_n, one per ring position);</li>
 * <li>every other network: a BFS from the destination (links are symmetric), its table kept in a cache shared by all runs of the JVM
 * and bounded by {@value #CACHE_BUDGET} entries in all (least recently used tables go first; one is always kept).</li>
 * </ul>
 */
public final class Distances {

    /** Distance-table entries (ints) the shared cache of BFS tables may hold in all. */
    static final long CACHE_BUDGET = 1L << 24;

    private static final Map<String, int[]> BFS_TABLES = new LinkedHashMap<>(64, 0.75f, true);
    private static long cachedEntries;

    private Distances() {
    }

    /** The distances of every node of {@code topology} to {@code destination}, as a function of the node. */
    public static IntUnaryOperator toward(Topology topology, int destination) {
        if (destination < 0 || destination >= topology.nodeCount()) {
            throw new IllegalArgumentException(destination + " is not a node of " + topology.name());
        }
        java.util.Optional<IntUnaryOperator> fromLabels = topology.labelDistances(destination).or(() -> topology.symmetricDistances(destination));
        if (fromLabels.isPresent()) {
            return fromLabels.get();
        }
        int[] table = bfs(topology, destination);
        return node -> table[node];
    }

    private static int[] bfs(Topology topology, int destination) {
        String key = topology.name() + "#" + destination;
        synchronized (BFS_TABLES) {
            int[] cached = BFS_TABLES.get(key);
            if (cached != null) {
                return cached;
            }
        }
        int[] table = Bfs.distances(topology, destination); // undirected: distances from d are distances to d
        synchronized (BFS_TABLES) {
            if (BFS_TABLES.put(key, table) == null) {
                cachedEntries += table.length;
            }
            var it = BFS_TABLES.values().iterator();
            while (cachedEntries > CACHE_BUDGET && BFS_TABLES.size() > 1) {
                cachedEntries -= it.next().length;
                it.remove();
            }
        }
        return table;
    }
}
