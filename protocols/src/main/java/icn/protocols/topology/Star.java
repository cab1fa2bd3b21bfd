package icn.protocols.topology;

import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.NetworkKind;
import icn.protocols.Permutations;
import icn.protocols.ResourceEstimate;
import icn.protocols.Topology;
import java.util.Locale;

/**
 * The star graph S_n (000 §2.1, 001 §2): n! nodes, the permutations of the symbols 1..n; port {@code g_i} (2 ≤ i ≤ n) exchanges the
 * first and the i-th symbol. Every link is a {@link LinkClass#LATERAL} link: they are the lateral links of SCC_n, whose quotient S_n
 * is (001 §4). Name {@code star:N}.
 *
 * <p>Dense ids are the lexicographic ranks of {@link Permutations} (the identity {@code 12…n} is 0). Ports are numbered
 * {@code i − 2}: port 0 is g_2, port n−2 is g_n. A generator is its own inverse, so a message sent on g_i arrives on g_i.
 *
 * <p>Label text form: the symbols in order without separators, as 001 writes them ({@code 26543187}); the symbol 10 of S_10 is written
 * {@code A} (parsing accepts {@code a} too), so that every symbol stays one character.
 *
 * <p>n is in {@value #MIN_N}..{@value #MAX_N}: S_2 is a single link and S_1 a single node, too small to say anything; S_10 has
 * 3,628,800 nodes, about as many as SCC_9 (2,903,040), the largest network the project runs as node actors, while S_11 would have
 * 39,916,800 (about 38 GiB of heap as node actors). Up to n = 9 the neighbours come from the table of {@link StarGraph}; for n = 10,
 * whose table would take 130 MB, they are computed from the permutation at each call.
 */
public final class Star implements Topology {

    public static final int MIN_N = 3;
    public static final int MAX_N = 10;

    private final int n;
    private final int nodeCount;
    private final StarGraph table; // null when neighbours are computed on the fly

    private Star(int n, boolean tabulate) {
        this.n = n;
        this.nodeCount = Permutations.factorial(n);
        this.table = tabulate ? StarGraph.of(n) : null;
    }

    public static Star of(int n) {
        check(n);
        return new Star(n, n <= Scc.MAX_N);
    }

    /** S_n whose neighbours are always computed from the permutation (the path of S_10), for tests that compare it with the table. */
    static Star untabulated(int n) {
        check(n);
        return new Star(n, false);
    }

    private static void check(int n) {
        if (n < MIN_N || n > MAX_N) {
            String size = "";
            if (n > MAX_N && n <= Permutations.MAX_N) {
                long nodes = Permutations.factorial(n);
                size = String.format(Locale.ROOT, ": it has %,d nodes, which as node actors would need about %.0f GiB of heap", nodes,
                        nodes * (double) ResourceEstimate.HEAP_BYTES_PER_NODE_ACTOR / (1L << 30));
            }
            throw new InvalidInputException("star:" + n + " is out of range " + MIN_N + ".." + MAX_N + size);
        }
    }

    /** S_n from the text after {@code star:}, e.g. {@code 5}. */
    public static Star parse(String params) {
        return of(TopologyParams.integers(params, "star", "N", "star:5", 1)[0]);
    }

    public int n() {
        return n;
    }

    @Override
    public NetworkKind kind() {
        return NetworkKind.STAR;
    }

    @Override
    public String name() {
        return "star:" + n;
    }

    @Override
    public int nodeCount() {
        return nodeCount;
    }

    @Override
    public int portCount() {
        return n - 1;
    }

    /** The dimension i (2..n) of generator g_i on a port. */
    public static int generator(int port) {
        return port + 2;
    }

    /** The port of generator g_i. */
    public static int port(int generator) {
        return generator - 2;
    }

    @Override
    public String portName(int port) {
        checkPort(port);
        return "g" + generator(port);
    }

    private void checkPort(int port) {
        if (port < 0 || port >= n - 1) {
            throw new IllegalArgumentException(name() + " has no port " + port);
        }
    }

    @Override
    public int neighbour(int node, int port) {
        checkPort(port);
        if (table != null) {
            return table.neighbour(node, generator(port));
        }
        byte[] p = Permutations.unrank(node, n);
        byte t = p[0];
        p[0] = p[port + 1];
        p[port + 1] = t;
        return Permutations.rank(p);
    }

    /** g_i is an involution: the link is port g_i at both ends. */
    @Override
    public int arrivalPort(int node, int port) {
        checkPort(port);
        return port;
    }

    @Override
    public LinkClass linkClass(int port) {
        checkPort(port);
        return LinkClass.LATERAL;
    }

    /**
     * The distance between two nodes in closed form: left multiplication by π_d⁻¹ is an automorphism that takes π_d to the identity,
     * so d(π_s, π_d) = {@link Permutations#starDistance}(π_d⁻¹·π_s). No table.
     */
    public int distance(int from, int to) {
        byte[] q = new byte[n];
        Permutations.relative(Permutations.unrank(from, n), Permutations.unrank(to, n), q);
        return Permutations.starDistance(q);
    }

    /** {@link #distance} for every pair. */
    @Override
    public java.util.Optional<java.util.function.IntBinaryOperator> pairDistances() {
        return java.util.Optional.of(this::distance);
    }

    /** The distances to {@code destination} in closed form ({@link #distance}). */
    @Override
    public java.util.Optional<java.util.function.IntUnaryOperator> labelDistances(int destination) {
        return java.util.Optional.of(node -> distance(node, destination));
    }

    /** A copy of the permutation of a node. */
    public byte[] permutation(int node) {
        return Permutations.unrank(node, n);
    }

    /** The id of a permutation of 1..n. */
    public int id(byte[] permutation) {
        if (permutation.length != n || !Permutations.isPermutation(permutation)) {
            throw new IllegalArgumentException("not a permutation of 1.." + n);
        }
        return Permutations.rank(permutation);
    }

    @Override
    public String label(int node) {
        byte[] p = permutation(node);
        StringBuilder sb = new StringBuilder(n);
        for (byte b : p) {
            sb.append(b == 10 ? 'A' : (char) ('0' + b));
        }
        return sb.toString();
    }

    @Override
    public int parseLabel(String text) {
        String s = text.strip();
        if (s.length() != n) {
            throw new InvalidInputException("malformed label '" + s + "': " + name() + " labels are " + n + " symbols 1.." + n
                    + " without separators" + (n == 10 ? " (10 written A)" : "") + ", e.g. " + label(0));
        }
        byte[] p = new byte[n];
        for (int k = 0; k < n; k++) {
            char c = s.charAt(k);
            int symbol = c >= '1' && c <= '9' ? c - '0' : (c == 'A' || c == 'a') ? 10 : -1;
            if (symbol < 1 || symbol > n) {
                throw new InvalidInputException("label '" + s + "' is impossible: symbol '" + c + "' is not one of 1.." + n
                        + (n == 10 ? " (10 written A)" : ""));
            }
            p[k] = (byte) symbol;
        }
        if (!Permutations.isPermutation(p)) {
            throw new InvalidInputException("label '" + s + "' is impossible: it repeats a symbol, so it is not a permutation of 1.." + n);
        }
        return Permutations.rank(p);
    }
}
