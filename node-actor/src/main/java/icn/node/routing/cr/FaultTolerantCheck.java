package icn.node.routing.cr;

import icn.protocols.Bfs;
import icn.protocols.topology.CompleteRotationGraph;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.StringJoiner;
import java.util.function.IntPredicate;

/**
 * Measures Theorem 3.4 of 003 instead of assuming it: Fault_Tolerant Static Route ({@link FaultTolerantRoute}) "can tolerate at least
 * n−1 node faults", the faulty nodes being incident to the identity node or to the source, and its route is at most
 * {@value #CLAIMED_EXTRA} steps longer than the optimal route.
 *
 * <p>The destination is I (by symmetry every pair is a source to I, see {@link Relabeling}); a source is any other node. Faulty nodes
 * are placed, never on the source or on I, among the candidates one {@link Placement} names, up to n−1 of them (the empty placement
 * included). For each placement the route is followed port by port through {@code neighbour}, independently of the status the
 * algorithm reports: is every port a port, does the walk enter a faulty node, does it end at I. Its length is compared with the
 * fault-free Optimal_Route length (the theorem's "optimal routing distance") and with the BFS distance from the source to I in the
 * graph with the faulty nodes removed.
 *
 * <p>A placement is a counterexample when the route is not delivered (no route, a port that is none, a faulty node entered, or an end
 * other than I) or is more than {@value #CLAIMED_EXTRA} steps longer than Optimal_Route. Counterexamples are kept in full (every
 * placement of CR_7 with faults at both ends gives about half a million).
 *
 * <p>Measured on CR_4 … CR_7, every source and every placement: the length bound holds (every delivered route is at most 6 steps
 * longer than Optimal_Route, and at most 6 longer than the BFS distance without the faulty nodes), but tolerance does not. With
 * faults at I's in-neighbours only, 3, 7, 15 and 30 placements (n = 4 … 7) leave a plain source with every symbol forbidden, by as
 * few as 2 (CR_4) or 3 faults, e.g. c d a b with b c d a and d a b c faulty in CR_4 (each fault is also an out-neighbour of the
 * source and forbids two symbols). With faults at the source's out-neighbours, 112, 600, 2976 and 14112 routes also enter a faulty
 * node, always Sf_j, the first move for a complemented a_j, which Step 1 never checks; e.g. ā b c d with b c d ā faulty, routed
 * f_1, f_3, g, f_3 through it.
 */
public final class FaultTolerantCheck {

    /** Theorem 3.4's bound on the extra steps over the optimal route. */
    public static final int CLAIMED_EXTRA = 6;

    private FaultTolerantCheck() {
    }

    /** Where the faulty nodes may be placed (Theorem 3.4: "incident identity node or source node"). */
    public enum Placement {
        /** Among the in-neighbours of I (Property 3.4), the source excepted. */
        AT_DESTINATION("the in-neighbours of I"),
        /** Among the out-neighbours of the source, I excepted. */
        AT_SOURCE("the out-neighbours of the source"),
        /** Among both sets together, at most n−1 in all, as in Example 3.6 (two at I, two at the source). */
        AT_BOTH("the in-neighbours of I and the out-neighbours of the source together");

        private final String text;

