package icn.protocols;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Structural invariants of a {@link Topology} counted from its ports alone (after JGraphT's generator tests): node count, degree as
 * distinct neighbours, undirected links per {@link LinkClass} (each node pair once, even where two ports of a node reach the same
 * neighbour, as the ring of SCC_3 does), and link symmetry. Pure; a pass over all nodes and ports.
 */
public final class TopologyCensus {

    private TopologyCensus() {
    }

    /**
     * @param links     undirected links per class, each unordered node pair counted once per class (a class absent from the topology
     *                  maps to 0)
     * @param symmetric every link has its reverse: {@code neighbour(neighbour(v, p), arrivalPort(v, p)) == v}
     */
    public record Census(long nodes, int minDegree, int maxDegree, Map<LinkClass, Long> links, boolean symmetric) {

        public Census {
            links = Collections.unmodifiableMap(new EnumMap<>(links));
        }

        public long links(LinkClass linkClass) {
            return links.getOrDefault(linkClass, 0L);
        }

        public long totalLinks() {
            return links.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    public static Census of(Topology t) {
        int n = t.nodeCount();
        int ports = t.portCount();
        LinkClass[] classes = LinkClass.values();
        long[] counted = new long[classes.length];
        int[] seen = new int[ports];
        int minDegree = Integer.MAX_VALUE;
        int maxDegree = 0;
        boolean symmetric = true;
        for (int v = 0; v < n; v++) {
            int degree = 0;
            for (int p = 0; p < ports; p++) {
                int w = t.neighbour(v, p);
                seen[p] = w;
                if (w == Topology.NONE) {
                    continue;
                }
                if (firstPortTo(t, p, w, seen, false)) {
                    degree++;
                }
                // each unordered pair once per class: from its smaller end, or from the larger end when the smaller has no port back
                if (firstPortTo(t, p, w, seen, true) && (v <= w || !hasPortTo(t, w, v, t.linkClass(p)))) {
                    counted[t.linkClass(p).ordinal()]++;
                }
                if (t.neighbour(w, t.arrivalPort(v, p)) != v) {
                    symmetric = false;
                }
            }
            minDegree = Math.min(minDegree, degree);
            maxDegree = Math.max(maxDegree, degree);
        }
        Map<LinkClass, Long> links = new EnumMap<>(LinkClass.class);
        for (int p = 0; p < ports; p++) { // the classes the topology's ports have
            links.put(t.linkClass(p), counted[t.linkClass(p).ordinal()]);
        }
        return new Census(n, n == 0 ? 0 : minDegree, maxDegree, links, symmetric);
    }

    /** The least and the greatest degree over the nodes measured, and how many nodes were measured. */
    public record Degrees(int min, int max, int nodes) {
    }

    /**
     * The degree of the underlying undirected graph at each of {@code nodes}: its distinct neighbours over its out-arcs and its in-arcs
     * (a node is not its own neighbour). For an undirected topology without loops it is the census degree again; for a directed one
     * it also counts the nodes whose arcs point at a node (CR_n: 003 Theorem 2.1(1) says degree n+1, out-degree n). One pass over every
     * arc of the topology; memory: one int per node, and the neighbour sets of the nodes measured.
     */
    public static Degrees undirectedDegree(Topology t, int[] nodes) {
        if (nodes.length == 0) {
            throw new IllegalArgumentException("no nodes to measure");
        }
        int n = t.nodeCount();
        int[] slot = new int[n];
        Arrays.fill(slot, -1);
        List<Set<Integer>> neighbours = new ArrayList<>();
        for (int v : nodes) {
            if (v < 0 || v >= n) {
                throw new IllegalArgumentException(v + " is not a node of " + t.name());
            }
            if (slot[v] < 0) {
                slot[v] = neighbours.size();
                neighbours.add(new HashSet<>());
            }
        }
        for (int v = 0; v < n; v++) {
            for (int p = 0; p < t.portCount(); p++) {
                int w = t.neighbour(v, p);
                if (w == Topology.NONE || w == v) {
                    continue;
                }
                if (slot[v] >= 0) {
                    neighbours.get(slot[v]).add(w);
                }
                if (slot[w] >= 0) {
                    neighbours.get(slot[w]).add(v);
                }
            }
        }
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (Set<Integer> set : neighbours) {
            min = Math.min(min, set.size());
            max = Math.max(max, set.size());
        }
        return new Degrees(min, max, neighbours.size());
    }

    /** True when no port before {@code p} reaches {@code w} (of the same link class, if {@code sameClass}). */
    private static boolean firstPortTo(Topology t, int p, int w, int[] seen, boolean sameClass) {
        for (int q = 0; q < p; q++) {
            if (seen[q] == w && (!sameClass || t.linkClass(q) == t.linkClass(p))) {
                return false;
            }
        }
        return true;
    }

    private static boolean hasPortTo(Topology t, int from, int to, LinkClass linkClass) {
        for (int q = 0; q < t.portCount(); q++) {
            if (t.neighbour(from, q) == to && t.linkClass(q) == linkClass) {
                return true;
            }
        }
        return false;
    }
}
