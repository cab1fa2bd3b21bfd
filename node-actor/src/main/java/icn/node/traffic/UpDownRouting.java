package icn.node.traffic;

import icn.protocols.Bfs;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import icn.protocols.traffic.MessageHeader;

/**
 * Fully adaptive minimal routing with an up*&#47;down* escape sub-network, for any undirected network (issue 13's choice for
 * SCC_n, the star graph, CCC_n and the incomplete n:k cubes; available on every undirected network). Key {@code updown}.
 *
 * <p><b>Escape sub-network</b> (Autonet's up*&#47;down*, Schroeder et al. 1991): a BFS from node 0 ranks the nodes by (level, id);
 * a link is <em>up</em> toward the lower rank and <em>down</em> toward the higher. A legal escape path takes zero or more up links,
 * then zero or more down links; such paths join every pair of nodes of a connected network, and their channels' dependency graph
 * has no cycle (every dependency goes up→up toward lower ranks, up→down, or down→down toward higher ranks). Virtual channel 0 of
 * every link is the escape channel; the escape route from a node is a shortest legal path (tables of legal distances per destination,
 * any legal next hop on one).
 *
 * <p><b>Adaptive channels</b> 1 .. V−1 take any link one hop nearer the destination (BFS distance): shortest paths. A head takes an
 * adaptive channel when one is free, else the escape channel toward its legal path; once on the escape sub-network it stays on it
 * to its destination (the header remembers it, and whether it has gone down). Deadlock-free: a worm on escape channels waits only
 * for escape channels, which cannot wait in a cycle, so escape worms always drain; a worm on adaptive channels can always wait for
 * an escape channel instead. Needs V ≥ 2. Undirected networks only (up*&#47;down* turns back over links); at most
 * {@value DistanceTable#MAX_NODES} nodes (two tables of N² bytes for the legal paths, which depend on the root and on no symmetry,
 * and a third for the distances unless the labels give them).
 *
 * <p>Why this and not another escape: it needs no structure of the network, so it routes every undirected network of the emulator
 * the same way, over shortest paths while the adaptive channels are free; its price is that escape paths are not shortest and crowd
 * toward the BFS root under heavy load. The networks with their own deadlock-free routings (002's on necklace hypercubes, e-cube
 * on the hypercube, dimension order on tori and n:k cubes) keep them.
 */
final class UpDownRouting implements TrafficRouting {

    static final String KEY = "updown";

    private static final int ESCAPE = 1;
    private static final int DOWN = 2;

    private final Topology t;
    private final int vcs;
    private final DistanceTable distances;
    private final int n;
    private final long[] rank; // (level, id), as one number
    private final byte[] legal; // [d * n + x]: links of a shortest legal (up*down*) path from x to d, unsigned
    private final byte[] downOnly; // [d * n + x]: links of a shortest all-down path from x to d, unsigned; NO_PATH if none

    private static final int NO_PATH = 0xFF;

    UpDownRouting(Topology t, int vcs) {
        if (t.directed()) {
            throw new InvalidInputException("updown routing turns back over links and needs an undirected network; " + t.name()
                    + "'s links are one-way arcs: use --routing hop-class");
        }
        if (vcs < 2) {
            throw new InvalidInputException("updown routing on " + t.name() + " needs V >= 2 virtual channels (one escape channel and at"
                    + " least one adaptive channel); got " + vcs);
        }
        if (t.nodeCount() > DistanceTable.MAX_NODES) {
            throw new InvalidInputException(String.format(java.util.Locale.ROOT, "updown routing keeps two tables of every node's up*/down*"
                    + " distance to every destination (N² bytes each); %s has %,d nodes, over the %,d it takes", t.name(), t.nodeCount(),
                    DistanceTable.MAX_NODES));
        }
        this.t = t;
        this.vcs = vcs;
        this.distances = new DistanceTable(t, KEY);
        this.n = t.nodeCount();
        int[] level = Bfs.distances(t, 0);
        this.rank = new long[n];
        for (int v = 0; v < n; v++) {
            rank[v] = (long) level[v] * n + v;
        }
        Integer[] byRank = new Integer[n];
        for (int v = 0; v < n; v++) {
            byRank[v] = v;
        }
        java.util.Arrays.sort(byRank, java.util.Comparator.comparingLong(v -> rank[v]));
        this.legal = new byte[n * n];
        this.downOnly = new byte[n * n];
        int[] queue = new int[n];
        int[] down = new int[n];
        int[] any = new int[n];
        for (int d = 0; d < n; d++) {
            // all-down paths end at d: search back from d over links taken downward (from a lower rank to a higher one)
            java.util.Arrays.fill(down, -1);
            down[d] = 0;
            int head = 0;
            int tail = 0;
            queue[tail++] = d;
            while (head < tail) {
                int y = queue[head++];
                for (int p = 0; p < t.portCount(); p++) {
                    int x = t.neighbour(y, p);
                    if (x != Topology.NONE && down[x] < 0 && rank[x] < rank[y]) {
                        down[x] = down[y] + 1;
                        queue[tail++] = x;
                    }
                }
            }
            // a legal path goes down at once or up first: in increasing rank, the up neighbours are settled before the node
            for (int i = 0; i < n; i++) {
                int x = byRank[i];
                int best = down[x] < 0 ? Integer.MAX_VALUE : down[x];
                for (int p = 0; p < t.portCount(); p++) {
                    int y = t.neighbour(x, p);
                    if (y != Topology.NONE && rank[y] < rank[x] && any[y] + 1 < best) {
                        best = any[y] + 1;
                    }
                }
                if (best > 250 || down[x] > 250) {
                    throw new InvalidInputException(t.name() + " has up*/down* paths over 250 links; updown routing takes at most 250");
                }
                any[x] = best;
            }
            for (int x = 0; x < n; x++) {
                legal[d * n + x] = (byte) any[x];
                downOnly[d * n + x] = (byte) (down[x] < 0 ? NO_PATH : down[x]);
            }
        }
    }

    @Override
    public String key() {
        return KEY;
    }

    @Override
    public void choices(int node, MessageHeader h, Choices out) {
        int d = h.destination();
        if ((h.state() & ESCAPE) == 0) {
            int near = distances.distance(node, d) - 1;
            for (int p = 0; p < t.portCount(); p++) {
                int y = t.neighbour(node, p);
                if (y != Topology.NONE && distances.distance(y, d) == near) {
                    out.add(p, TrafficRouting.range(1, vcs - 1), 0);
                }
            }
        }
        escape(node, d, (h.state() & DOWN) != 0, (h.state() & ESCAPE) == 0 ? 1 : 0, out);
    }

    /** The escape channels of every next hop on a shortest legal path from {@code node}, at tier {@code tier}. */
    private void escape(int node, int d, boolean goingDown, int tier, Choices out) {
        int base = d * n;
        int left = goingDown ? downOnly[base + node] & 0xFF : legal[base + node] & 0xFF;
        for (int p = 0; p < t.portCount(); p++) {
            int y = t.neighbour(node, p);
            if (y == Topology.NONE) {
                continue;
            }
            boolean up = rank[y] < rank[node];
            if (up ? !goingDown && (legal[base + y] & 0xFF) == left - 1 : (downOnly[base + y] & 0xFF) == left - 1) {
                out.add(p, 1, tier);
            }
        }
    }

    @Override
    public MessageHeader advance(int node, MessageHeader h, int port, int vc, long step) {
        int state = h.state();
        if (vc == 0) {
            state |= ESCAPE;
            if (rank[t.neighbour(node, port)] > rank[node]) {
                state |= DOWN;
            }
        }
        return h.hop(step, 0, state);
    }
}
