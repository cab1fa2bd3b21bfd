package icn.node.routing.cr;

import icn.protocols.topology.CompleteRotationGraph;
import java.util.Arrays;

/**
 * Simple_Route of 003 §3.1 on CR_n: the source is renamed so that the destination is I ({@link Relabeling}), then, while some symbol
 * is complemented, the first complemented symbol a_k is brought to the front with f_{k−1} (unless k = 1) and moved to the end,
 * uncomplemented, with g; last, f_{j−1} brings t_1 to the front. The ports are those of the renamed walk, which are the ports of the
 * walk from the source to the destination.
 *
 * <p>Reading of the text, whose overbars were lost: a_{c_1} in Step 1 is the first complemented symbol (003 §2: a_{c_k} is the k-th
 * complemented symbol), and Example 3.1 is c d̄ a b̄ → f_1 → d̄ a b̄ c → g → a b̄ c d → f_1 → b̄ c d a → g → c d a b → f_2 → abcd.
 */
public final class SimpleRoute extends RelabeledRoute {

    public static final String KEY = "simple";

    public SimpleRoute(CompleteRotationGraph cr) {
        super(cr, KEY, SimpleRoute::toIdentity);
    }

    /** The out-ports Simple_Route takes from {@code node} to I. */
    public static int[] toIdentity(CompleteRotationGraph cr, int node) {
        Relabeling.checkNode(cr, node);
        Walk walk = new Walk(cr, node);
        while (walk.simpleStep()) {
            // 003 §3.1 Simple_Route, Step 2: "go to step 1"
        }
        return walk.ports();
    }

    /**
     * A walk toward I in the (r, m) coordinates of {@link CompleteRotationGraph}: the symbol at position i (1-based) is
     * t_{((r+i−1) mod n)+1}, complemented iff bit (r+i−1) mod n of m is set. Each step of either algorithm uncomplements one symbol
     * (or finishes), so a walk has at most 2n + 1 ports.
     */
    static final class Walk {
        private final int n;
        private final int gPort;
        private int r;
        private int m;
        private final int[] ports;
        private int length;

        Walk(CompleteRotationGraph cr, int node) {
            this(cr, node, 0);
        }

        /** A walk with room for {@code extraMoves} moves besides Simple_Route's at most 2n + 1 (a fault-tolerant detour). */
        Walk(CompleteRotationGraph cr, int node, int extraMoves) {
            this.n = cr.n();
            this.gPort = cr.gPort();
            this.r = cr.rotation(node);
            this.m = cr.complements(node);
            this.ports = new int[2 * n + 1 + extraMoves];
        }

        int r() {
            return r;
        }

        int m() {
            return m;
        }

        int n() {
            return n;
        }

        /** Whether the symbol t_{s+1} is complemented. */
        boolean complemented(int symbol) {
            return (m >>> symbol & 1) != 0;
        }

        /** f_k, 1 ≤ k ≤ n−1: rotate left by k (003 Definition 2.1). */
        void f(int k) {
            ports[length++] = k - 1;
            r = (r + k) % n;
        }

        /** g: rotate left by one and complement the symbol moved to the end (003 Definition 2.1). */
        void g() {
            ports[length++] = gPort;
            m ^= 1 << r;
            r = (r + 1) % n;
        }

        /** Offset k−1 of the first complemented symbol a_k from the front, or −1 when none is (k = 0 in the paper). */
        int firstComplementedOffset() {
            if (m == 0) {
                return -1;
            }
            for (int d = 0; d < n; d++) {
                if (complemented((r + d) % n)) {
                    return d;
                }
            }
            throw new AssertionError("m != 0 but no symbol is complemented");
        }

        /**
         * One pass of Simple_Route Steps 1–2 (= Optimal_Route Step 3); false when routing finished.
         */
        boolean simpleStep() {
            int d = firstComplementedOffset(); // Step 1: minimum k with a_k = a_{c_1}; d = k − 1
            if (d < 0) {
                // Step 2, k = 0: a_j = t_1 at j = n − r + 1 (for r > 0)
                if (r == 0) {
                    return false; // j = 1: routing finished
                }
                f(n - r); // f_{j−1}
                return false;
            }
            if (d > 0) {
                f(d); // k > 1: f_{k−1} brings a_k to the front …
            }
            g(); // … and g moves it to the end, uncomplemented
            return true;
        }

        int[] ports() {
            return Arrays.copyOf(ports, length);
        }
    }
}
