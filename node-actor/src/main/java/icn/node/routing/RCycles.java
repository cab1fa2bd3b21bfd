package icn.node.routing;

/**
 * The r-cycles of a permutation π of 1..n (000 §3.1), as the routing algorithms use them. π is a byte array with π(k), the symbol
 * at position k, in index k−1. An r-cycle (i0 i1 … i_{r−1}) has π(i_j) = i_{j+1}: "each symbol's desired position is that
 * occupied by the next symbol" (000 §3.1), e.g. 265431 = (1 2 6)(3 5)(4). Taking lateral link ℓ exchanges π(1) and π(ℓ).
 *
 * <p>Sets of symbols are bit masks: bit s stands for symbol s.
 */
final class RCycles {

    private RCycles() {
    }

    static boolean isIdentity(byte[] p) {
        for (int k = 0; k < p.length; k++) {
            if (p[k] != k + 1) {
                return false;
            }
        }
        return true;
    }

    /** Takes lateral link ℓ: exchanges the first and the ℓ-th symbols (000 §2.2). */
    static void exchange(byte[] p, int link) {
        byte t = p[0];
        p[0] = p[link - 1];
        p[link - 1] = t;
    }

    /** The symbols of the r-cycle that holds symbol 1, 1 itself excluded (empty when π(1) = 1). */
    static int cycleOfOne(byte[] p) {
        int mask = 0;
        for (int s = p[0]; s != 1; s = p[s - 1]) {
            mask |= 1 << s;
        }
        return mask;
    }

    /** The misplaced symbols: those in r-cycles of length at least 2. */
    static int misplaced(byte[] p) {
        int mask = 0;
        for (int k = 1; k <= p.length; k++) {
            if (p[k - 1] != k) {
                mask |= 1 << k;
            }
        }
        return mask;
    }

    /** The position of symbol 1, i.e. the last symbol i_{r−1} of the r-cycle (1 i1 … i_{r−1}). */
    static int positionOfOne(byte[] p) {
        int k = 0;
        while (p[k] != 1) {
            k++;
        }
        return k + 1;
    }

    /**
     * bsymbols(π) (000 §4.4, the set 𝓑; also 𝓢_s of Algorithm 2 and the choices of Algorithm 1): i1 of the r-cycle (1 i1 … i_{r−1})
     * and every symbol of the r-cycles without 1. These are the lateral links that keep the route minimal in the star graph.
     */
    static int bsymbols(byte[] p) {
        int one = cycleOfOne(p);
        int others = misplaced(p) & ~one & ~(1 << 1);
        return p[0] == 1 ? others : others | 1 << p[0];
    }

    /** fsymbols(π) (000 §4.4, the set 𝓕): i_{r−1} of (1 i1 … i_{r−1}) and every symbol of the r-cycles without 1. */
    static int fsymbols(byte[] p) {
        int one = cycleOfOne(p);
        int others = misplaced(p) & ~one & ~(1 << 1);
        return p[0] == 1 ? others : others | 1 << positionOfOne(p);
    }

    /**
     * Σ MI(loc, C) over the r-cycles C of π (000 Eq. 8): d between consecutive lateral links of each execution sequence (Eqs. 2–3),
     * which is d(x, π(x)) summed over the symbols x ≠ 1 with π(x) ≠ 1 (the pairs that involve 1 are not lateral-link pairs).
     */
    static int miLocal(byte[] p) {
        int n = p.length;
        int sum = 0;
        for (int x = 2; x <= n; x++) {
            int next = p[x - 1];
            if (next != 1) {
                sum += RingRouting.distance(n, x, next);
            }
        }
        return sum;
    }

    /** The number of lateral links of a minimal route to the identity, Eq. 4: c + m, less 2 when π's first symbol is not 1. */
    static int lateral(byte[] p) {
        return icn.protocols.Permutations.starDistance(p);
    }

    /**
     * The execution sequence of the r-cycle that holds {@code start} (Eqs. 2–3): for (1 i1 … i_{r−1}) started at i1 = π(1) the
     * links (i1, …, i_{r−1}); for an r-cycle without 1 started at any of its symbols x, the links (x, π(x), …, x).
     */
    static void appendExecution(byte[] p, int start, IntSequence out) {
        if (start == p[0] && start != 1) {
            for (int s = start; s != 1; s = p[s - 1]) {
                out.add(s);
            }
            return;
        }
        int s = start;
        do {
            out.add(s);
            s = p[s - 1];
        } while (s != start);
        out.add(start);
    }
}
