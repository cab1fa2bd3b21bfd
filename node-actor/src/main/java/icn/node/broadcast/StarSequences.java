package icn.node.broadcast;

import icn.protocols.topology.StarGraph;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The broadcasting sequences of the quotient n-star of 001 §8 as lists of star operations (generators 2..n; star operation j
 * exchanges the first and the j-th digit): the cyclic sequence σ_star(C) (§8.3), and the sequences of the switching networks T_n
 * (§8.1, Fig. 6) and 𝒯_n (§8.2, Fig. 7). Pure functions, no Akka.
 */
public final class StarSequences {

    /** A switch (i, j), i &lt; j, of a switching network: it interchanges the digits at positions i and j (001 §8.1). */
    public record Switch(int i, int j) {
        public Switch {
            if (i < 1 || j <= i) {
                throw new IllegalArgumentException("switch (" + i + ", " + j + ")");
            }
        }
    }

    private StarSequences() {
    }

    /** d_star = ⌊3(n−1)/2⌋, the diameter of the quotient n-star (001 §6). */
    public static int starDiameter(int n) {
        return 3 * (n - 1) / 2;
    }

    /** 001 §8.3: "σ_star(C) = 2 3 4 … (n−1) n 2 3 4 … (n−1) n … (d_star times)". */
    public static int[] cyclic(int n) {
        int d = starDiameter(n);
        int[] ops = new int[(n - 1) * d];
        for (int k = 0; k < ops.length; k++) {
            ops[k] = 2 + k % (n - 1);
        }
        return ops;
    }

    /**
     * T_N for N a power of two (001 Fig. 6): 2 log N − 1 stages of N/2 switches whose digits are N/2, N/4, …, 1, …, N/4, N/2 apart
     * ("the first stage consists of switches (1, 5) (2, 6) (3, 7) (4, 8)" for T_8); within a stage the switches ascend.
     */
    public static List<List<Switch>> benes(int bigN) {
        if (bigN < 2 || Integer.bitCount(bigN) != 1) {
            throw new IllegalArgumentException("T_N needs N a power of two, not " + bigN);
        }
        List<Integer> distances = new ArrayList<>();
        for (int d = bigN / 2; d >= 1; d /= 2) {
            distances.add(d);
        }
        for (int k = distances.size() - 2; k >= 0; k--) {
            distances.add(distances.get(k));
        }
        List<List<Switch>> stages = new ArrayList<>();
        for (int d : distances) {
            List<Switch> stage = new ArrayList<>();
            for (int i = 1; i <= bigN; i++) {
                if (((i - 1) & d) == 0) {
                    stage.add(new Switch(i, i + d));
                }
            }
            stages.add(stage);
        }
        return stages;
    }

    /**
     * 001 §8.1's rule for any n: "a proper broadcasting sequence may be obtained for generic n from a T_n̂ switching network", n̂ the
     * power of two 2^⌈log n⌉, "by listing only those pairwise interchanges of digits (a_i, a_j) in T_8 that do not include" digits
     * above n. Stages left empty are dropped.
     */
    public static List<List<Switch>> benesRestricted(int n) {
        int bigN = Integer.highestOneBit(n) == n ? n : Integer.highestOneBit(n) * 2;
        List<List<Switch>> stages = new ArrayList<>();
        for (List<Switch> stage : benes(bigN)) {
            List<Switch> kept = stage.stream().filter(s -> s.j() <= n).toList();
            if (!kept.isEmpty()) {
                stages.add(kept);
            }
        }
        return stages;
    }

    /**
     * The Beneš network of arbitrary size (C. Chang, R. Melhem, "Arbitrary size Benes networks", Parallel Processing Letters 7(3),
     * 1997): a first and a last stage of ⌊n/2⌋ switches (i, i + ⌊n/2⌋), and between them the networks of the upper ⌊n/2⌋ and the
     * lower ⌈n/2⌉ positions side by side; for odd n the last position bypasses the outer stages. It is rearrangeable for every n
     * and equals T_n when n is a power of two. The shorter half is centred among the inner stages.
     */
    public static List<List<Switch>> benesArbitrarySize(int n) {
        return benesArbitrarySize(1, n);
    }

    private static List<List<Switch>> benesArbitrarySize(int lo, int size) {
        List<List<Switch>> stages = new ArrayList<>();
        if (size <= 1) {
            return stages;
        }
        if (size == 2) {
            stages.add(List.of(new Switch(lo, lo + 1)));
            return stages;
        }
        int h = size / 2;
        List<Switch> outer = new ArrayList<>();
        for (int k = 0; k < h; k++) {
            outer.add(new Switch(lo + k, lo + h + k));
        }
        List<List<Switch>> upper = benesArbitrarySize(lo, h);
        List<List<Switch>> lower = benesArbitrarySize(lo + h, size - h);
        int depth = Math.max(upper.size(), lower.size());
        int upperShift = (depth - upper.size()) / 2;
        int lowerShift = (depth - lower.size()) / 2;
        stages.add(outer);
        for (int k = 0; k < depth; k++) {
            List<Switch> stage = new ArrayList<>();
            if (k >= upperShift && k - upperShift < upper.size()) {
                stage.addAll(upper.get(k - upperShift));
            }
            if (k >= lowerShift && k - lowerShift < lower.size()) {
                stage.addAll(lower.get(k - lowerShift));
            }
            stages.add(stage);
        }
        stages.add(outer);
        return stages;
    }

