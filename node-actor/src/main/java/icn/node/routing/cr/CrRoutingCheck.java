package icn.node.routing.cr;

import icn.protocols.Bfs;
import icn.protocols.Topology;
import icn.protocols.topology.CompleteRotationGraph;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Measures the routing claims of 003 §3.1 over CR_n instead of assuming them: every route is followed port by port through
 * {@link Topology#neighbour} and its length compared with the BFS distance along the arcs (a BFS over the reversed arcs from the
 * destination, which uses nothing of the routing code). Claims measured:
 * <ul>
 * <li>Lemma 3.1 and the first half of Lemma 3.3: both algorithms reach the destination;</li>
 * <li>Lemma 3.3: Optimal_Route's path is a shortest path;</li>
 * <li>Lemma 3.2: Simple_Route is at most one step longer than Optimal_Route;</li>
 * <li>Theorems 3.1 and 3.2: both paths have length ≤ n+1.</li>
 * </ul>
 * Measured on CR_3 … CR_8, Lemma 3.3 fails for 2^{n−2} − 1 sources to I (each route one step longer than the distance); the others
 * hold. The smallest counterexample is c̄ a b̄ → I in CR_3: Optimal_Route (as Simple_Route) spends g, f_1, g, f_1 (4), while
 * f_2, g, g (3) takes the run b̄ c̄ in one sweep.
 */
public final class CrRoutingCheck {

    private CrRoutingCheck() {
    }

    /** The claims of 003 §3.1 that {@link #measure} checks. */
    public enum Claim {
        LEMMA_3_1_SIMPLE_REACHES_DESTINATION,
        LEMMA_3_3_OPTIMAL_REACHES_DESTINATION,
        LEMMA_3_3_OPTIMAL_IS_SHORTEST,
        LEMMA_3_2_SIMPLE_AT_MOST_ONE_LONGER,
        THEOREM_3_1_SIMPLE_AT_MOST_N_PLUS_1,
        THEOREM_3_2_OPTIMAL_AT_MOST_N_PLUS_1
    }

    /** A pair for which a claim fails, with both route lengths and the BFS distance. */
    public record Counterexample(Claim claim, int source, int destination, int simpleLength, int optimalLength, int bfsDistance) {

        /** The route length the claim is about: Optimal_Route's, except for the claims on Simple_Route. */
        public int routeLength() {
            return claim == Claim.LEMMA_3_1_SIMPLE_REACHES_DESTINATION || claim == Claim.THEOREM_3_1_SIMPLE_AT_MOST_N_PLUS_1
                    ? simpleLength : optimalLength;
        }

        public String describe(CompleteRotationGraph cr) {
            return claim + ": " + cr.label(source) + " → " + cr.label(destination) + " simple " + simpleLength + ", optimal "
                    + optimalLength + ", BFS " + bfsDistance;
        }
    }

    /**
     * What one measurement found over its pairs: the largest BFS distance, route lengths and differences, mean lengths, and every
     * counterexample.
     */
    public record Measurement(int n, long pairs, int maxBfsDistance, int maxSimpleLength, int maxOptimalLength,
            int maxSimpleMinusOptimal, int maxOptimalMinusBfs, int maxSimpleMinusBfs, double meanBfsDistance, double meanSimpleLength,
            double meanOptimalLength, List<Counterexample> counterexamples) {

        public Measurement {
            counterexamples = List.copyOf(counterexamples);
        }

        public List<Counterexample> counterexamples(Claim claim) {
            return counterexamples.stream().filter(c -> c.claim() == claim).toList();
        }
    }

    /** Every source of CR_n to the identity I: by symmetry, every pair (see {@link Relabeling}). */
    public static Measurement everySourceToIdentity(CompleteRotationGraph cr) {
        int[] sources = new int[cr.nodeCount()];
        Arrays.setAll(sources, i -> i);
        int[] destinations = new int[cr.nodeCount()];
        Arrays.fill(destinations, cr.identity());
        return measure(cr, sources, destinations);
    }

