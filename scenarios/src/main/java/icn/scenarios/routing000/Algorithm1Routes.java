package icn.scenarios.routing000;

import icn.node.routing.SccRouting;
import icn.protocols.Permutations;
import icn.protocols.topology.Scc;
import java.util.stream.IntStream;

/**
 * Every route 000 Algorithm 1 can produce from every node of SCC_n to the identity ⟨2, π_0⟩, summarised per node without listing
 * the routes: the worst and the best number of local links over all of its choices, the expected number under the random router's
 * draws (uniform over the allowed links at each supernode, {@link icn.node.routing.RoutingAlgorithm#RANDOM}), and the mean over all
 * routes counted equally (000 §5's wording, "all possible routes … with equal probability").
 *
 * <p>The choices are those of the random router, {@link SccRouting#randomChoices}: at supernode π, any lateral link ℓ of
 * bsymbols(π); the packet then stands at position ℓ of supernode π·(1 ℓ), and in π_0 it walks to position 2. Every choice keeps the
 * number of lateral links at Eq. 4's minimum, and MI(loc) is fixed by π (000 Lemma 1), so only the local links differ between
 * routes. With W(i, π) the most local links from ⟨i, π⟩, W(i, π_0) = d(i, 2) and
 * W(i, π) = max over ℓ ∈ bsymbols(π) of d(i, ℓ) + W(ℓ, π·(1 ℓ)); the best and the expectation are the same recursion with min and
 * the mean, and the sum over routes carries the number of routes below each choice. The recursion runs over the supernodes in order
 * of their lateral distance (Eq. 4), each level in parallel: (n−1)·n! entries per table, 2,903,040 for SCC_9.
 */
final class Algorithm1Routes {

    private static final int IDENTITY_POSITION = 2;

    private final int n;
    private final byte[] lateral;          // per supernode: the lateral links of every route from it (Eq. 4)
    private final byte[] worstLocal;       // per node
    private final byte[] bestLocal;        // per node
    private final double[] expectedLocal;  // per node, under uniform draws at each supernode
    private final long[] routes;           // per supernode: the routes Algorithm 1 can take from it
    private final long[] localOverRoutes;  // per node: the local links summed over those routes

    private Algorithm1Routes(int n, int supernodes) {
        this.n = n;
        int nodes = supernodes * (n - 1);
        lateral = new byte[supernodes];
        worstLocal = new byte[nodes];
        bestLocal = new byte[nodes];
        expectedLocal = new double[nodes];
        routes = new long[supernodes];
        localOverRoutes = new long[nodes];
    }

    static Algorithm1Routes of(Scc scc) {
        int n = scc.n();
        int supernodes = Permutations.factorial(n);
        Algorithm1Routes t = new Algorithm1Routes(n, supernodes);
        int[] levelStart = t.levels(supernodes);
        int[] byLevel = t.sortByLevel(supernodes, levelStart);
        for (int level = 0; level + 1 < levelStart.length; level++) {
            IntStream.range(levelStart[level], levelStart[level + 1]).parallel().forEach(k -> t.solve(byLevel[k]));
        }
        return t;
    }

    // lateral links of every supernode, and where each level begins in the supernodes sorted by level
    private int[] levels(int supernodes) {
        byte[] p = new byte[n];
        int deepest = 0;
        for (int r = 0; r < supernodes; r++) {
            Permutations.unrank(r, p);
            lateral[r] = (byte) lateralLinks(p);
            deepest = Math.max(deepest, lateral[r]);
        }
        int[] start = new int[deepest + 2];
        for (int r = 0; r < supernodes; r++) {
            start[lateral[r] + 1]++;
        }
        for (int level = 0; level <= deepest; level++) {
            start[level + 1] += start[level];
        }
        return start;
    }

    private int[] sortByLevel(int supernodes, int[] levelStart) {
        int[] fill = levelStart.clone();
        int[] order = new int[supernodes];
        for (int r = 0; r < supernodes; r++) {
            order[fill[lateral[r]]++] = r;
        }
        return order;
    }

