package icn.scenarios.claims;

/**
 * The papers' closed forms for the networks {@code icn compare} sets beside SCC_n, transcribed as printed: the hypercube (002),
 * CCC_n (001 §12), CR_n (003), the RNH and INH (002) and the n:k cube with its incomplete form (004). Reports put these beside
 * measured values, never in their place; SCC_n and S_n are {@link PaperFormulas}.
 */
public final class NetworkFormulas {

    private NetworkFormulas() {
    }

    /**
     * Average distance of the hypercube Q_n over all 2^n nodes, the node itself included: 002 §3 gives d̄_H = (n/2)·2^n/(2^n − 1) over
     * the 2^n − 1 other nodes, which is n/2 over all 2^n.
     */
    public static double hypercubeAverageDistance(int n) {
        double others = n / 2.0 * Math.pow(2, n) / (Math.pow(2, n) - 1); // 002, §3, mean distance in the base hypercube
        return others * (Math.pow(2, n) - 1) / Math.pow(2, n);
    }

    /** Size of CCC_n with n-node rings: n·2^n (001 §12). */
    public static long cccNodes(int n) {
        return (long) n << n;
    }

    /** Diameter of CCC_n: 2n + ⌊n/2⌋ − 2 (001 §12 and Table 7), 6 for n = 3 (003 Table 4.1). */
    public static int cccDiameter(int n) {
        return n == 3 ? 6 : 2 * n + n / 2 - 2;
    }

    /** Steps of 001 §12's one-port broadcasting in CCC_n: n⌊(n+3)/2⌋. */
    public static int cccOnePortSteps(int n) {
        return n * ((n + 3) / 2);
    }

    /** Steps of 001 §12's multiple-port broadcasting in CCC_n: n⌊(n+2)/2⌋. */
    public static int cccMultiPortSteps(int n) {
        return n * ((n + 2) / 2);
    }

    /** Size of CR_n: n·2^n (003 Theorem 2.1(2)). */
    public static long crNodes(int n) {
        return (long) n << n;
    }

    /** Edges of CR_n: n·2^n + (n(n−1)/2)·2^n (003 Theorem 2.1(3)): the g-edges and the edges of the 2^n f-cycles, each a K_n (Lemma 2.5). */
    public static long crEdges(int n) {
        return ((long) n << n) + ((long) n * (n - 1) / 2 << n);
    }

    /** Diameter of CR_n: n + 1 (003 Theorem 3.3). */
    public static int crDiameter(int n) {
        return n + 1;
    }

    /** Size of the (n,k)-RNH: 2^n + n·2^(n−1)·k (002 §2). */
    public static long rnhNodes(int n, int k) {
        return (1L << n) + ((long) n << (n - 1)) * k;
    }

    /** Edges of the (n,k)-RNH: n·2^(n−1) + n·2^(n−1)·(k+1) (002 §2). */
    public static long rnhEdges(int n, int k) {
        return ((long) n << (n - 1)) * (k + 2);
    }

    /** Diameter of the (n,k)-RNH: n + k (002 §2). */
    public static int rnhDiameter(int n, int k) {
        return n + k;
    }

    /** Size of the (k_1, …, k_{n·2^(n−1)})-INH: 2^n + Σ k_i (002 §2). */
    public static long inhNodes(int n, int[] k) {
        long sum = 1L << n;
        for (int ki : k) {
            sum += ki;
        }
        return sum;
    }

    /** k^n, the size of the n:k cube Q(n,k) (004 §2) and, by 004 Theorem 5.1(1), of Q_{n,k}((k−1)^β) for n ≤ β. */
    public static long karyNodes(int n, int k) {
        long p = 1;
        for (int i = 0; i < n; i++) {
            p *= k;
        }
        return p;
    }

    /**
     * Size of the incomplete n:k cube Q_{n,k}((k−1)^β) by its linear recurrence (004 Definitions 4.1–4.3, Theorem 5.3):
     * X(n) = (k−1)X(n−1) + … + (k−1)X(n−β), X(0) = 1, terms with n − i &lt; 0 left out.
     */
    public static long incompleteCubeNodes(int n, int k, int beta) {
        long[] x = new long[n + 1];
        x[0] = 1;
        for (int m = 1; m <= n; m++) {
            for (int i = 1; i <= beta && i <= m; i++) {
                x[m] += (k - 1) * x[m - i]; // 004, Eq. (3) with the generator A = (k−1)^β
            }
        }
        return x[n];
    }
}