    /** The given pairs {@code (sources[i], destinations[i])}, routed by both algorithms through the {@link icn.node.routing.Router}s. */
    public static Measurement measure(CompleteRotationGraph cr, int[] sources, int[] destinations) {
        if (sources.length != destinations.length) {
            throw new IllegalArgumentException(sources.length + " sources but " + destinations.length + " destinations");
        }
        SimpleRoute simple = new SimpleRoute(cr);
        OptimalRoute optimal = new OptimalRoute(cr);
        Map<Integer, int[]> distancesTo = new HashMap<>();
        int n = cr.n();
        List<Counterexample> found = new ArrayList<>();
        int maxBfs = 0;
        int maxSimple = 0;
        int maxOptimal = 0;
        int maxSimpleMinusOptimal = Integer.MIN_VALUE;
        int maxOptimalMinusBfs = Integer.MIN_VALUE;
        int maxSimpleMinusBfs = Integer.MIN_VALUE;
        long sumBfs = 0;
        long sumSimple = 0;
        long sumOptimal = 0;
        for (int i = 0; i < sources.length; i++) {
            int s = sources[i];
            int d = destinations[i];
            int bfs = distancesTo.computeIfAbsent(d, dest -> distancesTo(cr, dest))[s];
            int[] sp = simple.ports(s, d);
            int[] op = optimal.ports(s, d);
            int sl = sp.length;
            int ol = op.length;
            if (end(cr, s, sp) != d) {
                found.add(new Counterexample(Claim.LEMMA_3_1_SIMPLE_REACHES_DESTINATION, s, d, sl, ol, bfs));
            }
            if (end(cr, s, op) != d) {
                found.add(new Counterexample(Claim.LEMMA_3_3_OPTIMAL_REACHES_DESTINATION, s, d, sl, ol, bfs));
            }
            if (ol != bfs) {
                found.add(new Counterexample(Claim.LEMMA_3_3_OPTIMAL_IS_SHORTEST, s, d, sl, ol, bfs));
            }
            if (sl > ol + 1) {
                found.add(new Counterexample(Claim.LEMMA_3_2_SIMPLE_AT_MOST_ONE_LONGER, s, d, sl, ol, bfs));
            }
            if (sl > n + 1) {
                found.add(new Counterexample(Claim.THEOREM_3_1_SIMPLE_AT_MOST_N_PLUS_1, s, d, sl, ol, bfs));
            }
            if (ol > n + 1) {
                found.add(new Counterexample(Claim.THEOREM_3_2_OPTIMAL_AT_MOST_N_PLUS_1, s, d, sl, ol, bfs));
            }
            maxBfs = Math.max(maxBfs, bfs);
            maxSimple = Math.max(maxSimple, sl);
            maxOptimal = Math.max(maxOptimal, ol);
            maxSimpleMinusOptimal = Math.max(maxSimpleMinusOptimal, sl - ol);
            maxOptimalMinusBfs = Math.max(maxOptimalMinusBfs, ol - bfs);
            maxSimpleMinusBfs = Math.max(maxSimpleMinusBfs, sl - bfs);
            sumBfs += bfs;
            sumSimple += sl;
            sumOptimal += ol;
        }
        long pairs = sources.length;
        return new Measurement(n, pairs, maxBfs, maxSimple, maxOptimal, maxSimpleMinusOptimal, maxOptimalMinusBfs, maxSimpleMinusBfs,
                (double) sumBfs / pairs, (double) sumSimple / pairs, (double) sumOptimal / pairs, found);
    }

    /** The node a walk of ports from {@code source} ends at, following the arcs. */
    public static int end(Topology t, int source, int[] ports) {
        int node = source;
        for (int p : ports) {
            node = t.neighbour(node, p);
        }
        return node;
    }

    /**
     * Hop distance from every node <em>to</em> {@code destination} along the arcs: a BFS from the destination over the reversed arcs,
     * which are found by scanning every arc once. {@link Bfs#UNREACHED} where there is no path.
     */
    public static int[] distancesTo(Topology t, int destination) {
        return Bfs.distancesTo(t, destination);
    }
}
