package icn.protocols.fault;

import icn.protocols.Bfs;
import icn.protocols.Topology;
import java.util.Arrays;
import java.util.BitSet;

/**
 * The network without what a {@link FaultPlan} ever takes out of it: every node that crashes (at any step) and every arc that is cut
 * (at any time). The yardstick of fault experiments: a packet is deliverable when its destination is reachable from its source here,
 * and its stretch is its walk over the distance here. Conservative for timed faults (a link cut for a while counts as gone).
 */
public final class SurvivingGraph {

    private final Topology topology;
    private final BitSet dead = new BitSet();
    /** The cut arcs' keys ({@link #key}), sorted: a handful, looked up for every arc a search tries (no boxing on the way). */
    private final long[] cut;

    public SurvivingGraph(Topology topology, FaultPlan plan) {
        this(topology, plan, new int[0]);
    }

    /** The same, with {@code alsoDead} taken out too: the nodes that went with a lost cluster member. */
    public SurvivingGraph(Topology topology, FaultPlan plan, int[] alsoDead) {
        this.topology = topology;
        for (int v : alsoDead) {
            dead.set(v);
        }
        for (int v : plan.crashNodes()) {
            dead.set(v);
        }
        long[] keys = new long[plan.cutNodes().length];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = key(plan.cutNodes()[i], plan.cutPorts()[i]);
        }
        java.util.Arrays.sort(keys);
        this.cut = keys;
    }

    private long key(int node, int port) {
        return (long) node * topology.portCount() + port;
    }

    public boolean alive(int node) {
        return !dead.get(node);
    }

    /** Nodes that never crash. */
    public int liveNodes() {
        return topology.nodeCount() - dead.cardinality();
    }

    /** Whether the arc (node, port) exists and is never cut, and both its ends stay alive. */
    public boolean usable(int node, int port) {
        int v = topology.neighbour(node, port);
        return v != Topology.NONE && alive(node) && alive(v) && (cut.length == 0 || java.util.Arrays.binarySearch(cut, key(node, port)) < 0);
    }

    /** BFS distances from {@code source} along usable arcs ({@link Bfs#UNREACHED} where unreachable or dead). */
    public int[] distancesFrom(int source) {
        int[] dist = new int[topology.nodeCount()];
        Arrays.fill(dist, Bfs.UNREACHED);
        if (!alive(source)) {
            return dist;
        }
        int[] queue = new int[topology.nodeCount()];
        int head = 0;
        int tail = 0;
        dist[source] = 0;
        queue[tail++] = source;
        while (head < tail) {
            int u = queue[head++];
            for (int p = 0; p < topology.portCount(); p++) {
                if (usable(u, p)) {
                    int v = topology.neighbour(u, p);
                    if (dist[v] == Bfs.UNREACHED) {
                        dist[v] = dist[u] + 1;
                        queue[tail++] = v;
                    }
                }
            }
        }
        return dist;
    }

    /**
     * BFS distances to {@code destination} along usable arcs: a search over the reversed usable arcs. Not {@link #distancesFrom} even
     * on an undirected network: a link cut one way ({@code both = false}) leaves the arc u→v usable and v→u not, so the distance from
     * u to v can be finite while the one from v to u is not.
     */
    public int[] distancesTo(int destination) {
        if (!topology.directed()) {
            return distancesToOverLinks(destination);
        }
        int n = topology.nodeCount();
        int[] dist = new int[n];
        Arrays.fill(dist, Bfs.UNREACHED);
        if (!alive(destination)) {
            return dist;
        }
        // reverse adjacency of the usable arcs, built once per call (directed networks in experiments are small)
        int[] count = new int[n + 1];
        for (int u = 0; u < n; u++) {
            for (int p = 0; p < topology.portCount(); p++) {
                if (usable(u, p)) {
                    count[topology.neighbour(u, p) + 1]++;
                }
            }
        }
        for (int v = 0; v < n; v++) {
            count[v + 1] += count[v];
        }
        int[] from = new int[count[n]];
        int[] fill = count.clone();
        for (int u = 0; u < n; u++) {
            for (int p = 0; p < topology.portCount(); p++) {
                if (usable(u, p)) {
                    from[fill[topology.neighbour(u, p)]++] = u;
                }
            }
        }
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        dist[destination] = 0;
        queue[tail++] = destination;
        while (head < tail) {
            int v = queue[head++];
            for (int i = count[v]; i < count[v + 1]; i++) {
                int u = from[i];
                if (dist[u] == Bfs.UNREACHED) {
                    dist[u] = dist[v] + 1;
                    queue[tail++] = u;
                }
            }
        }
        return dist;
    }

    /**
     * The same on an undirected network, without a reverse table: every link of v is also an arc into v, leaving its far end u on
     * the port the link arrives on at u ({@link Topology#arrivalPort}); the search steps from v back to u when that arc is usable.
     */
    private int[] distancesToOverLinks(int destination) {
        int n = topology.nodeCount();
        int[] dist = new int[n];
        Arrays.fill(dist, Bfs.UNREACHED);
        if (!alive(destination)) {
            return dist;
        }
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        dist[destination] = 0;
        queue[tail++] = destination;
        while (head < tail) {
            int v = queue[head++];
            for (int q = 0; q < topology.portCount(); q++) {
                int u = topology.neighbour(v, q);
                if (u != Topology.NONE && dist[u] == Bfs.UNREACHED && usable(u, topology.arrivalPort(v, q))) {
                    dist[u] = dist[v] + 1;
                    queue[tail++] = u;
                }
            }
        }
        return dist;
    }
}