        Placement(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /** Why a placement is a counterexample, the first that applies in this order. */
    public enum Failure {
        /** Step 1 found no returnable symbol outside the forbidden ones. */
        NO_ROUTE,
        /** A port that is not a port of CR_n. */
        INVALID_WALK,
        /** The walk enters a faulty node. */
        ENTERS_FAULT,
        /** The walk ends elsewhere than at I. */
        MISSES_DESTINATION,
        /** Delivered, but more than {@value #CLAIMED_EXTRA} steps longer than the fault-free Optimal_Route. */
        LONGER_THAN_CLAIMED
    }

    /**
     * One placement where Theorem 3.4 fails: the source, the faulty nodes (sorted ids), the route's length ({@code −1} when there is
     * none), the fault-free Optimal_Route length and the BFS distance in the graph without the faulty nodes ({@link Bfs#UNREACHED}
     * when I cannot be reached there).
     */
    public record Counterexample(Failure failure, int source, int[] faulty, int routeLength, int optimalLength, int survivingDistance) {

        public Counterexample {
            faulty = faulty.clone();
        }

        @Override
        public int[] faulty() {
            return faulty.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Counterexample c && c.failure == failure && c.source == source && Arrays.equals(c.faulty, faulty)
                    && c.routeLength == routeLength && c.optimalLength == optimalLength && c.survivingDistance == survivingDistance;
        }

        @Override
        public int hashCode() {
            return 31 * (31 * failure.hashCode() + source) + Arrays.hashCode(faulty);
        }

        @Override
        public String toString() {
            return "Counterexample[failure=" + failure + ", source=" + source + ", faulty=" + Arrays.toString(faulty) + ", routeLength="
                    + routeLength + ", optimalLength=" + optimalLength + ", survivingDistance=" + survivingDistance + "]";
        }

        /** One line in labels, e.g. {@code ENTERS_FAULT: b'c'de'a' → I with faulty {…}: route 8, optimal 5, surviving BFS 5}. */
        public String describe(CompleteRotationGraph cr) {
            StringJoiner labels = new StringJoiner(", ", "{", "}");
            for (int f : faulty) {
                labels.add(cr.label(f));
            }
            return failure + ": " + cr.label(source) + " → " + cr.label(cr.identity()) + " with faulty " + labels + ": route "
                    + (routeLength < 0 ? "none" : String.valueOf(routeLength)) + ", optimal " + optimalLength + ", surviving BFS "
                    + (survivingDistance == Bfs.UNREACHED ? "unreached" : String.valueOf(survivingDistance));
        }
    }

    /**
     * Which sources and placements are tried: {@code sources} distinct sources drawn with {@code seed} (0: every source but I), and
     * for each, {@code placementsPerSource} placements drawn with {@code seed}, a size 1 … n−1 (at most the candidates) uniformly and
     * then a subset of that size uniformly, with replacement (0: every subset of at most n−1 candidates, the empty one included).
     */
    public record Sampling(int sources, int placementsPerSource, long seed) {

        public Sampling {
            if (sources < 0 || placementsPerSource < 0) {
                throw new IllegalArgumentException("negative sample size: " + sources + " sources, " + placementsPerSource + " placements");
            }
        }

        /** Every source, every placement. */
        public static Sampling exhaustive() {
            return new Sampling(0, 0, 0);
        }

        public String describe() {
            String s = sources == 0 ? "every source" : sources + " sources";
            String p = placementsPerSource == 0 ? "every placement" : placementsPerSource + " random placements each";
            return s + ", " + p + (sources == 0 && placementsPerSource == 0 ? "" : ", seed " + seed);
        }
    }

    /**
     * What one measurement found: placements tried, routed (Step 1 found a symbol), delivered (the walk reaches I through no faulty
     * node), over the delivered ones the largest and mean extra steps over the fault-free Optimal_Route and the largest over the
     * surviving-graph BFS distance, the number of counterexamples of each kind, and every counterexample.
     */
    public record Measurement(int n, Placement placement, Sampling sampling, long sources, long placements, long routed, long delivered,
            int maxExtraOverOptimal, double meanExtraOverOptimal, int maxExtraOverSurviving, Map<Failure, Long> failures,
            List<Counterexample> counterexamples) {

        public Measurement {
            failures = Map.copyOf(failures);
            counterexamples = List.copyOf(counterexamples);
        }

        public long count(Failure failure) {
            return failures.getOrDefault(failure, 0L);
        }

        public List<Counterexample> counterexamples(Failure failure) {
            return counterexamples.stream().filter(c -> c.failure() == failure).toList();
        }

        /** Whether Theorem 3.4 held on every placement tried. */
        public boolean claimHolds() {
            return counterexamples.isEmpty();
        }

        /** One line of text. */
        public String describe() {
            StringJoiner kinds = new StringJoiner(", ");
            for (Failure f : Failure.values()) {
                if (count(f) > 0) {
                    kinds.add(f + " " + count(f));
                }
            }
            CompleteRotationGraph cr = CompleteRotationGraph.of(n);
            return String.format(Locale.ROOT,
                    "%s, ≤ %d faults among %s (%s): %d sources, %d placements, %d routed, %d delivered; extra over Optimal_Route max %d"
                            + " (mean %.3f, claimed ≤ %d), over surviving-graph BFS max %d; %d counterexamples%s",
                    cr.name(), n - 1, placement.text(), sampling.describe(), sources, placements, routed, delivered, maxExtraOverOptimal,
                    meanExtraOverOptimal, CLAIMED_EXTRA, maxExtraOverSurviving, counterexamples.size(),
                    counterexamples.isEmpty() ? "" : " (" + kinds + "), e.g. " + counterexamples.get(0).describe(cr));
        }
    }

    /** Measures Theorem 3.4 on CR_n for one kind of placement. */
    public static Measurement measure(CompleteRotationGraph cr, Placement placement, Sampling sampling) {
        return measure(cr, placement, sampling, (done, of) -> { });
    }

    /** Progress of a measurement: {@code done} of {@code of} sources tried. */
    public interface Progress {
        void sourcesDone(int done, int of);
    }

    /** The same, telling {@code progress} after every source. */
    public static Measurement measure(CompleteRotationGraph cr, Placement placement, Sampling sampling, Progress progress) {
        int[] optimal = new int[cr.nodeCount()];
        for (int s = 0; s < cr.nodeCount(); s++) {
            optimal[s] = OptimalRoute.toIdentity(cr, s).length;
        }
        SplittableRandom random = new SplittableRandom(sampling.seed());
        Tally tally = new Tally(cr, optimal);
        int[] sources = sources(cr, sampling, random);
        int done = 0;
        for (int source : sources) {
            progress.sourcesDone(done++, sources.length);
            int[] candidates = candidates(cr, placement, source);
            int most = Math.min(cr.n() - 1, candidates.length);
            if (sampling.placementsPerSource() == 0) {
                if (candidates.length > 30) {
                    throw new IllegalArgumentException(cr.name() + " has " + candidates.length + " candidates per source for " + placement
                            + ": too many subsets to try every one; sample the placements");
                }
                for (long subset = 0; subset < 1L << candidates.length; subset++) {
                    if (Long.bitCount(subset) <= most) {
                        tally.tryPlacement(source, pick(candidates, subset));
                    }
                }
            } else {
                for (int i = 0; i < sampling.placementsPerSource(); i++) {
                    tally.tryPlacement(source, randomSubset(candidates, 1 + random.nextInt(most), random));
                }
            }
        }
        return tally.measurement(placement, sampling);
    }

    /** The candidates for faulty nodes around {@code source}, never the source or I: sorted ids, no repeats. */
    public static int[] candidates(CompleteRotationGraph cr, Placement placement, int source) {
        int identity = cr.identity();
        int[] atDestination = FaultTolerantRoute.inNeighboursOfIdentity(cr);
        int[] atSource = new int[cr.portCount()];
        for (int p = 0; p < cr.portCount(); p++) {
            atSource[p] = cr.neighbour(source, p);
        }
        int[] all = switch (placement) {
            case AT_DESTINATION -> atDestination;
            case AT_SOURCE -> atSource;
            case AT_BOTH -> concat(atDestination, atSource);
        };
        return Arrays.stream(all).filter(v -> v != source && v != identity).sorted().distinct().toArray();
    }

    private static int[] sources(CompleteRotationGraph cr, Sampling sampling, SplittableRandom random) {
        int[] all = new int[cr.nodeCount() - 1];
        for (int i = 0; i < all.length; i++) {
            all[i] = i + 1; // every node but I = 0
        }
        if (sampling.sources() == 0 || sampling.sources() >= all.length) {
            return all;
        }
        int[] sample = randomSubset(all, sampling.sources(), random);
        Arrays.sort(sample);
        return sample;
    }

    /** {@code size} distinct elements of {@code from}, uniformly: a partial Fisher–Yates shuffle of a copy. */
    private static int[] randomSubset(int[] from, int size, SplittableRandom random) {
        int[] a = from.clone();
        for (int i = 0; i < size; i++) {
            int j = i + random.nextInt(a.length - i);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return Arrays.copyOf(a, size);
    }

    private static int[] pick(int[] candidates, long subset) {
        int[] out = new int[Long.bitCount(subset)];
        int k = 0;
        for (int i = 0; i < candidates.length; i++) {
            if ((subset >>> i & 1) != 0) {
                out[k++] = candidates[i];
            }
        }
        return out;
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** The running totals of one measurement, with the scratch arrays of its walks and searches. */
    private static final class Tally {
        private final CompleteRotationGraph cr;
        private final int[] optimal;
        private final boolean[] faulty;
        private final IntPredicate isFaulty;
        private final int[] seen;
        private final int[] distance;
        private final int[] queue;
        private int stamp;
        private final Map<Failure, Long> failures = new EnumMap<>(Failure.class);
        private final List<Counterexample> counterexamples = new ArrayList<>();
        private final BitSet sourcesSeen = new BitSet();
        private long placements;
        private long routed;
        private long delivered;
        private int maxExtraOverOptimal = Integer.MIN_VALUE;
        private int maxExtraOverSurviving = Integer.MIN_VALUE;
        private long sumExtraOverOptimal;

        Tally(CompleteRotationGraph cr, int[] optimal) {
            this.cr = cr;
            this.optimal = optimal;
            this.faulty = new boolean[cr.nodeCount()];
            this.isFaulty = v -> faulty[v];
            this.seen = new int[cr.nodeCount()];
            this.distance = new int[cr.nodeCount()];
            this.queue = new int[cr.nodeCount()];
        }

        void tryPlacement(int source, int[] placed) {
            Arrays.sort(placed);
            for (int v : placed) {
                faulty[v] = true;
            }
            try {
                tally(source, placed);
            } finally {
                for (int v : placed) {
                    faulty[v] = false;
                }
            }
        }

        private void tally(int source, int[] placed) {
            placements++;
            sourcesSeen.set(source);
            int identity = cr.identity();
            FaultTolerantRoute.Result result = FaultTolerantRoute.toIdentity(cr, source, isFaulty);
            int[] ports = result.ports();
            int opt = optimal[source];
            int surviving = survivingDistance(source, identity);
            Failure failure;
            if (result.status() == FaultTolerantRoute.Status.NO_RETURNABLE_SYMBOL) {
                failure = Failure.NO_ROUTE;
            } else {
                routed++;
                failure = follow(source, ports);
            }
            if (failure == null) {
                delivered++;
                int extra = ports.length - opt;
                sumExtraOverOptimal += extra;
                maxExtraOverOptimal = Math.max(maxExtraOverOptimal, extra);
                maxExtraOverSurviving = Math.max(maxExtraOverSurviving, ports.length - surviving);
                if (extra > CLAIMED_EXTRA) {
                    failure = Failure.LONGER_THAN_CLAIMED;
                }
            }
            if (failure != null) {
                failures.merge(failure, 1L, Long::sum);
                int length = failure == Failure.NO_ROUTE ? -1 : ports.length;
                counterexamples.add(new Counterexample(failure, source, placed, length, opt, surviving));
            }
        }

        /** Why the walk is not delivered, or null when it reaches I through no faulty node. */
        private Failure follow(int source, int[] ports) {
            int node = source;
            for (int p : ports) {
                if (p < 0 || p >= cr.portCount()) {
                    return Failure.INVALID_WALK;
                }
                node = cr.neighbour(node, p);
                if (faulty[node]) {
                    return Failure.ENTERS_FAULT;
                }
            }
            return node == cr.identity() ? null : Failure.MISSES_DESTINATION;
        }

        /** BFS along the arcs from {@code source} in the graph without the faulty nodes, stopping at {@code target}. */
        private int survivingDistance(int source, int target) {
            if (source == target) {
                return 0;
            }
            stamp++;
            int head = 0;
            int tail = 0;
            seen[source] = stamp;
            distance[source] = 0;
            queue[tail++] = source;
            while (head < tail) {
                int v = queue[head++];
                for (int p = 0; p < cr.portCount(); p++) {
                    int w = cr.neighbour(v, p);
                    if (seen[w] != stamp && !faulty[w]) {
                        if (w == target) {
                            return distance[v] + 1;
                        }
                        seen[w] = stamp;
                        distance[w] = distance[v] + 1;
                        queue[tail++] = w;
                    }
                }
            }
            return Bfs.UNREACHED;
        }

        Measurement measurement(Placement placement, Sampling sampling) {
            boolean any = delivered > 0;
            return new Measurement(cr.n(), placement, sampling, sourcesSeen.cardinality(), placements, routed, delivered,
                    any ? maxExtraOverOptimal : 0, any ? (double) sumExtraOverOptimal / delivered : 0, any ? maxExtraOverSurviving : 0,
                    failures, counterexamples);
        }
    }
}
