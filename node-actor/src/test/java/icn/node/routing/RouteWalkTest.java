package icn.node.routing;

import static icn.node.routing.RoutingTestSupport.assertValidWalk;
import static org.junit.jupiter.api.Assertions.assertEquals;

import icn.protocols.Permutations;
import icn.protocols.topology.Scc;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Test 1: every route of every algorithm is a walk of the graph from its source to its destination, with its cost split. */
class RouteWalkTest {

    private static final long SEED = 20240611L;

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = RoutingAlgorithm.class, names = "DFS", mode = EnumSource.Mode.EXCLUDE)
    void everyNodeToTheIdentity(RoutingAlgorithm algorithm) {
        SplittableRandom random = new SplittableRandom(SEED);
        for (int n = 3; n <= 7; n++) {
            Scc scc = Scc.of(n);
            int identity = scc.id(0, 2);
            for (int s = 0; s < scc.nodeCount(); s++) {
                assertValidWalk(scc, SccRouting.route(scc, algorithm, s, identity, random), algorithm.key() + " " + scc.label(s));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = RoutingAlgorithm.class, names = "DFS", mode = EnumSource.Mode.EXCLUDE)
    void everyPairOfScc3AndScc4(RoutingAlgorithm algorithm) {
        SplittableRandom random = new SplittableRandom(SEED);
        for (int n = 3; n <= 4; n++) {
            Scc scc = Scc.of(n);
            for (int s = 0; s < scc.nodeCount(); s++) {
                for (int d = 0; d < scc.nodeCount(); d++) {
                    assertValidWalk(scc, SccRouting.route(scc, algorithm, s, d, random),
                            algorithm.key() + " " + scc.label(s) + " → " + scc.label(d));
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = RoutingAlgorithm.class, names = "DFS", mode = EnumSource.Mode.EXCLUDE)
    void randomPairsOfScc5ToScc9(RoutingAlgorithm algorithm) {
        SplittableRandom pairs = new SplittableRandom(SEED);
        for (int n = 5; n <= 9; n++) {
            Scc scc = Scc.of(n);
            for (int k = 0; k < 3000; k++) {
                int s = pairs.nextInt(scc.nodeCount());
                int d = pairs.nextInt(scc.nodeCount());
                long seed = pairs.nextLong();
                Route r = SccRouting.route(scc, algorithm, s, d, new SplittableRandom(seed));
                String what = algorithm.key() + " " + scc.label(s) + " → " + scc.label(d) + " (seed " + seed + ")";
                assertValidWalk(scc, r, what);
                assertEquals(r, SccRouting.route(scc, algorithm, s, d, new SplittableRandom(seed)), what + ": the seed repeats the route");
                assertEquals(starDistance(scc, s, d), r.lateral(), what + ": lateral links = Eq. 4");
            }
        }
    }

    /** Eq. 4 on π_d⁻¹·π_s, counted here from its own cycle decomposition. */
    private static int starDistance(Scc scc, int s, int d) {
        byte[] ps = Permutations.unrank(scc.supernode(s), scc.n());
        byte[] pd = Permutations.unrank(scc.supernode(d), scc.n());
        byte[] p = RoutingTestSupport.compose(RoutingTestSupport.inverse(pd), ps);
        boolean[] seen = new boolean[p.length + 1];
        int c = 0;
        int m = 0;
        for (int x = 1; x <= p.length; x++) {
            if (seen[x] || p[x - 1] == x) {
                continue;
            }
            c++;
            for (int y = x; !seen[y]; y = p[y - 1]) {
                seen[y] = true;
                m++;
            }
        }
        return p[0] == 1 ? c + m : c + m - 2;
    }
}
