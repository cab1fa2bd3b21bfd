package icn.protocols;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

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
