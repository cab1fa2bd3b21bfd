package icn.protocols;

import java.util.Arrays;

/**
 * Breadth-first search over any {@link Topology}, following {@code neighbour(node, port)} for every port (ports leading to
 * {@link Topology#NONE} are skipped). Links are taken as given, so for a directed topology the distances are along the arcs. Pure and
 * allocation-light: two int arrays of {@code nodeCount()} (SCC_9: 2,903,040 nodes, about 23 MB, well under a second).
 */
public final class Bfs {

    /** The distance of a node the search never reached. */
    public static final int UNREACHED = -1;

    private Bfs() {
    }

    /**
     * The distances from one node as seen from that node: {@code histogram[d]} nodes at distance d (so {@code histogram[0] == 1}),
     * {@code eccentricity} the largest finite distance, {@code mean} the average distance over the {@code reached} nodes, the source
     * included (for a connected topology, over all N nodes: the papers' average distance, 000 §3.1).
     */
    public record DistanceProfile(int source, int eccentricity, long[] histogram, double mean, long reached) {

        public DistanceProfile {
            histogram = histogram.clone();
        }

        /** A copy of the histogram. */
        @Override
        public long[] histogram() {
            return histogram.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof DistanceProfile p && p.source == source && p.eccentricity == eccentricity
                    && Arrays.equals(p.histogram, histogram) && Double.compare(p.mean, mean) == 0 && p.reached == reached;
        }

        @Override
        public int hashCode() {
            return 31 * (31 * source + eccentricity) + Arrays.hashCode(histogram);
        }

        @Override
        public String toString() {
            return "DistanceProfile[source=" + source + ", eccentricity=" + eccentricity + ", histogram=" + Arrays.toString(histogram)
                    + ", mean=" + mean + ", reached=" + reached + "]";
        }
    }

    /**
     * Hop distance from every node to {@code destination}: the same as {@link #distances} for undirected topologies; for directed
     * ones a search over the reversed arcs (a table of every node's in-neighbours is built first, portCount ints per node).
     */
    public static int[] distancesTo(Topology t, int destination) {
        return t.directed() ? new ReverseArcs(t).distancesTo(destination) : distances(t, destination);
    }

    /**
     * The arcs of a topology by head, built once by scanning every arc ({@code tails[offset[w] .. offset[w+1]−1]} have an arc to
     * w), for searches toward many destinations of a directed topology.
     */
    public static final class ReverseArcs {
        private final int[] offset;
        private final int[] tails;

        public ReverseArcs(Topology t) {
            int n = t.nodeCount();
            int ports = t.portCount();
            offset = new int[n + 1];
            for (int v = 0; v < n; v++) {
                for (int p = 0; p < ports; p++) {
                    int w = t.neighbour(v, p);
                    if (w != Topology.NONE) {
                        offset[w + 1]++;
                    }
                }
            }
            for (int w = 0; w < n; w++) {
                offset[w + 1] += offset[w];
            }
            tails = new int[offset[n]];
            int[] fill = Arrays.copyOf(offset, n);
            for (int v = 0; v < n; v++) {
                for (int p = 0; p < ports; p++) {
                    int w = t.neighbour(v, p);
                    if (w != Topology.NONE) {
                        tails[fill[w]++] = v;
                    }
                }
            }
        }

        /** Hop distance from every node to {@code destination} along the arcs, {@link #UNREACHED} where there is no path. */
        public int[] distancesTo(int destination) {
            int n = offset.length - 1;
            int[] distance = new int[n];
            Arrays.fill(distance, UNREACHED);
            int[] queue = new int[n];
            int head = 0;
            int tail = 0;
            distance[destination] = 0;
            queue[tail++] = destination;
            while (head < tail) {
                int w = queue[head++];
                for (int e = offset[w]; e < offset[w + 1]; e++) {
                    int v = tails[e];
                    if (distance[v] == UNREACHED) {
                        distance[v] = distance[w] + 1;
                        queue[tail++] = v;
                    }
                }
            }
            return distance;
        }
    }

    /**
     * {@code distances} as unsigned bytes, for the one table by which a vertex-transitive network answers every pair from its labels
     * (SCC_n, CCC_n, CR_n): a fourth of the ints' memory. Refused where a distance is over 250.
     */
    public static byte[] asBytes(int[] distances, String network) {
        byte[] t = new byte[distances.length];
        for (int v = 0; v < distances.length; v++) {
            if (distances[v] > 250) {
                throw new IllegalStateException(network + " has distances over 250 links");
            }
            t[v] = (byte) distances[v];
        }
        return t;
    }

    /** Hop distance from {@code source} to every node, {@link #UNREACHED} where there is no path. */
    public static int[] distances(Topology t, int source) {
        int n = t.nodeCount();
        if (source < 0 || source >= n) {
            throw new IllegalArgumentException("source " + source + " is not a node of " + t.name() + " (0.." + (n - 1) + ")");
        }
        int ports = t.portCount();
        int[] distance = new int[n];
        Arrays.fill(distance, UNREACHED);
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        distance[source] = 0;
        queue[tail++] = source;
        while (head < tail) {
            int v = queue[head++];
            int next = distance[v] + 1;
            for (int p = 0; p < ports; p++) {
                int w = t.neighbour(v, p);
                if (w != Topology.NONE && distance[w] == UNREACHED) {
                    distance[w] = next;
                    queue[tail++] = w;
                }
            }
        }
        return distance;
    }

    public static DistanceProfile profile(Topology t, int source) {
        int[] distance = distances(t, source);
        int eccentricity = 0;
        for (int d : distance) {
            eccentricity = Math.max(eccentricity, d);
        }
        long[] histogram = new long[eccentricity + 1];
        long reached = 0;
        long sum = 0;
        for (int d : distance) {
            if (d != UNREACHED) {
                histogram[d]++;
                reached++;
                sum += d;
            }
        }
        return new DistanceProfile(source, eccentricity, histogram, (double) sum / reached, reached);
    }
}
