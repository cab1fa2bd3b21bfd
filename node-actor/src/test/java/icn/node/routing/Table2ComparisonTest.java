package icn.node.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.Permutations;
import icn.protocols.topology.Scc;
import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Prints, for every node of SCC_3 … SCC_9 routed to the identity, the mean costs that 000 Table 2 sets side by side: minimal (BFS),
 * greedy under both tie rules, and random routing as exact expectations over 000 Algorithm 1's choices. The expectations come from
 * a dynamic program over the states ⟨ℓ, π⟩ written here from the wording of Algorithm 1, not from the routing code:
 * "step" draws every allowed link with equal probability (what {@link RoutingAlgorithm#RANDOM} does), "route" weighs every route
 * Algorithm 1 can produce equally (000 §5: "generates all possible routes to the identity with equal probability"), "worst" is the
 * longest such route. The cheapest such route must be the BFS distance, and every column is checked against another computation
 * of it ({@link #columnsAgree}).
 */
class Table2ComparisonTest {

    private static final int MAX_N = 9;

    @Test
    void printsMeansBesideTable2() {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-3s %9s %9s %9s %9s %9s %9s %9s%n", "n", "minimal", "greedy-ls",
                "greedy", "rnd-step", "rnd-route", "rnd-worst", "Eq.14"));
        for (int n = 3; n <= MAX_N; n++) {
            Scc scc = Scc.of(n);
            int identity = scc.id(0, 2);
            double bfsMean = Bfs.profile(scc, identity).mean();
            Expectations e = new Expectations(scc);
            double[] greedy = new double[2];
            double step = 0;
            double route = 0;
            double worst = 0;
            double best = 0;
            for (int s = 0; s < scc.nodeCount(); s++) {
                byte[] p = Permutations.unrank(scc.supernode(s), n);
                int lateral = e.lateral(s);
                step += lateral + e.step(s);
                route += lateral + e.routeSum(s) / e.routes(s);
                worst += lateral + e.worst(s);
                best += lateral + e.best(s);
                for (GreedyRouting.TieBreak t : GreedyRouting.TieBreak.values()) {
                    greedy[t.ordinal()] += cost(n, scc.position(s), GreedyRouting.lateralLinks(p, scc.position(s), t));
                }
            }
            double nodes = scc.nodeCount();
            assertEquals(bfsMean, best / nodes, 1e-9, "the cheapest route of Algorithm 1 is a shortest path, scc:" + n);
            double eq14 = RoutingTestSupport.eq6(n) + RoutingTestSupport.eq9(n) + RoutingTestSupport.eq12(n);
            columnsAgree(scc, bfsMean, greedy[0] / nodes, greedy[1] / nodes, step / nodes, route / nodes, worst / nodes, eq14);
            out.append(String.format(Locale.ROOT, "%-3d %9.5f %9.5f %9.5f %9.5f %9.5f %9.5f %9.5f%n", n, bfsMean, greedy[0] / nodes,
                    greedy[1] / nodes, step / nodes, route / nodes, worst / nodes, eq14));
        }
        System.out.print("000 Table 2 beside this build (greedy: canonical r-cycle order on ties, the rule SccRouting uses; greedy-ls: lowest symbol)\n" + out);
    }

    /**
     * What the columns must satisfy, each against something computed another way: the routing code's greedy (hop by hop, as the
     * node actors route) has the canonical rule's mean; every column lies between the shortest and the longest route of
     * Algorithm 1; Eq. 14 approaches the exact expectation as 1/n! (000 §5); and, up to SCC_6, the routing code's random routing,
     * drawn 20 times from every node, has a mean within 4 standard errors of the expectation the dynamic program computes.
     */
    private static void columnsAgree(Scc scc, double minimal, double greedyLowest, double greedy, double step, double route, double worst,
            double eq14) {
        int n = scc.n();
        int identity = scc.id(0, 2);
        double code = 0;
        for (int s = 0; s < scc.nodeCount(); s++) {
            code += SccRouting.route(scc, RoutingAlgorithm.GREEDY, s, identity, null).total();
        }
        assertEquals(greedy, code / scc.nodeCount(), 1e-9, "the routing code's greedy is the canonical rule's, scc:" + n);
        for (double column : new double[] {greedyLowest, greedy, step, route}) {
            assertTrue(minimal - 1e-9 <= column && column <= worst + 1e-9, "between BFS and the worst case, scc:" + n + ": " + column);
        }
        assertTrue(greedyLowest >= greedy - 1e-9, "the lowest-symbol rule is not shorter on average, scc:" + n);
        double factorial = 1;
        for (int k = 2; k < n; k++) {
            factorial *= k;
        }
        assertTrue(Math.abs(eq14 - step) <= 1 / factorial, "Eq. 14 within 1/(n−1)! of the expectation, scc:" + n + ": " + eq14 + " vs " + step);
        assertEquals(step, route, 1e-4, "000 §5: drawing links step by step weighs Algorithm 1's routes equally, scc:" + n);
        if (n <= 6) {
            randomRoutingHasTheExpectedMean(scc, identity, step);
        }
    }

    private static void randomRoutingHasTheExpectedMean(Scc scc, int identity, double expected) {
        int draws = 20;
        double sum = 0;
        double squares = 0;
        java.util.SplittableRandom random = new java.util.SplittableRandom(scc.n());
        for (int s = 0; s < scc.nodeCount(); s++) {
            for (int k = 0; k < draws; k++) {
                int cost = SccRouting.route(scc, RoutingAlgorithm.RANDOM, s, identity, random).total();
                sum += cost;
                squares += (double) cost * cost;
            }
        }
        double count = (double) scc.nodeCount() * draws;
        double mean = sum / count;
        double error = Math.sqrt(Math.max(0, squares / count - mean * mean) / count);
        assertTrue(Math.abs(mean - expected) <= 4 * error + 1e-9, "random routing's mean " + mean + " against the expectation " + expected
                + " (standard error " + error + "), scc:" + scc.n());
    }

    /** Eq. 15 for a lateral sequence to ⟨2, π_0⟩. */
    private static int cost(int n, int from, int[] links) {
        int local = 0;
        int position = from;
        for (int link : links) {
            local += RingRouting.distance(n, position, link);
            position = link;
        }
        return links.length + local + RingRouting.distance(n, position, 2);
    }

    /** Local links still to come from state ⟨ℓ, π⟩ (node id), over the routes of Algorithm 1 to ⟨2, π_0⟩; memoised. */
    private static final class Expectations {
        private final Scc scc;
        private final int n;
        private final double[] step;
        private final double[] routes;
        private final double[] routeSum;
        private final int[] worst;
        private final int[] best;
        private final int[] lateral;

        Expectations(Scc scc) {
            this.scc = scc;
            this.n = scc.n();
            int size = scc.nodeCount();
            step = new double[size];
            routes = new double[size];
            routeSum = new double[size];
            worst = new int[size];
            best = new int[size];
            lateral = new int[size];
            Arrays.fill(routes, -1);
        }

        int lateral(int node) {
            solve(node);
            return lateral[node];
        }

        double step(int node) {
            solve(node);
            return step[node];
        }

        double routes(int node) {
            solve(node);
            return routes[node];
        }

        double routeSum(int node) {
            solve(node);
            return routeSum[node];
        }

        int worst(int node) {
            solve(node);
            return worst[node];
        }

        int best(int node) {
            solve(node);
            return best[node];
        }

        private void solve(int node) {
            if (routes[node] >= 0) {
                return;
            }
            int position = scc.position(node);
            int rank = scc.supernode(node);
            byte[] p = Permutations.unrank(rank, n);
            int[] choices = algorithm1Choices(p);
            if (choices.length == 0) {
                int d = RingRouting.distance(n, position, 2);
                step[node] = d;
                routes[node] = 1;
                routeSum[node] = d;
                worst[node] = d;
                best[node] = d;
                lateral[node] = 0;
                return;
            }
            double stepSum = 0;
            double count = 0;
            double sum = 0;
            int max = Integer.MIN_VALUE;
            int min = Integer.MAX_VALUE;
            int lat = 0;
            for (int b : choices) {
                int child = scc.id(scc.star().neighbour(rank, b), b);
                solve(child);
                int d = RingRouting.distance(n, position, b);
                stepSum += d + step[child];
                count += routes[child];
                sum += d * routes[child] + routeSum[child];
                max = Math.max(max, d + worst[child]);
                min = Math.min(min, d + best[child]);
                lat = lateral[child] + 1;
            }
            step[node] = stepSum / choices.length;
            routes[node] = count;
            routeSum[node] = sum;
            worst[node] = max;
            best[node] = min;
            lateral[node] = lat;
        }

        /**
         * 000 Algorithm 1: first symbol 1 → any symbol not in its correct position; first symbol x ≠ 1 → position x, or any symbol of
         * an r-cycle of length at least 2 other than the one containing x.
         */
        private static int[] algorithm1Choices(byte[] p) {
            int n = p.length;
            boolean[] inCycleOfFirst = new boolean[n + 1];
            if (p[0] != 1) {
                for (int s = p[0]; !inCycleOfFirst[s]; s = p[s - 1]) {
                    inCycleOfFirst[s] = true;
                }
            }
            int[] out = new int[n];
            int k = 0;
            for (int x = 2; x <= n; x++) {
                boolean misplaced = p[x - 1] != x;
                if (p[0] == 1 ? misplaced : x == p[0] || (misplaced && !inCycleOfFirst[x])) {
                    out[k++] = x;
                }
            }
            return Arrays.copyOf(out, k);
        }
    }
}
