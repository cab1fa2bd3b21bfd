package icn.node.routing;

/**
 * 000 Algorithm 2 (greedy routing): from the current position i_j, choose the symbol i_α of 𝓢_s (= bsymbols(π_ds)) with the smallest
 * d(i_j, i_α). If its r-cycle holds 1, take only that one lateral link (so that the r-cycle of 1 can be interleaved with others);
 * otherwise execute its whole r-cycle, from i_α back to i_α (Eq. 3). Then i_j = i_α; repeat until 𝓢_c = ∅.
 *
 * <p>The paper leaves ties open. {@link SccRouting} breaks them by {@link TieBreak#CANONICAL_ORDER}: the first candidate in the order
 * the r-cycles are written in canonical form (000 §3.1): i1 of (1 i1 …) first, then the r-cycles by their smallest symbol, each
 * read from its smallest symbol along the cycle. With it the measured greedy means equal 000 Table 2's greedy column at every
 * n = 3 … 9; breaking ties by {@link TieBreak#LOWEST_SYMBOL} gives slightly longer routes on average (12.266 against 12.215 at
 * n = 6). The rule is a choice the paper leaves open, not a change to what is measured.
 */
final class GreedyRouting {

    /** How Step 3 chooses among symbols at the same distance d(i_j, i_α). */
    enum TieBreak {
        LOWEST_SYMBOL,
        CANONICAL_ORDER
    }

    private GreedyRouting() {
    }

    static int[] lateralLinks(byte[] pds, int sourcePosition) {
        return lateralLinks(pds, sourcePosition, TieBreak.CANONICAL_ORDER);
    }

    static int[] lateralLinks(byte[] pds, int sourcePosition, TieBreak tieBreak) {
        int n = pds.length;
        byte[] p = pds.clone();
        IntSequence links = new IntSequence();
        int current = sourcePosition;
        while (!RCycles.isIdentity(p)) {
            int alpha = nearest(p, current, tieBreak); // Step 3
            int from = links.size();
            if (alpha == p[0]) { // Step 4, C_a = (1 i_α i_β … ): one link, i_β takes i_α's place in 𝓢_s
                links.add(alpha);
            } else {             // Step 4, C_a without 1: the whole execution (i_α, π(i_α), …, i_α)
                RCycles.appendExecution(p, alpha, links);
            }
            for (int k = from; k < links.size(); k++) {
                RCycles.exchange(p, links.get(k));
            }
            current = alpha;
        }
        return links.toArray();
    }

    static int nearest(byte[] p, int position, TieBreak tieBreak) {
        int n = p.length;
        int[] rank = tieBreak == TieBreak.CANONICAL_ORDER ? canonicalRanks(p) : null;
        int best = -1;
        int bestDistance = Integer.MAX_VALUE;
        for (int bits = RCycles.bsymbols(p); bits != 0; bits &= bits - 1) { // ascending symbols
            int s = Integer.numberOfTrailingZeros(bits);
            int d = RingRouting.distance(n, position, s);
            if (d < bestDistance || (d == bestDistance && rank != null && rank[s] < rank[best])) {
                best = s;
                bestDistance = d;
            }
        }
        return best;
    }

    /** The place of every symbol of 𝓢_s when the r-cycles are listed in canonical form, the r-cycle of 1 first. */
    private static int[] canonicalRanks(byte[] p) {
        int n = p.length;
        int[] rank = new int[n + 1];
        int next = 0;
        int done = RCycles.cycleOfOne(p) | 1 << 1;
        if (p[0] != 1) {
            rank[p[0]] = next++;
        }
        for (int x = 2; x <= n; x++) {
            if ((done & 1 << x) != 0 || p[x - 1] == x) {
                continue;
            }
            int s = x;
            do {
                rank[s] = next++;
                done |= 1 << s;
                s = p[s - 1];
            } while (s != x);
        }
        return rank;
    }
}
