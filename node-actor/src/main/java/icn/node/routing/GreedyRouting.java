package icn.node.routing;

/**
 * 000 Algorithm 2 (greedy routing): from the current position i_j, choose the symbol i_α of 𝓢_s (= bsymbols(π_ds)) with the smallest
 * d(i_j, i_α), the lowest symbol on a tie. If its r-cycle holds 1, take only that one lateral link (so that the r-cycle of 1 can be
 * interleaved with others); otherwise execute its whole r-cycle, from i_α back to i_α (Eq. 3). Then i_j = i_α; repeat until 𝓢_c = ∅.
 */
final class GreedyRouting {

    private GreedyRouting() {
    }

    static int[] lateralLinks(byte[] pds, int sourcePosition) {
        int n = pds.length;
        byte[] p = pds.clone();
        IntSequence links = new IntSequence();
        int current = sourcePosition;
        while (!RCycles.isIdentity(p)) {
            int alpha = nearest(n, current, RCycles.bsymbols(p)); // Step 3
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

    private static int nearest(int n, int position, int symbols) {
        int best = -1;
        int bestDistance = Integer.MAX_VALUE;
        for (int bits = symbols; bits != 0; bits &= bits - 1) {
            int s = Integer.numberOfTrailingZeros(bits);
            int d = RingRouting.distance(n, position, s);
            if (d < bestDistance) { // ascending order, strict: the lowest symbol wins a tie
                best = s;
                bestDistance = d;
            }
        }
        return best;
    }
}
