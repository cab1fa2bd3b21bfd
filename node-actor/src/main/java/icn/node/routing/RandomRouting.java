package icn.node.routing;

import java.util.SplittableRandom;

/**
 * 000 Algorithm 1, the non-deterministic routing of the star graph, used as the random routing of SCC_n (000 §4.2, §5). Repeat until
 * π_ds = π_0: when the first symbol is 1 exchange it with any misplaced symbol; when it is x ≠ 1 either move x to position x or
 * exchange it with any symbol of another r-cycle of length at least 2. The allowed links are exactly bsymbols(π_ds); every step draws
 * one of them uniformly from {@code random}, so the same seed repeats the route.
 */
final class RandomRouting {

    private RandomRouting() {
    }

    static int[] lateralLinks(byte[] pds, SplittableRandom random) {
        byte[] p = pds.clone();
        IntSequence links = new IntSequence();
        while (!RCycles.isIdentity(p)) {
            int choices = RCycles.bsymbols(p);
            int link = nthSymbol(choices, random.nextInt(Integer.bitCount(choices)));
            RCycles.exchange(p, link);
            links.add(link);
        }
        return links.toArray();
    }

    /** The k-th (from 0) symbol of a set, in ascending order. */
    private static int nthSymbol(int set, int k) {
        int bits = set;
        for (int j = 0; j < k; j++) {
            bits &= bits - 1;
        }
        return Integer.numberOfTrailingZeros(bits);
    }
}
