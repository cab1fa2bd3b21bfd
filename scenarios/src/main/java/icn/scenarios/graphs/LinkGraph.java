package icn.scenarios.graphs;

import icn.protocols.Topology;
import java.util.Arrays;

/**
 * The simple undirected graph under a {@link Topology}, in compressed adjacency arrays: u and v are adjacent iff some port of u
 * leads to v or some port of v leads to u. Parallel links and self-loops collapse. Each adjacent pair also carries its
 * {@linkplain #arcs arc count}: how many arcs join the two nodes in either direction — 2 for a link of an undirected topology
 * (one arc each way) and for an f_k/f_{n−k} pair of CR_n, 1 for a one-way g arc of CR_n (003 Definition 2.1).
 *
 * <p>003 Table 4.1 counts CR_n's edges this way: n·2^n g-edges plus n(n−1)/2·2^n f-edges, one per adjacent pair.
 */
public final class LinkGraph {

    private final String name;
    private final boolean directed;
    private final int[] offset;
    private final int[] adjacent;
    private final int[] arcs;

    private LinkGraph(String name, boolean directed, int[] offset, int[] adjacent, int[] arcs) {
        this.name = name;
        this.directed = directed;
        this.offset = offset;
        this.adjacent = adjacent;
        this.arcs = arcs;
    }

    /** The underlying simple graph of a topology; arc counts as the class comment says. */
    public static LinkGraph of(Topology t) {
        int n = t.nodeCount();
        int ports = t.portCount();
        // Collect directed arcs u→v (u ≠ v), then merge both directions per unordered pair.
        long[] keys = new long[2 * n * ports];
        int m = 0;
        for (int u = 0; u < n; u++) {
            for (int p = 0; p < ports; p++) {
                int v = t.neighbour(u, p);
                if (v == Topology.NONE || v == u) {
                    continue;
                }
                keys[m++] = (long) u << 32 | v;
                keys[m++] = (long) v << 32 | u | 1L << 31; // the same arc seen from its head, flagged
            }
        }
        keys = Arrays.copyOf(keys, m);
        for (int i = 0; i < m; i++) { // sort by (u, v), the flag out of the way
            keys[i] = (keys[i] & ~(1L << 31)) << 1 | (keys[i] >>> 31 & 1);
        }
        Arrays.sort(keys);
        int[] deg = new int[n];
        int[] adjTmp = new int[m];
        int[] arcTmp = new int[m];
        int[] ownerTmp = new int[m];
        int pairs = 0;
        for (int i = 0; i < m; ) {
            long uv = keys[i] >>> 1;
            int u = (int) (uv >>> 32);
            int v = (int) (uv & 0x7fffffffL);
            int outArcs = 0;
            int inArcs = 0;
            int j = i;
            while (j < m && keys[j] >>> 1 == uv) {
                if ((keys[j] & 1) == 0) {
                    outArcs++;
                } else {
                    inArcs++;
                }
                j++;
            }
            ownerTmp[pairs] = u;
            adjTmp[pairs] = v;
            // An undirected topology names each link from both ends: one link, one arc each way.
            arcTmp[pairs] = t.directed() ? outArcs + inArcs : 2;
            deg[u]++;
            pairs++;
            i = j;
        }
        int[] offset = new int[n + 1];
        for (int u = 0; u < n; u++) {
            offset[u + 1] = offset[u] + deg[u];
        }
        // keys were sorted by u then v, so pairs are already grouped by owner in order
        return new LinkGraph(t.name(), t.directed(), offset, Arrays.copyOf(adjTmp, pairs), Arrays.copyOf(arcTmp, pairs));
    }

    /** A graph from an edge list on nodes 0..n−1 (undirected, each edge one link with one arc each way); for tests and known graphs. */
    public static LinkGraph ofEdges(String name, int n, int[][] edges) {
        Topology t = new EdgeListTopology(name, n, edges);
        return of(t);
    }

    public String name() {
        return name;
    }

    /** Whether the topology's links are one-way arcs (CR_n). */
    public boolean directed() {
        return directed;
    }

    public int nodeCount() {
        return offset.length - 1;
    }

    public int degree(int u) {
        return offset[u + 1] - offset[u];
    }

    public int first(int u) {
        return offset[u];
    }

    public int end(int u) {
        return offset[u + 1];
    }

    /** The node at adjacency slot {@code i} (between {@link #first} and {@link #end} of its owner). */
    public int adjacent(int i) {
        return adjacent[i];
    }

    /** Arcs joining the owner of slot {@code i} and {@link #adjacent}(i), both directions together. */
    public int arcs(int i) {
        return arcs[i];
    }

    /** Undirected edges: adjacent pairs. */
    public long edgeCount() {
        return adjacent.length / 2;
    }

    /** Arcs: a link of an undirected topology counts two, one each way. */
    public long arcCount() {
        long s = 0;
        for (int a : arcs) {
            s += a;
        }
        return s / 2;
    }

    /** A topology given by an undirected edge list; port i of u is its i-th listed edge. */
    private static final class EdgeListTopology implements Topology {
        private final String name;
        private final int[][] ports;

        EdgeListTopology(String name, int n, int[][] edges) {
            this.name = name;
            int[] d = new int[n];
            for (int[] e : edges) {
                d[e[0]]++;
                d[e[1]]++;
            }
            int max = 0;
            for (int x : d) {
                max = Math.max(max, x);
            }
            ports = new int[n][max];
            for (int[] row : ports) {
                Arrays.fill(row, NONE);
            }
            int[] fill = new int[n];
            for (int[] e : edges) {
                ports[e[0]][fill[e[0]]++] = e[1];
                ports[e[1]][fill[e[1]]++] = e[0];
            }
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public int nodeCount() {
            return ports.length;
        }

        @Override
        public int portCount() {
            return ports.length == 0 ? 0 : ports[0].length;
        }

        @Override
        public String portName(int port) {
            return "edge" + port;
        }

        @Override
        public int neighbour(int node, int port) {
            return ports[node][port];
        }

        @Override
        public int arrivalPort(int node, int port) {
            throw new UnsupportedOperationException("edge-list graph");
        }

        @Override
        public icn.protocols.LinkClass linkClass(int port) {
            return icn.protocols.LinkClass.LOCAL;
        }

        @Override
        public String label(int node) {
            return Integer.toString(node);
        }

        @Override
        public int parseLabel(String text) {
            return Integer.parseInt(text.strip());
        }
    }
}
