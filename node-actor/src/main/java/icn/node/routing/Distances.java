package icn.node.routing;

import icn.protocols.Bfs;
import icn.protocols.Permutations;
import icn.protocols.topology.Scc;
import icn.protocols.Topology;
import icn.protocols.topology.Hypercube;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntUnaryOperator;

/**
 * Exact fault-free hop distances to a destination, for routers that steer by them ({@link AdaptiveRouting}). Pure code, thread-safe.
 * <ul>
 * <li>SCC_n: left multiplication by π_d⁻¹ is an automorphism that keeps positions (000 §4.1), so d(⟨i_s, π_s⟩, ⟨i_d, π_d⟩) =
 * d(⟨i_s, π_d⁻¹·π_s⟩, ⟨i_d, π_0⟩): one BFS from each ⟨i, π_0⟩ (at most n − 1 tables of (n−1)·n! entries, computed when first
 * needed and kept per n) answers every pair;</li>
 * <li>hypercube: the Hamming distance of the ids;</li>
 * <li>every other network: a BFS from the destination (links are symmetric), its table kept in a cache shared by all runs of the JVM
 * and bounded by {@value #CACHE_BUDGET} entries in all (least recently used tables go first; one is always kept).</li>
 * </ul>
 */
public final class Distances {

    /** Distance-table entries (ints) the shared cache of BFS tables may hold in all. */
    static final long CACHE_BUDGET = 1L << 24;

    private static final Map<String, int[][]> SCC_TABLES = new java.util.concurrent.ConcurrentHashMap<>();

    private static final Map<String, int[]> BFS_TABLES = new LinkedHashMap<>(64, 0.75f, true);
    private static long cachedEntries;

    private Distances() {
    }

    /** The distances of every node of {@code topology} to {@code destination}, as a function of the node. */
    public static IntUnaryOperator toward(Topology topology, int destination) {
        if (destination < 0 || destination >= topology.nodeCount()) {
            throw new IllegalArgumentException(destination + " is not a node of " + topology.name());
        }
        if (topology instanceof Scc scc) {
            return scc(scc, destination);
        }
        if (topology instanceof Hypercube) {
            return node -> Integer.bitCount(node ^ destination);
        }
        int[] table = bfs(topology, destination);
        return node -> table[node];
    }

    private static IntUnaryOperator scc(Scc scc, int destination) {
        int n = scc.n();
        int[][] tables = SCC_TABLES.computeIfAbsent(scc.name(), k -> new int[n + 1][]);
        int position = scc.position(destination);
        int[] table;
        synchronized (tables) {
            if (tables[position] == null) {
                tables[position] = Bfs.distances(scc, scc.id(0, position)); // from ⟨i_d, π_0⟩
            }
            table = tables[position];
        }
        byte[] pd = Permutations.unrank(scc.supernode(destination), n);
        byte[] positionInD = new byte[n + 1];
        for (int k = 0; k < n; k++) {
            positionInD[pd[k]] = (byte) (k + 1);
        }
        return node -> {
            byte[] p = Permutations.unrank(scc.supernode(node), n);
            for (int k = 0; k < n; k++) {
                p[k] = positionInD[p[k]]; // π_d⁻¹·π_s
            }
            return table[scc.id(Permutations.rank(p), scc.position(node))];
        };
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
