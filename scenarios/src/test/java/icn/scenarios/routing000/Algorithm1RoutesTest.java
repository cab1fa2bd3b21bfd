package icn.scenarios.routing000;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.routing.Route;
import icn.node.routing.RoutingAlgorithm;
import icn.node.routing.SccRouting;
import icn.protocols.Permutations;
import icn.protocols.topology.Scc;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link Algorithm1Routes} against brute force: every sequence of choices 000 Algorithm 1 allows, written here from the paper's text
 * (§4.2), walked by {@link SccRouting#along} from every node of SCC_3 … SCC_5 to the identity.
 */
class Algorithm1RoutesTest {

    /** Every route Algorithm 1 can take from a node: its lateral links, total cost and probability under uniform draws. */
    private record Routes(List<int[]> links, List<Integer> costs, List<Double> probabilities) {
    }

    @Test
    void theRandomRoutersChoicesAreThoseOfAlgorithm1() {
        for (int n = 3; n <= 6; n++) {
            for (int r = 0; r < Permutations.factorial(n); r++) {
                byte[] p = Permutations.unrank(r, n);
                assertEquals(algorithm1Links(p), SccRouting.randomChoices(p), Permutations.toString(p));
            }
        }
    }

    @Test
    void worstBestExpectedAndPerRouteMeansAreThoseOfAllChoices() {
        for (int n = 3; n <= 5; n++) {
            Scc scc = Scc.of(n);
            Algorithm1Routes t = Algorithm1Routes.of(scc);
            for (int v = 0; v < scc.nodeCount(); v++) {
                Routes all = enumerate(scc, v);
                String what = scc.name() + " from " + scc.label(v);
                int lateral = all.links().get(0).length;
                assertEquals(lateral, t.lateral(v), what);
                assertEquals(all.costs().stream().mapToInt(Integer::intValue).max().orElseThrow(), lateral + t.worstLocal(v), what);
                assertEquals(all.costs().stream().mapToInt(Integer::intValue).min().orElseThrow(), lateral + t.bestLocal(v), what);
                assertEquals(all.costs().size(), t.routes(v), what);
                double mean = all.costs().stream().mapToInt(Integer::intValue).average().orElseThrow();
                assertEquals(mean, lateral + t.meanLocalOverRoutes(v), 1e-9, what);
                double expected = 0;
                for (int k = 0; k < all.costs().size(); k++) {
                    expected += all.probabilities().get(k) * all.costs().get(k);
                }
                assertEquals(expected, lateral + t.expectedLocal(v), 1e-9, what);
            }
        }
    }

    @Test
    void theRandomRouterTakesEveryRouteOfAlgorithm1AndNoOther() {
        Scc scc = Scc.of(4);
        for (int v = 0; v < scc.nodeCount(); v++) {
            Set<String> possible = new HashSet<>();
            enumerate(scc, v).links().forEach(l -> possible.add(Arrays.toString(l)));
            Set<String> taken = new HashSet<>();
            for (long seed = 0; seed < 400; seed++) {
                Route r = Routing000.routeToIdentity(scc, RoutingAlgorithm.RANDOM, v, seed);
                String links = Arrays.toString(r.lateralLinks());
                assertTrue(possible.contains(links), scc.label(v) + " took " + links);
                taken.add(links);
            }
            assertEquals(possible, taken, scc.label(v));
        }
    }

    /**
     * 000 Algorithm 1, as printed: if the first symbol is 1, exchange it with any symbol not in its correct position; if it is x ≠ 1,
     * exchange it with the symbol at position x, or with any symbol of an r-cycle of length at least 2 other than the r-cycle holding
     * x. Exchanging the first symbol with symbol s takes the lateral link of s's position. Symbol s wants position s, held by the next
     * symbol of its r-cycle, π(s) (000 §3.1). Returns the links as a bit set.
     */
    private static int algorithm1Links(byte[] p) {
        int n = p.length;
        int[] position = new int[n + 1];
        for (int k = 1; k <= n; k++) {
            position[p[k - 1]] = k;
        }
        int links = 0;
        int x = p[0];
        if (x == 1) {
            for (int s = 2; s <= n; s++) {
                links |= position[s] != s ? 1 << position[s] : 0;
            }
            return links;
        }
        int cycleOfX = 0;
        int s = x;
        do {
            cycleOfX |= 1 << s;
            s = p[s - 1];
        } while (s != x);
        links |= 1 << x;
        for (s = 1; s <= n; s++) {
            if ((cycleOfX & 1 << s) == 0 && p[s - 1] != s) {
                links |= 1 << position[s];
            }
        }
        return links;
    }

    private static Routes enumerate(Scc scc, int node) {
        Routes all = new Routes(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        byte[] p = Permutations.unrank(scc.supernode(node), scc.n());
        enumerate(scc, node, p, new ArrayList<>(), 1.0, all);
        return all;
    }

    private static void enumerate(Scc scc, int node, byte[] p, List<Integer> links, double probability, Routes all) {
        int choices = algorithm1Links(p);
        if (choices == 0) {
            int[] l = links.stream().mapToInt(Integer::intValue).toArray();
            all.links().add(l);
            all.costs().add(SccRouting.along(scc, node, Routing000.IDENTITY, l).total());
            all.probabilities().add(probability);
            return;
        }
        for (int bits = choices; bits != 0; bits &= bits - 1) {
            int link = Integer.numberOfTrailingZeros(bits);
            byte[] next = p.clone();
            next[0] = p[link - 1];
            next[link - 1] = p[0];
            links.add(link);
            enumerate(scc, node, next, links, probability / Integer.bitCount(choices), all);
            links.remove(links.size() - 1);
        }
    }
}
