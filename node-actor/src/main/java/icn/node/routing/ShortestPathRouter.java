package icn.node.routing;

import icn.protocols.Bfs;
import icn.protocols.Topology;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A shortest path in any {@link Topology}, directed ones included, found by BFS: the distance of every node to the destination,
 * searched from the destination over the reversed arcs (for an undirected topology, whose links are symmetric, over the links as
 * they are), then a walk downhill that takes at every node the lowest port whose neighbour is one link nearer. Deterministic.
 *
 * <p>The distance tables of the last few destinations are kept (at most {@value #CACHED_DESTINATIONS}, fewer where tables are
 * large), so a sweep of routes to one destination costs one BFS. A directed topology's reverse adjacency is built once, on first use.
 * Thread-safe: each destination's table is computed once, under its own lock, while other destinations proceed. Key
 * {@code shortest}.
 */
public final class ShortestPathRouter implements Router {

    /** Distance tables kept at most. */
    public static final int CACHED_DESTINATIONS = 8;

    /** Distance-table entries (ints) the cache may hold in all; one table is always kept, however large. */
    private static final long CACHE_BUDGET = 1L << 24;

    private final Topology topology;
    private final int capacity;
    private final Map<Integer, Table> tables;
    private final AtomicLong searches = new AtomicLong();
    private volatile Bfs.ReverseArcs reverse;

    public ShortestPathRouter(Topology topology) {
        this.topology = topology;
        this.capacity = (int) Math.max(1, Math.min(CACHED_DESTINATIONS, CACHE_BUDGET / Math.max(1, topology.nodeCount())));
        this.tables = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, Table> eldest) {
                return size() > capacity;
            }
        };
    }

    @Override
    public String key() {
        return "shortest";
    }

    /** BFS runs so far (one per destination whose table was not cached). */
    public long searches() {
        return searches.get();
    }

    @Override
    public int[] ports(int source, int destination) {
        check(source);
        check(destination);
        int[] distance = distancesTo(destination);
        int d = distance[source];
        if (d == Bfs.UNREACHED) {
            throw new IllegalArgumentException(topology.label(destination) + " cannot be reached from " + topology.label(source) + " in "
                    + topology.name());
        }
        int[] ports = new int[d];
        int node = source;
        int portCount = topology.portCount();
        for (int hop = 0; hop < d; hop++) {
            int next = distance[node] - 1;
            int chosen = -1;
            for (int p = 0; p < portCount && chosen < 0; p++) {
                int w = topology.neighbour(node, p);
                if (w != Topology.NONE && distance[w] == next) {
                    chosen = p;
                    node = w;
                }
            }
            if (chosen < 0) {
                throw new IllegalStateException("no port of " + topology.label(node) + " leads downhill in " + topology.name());
            }
            ports[hop] = chosen;
        }
        return ports;
    }

    /** The hop distance of every node to {@code destination}, {@link Bfs#UNREACHED} where there is no path; shared, do not modify. */
    int[] distancesTo(int destination) {
        Table table;
        synchronized (tables) {
            table = tables.computeIfAbsent(destination, Table::new);
        }
        return table.distances();
    }

    private void check(int node) {
        if (node < 0 || node >= topology.nodeCount()) {
            throw new IllegalArgumentException(node + " is not a node of " + topology.name() + " (0.." + (topology.nodeCount() - 1) + ")");
        }
    }

    private final class Table {
        private final int destination;
        private int[] distances;

        Table(int destination) {
            this.destination = destination;
        }

        synchronized int[] distances() {
            if (distances == null) {
                searches.incrementAndGet();
                distances = topology.directed() ? reverseArcs().distancesTo(destination) : Bfs.distances(topology, destination);
            }
            return distances;
        }
    }

    private Bfs.ReverseArcs reverseArcs() {
        Bfs.ReverseArcs r = reverse;
        if (r == null) {
            synchronized (this) {
                r = reverse;
                if (r == null) {
                    r = new Bfs.ReverseArcs(topology);
                    reverse = r;
                }
            }
        }
        return r;
    }
}
