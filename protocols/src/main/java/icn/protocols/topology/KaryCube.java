package icn.protocols.topology;

import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.NetworkKind;
import icn.protocols.Topology;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The n:k cube Q(n,k) and the incomplete n:k cube Q_{n,k}((k−1)^β) of 004, with the adjacency of 004 Definition 4.3: two nodes are
 * linked if and only if their labels differ in exactly one position (W(H(X,Y)) = 1).
 *
 * <p><b>kcube:n,k</b> — the complete n:k cube: every string of n symbols over 0..k−1 is a node, k^n nodes (004 §2), each of degree
 * n·(k−1). (004 §2 describes the k-ary n-cube informally as linking nearest neighbours in each dimension, a torus; its §4–§6 and
 * Theorem 5.1(2), which makes every Q_{n,k}(A) a subgraph of Q(n,k), need the Definition 4.3 adjacency, so that is the one used here.
 * For k ≤ 3 the two agree.)
 *
 * <p><b>icube:n,k,β</b> — the incomplete n:k cube with generator A = (k−1)^β (004 Definition 4.3): the seed sets are
 * A_i = (k−1)^{i−1}∘{0, …, k−2} for i = 1..β, and V_{n,k}(A) = ∪_i A_i∘V_{n−i,k}(A) with V_{0,k} = {e} and no term for i > n. So the
 * labels are exactly the strings of n symbols that split into seeds: every run of symbol k−1 is shorter than β and is followed by a
 * smaller symbol (a label never ends in k−1, as 004 §6.1 notes). The node count X(n) satisfies X(0) = 1 and
 * X(n) = (k−1)·(X(n−1) + … + X(n−min(n,β))) (Definition 4.3, Theorem 5.3). Parameters: n ≥ 1, 2 ≤ k ≤ 36, 1 ≤ β ≤ n (a larger β
 * gives the graph of β = n), and W(A) = β(k−1) &gt; 1 (004 §3), which excludes the one-node icube:n,2,1.
 *
 * <p><b>Labels</b>: the n symbols a_1 … a_n left to right as 004 §6 writes them, each a digit 0–9 or a letter a–z for 10–35, e.g.
 * {@code 313302} in icube:6,4,3. Position j (1..n) is the j-th symbol from the left.
 *
 * <p><b>Dense ids</b>: for kcube, the label read as a base-k number, a_1 most significant. For icube, the rank of the label in the
 * order of Definition 4.3's union: the labels of A_1∘V_{n−1} first (seed 0, then 1, … k−2), then those of A_2∘V_{n−2}, and so on,
 * recursively; id = Σ over the label's seeds p = (k−1)^{i−1}s, at a point where m positions remain, of
 * (k−1)·(X(m−1) + … + X(m−i+1)) + s·X(m−i).
 *
 * <p><b>Ports</b>: n·(k−1) of them, all {@link LinkClass#DIMENSION}: port (j−1)·(k−1) + t−1, named {@code DIGIT_j+t}, replaces symbol
 * a_j by (a_j + t) mod k (t = 1..k−1); it arrives on {@code DIGIT_j+(k−t)}. In icube a port whose label is not a node leads to
 * {@link Topology#NONE}.
 */
public final class KaryCube implements Topology {

    public static final int MIN_K = 2;
    public static final int MAX_K = 36;
    public static final int MAX_N = 32;
    /** The most nodes an n:k cube may have: 4,194,304, about 4 GiB of heap as node actors at 1 KiB each. */
    public static final int MAX_NODES = 1 << 22;

    private static final Pattern COMPLETE = Pattern.compile("\\s*(\\d{1,9})\\s*,\\s*(\\d{1,9})\\s*");
    private static final Pattern INCOMPLETE = Pattern.compile("\\s*(\\d{1,9})\\s*,\\s*(\\d{1,9})\\s*,\\s*(\\d{1,9})\\s*");
    /** Node counts are computed up to this value (2^62) and stop growing there. */
    private static final long SATURATED = 1L << 62;
    private static final String SYMBOLS = "0123456789abcdefghijklmnopqrstuvwxyz";

    private final int n;
    private final int k;
    /** β of an icube; 0 for the complete kcube. */
    private final int beta;
    /** k^(n−j) for position j = 1..n (index j−1), kcube only. */
    private final int[] weight;
    /** X(m), m = 0..n, icube only. */
    private final int[] count;
    private final int nodeCount;
    private final String name;
    /** Largest neighbour table an incomplete cube builds, in entries. */
    private static final long TABLE_ENTRIES = 1L << 24;
    /** The incomplete cube's neighbour table once built ({@link #incompleteNeighbours}); null before, and for the complete cube. */
    private volatile int[] neighbours;
    /** Neighbour lookups of the incomplete cube before its table is built (counted without synchronisation: a lost count only delays it). */
    private long lookups;

    private KaryCube(int n, int k, int beta, long nodes, String name) {
        this.n = n;
        this.k = k;
        this.beta = beta;
        this.name = name;
        this.nodeCount = (int) nodes;
        if (beta == 0) {
            weight = new int[n];
            int w = 1;
            for (int j = n - 1; j >= 0; j--) {
                weight[j] = w;
                w *= k;
            }
            count = null;
        } else {
            weight = null;
            long[] x = incompleteCounts(n, k, beta);
            count = new int[n + 1];
            for (int m = 0; m <= n; m++) {
                count[m] = (int) x[m];
            }
        }
    }

    /** The complete n:k cube, k^n nodes. */
    public static KaryCube complete(int n, int k) {
        String name = "kcube:" + n + "," + k;
        checkNk(name, n, k);
        long nodes = 1;
        for (int j = 0; j < n; j++) {
            nodes = times(nodes, k);
        }
        if (nodes > MAX_NODES) {
            throw new InvalidInputException(tooLarge(name, nodes));
        }
        return new KaryCube(n, k, 0, nodes, name);
    }

    /** The incomplete n:k cube Q_{n,k}((k−1)^β) of 004 Definition 4.3. */
    public static KaryCube incomplete(int n, int k, int beta) {
        String name = "icube:" + n + "," + k + "," + beta;
        checkNk(name, n, k);
        if (beta < 1 || beta > n) {
            throw new InvalidInputException(name + ": the depth β is out of range 1..n = 1.." + n);
        }
        if (beta * (k - 1) <= 1) {
            throw new InvalidInputException(name + ": the generator (k−1)^β = 1 has weight 1 and gives one node; 004 §3 needs W(A) > 1");
        }
        long nodes = incompleteCounts(n, k, beta)[n];
        if (nodes > MAX_NODES) {
            throw new InvalidInputException(tooLarge(name, nodes));
        }
        return new KaryCube(n, k, beta, nodes, name);
    }

    /** A kcube from the text after {@code kcube:}: {@code n,k}, e.g. {@code 3,4}. */
    public static KaryCube parseComplete(String params) {
        Matcher m = COMPLETE.matcher(params);
        if (!m.matches()) {
            throw new InvalidInputException("malformed topology 'kcube:" + params + "': expected kcube:N,K (N symbols over 0..K-1), e.g. kcube:3,4");
        }
        return complete(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    /** An icube from the text after {@code icube:}: {@code n,k,β}, e.g. {@code 5,4,3} for Q_{5,4}(333). */
    public static KaryCube parseIncomplete(String params) {
        Matcher m = INCOMPLETE.matcher(params);
        if (!m.matches()) {
            throw new InvalidInputException("malformed topology 'icube:" + params
                    + "': expected icube:N,K,BETA for Q_{N,K}((K-1)^BETA), e.g. icube:5,4,3");
        }
        return incomplete(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
    }

    private static long times(long a, int b) {
        return a > SATURATED / b ? SATURATED : a * b;
    }

    private static String tooLarge(String name, long nodes) {
        String count = nodes >= SATURATED ? "more than 2^62" : String.format(Locale.ROOT, "%,d", nodes);
        return String.format(Locale.ROOT, "%s has %s nodes, over the limit of %,d (about %d GiB of heap as node actors)", name, count,
                MAX_NODES, MAX_NODES >> 20);
    }

    private static void checkNk(String name, int n, int k) {
        if (n < 1 || n > MAX_N) {
            throw new InvalidInputException(name + ": the number of positions n is out of range 1.." + MAX_N);
        }
        if (k < MIN_K || k > MAX_K) {
            throw new InvalidInputException(name + ": the radix k is out of range " + MIN_K + ".." + MAX_K);
        }
    }

    /** X(0..n) by the recurrence of Definition 4.3 / Theorem 5.3, saturating at 2^62. */
    private static long[] incompleteCounts(int n, int k, int beta) {
        long[] x = new long[n + 1];
        x[0] = 1;
        for (int m = 1; m <= n; m++) {
            long sum = 0;
            for (int i = 1; i <= Math.min(m, beta); i++) {
                sum = Math.min(SATURATED, sum + x[m - i]);
            }
            x[m] = times(sum, k - 1);
        }
        return x;
    }

    public int n() {
        return n;
    }

    public int k() {
        return k;
    }

    /** β of Q_{n,k}((k−1)^β); 0 for the complete n:k cube. */
    public int beta() {
        return beta;
    }

    public boolean isComplete() {
        return beta == 0;
    }

    /** A complete n:k cube's ids are its coordinates in base k; an incomplete one's are not (nodes are missing). */
    @Override
    public java.util.Optional<Address> address() {
        return isComplete() ? java.util.Optional.of(new Address(n(), k(), "digit")) : java.util.Optional.empty();
    }

    @Override
    public NetworkKind kind() {
        return isComplete() ? NetworkKind.KCUBE : NetworkKind.ICUBE;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int nodeCount() {
        return nodeCount;
    }

    @Override
    public int portCount() {
        return n * (k - 1);
    }

    /** The port that adds t (1..k−1, mod k) to the symbol at position j (1..n). */
    public int port(int position, int t) {
        return (position - 1) * (k - 1) + t - 1;
    }

    /** The port that sets the symbol at position j (1..n) from {@code from} to {@code to} (different). */
    public int portSetting(int position, int from, int to) {
        return port(position, Math.floorMod(to - from, k));
    }

    @Override
    public String portName(int port) {
        checkPort(port);
        return "DIGIT_" + (port / (k - 1) + 1) + "+" + (port % (k - 1) + 1);
    }

    @Override
    public LinkClass linkClass(int port) {
        checkPort(port);
        return LinkClass.DIMENSION;
    }

    private void checkPort(int port) {
        if (port < 0 || port >= n * (k - 1)) {
            throw new IllegalArgumentException(name + " has no port " + port);
        }
    }

    @Override
    public int neighbour(int node, int port) {
        checkPort(port);
        int j = port / (k - 1);
        int t = port % (k - 1) + 1;
        if (beta == 0) {
            int w = weight[j];
            int a = node / w % k;
            return node + ((a + t) % k - a) * w;
        }
        int[] table = neighbours;
        if (table == null && ++lookups > (long) nodeCount * portCount() / 4) {
            table = incompleteNeighbours();
        }
        return table == null ? computedNeighbour(node, j, t) : table[node * (n * (k - 1)) + port];
    }

    /** The incomplete cube's neighbour by its labels: the symbol at position j plus t, if that is still a node's label. */
    private int computedNeighbour(int node, int j, int t) {
        int[] digits = digits(node);
        digits[j] = (digits[j] + t) % k;
        return isLabel(digits) ? id(digits) : NONE;
    }

    /**
     * Every node's neighbours of an incomplete cube, built once the lookups have cost a quarter of what building them costs (a
     * command that looks up a few neighbours does not pay for all of them), where they take at most {@value #TABLE_ENTRIES}
     * entries (64 MiB); else null. Ranking a label costs an array and a walk over it per lookup, and the link layer and the
     * routings look neighbours up for every flit (NoDeadlockTest's icube case spent most of its time there). Two threads may
     * both build it: the tables are the same.
     */
    private int[] incompleteNeighbours() {
        int ports = n * (k - 1);
        if ((long) nodeCount * ports > TABLE_ENTRIES) {
            lookups = Long.MIN_VALUE; // never: the table would be too big
            return null;
        }
        int[] table = new int[nodeCount * ports];
        for (int node = 0; node < nodeCount; node++) {
            for (int port = 0; port < ports; port++) {
                table[node * ports + port] = computedNeighbour(node, port / (k - 1), port % (k - 1) + 1);
            }
        }
        neighbours = table;
        return table;
    }

    @Override
    public int arrivalPort(int node, int port) {
        checkPort(port);
        int j = port / (k - 1);
        int t = port % (k - 1) + 1;
        return j * (k - 1) + (k - t) - 1;
    }

    /** The symbols a_1 … a_n of a node (index 0 holds a_1). */
    public int[] digits(int node) {
        if (node < 0 || node >= nodeCount) {
            throw new IllegalArgumentException(node + " is not a node of " + name + " (0.." + (nodeCount - 1) + ")");
        }
        int[] a = new int[n];
        if (beta == 0) {
            for (int j = n - 1; j >= 0; j--) {
                a[j] = node % k;
                node /= k;
            }
            return a;
        }
        int rest = node;
        int pos = 0;
        int m = n;
        while (m > 0) {
            for (int i = 1; i <= Math.min(beta, m); i++) {
                long block = (long) (k - 1) * count[m - i];
                if (rest < block) {
                    for (int r = 0; r < i - 1; r++) {
                        a[pos++] = k - 1;
                    }
                    a[pos++] = rest / count[m - i];
                    rest %= count[m - i];
                    m -= i;
                    break;
                }
                rest -= (int) block;
            }
        }
        return a;
    }

    /** Whether a string of n symbols over 0..k−1 is a node: always for kcube; for icube, when it splits into seeds of (k−1)^β. */
    public boolean isLabel(int[] digits) {
        if (digits.length != n) {
            return false;
        }
        int run = 0;
        for (int a : digits) {
            if (a < 0 || a >= k) {
                return false;
            }
            if (beta == 0) {
                continue;
            }
            if (a == k - 1) {
                if (++run >= beta) {
                    return false;
                }
            } else {
                run = 0;
            }
        }
        return beta == 0 || run == 0;
    }

    /** The id of a label given as symbols; throws {@link InvalidInputException} when it is not a node. */
    public int id(int[] digits) {
        if (!isLabel(digits)) {
            throw new InvalidInputException("label " + text(digits) + " is not a node of " + name + notNodeReason(digits));
        }
        if (beta == 0) {
            int id = 0;
            for (int a : digits) {
                id = id * k + a;
            }
            return id;
        }
        int id = 0;
        int pos = 0;
        int m = n;
        while (m > 0) {
            int i = 1;
            while (digits[pos + i - 1] == k - 1) {
                i++;
            }
            for (int r = 1; r < i; r++) {
                id += (k - 1) * count[m - r];
            }
            id += digits[pos + i - 1] * count[m - i];
            pos += i;
            m -= i;
        }
        return id;
    }

    private String notNodeReason(int[] digits) {
        if (digits.length != n) {
            return ": it has " + digits.length + " symbols, not " + n;
        }
        for (int a : digits) {
            if (a < 0 || a >= k) {
                return ": its symbols must be 0.." + (k - 1);
            }
        }
        if (digits[n - 1] == k - 1) {
            return ": it ends in " + SYMBOLS.charAt(k - 1) + " = k−1, so it does not split into seeds (004 Def. 4.3)";
        }
        return ": it has a run of " + beta + " or more symbols " + SYMBOLS.charAt(k - 1) + " = k−1, longer than any seed (004 Def. 4.3)";
    }

    private String text(int[] digits) {
        StringBuilder s = new StringBuilder(digits.length);
        for (int a : digits) {
            s.append(a >= 0 && a < SYMBOLS.length() ? SYMBOLS.charAt(a) : '?');
        }
        return s.toString();
    }

    @Override
    public String label(int node) {
        return text(digits(node));
    }

    @Override
    public int parseLabel(String text) {
        String s = text.strip();
        if (s.length() != n) {
            throw new InvalidInputException("label '" + s + "' has " + s.length() + " symbols; " + name + " labels have " + n + ", e.g. "
                    + label(nodeCount - 1));
        }
        int[] digits = new int[n];
        for (int j = 0; j < n; j++) {
            int a = SYMBOLS.indexOf(Character.toLowerCase(s.charAt(j)));
            if (a < 0 || a >= k) {
                throw new InvalidInputException("label '" + s + "' has the symbol '" + s.charAt(j) + "' at position " + (j + 1) + "; " + name
                        + " symbols are " + SYMBOLS.charAt(0) + ".." + SYMBOLS.charAt(k - 1));
            }
            digits[j] = a;
        }
        return id(digits);
    }

    /** The Hamming distance W(H(X, Y)) between the labels of two nodes: their distance in the graph (004 §6.1). */
    public int hamming(int x, int y) {
        int[] a = digits(x);
        int[] b = digits(y);
        int h = 0;
        for (int j = 0; j < n; j++) {
            if (a[j] != b[j]) {
                h++;
            }
        }
        return h;
    }
}
