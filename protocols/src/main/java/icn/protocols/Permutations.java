package icn.protocols;

import java.util.Arrays;

/**
 * Permutations of the symbols {@code 1..n} as byte arrays (position 0 holds the first symbol), ranked in lexicographic order
 * (the rank of {@code 12...n} is 0). Used as the supernode labels of SCC_n and the node labels of S_n.
 */
public final class Permutations {

    /** The largest n whose permutations the project ranks: 12! still fits an int. */
    public static final int MAX_N = 12;

    private static final int[] FACTORIAL = new int[MAX_N + 1];

    static {
        FACTORIAL[0] = 1;
        for (int i = 1; i <= MAX_N; i++) {
            FACTORIAL[i] = FACTORIAL[i - 1] * i;
        }
    }

    private Permutations() {
    }

    public static int factorial(int n) {
        if (n < 0 || n > MAX_N) {
            throw new IllegalArgumentException("factorial of " + n + " is out of range 0.." + MAX_N);
        }
        return FACTORIAL[n];
    }

    public static byte[] identity(int n) {
        byte[] p = new byte[n];
        for (int i = 0; i < n; i++) {
            p[i] = (byte) (i + 1);
        }
        return p;
    }

    /** Lexicographic rank (Lehmer code) of a permutation of 1..n. */
    public static int rank(byte[] p) {
        int n = p.length;
        int rank = 0;
        int used = 0;
        for (int i = 0; i < n; i++) {
            int symbol = p[i];
            int smallerUnused = Integer.bitCount(~used & ((1 << symbol) - 2));
            rank += smallerUnused * FACTORIAL[n - 1 - i];
            used |= 1 << symbol;
        }
        return rank;
    }

    /** The permutation of 1..n with the given lexicographic rank, written into {@code out}. */
    public static void unrank(int rank, byte[] out) {
        int n = out.length;
        int available = ((1 << n) - 1) << 1; // bits 1..n
        for (int i = 0; i < n; i++) {
            int f = FACTORIAL[n - 1 - i];
            int k = rank / f;
            rank %= f;
            int bits = available;
            for (int j = 0; j < k; j++) {
                bits &= bits - 1;
            }
            int symbol = Integer.numberOfTrailingZeros(bits);
            out[i] = (byte) symbol;
            available &= ~(1 << symbol);
        }
    }

    public static byte[] unrank(int rank, int n) {
        byte[] p = new byte[n];
        unrank(rank, p);
        return p;
    }

    /**
     * The distance of {@code p} from the identity in the star graph S_n, whose generators exchange the first symbol with the i-th
     * (Akers and Krishnamurthy; 000 Eq. 4): with m the misplaced symbols and c the cycles of length at least 2, c + m, less 2 when
     * the first symbol is not 1. The star graph's distance between π_s and π_d is that of π_d⁻¹·π_s ({@link #relative}).
     */
    public static int starDistance(byte[] p) {
        long mc = misplacedAndCycles(p);
        int m = (int) (mc >>> 32);
        int c = (int) mc;
        return p[0] == 1 ? c + m : c + m - 2;
    }

    /**
     * Whether {@code p} is odd: a product of an odd number of transpositions, m − c of them for m misplaced symbols in c cycles of
     * length at least 2.
     */
    public static boolean isOdd(byte[] p) {
        long mc = misplacedAndCycles(p);
        return (((mc >>> 32) - (int) mc) & 1) == 1;
    }

    /** The misplaced symbols (high 32 bits) and the cycles of length at least 2 (low 32 bits) of {@code p}. */
    private static long misplacedAndCycles(byte[] p) {
        int m = 0;
        int c = 0;
        int seen = 0;
        for (int x = 1; x <= p.length; x++) {
            if (p[x - 1] != x) {
                m++;
                if ((seen & 1 << x) == 0) {
                    c++;
                    for (int s = x; (seen & 1 << s) == 0; s = p[s - 1]) {
                        seen |= 1 << s;
                    }
                }
            }
        }
        return (long) m << 32 | c;
    }

    /**
     * π_d⁻¹·π_s, written into {@code out}: the position in π_d of each symbol of π_s. Left multiplication by π_d⁻¹ is an automorphism
     * of the star graph (and of SCC_n, position by position) that takes π_d to the identity.
     */
    public static void relative(byte[] ps, byte[] pd, byte[] out) {
        byte[] positionInD = new byte[pd.length + 1];
        for (int k = 0; k < pd.length; k++) {
            positionInD[pd[k]] = (byte) (k + 1);
        }
        for (int k = 0; k < ps.length; k++) {
            out[k] = positionInD[ps[k]];
        }
    }

    /** True when {@code p} holds each of 1..n exactly once. */
    public static boolean isPermutation(byte[] p) {
        int seen = 0;
        for (byte b : p) {
            if (b < 1 || b > p.length || (seen & (1 << b)) != 0) {
                return false;
            }
            seen |= 1 << b;
        }
        return true;
    }

    /** Writes the symbols without separators, e.g. {@code 12345} (n is at most 9 in the text form). */
    public static String toText(byte[] p) {
        StringBuilder sb = new StringBuilder(p.length);
        for (byte b : p) {
            sb.append(b == 10 ? 'A' : (char) ('0' + b)); // symbol 10 is written A, as in star:10 labels
        }
        return sb.toString();
    }

    public static String toString(byte[] p) {
        return Arrays.toString(p);
    }
}
