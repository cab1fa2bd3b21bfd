package icn.scenarios.traffic;

import icn.protocols.Bfs;
import icn.protocols.Topology;

/**
 * About how much uniform traffic a network can carry, to choose default sweep rates: every message split evenly over all its
 * shortest paths (at each node over the out-ports one link nearer), the busiest directed channel carries {@code maxLoad} messages
 * per unit of λ_g·(N−1); a channel moves one flit per cycle, so λ_g ≤ (N−1) / (M·maxLoad), and an injection channel takes one flit
 * per cycle, so λ_g ≤ 1/M. An estimate of capacity, not a bound: a better split than the even one could carry more, and wormhole
 * blocking carries less; it only places the default sweep. Networks over {@value #ALL_DESTINATIONS} nodes are sampled over that
 * many destinations.
 */
public final class LoadBound {

    static final int ALL_DESTINATIONS = 4096;

    private LoadBound() {
    }

    /** The estimate of λ_g (messages per node per cycle) uniform traffic with messages of {@code flits} flits saturates at. */
    public static double uniform(Topology t, int flits) {
        int n = t.nodeCount();
        int ports = t.portCount();
        double[] load = new double[n * ports];
        Bfs.ReverseArcs reverse = new Bfs.ReverseArcs(t);
        int destinations = Math.min(n, ALL_DESTINATIONS);
        double[] flow = new double[n];
        int[] order = new int[n];
        for (int k = 0; k < destinations; k++) {
            int d = destinations == n ? k : (int) ((long) k * n / destinations);
            int[] dist = reverse.distancesTo(d);
            int max = 0;
            for (int v = 0; v < n; v++) {
                max = Math.max(max, dist[v]);
            }
            int[] start = new int[max + 2];
            for (int v = 0; v < n; v++) {
                start[dist[v] + 1]++;
            }
            for (int i = 1; i < start.length; i++) {
                start[i] += start[i - 1];
            }
            int[] fill = start.clone();
            for (int v = 0; v < n; v++) {
                order[fill[dist[v]]++] = v;
            }
            java.util.Arrays.fill(flow, 1.0); // every node sends one message to d
            for (int i = n - 1; i >= 0; i--) { // farthest first: a node's flow is complete before it is split
                int v = order[i];
                if (v == d) {
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
        double maxLoad = 0;
        for (double l : load) {
            maxLoad = Math.max(maxLoad, l);
        }
        maxLoad *= (double) n / destinations; // sampled destinations stand for all
        // each of the N(N−1) pairs carries λ_g/(N−1) messages per cycle, M flits each: the busiest channel takes maxLoad of them
        return Math.min((n - 1.0) / (flits * maxLoad), 1.0 / flits);
    }
}
