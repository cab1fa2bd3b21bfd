package icn.node.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import icn.protocols.Bfs;
import icn.protocols.Permutations;
import icn.protocols.topology.Scc;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Test 2: the minimal routing of 000 Algorithm 3 finds routes as short as breadth-first search over the graph. */
class MinimalRoutingBfsTest {

    private static final long SEED = 8L;

    @ParameterizedTest(name = "scc:{0}")
    @ValueSource(ints = {3, 4, 5, 6, 7})
    void everyNodeToTheIdentity(int n) {
        Scc scc = Scc.of(n);
        int identity = scc.id(0, 2);
        int[] bfs = Bfs.distances(scc, identity); // the graph is undirected: distance to = distance from
        for (int s = 0; s < scc.nodeCount(); s++) {
            assertEquals(bfs[s], SccRouting.route(scc, RoutingAlgorithm.MINIMAL, s, identity, null).total(), scc.label(s));
        }
    }

    @ParameterizedTest(name = "scc:{0}")
    @ValueSource(ints = {3, 4, 5})
    void everyPair(int n) {
        Scc scc = Scc.of(n);
        for (int d = 0; d < scc.nodeCount(); d++) {
            int[] bfs = Bfs.distances(scc, d);
            for (int s = 0; s < scc.nodeCount(); s++) {
                assertEquals(bfs[s], SccRouting.route(scc, RoutingAlgorithm.MINIMAL, s, d, null).total(),
                        scc.label(s) + " → " + scc.label(d));
            }
        }
    }

    @Test
    void leftMultiplicationPreservesEveryLinkAndItsPort() {
        for (int n = 3; n <= 8; n++) {
            Scc scc = Scc.of(n);
            SplittableRandom random = new SplittableRandom(SEED + n);
            for (int k = 0; k < 2000; k++) {
                byte[] sigma = Permutations.unrank(random.nextInt(Permutations.factorial(n)), n);
                int u = random.nextInt(scc.nodeCount());
                int image = RoutingTestSupport.leftMultiply(scc, sigma, u);
                assertEquals(scc.position(u), scc.position(image));
                for (int port = 0; port < 3; port++) {
                    assertEquals(scc.neighbour(image, port), RoutingTestSupport.leftMultiply(scc, sigma, scc.neighbour(u, port)),
                            "σ = " + Permutations.toText(sigma) + ", " + scc.label(u) + ", port " + port);
                }
            }
        }
    }

    /**
     * 10,000 seeded random pairs of SCC_8. dist(s, d) = dist(⟨i_s, π_d⁻¹·π_s⟩, ⟨i_d, π_0⟩) because left multiplication by π_d⁻¹ is an
     * automorphism (asserted above), so one BFS per i_d suffices.
     */
    @Test
    void randomPairsOfScc8() {
        Scc scc = Scc.of(8);
        int[][] bfs = new int[scc.n() + 1][];
        for (int i = 2; i <= scc.n(); i++) {
            bfs[i] = Bfs.distances(scc, scc.id(0, i));
        }
        SplittableRandom random = new SplittableRandom(SEED);
        for (int k = 0; k < 10_000; k++) {
            int s = random.nextInt(scc.nodeCount());
            int d = random.nextInt(scc.nodeCount());
            byte[] pdInverse = RoutingTestSupport.inverse(Permutations.unrank(scc.supernode(d), scc.n()));
            int image = RoutingTestSupport.leftMultiply(scc, pdInverse, s);
            int expected = bfs[scc.position(d)][image];
            assertEquals(expected, SccRouting.route(scc, RoutingAlgorithm.MINIMAL, s, d, null).total(),
                    scc.label(s) + " → " + scc.label(d) + " (seed " + SEED + ", pair " + k + ")");
        }
    }
}