    /** 000 Eq. 4: c + m lateral links when π's first symbol is 1, c + m − 2 otherwise (0 at the identity). */
    static int lateralLinks(byte[] p) {
        int c = 0;
        int m = 0;
        int seen = 0;
        for (int x = 1; x <= p.length; x++) {
            if (p[x - 1] == x || (seen & 1 << x) != 0) {
                continue;
            }
            c++;
            for (int s = x; (seen & 1 << s) == 0; s = p[s - 1]) {
                seen |= 1 << s;
                m++;
            }
        }
        if (m == 0) {
            return 0;
        }
        return p[0] == 1 ? c + m : c + m - 2;
    }

    private void solve(int r) {
        int ring = n - 1;
        int base = r * ring;
        byte[] p = Permutations.unrank(r, n);
        int choices = SccRouting.randomChoices(p);
        if (choices == 0) { // π_0: walk to the identity's position
            for (int i = 2; i <= n; i++) {
                int d = SccRouting.ringDistance(n, i, IDENTITY_POSITION);
                worstLocal[base + i - 2] = (byte) d;
                bestLocal[base + i - 2] = (byte) d;
                expectedLocal[base + i - 2] = d;
                localOverRoutes[base + i - 2] = d;
            }
            routes[r] = 1;
            return;
        }
        int k = Integer.bitCount(choices);
        int[] link = new int[k];
        int[] child = new int[k];
        int j = 0;
        for (int bits = choices; bits != 0; bits &= bits - 1, j++) {
            link[j] = Integer.numberOfTrailingZeros(bits);
            swap(p, link[j]);
            child[j] = Permutations.rank(p);
            swap(p, link[j]);
        }
        long count = 0;
        for (j = 0; j < k; j++) {
            count += routes[child[j]];
        }
        routes[r] = count;
        for (int i = 2; i <= n; i++) {
            int worst = Integer.MIN_VALUE;
            int best = Integer.MAX_VALUE;
            double expected = 0;
            long overRoutes = 0;
            for (j = 0; j < k; j++) {
                int d = SccRouting.ringDistance(n, i, link[j]);
                int at = child[j] * ring + link[j] - 2; // ⟨ℓ, π·(1 ℓ)⟩
                worst = Math.max(worst, d + worstLocal[at]);
                best = Math.min(best, d + bestLocal[at]);
                expected += d + expectedLocal[at];
                overRoutes += d * routes[child[j]] + localOverRoutes[at];
            }
            if (worst > Byte.MAX_VALUE) {
                throw new IllegalStateException("more than " + Byte.MAX_VALUE + " local links from a node of SCC_" + n);
            }
            worstLocal[base + i - 2] = (byte) worst;
            bestLocal[base + i - 2] = (byte) best;
            expectedLocal[base + i - 2] = expected / k;
            localOverRoutes[base + i - 2] = overRoutes;
        }
    }

    // lateral link ℓ exchanges the first and the ℓ-th symbols (000 §2.2)
    private static void swap(byte[] p, int link) {
        byte t = p[0];
        p[0] = p[link - 1];
        p[link - 1] = t;
    }

    /** Lateral links of every route from {@code node} (Eq. 4). */
    int lateral(int node) {
        return lateral[node / (n - 1)];
    }

    /** The most local links over all routes Algorithm 1 can take from {@code node}. */
    int worstLocal(int node) {
        return worstLocal[node];
    }

    /** The fewest local links over all routes Algorithm 1 can take from {@code node}. */
    int bestLocal(int node) {
        return bestLocal[node];
    }

    /** The expected local links of the random router's route from {@code node} (uniform draws at every supernode). */
    double expectedLocal(int node) {
        return expectedLocal[node];
    }

    /** The number of distinct routes Algorithm 1 can take from {@code node}. */
    long routes(int node) {
        return routes[node / (n - 1)];
    }

    /** The local links of the routes from {@code node}, averaged over its routes counted equally. */
    double meanLocalOverRoutes(int node) {
        return localOverRoutes[node] / (double) routes[node / (n - 1)];
    }
}
