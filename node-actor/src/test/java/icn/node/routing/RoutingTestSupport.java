package icn.node.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Permutations;
import icn.protocols.topology.Scc;
import icn.protocols.topology.SccPort;

/** Checks written independently of the code under test: walks over the graph, permutation algebra, the papers' formulas. */
final class RoutingTestSupport {

    private RoutingTestSupport() {
    }

    /**
     * Asserts that the route is a walk of the graph from its source to its destination, that its LATERAL ports are {@code lateral}
     * and are taken at the positions ℓ1..ℓf, and that its other ports are miLocal + mbLocal.
     */
    static void assertValidWalk(Scc scc, Route r, String what) {
        int node = r.source();
        int laterals = 0;
        int locals = 0;
        int[] links = r.lateralLinks();
        for (int port : r.ports()) {
            if (port == SccPort.LATERAL.index()) {
                assertEquals(links[laterals], scc.position(node), what + ": lateral link " + (laterals + 1) + " taken at its position");
                laterals++;
            } else {
                locals++;
            }
            node = scc.neighbour(node, port);
        }
        assertEquals(r.destination(), node, what + ": the walk ends at the destination");
        assertEquals(r.lateral(), laterals, what + ": LATERAL ports");
        assertEquals(r.miLocal() + r.mbLocal(), locals, what + ": local ports");
        assertEquals(r.total(), r.hops(), what + ": total");
        assertTrue(r.mbLocal() >= 0, what + ": MB(loc) = " + r.mbLocal() + " < 0 in " + r);
    }

    /** σ·π, (σ·π)(k) = σ(π(k)). */
    static byte[] compose(byte[] sigma, byte[] pi) {
        byte[] out = new byte[pi.length];
        for (int k = 0; k < pi.length; k++) {
            out[k] = sigma[pi[k] - 1];
        }
        return out;
    }

    static byte[] inverse(byte[] pi) {
        byte[] out = new byte[pi.length];
        for (int k = 0; k < pi.length; k++) {
            out[pi[k] - 1] = (byte) (k + 1);
        }
        return out;
    }

    /** The node ⟨i, σ·π⟩ for ⟨i, π⟩: left multiplication of the supernode label. */
    static int leftMultiply(Scc scc, byte[] sigma, int node) {
        byte[] pi = Permutations.unrank(scc.supernode(node), scc.n());
        return scc.id(Permutations.rank(compose(sigma, pi)), scc.position(node));
    }

    /** 000 Eq. 6: the mean number of lateral links, n + H_n + 2/n − 4. */
    static double eq6(int n) {
        double h = 0;
        for (int k = 1; k <= n; k++) {
            h += 1.0 / k;
        }
        return n + h + 2.0 / n - 4;
    }

    /** 000 Eq. 9: the mean number of MI local links, (n−1)⌊n/2⌋⌊(n−1)/2⌋ / n. */
    static double eq9(int n) {
        return (double) (n - 1) * (n / 2) * ((n - 1) / 2) / n;
    }

    /** 000 Eq. 12: the mean number of MB local links under a random ordering of r-cycles. */
    static double eq12(int n) {
        double h = 0;
        for (int k = 1; k <= n; k++) {
            h += 1.0 / k;
        }
        return (double) (n / 2) * ((n - 1) / 2) * (h * (n - 1) - 2) / (n * n - 3.0 * n + 2);
    }
}
