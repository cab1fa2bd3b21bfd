package icn.node.routing.necklace;

import icn.node.routing.Router;
import icn.protocols.Bfs;
import icn.protocols.Topology;
import java.util.ArrayList;
import java.util.List;

/**
 * How far a router's routes are from shortest, over all ordered pairs of distinct nodes: stretch = route hops / BFS distance. Pure;
 * one BFS per source and one route per pair, so for small topologies only (N² routes).
 */
public final class RouteStretch {

    private RouteStretch() {
    }

    /** A pair whose route is longer than a shortest path. */
    public record Counterexample(int source, int destination, String sourceLabel, String destinationLabel, int routeHops, int distance) {
    }

    /**
     * @param pairs          ordered pairs of distinct nodes measured
     * @param shortestPairs  pairs whose route has the BFS distance
     * @param maxStretch     the largest route / distance
     * @param meanStretch    the mean of route / distance over the pairs
     * @param meanRouteHops  the mean route length over the pairs
     * @param meanDistance   the mean BFS distance over the pairs
     * @param worst          a pair with the largest stretch (the first found, sources and destinations in id order), null if none
     * @param counterexamples the first non-shortest pairs found, at most the number asked for
     */
    public record Measurement(String topology, String router, long pairs, long shortestPairs, double maxStretch, double meanStretch,
            double meanRouteHops, double meanDistance, Counterexample worst, List<Counterexample> counterexamples) {

        public Measurement {
            counterexamples = List.copyOf(counterexamples);
        }
    }

    public static Measurement measure(Topology t, Router router, int maxCounterexamples) {
        int n = t.nodeCount();
        long pairs = 0;
        long shortest = 0;
        double maxStretch = 1;
        double stretchSum = 0;
        long routeSum = 0;
        long distanceSum = 0;
        Counterexample worst = null;
        List<Counterexample> examples = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            int[] distance = Bfs.distances(t, s);
            for (int d = 0; d < n; d++) {
                if (d == s) {
                    continue;
                }
                if (distance[d] == Bfs.UNREACHED) {
                    throw new IllegalArgumentException(t.name() + " is not connected: no path from " + t.label(s) + " to " + t.label(d));
                }
                int hops = router.ports(s, d).length;
                double stretch = (double) hops / distance[d];
                pairs++;
                routeSum += hops;
                distanceSum += distance[d];
                stretchSum += stretch;
                if (hops == distance[d]) {
                    shortest++;
                    continue;
                }
                Counterexample c = null;
                if (examples.size() < maxCounterexamples) {
                    c = new Counterexample(s, d, t.label(s), t.label(d), hops, distance[d]);
                    examples.add(c);
                }
                if (stretch > maxStretch) {
                    maxStretch = stretch;
                    worst = c != null ? c : new Counterexample(s, d, t.label(s), t.label(d), hops, distance[d]);
                }
            }
        }
        return new Measurement(t.name(), router.key(), pairs, shortest, maxStretch, pairs == 0 ? 1 : stretchSum / pairs,
                pairs == 0 ? 0 : (double) routeSum / pairs, pairs == 0 ? 0 : (double) distanceSum / pairs, worst, examples);
    }
}
