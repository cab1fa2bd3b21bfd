package icn.protocols.topology;

import icn.protocols.InvalidInputException;
import icn.protocols.Permutations;

/**
 * The star graph S_n (000 §2.1): nodes are the permutations of 1..n (by lexicographic rank), and generator g_i (2 ≤ i ≤ n) exchanges
 * the first and the i-th symbol. It is the quotient of SCC_n whose nodes are the supernodes. The neighbour table is built once, on
 * the first {@link #neighbour} asked: for n = 10 it holds 3,628,800 × 9 ranks (130 MB) and takes most of a second, which a command
 * that only parses the network (to refuse it for the heap, say) does not need.
 */
public final class StarGraph {

    private final int n;
    private final int nodeCount;
    private volatile int[] neighbours; // [rank * (n-1) + (i-2)], null until first asked

    private StarGraph(int n) {
        this.n = n;
        this.nodeCount = Permutations.factorial(n);
    }

    /** The neighbour table, built by the first thread that asks (node actors of several threads share one topology). */
    private int[] table() {
        int[] t = neighbours;
        if (t == null) {
            synchronized (this) {
                t = neighbours;
                if (t == null) {
                    t = tabulate(n, nodeCount);
                    neighbours = t;
                }
            }
        }
        return t;
    }

    private static int[] tabulate(int n, int nodeCount) {
        int[] table = new int[nodeCount * (n - 1)];
        byte[] p = new byte[n];
        for (int r = 0; r < nodeCount; r++) {
            Permutations.unrank(r, p);
            for (int i = 2; i <= n; i++) {
                swap(p, 0, i - 1);
                table[r * (n - 1) + i - 2] = Permutations.rank(p);
                swap(p, 0, i - 1);
            }
        }
        return table;
    }

    public static StarGraph of(int n) {
        if (n < 2 || n > Scc.MAX_N) {
            throw new InvalidInputException("star:" + n + " is out of range 2.." + Scc.MAX_N);
        }
        return new StarGraph(n);
    }

    private static void swap(byte[] p, int a, int b) {
        byte t = p[a];
        p[a] = p[b];
        p[b] = t;
    }

    public int n() {
        return n;
    }

    public int nodeCount() {
        return nodeCount;
    }

    /** The rank reached from {@code rank} by generator g_i, 2 ≤ i ≤ n. */
    public int neighbour(int rank, int i) {
        return table()[rank * (n - 1) + i - 2];
    }
}
