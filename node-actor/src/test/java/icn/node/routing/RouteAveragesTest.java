package icn.node.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.topology.Scc;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Tests 3, 4 and 5: every node of SCC_3 … SCC_7 routed to the identity ⟨2, 12…n⟩ by every algorithm. Means are over all (n−1)·n!
 * sources, the identity node itself included: that is the averaging of 000 §3.1 ("averaging those over (n−1)·n!") and of Eq. 6, the
 * average distance of S_n over all n! permutations including the identity (n = 3: (0+1+1+2+2+3)/6 = 1.5, Table 1).
 */
class RouteAveragesTest {

    private static final int MIN_N = 3;
    private static final int MAX_N = 7;
    private static final long SEED = 1995L;

    /** Sums over all sources of one algorithm on one SCC_n. */
    private record Sums(long nodes, long lateral, long mi, long mb, long total, long longer, long excess, int belowBfs, int negativeMb) {

        double mean(long sum) {
            return (double) sum / nodes;
        }
    }

    private static final Map<RoutingAlgorithm, Sums[]> SUMS = new EnumMap<>(RoutingAlgorithm.class);
    private static final double[] BFS_MEAN = new double[MAX_N + 1];

    @BeforeAll
    static void routeEveryNodeToTheIdentity() {
        for (RoutingAlgorithm a : RoutingAlgorithm.papers()) {
            SUMS.put(a, new Sums[MAX_N + 1]);
        }
        for (int n = MIN_N; n <= MAX_N; n++) {
            Scc scc = Scc.of(n);
            int identity = scc.id(0, 2);
            int[] bfs = Bfs.distances(scc, identity);
            long bfsSum = 0;
            for (int d : bfs) {
                bfsSum += d;
            }
            BFS_MEAN[n] = (double) bfsSum / scc.nodeCount();
            for (RoutingAlgorithm a : RoutingAlgorithm.papers()) {
                SplittableRandom random = new SplittableRandom(SEED);
                long lateral = 0;
                long mi = 0;
                long mb = 0;
                long total = 0;
                long longer = 0;
                long excess = 0;
                int below = 0;
                int negative = 0;
                for (int s = 0; s < scc.nodeCount(); s++) {
                    Route r = SccRouting.route(scc, a, s, identity, random);
                    lateral += r.lateral();
                    mi += r.miLocal();
                    mb += r.mbLocal();
                    total += r.total();
                    if (r.total() > bfs[s]) {
                        longer++;
                        excess += r.total() - bfs[s];
                    }
                    if (r.total() < bfs[s]) {
                        below++;
                    }
                    if (r.mbLocal() < 0) {
                        negative++;
                    }
                }
                SUMS.get(a)[n] = new Sums(scc.nodeCount(), lateral, mi, mb, total, longer, excess, below, negative);
            }
        }
    }

    @Test
    void noAlgorithmIsEverBelowBfs() {
        for (RoutingAlgorithm a : RoutingAlgorithm.papers()) {
            for (int n = MIN_N; n <= MAX_N; n++) {
                assertEquals(0, SUMS.get(a)[n].belowBfs(), a.key() + " scc:" + n);
                assertEquals(0, SUMS.get(a)[n].negativeMb(), a.key() + " scc:" + n + ": routes with MB(loc) < 0");
            }
        }
        for (int n = MIN_N; n <= MAX_N; n++) {
            assertEquals(0, SUMS.get(RoutingAlgorithm.MINIMAL)[n].longer(), "minimal scc:" + n);
        }
    }

    @Test
    void meanLateralIsEq6AndMeanMiIsEq9() {
        for (RoutingAlgorithm a : RoutingAlgorithm.papers()) {
            for (int n = MIN_N; n <= MAX_N; n++) {
                Sums s = SUMS.get(a)[n];
                assertEquals(RoutingTestSupport.eq6(n), s.mean(s.lateral()), 1e-9, a.key() + " scc:" + n + " mean lateral, Eq. 6");
                assertEquals(RoutingTestSupport.eq9(n), s.mean(s.mi()), 1e-9, a.key() + " scc:" + n + " mean MI(loc), Eq. 9");
                // The other averaging, over the N − 1 sources other than the identity node, does not give Eq. 6.
                assertNotEquals(RoutingTestSupport.eq6(n), (double) s.lateral() / (s.nodes() - 1), 1e-9, a.key() + " scc:" + n);
            }
        }
    }

    @Test
    void minimalMeanTotalIsTheBfsAverageDistance() {
        for (int n = MIN_N; n <= MAX_N; n++) {
            Sums s = SUMS.get(RoutingAlgorithm.MINIMAL)[n];
            assertEquals(BFS_MEAN[n], s.mean(s.total()), 1e-12, "scc:" + n);
            assertTrue(s.mean(s.mb()) <= RoutingTestSupport.eq12(n) + 1e-12, "Eq. 13: minimal MB(loc) ≤ Eq. 12, scc:" + n);
        }
    }

    @Test
    void printsTheMeansBesideTheFormulas() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "Routing every node of SCC_n to <2,12...n>; RANDOM seed %d (one SplittableRandom per n and algorithm)%n", SEED));
        out.append(String.format(Locale.ROOT, "%-3s %-12s %8s %8s %8s %8s %8s %9s %10s %12s%n", "n", "algorithm", "lat", "MI", "MB", "total",
                "BFS", "longer", "excess", "excess/long"));
        for (int n = MIN_N; n <= MAX_N; n++) {
            for (RoutingAlgorithm a : RoutingAlgorithm.papers()) {
                Sums s = SUMS.get(a)[n];
                out.append(String.format(Locale.ROOT, "%-3d %-12s %8.3f %8.3f %8.3f %8.3f %8.3f %8.2f%% %10.4f %12.3f%n", n, a.key(),
                        s.mean(s.lateral()), s.mean(s.mi()), s.mean(s.mb()), s.mean(s.total()), BFS_MEAN[n], 100.0 * s.longer() / s.nodes(),
                        s.mean(s.excess()), s.longer() == 0 ? 0.0 : (double) s.excess() / s.longer()));
            }
            out.append(String.format(Locale.ROOT, "%-3d %-12s %8.3f %8.3f %8.3f %8.3f%n", n, "Eq.6/9/12", RoutingTestSupport.eq6(n),
                    RoutingTestSupport.eq9(n), RoutingTestSupport.eq12(n),
                    RoutingTestSupport.eq6(n) + RoutingTestSupport.eq9(n) + RoutingTestSupport.eq12(n)));
        }
        System.out.print(out);
    }
}
