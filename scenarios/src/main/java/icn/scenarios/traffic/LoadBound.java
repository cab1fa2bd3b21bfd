package icn.scenarios.traffic;

import icn.protocols.Bfs;
import icn.protocols.Topology;

/**
 * About how much uniform traffic a network can carry, to choose default sweep rates: every message split evenly over all its
 * shortest paths (at each node over the out-ports one link nearer), the busiest directed channel carries {@code maxLoad} messages
 * per unit of λ_g·(N−1); a channel moves one flit per cycle, so λ_g ≤ (N−1) / (M·maxLoad), and an injection channel takes one flit
 * per cycle, so λ_g ≤ 1/M. An estimate of capacity, not a bound: a better split than the even one could carry more, and wormhole
 * blocking carries less; it only places the default sweep. Networks over {@value #ALL_DESTINATIONS} nodes are sampled over that
 * many destinations, and over fewer where the BFS runs would visit more than {@value #VISIT_BUDGET} nodes in all.
 */
public final class LoadBound {

    static final int ALL_DESTINATIONS = 4096;
    /** Node visits of all the BFS runs together: larger networks are sampled over fewer destinations (SCC_8: 475). */
    static final long VISIT_BUDGET = 1L << 27;

    private LoadBound() {
    }

    /** The estimate of λ_g (messages per node per cycle) uniform traffic with messages of {@code flits} flits saturates at. */
    public static double uniform(Topology t, int flits) {
        int n = t.nodeCount();
        int ports = t.portCount();
        double[] load = new double[n * ports];
        Bfs.ReverseArcs reverse = new Bfs.ReverseArcs(t);
        int destinations = sampled(n, n);
        double[] flow = new double[n];
        for (int k = 0; k < destinations; k++) {
            int d = destinations == n ? k : (int) ((long) k * n / destinations);
            java.util.Arrays.fill(flow, 1.0); // every node sends one message to d
            spread(t, reverse.distancesTo(d), d, flow, load);
        }
        double maxLoad = 0;
        for (double l : load) {
            maxLoad = Math.max(maxLoad, l);
        }
        maxLoad *= (double) n / destinations; // sampled destinations stand for all
        // each of the N(N−1) pairs carries λ_g/(N−1) messages per cycle, M flits each: the busiest channel takes maxLoad of them
        return Math.min((n - 1.0) / (flits * maxLoad), 1.0 / flits);
    }

    /**
     * The same estimate for a fixed pattern, every node sending to {@code image[v]} (none where {@code image[v] == v}): each
     * destination's senders split their messages evenly over their shortest paths, and the busiest directed channel, or the busiest
     * ejection channel, decides how many messages per node per cycle the network carries.
     */
    public static double fixed(Topology t, int flits, int[] image) {
        int n = t.nodeCount();
        int ports = t.portCount();
        double[] load = new double[n * ports];
        int[] into = new int[n];
        for (int v = 0; v < n; v++) {
            if (image[v] != v) {
                into[image[v]]++;
            }
        }
        Bfs.ReverseArcs reverse = new Bfs.ReverseArcs(t);
        double[] flow = new double[n];
        int targets = (int) java.util.Arrays.stream(into).filter(k -> k > 0).count();
        int sample = sampled(n, targets);
        int seen = 0;
        for (int d = 0; d < n; d++) {
            if (into[d] == 0) {
                continue;
            }
            seen++;
            if ((long) seen * sample / targets == (long) (seen - 1) * sample / targets) {
                continue; // not among the sampled destinations
            }
            for (int v = 0; v < n; v++) {
                flow[v] = image[v] == d && v != d ? 1 : 0;
            }
            spread(t, reverse.distancesTo(d), d, flow, load);
        }
        if (sample < targets) {
            for (int c = 0; c < load.length; c++) {
                load[c] *= (double) targets / sample; // the sampled destinations stand for all
            }
        }
        double maxLoad = 0;
        for (double l : load) {
            maxLoad = Math.max(maxLoad, l);
        }
        int maxInto = java.util.Arrays.stream(into).max().orElse(1);
        return Math.min(1.0 / (flits * Math.max(maxLoad, 1e-12)), 1.0 / (flits * Math.max(1, maxInto)));
    }

    /** How many of {@code candidates} destinations a network of {@code n} nodes is estimated over. */
    static int sampled(int n, int candidates) {
        return (int) Math.min(candidates, Math.min(ALL_DESTINATIONS, Math.max(64, VISIT_BUDGET / n)));
    }

    /** Moves every node's flow toward {@code d} over its shortest paths, farthest first, adding it to the channels' loads. */
    private static void spread(Topology t, int[] dist, int d, double[] flow, double[] load) {
        int ports = t.portCount();
        int[] order = byDistance(dist);
        for (int i = order.length - 1; i >= 0; i--) { // farthest first: a node's flow is complete before it is split
            int v = order[i];
            if (v == d || flow[v] == 0) {
                continue;
            }
            int ways = 0;
            for (int p = 0; p < ports; p++) {
                int y = t.neighbour(v, p);
                if (y != Topology.NONE && dist[y] == dist[v] - 1) {
                    ways++;
                }
            }
            for (int p = 0; p < ports; p++) {
                int y = t.neighbour(v, p);
                if (y != Topology.NONE && dist[y] == dist[v] - 1) {
                    load[v * ports + p] += flow[v] / ways;
                    flow[y] += flow[v] / ways;
                }
            }
        }
    }

    /** The nodes in order of their distance (a counting sort: distances are small whole numbers). */
    private static int[] byDistance(int[] dist) {
        int max = 0;
        for (int x : dist) {
            max = Math.max(max, x);
        }
        int[] start = new int[max + 2];
        for (int x : dist) {
            start[x + 1]++;
        }
        for (int i = 1; i < start.length; i++) {
            start[i] += start[i - 1];
        }
        int[] order = new int[dist.length];
        for (int v = 0; v < dist.length; v++) {
            order[start[dist[v]]++] = v;
        }
        return order;
    }
}
