package icn.scenarios.graphs;

import icn.protocols.Topology;

/**
 * The rows of 003 Tables 4.1 and 4.2 for one topology, all measured: node count, degree, out-degree, edges, diameter by BFS and
 * bisection width.
 *
 * @param name       the topology's name ({@code cr:4})
 * @param nodes      node count
 * @param degreeMin  least degree of the underlying simple graph (adjacent nodes, either direction)
 * @param degreeMax  greatest such degree; 003 gives CR_n degree n+1
 * @param outDegree  greatest number of distinct out-neighbours (equal to the degree on an undirected topology)
 * @param directed   whether links are one-way arcs (CR_n)
 * @param edges      undirected edges = adjacent pairs, as 003 counts them (an f_k/f_{n−k} pair of CR_n is one edge)
 * @param arcs       arcs: one per (node, out-port) link on a directed topology, two per link (one each way) on an undirected one
 * @param diameter   the greatest BFS distance over all ordered pairs, following arcs on a directed topology; −1 if not strongly connected
 * @param bisection  bisection width counting {@link Bisection.Weight#EDGES}
 * @param arcBisection bisection width counting arcs crossing in either direction ({@link Bisection.Weight#ARCS}); null if not asked
 */
public record GraphProperties(String name, int nodes, int degreeMin, int degreeMax, int outDegree, boolean directed, long edges, long arcs,
        int diameter, BisectionWidth bisection, BisectionWidth arcBisection) {

    /** A bisection width and how far to trust it. */
    public record BisectionWidth(long value, boolean exact, String method, double seconds) {
        static BisectionWidth of(Bisection.Cut c) {
            return new BisectionWidth(c.value(), c.exact(), c.method(), c.seconds());
        }
    }

    /** Graphs up to this many nodes get the exact branch-and-bound search (within {@link Bisection#DEFAULT_BUDGET}). */
    public static final int EXACT_NODE_LIMIT = 64;

    /**
     * All properties, both bisection counts. Exact bisection up to {@value #EXACT_NODE_LIMIT} nodes (measured: CR_4 0.6 s, CCC_4
     * 1.4 s, Q_6 13 s); beyond, the heuristic's upper bound (CR_8 and Q_11, 2048 nodes: about a second each).
     */
    public static GraphProperties of(Topology t) {
        return of(t, true);
    }

    /** All properties; {@code arcBisection} also minimises the arc count (a second heuristic run). */
    public static GraphProperties of(Topology t, boolean arcBisection) {
        LinkGraph g = LinkGraph.of(t);
        int n = g.nodeCount();
        int dmin = Integer.MAX_VALUE;
        int dmax = 0;
        for (int u = 0; u < n; u++) {
            dmin = Math.min(dmin, g.degree(u));
            dmax = Math.max(dmax, g.degree(u));
        }
        int out = maxOutDegree(t);
        long arcs = t.directed() ? countArcs(t) : 2 * g.edgeCount();
        long budget = n <= EXACT_NODE_LIMIT ? Bisection.DEFAULT_BUDGET : 0;
        BisectionWidth bw = BisectionWidth.of(Bisection.of(g, Bisection.Weight.EDGES, budget, Bisection.DEFAULT_SEED));
        BisectionWidth ab = null;
        if (arcBisection && t.directed()) {
            ab = BisectionWidth.of(Bisection.of(g, Bisection.Weight.ARCS, budget, Bisection.DEFAULT_SEED));
        } else if (arcBisection) { // every link is two arcs, so the arc count of every cut is twice its edge count
            ab = new BisectionWidth(2 * bw.value(), bw.exact(), "twice the edge bisection (one arc each way per link)", 0);
        }
        return new GraphProperties(t.name(), n, n == 0 ? 0 : dmin, dmax, out, t.directed(), g.edgeCount(), arcs, diameter(t), bw, ab);
    }

    /** The greatest number of distinct out-neighbours other than the node itself. */
    static int maxOutDegree(Topology t) {
        int best = 0;
        int[] seen = new int[t.portCount()];
        for (int u = 0; u < t.nodeCount(); u++) {
            int k = 0;
            for (int p = 0; p < t.portCount(); p++) {
                int v = t.neighbour(u, p);
                if (v == Topology.NONE || v == u) {
                    continue;
                }
                boolean dup = false;
                for (int i = 0; i < k; i++) {
                    dup |= seen[i] == v;
                }
                if (!dup) {
                    seen[k++] = v;
                }
            }
            best = Math.max(best, k);
        }
        return best;
    }

    private static long countArcs(Topology t) {
        long s = 0;
        for (int u = 0; u < t.nodeCount(); u++) {
            for (int p = 0; p < t.portCount(); p++) {
                int v = t.neighbour(u, p);
                if (v != Topology.NONE && v != u) {
                    s++;
                }
            }
        }
        return s;
    }

    /** The diameter by a BFS from every node along out-ports; −1 if some node cannot reach another. */
    public static int diameter(Topology t) {
        int n = t.nodeCount();
        int ports = t.portCount();
        int[] dist = new int[n];
        int[] queue = new int[n];
        int diameter = 0;
        for (int s = 0; s < n; s++) {
            java.util.Arrays.fill(dist, -1);
            dist[s] = 0;
            int head = 0;
            int tail = 0;
            queue[tail++] = s;
            while (head < tail) {
                int u = queue[head++];
                for (int p = 0; p < ports; p++) {
                    int v = t.neighbour(u, p);
                    if (v != Topology.NONE && dist[v] < 0) {
                        dist[v] = dist[u] + 1;
                        queue[tail++] = v;
                    }
                }
            }
            if (tail < n) {
                return -1;
            }
            diameter = Math.max(diameter, dist[queue[tail - 1]]);
        }
        return diameter;
    }
}