    /**
     * 𝒯_n (001 §8.2, Fig. 7), even n: n − 1 stages of n/2 switches of digits at adjacent positions, positions n and 1 counting as
     * adjacent; "each stage of 𝒯_n has a switch that can be represented by a star operation consisting of just one lateral link and
     * (n−2)/2 switches that require 3" (Theorem 6). Odd stages (1,2)(3,4)…(n−1,n) ascending, even stages (1,n)(n−2,n−1)…(2,3)
     * descending, the order of Theorem 7's example for 𝒯_8, "2 − 3 − 4 − 3 − 5 − 6 − 5 − 7 − 8 − 7 − 8 − 7 − 6 − 7 − 5 − 6 − 5 − 3 −
     * 2 − 3 − 2 …" (its "5 − 6 − 5" in the second stage must be "5 − 4 − 5": (5, 6) is already in the first stage and (4, 5) would be
     * missing; the local-link counts of the proof, 2 between switches, need it too).
     *
     * <p>Odd n: 001 defines 𝒯_n for even n only (Theorem 5); like its rule for T_n, this takes 𝒯_{n+1} and lists only the switches
     * without digit n + 1, which is odd–even transposition sort on n positions: n stages of (n−1)/2 switches, n(n−1)/2 in all.
     */
    public static List<List<Switch>> adjacentTranspositions(int n) {
        int m = n % 2 == 0 ? n : n + 1;
        List<List<Switch>> stages = new ArrayList<>();
        for (int k = 0; k < m - 1; k++) {
            List<Switch> stage = new ArrayList<>();
            if (k % 2 == 0) {
                for (int i = 1; i < m; i += 2) {
                    stage.add(new Switch(i, i + 1));
                }
            } else {
                stage.add(new Switch(1, m));
                for (int i = m - 2; i >= 2; i -= 2) {
                    stage.add(new Switch(i, i + 1));
                }
            }
            stages.add(stage.stream().filter(s -> s.j() <= n).toList());
        }
        return stages;
    }

    /**
     * The star operations of a switching network, switch by switch: "a switch (1, j) is one star operation j" and a switch (i, j) with
     * i, j ≠ 1 is three, (1 j)(1 i)(1 j) = (1 i)(1 j)(1 i) = (i j). 001 prints both orientations (Fig. 6's first stage "5 − 6 − 2 −
     * 6 − 7 − 3 − 7 − 8 − 4 − 8", Theorem 7's "3 − 4 − 3" and "7 − 6 − 7"); both follow one rule, used here: start with the digit
     * nearer, on the ring, to the position of the previous star operation (at first the source's), the larger one on a tie.
     */
    public static int[] starOperations(List<List<Switch>> stages, int n, int startPosition) {
        List<Integer> ops = new ArrayList<>();
        int at = startPosition;
        for (List<Switch> stage : stages) {
            for (Switch s : stage) {
                if (s.i() == 1) {
                    ops.add(s.j());
                    at = s.j();
                } else {
                    int first = ringDistance(n, at, s.i()) < ringDistance(n, at, s.j()) ? s.i() : s.j();
                    int second = first == s.i() ? s.j() : s.i();
                    ops.add(first);
                    ops.add(second);
                    ops.add(first);
                    at = first;
                }
            }
        }
        return ops.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Local links between ring positions a and b of SCC_n (ring of n − 1 nodes, positions 2..n), the shorter way round. */
    public static int ringDistance(int n, int a, int b) {
        int r = n - 1;
        int d = Math.floorMod(b - a, r);
        return Math.min(d, r - d);
    }

    /**
     * Whether broadcasting in S_n with the star operations {@code ops} in turn (every informed node sends along the operation's
     * generator) informs all n! nodes from the identity: the quotient of a run, used to choose among sequences before a run.
     */
    public static boolean reachesEveryPermutation(StarGraph star, int[] ops) {
        BitSet informed = new BitSet(star.nodeCount());
        informed.set(0);
        int[] list = new int[star.nodeCount()];
        int count = 1;
        for (int g : ops) {
            int before = count;
            for (int k = 0; k < before; k++) {
                int v = star.neighbour(list[k], g);
                if (!informed.get(v)) {
                    informed.set(v);
                    list[count++] = v;
                }
            }
        }
        return count == star.nodeCount();
    }
}
