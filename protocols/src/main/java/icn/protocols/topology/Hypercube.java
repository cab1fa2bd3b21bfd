package icn.protocols.topology;

import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.NetworkKind;
import icn.protocols.Topology;

/**
 * The binary hypercube Q_n (the n-cube of 001 §12 and Table 7; the 2-ary n-cube of 004): 2^n nodes, node x linked to x with bit d
 * flipped for every dimension d in 0..n−1. Name {@code hypercube:N}.
 *
 * <p>Dense ids are the labels as binary numbers. Port d is dimension d ({@code DIM0} … {@code DIM<n−1>}, {@link LinkClass#DIMENSION});
 * a link is port d at both ends.
 *
 * <p>Label text form: the n bits x_{n−1} … x_0 without separators, most significant first as 004 writes k-ary labels ({@code 0110}
 * is node 6 of Q_4).
 *
 * <p>n is in {@value #MIN_N}..{@value #MAX_N}: Q_24 has 16,777,216 nodes, already several times SCC_9, the largest network the
 * project runs as node actors; a BFS over it still fits a default heap.
 */
public final class Hypercube implements Topology {

    public static final int MIN_N = 1;
    public static final int MAX_N = 24;

    private final int n;

    private Hypercube(int n) {
        this.n = n;
    }

    public static Hypercube of(int n) {
        if (n < MIN_N || n > MAX_N) {
            throw new InvalidInputException("hypercube:" + n + " is out of range " + MIN_N + ".." + MAX_N);
        }
        return new Hypercube(n);
    }

    /** Q_n from the text after {@code hypercube:}, e.g. {@code 6}. */
    public static Hypercube parse(String params) {
        return of(TopologyParams.integers(params, "hypercube", "N", "hypercube:6", 1)[0]);
    }

    public int n() {
        return n;
    }

    /** The Hamming distance of the ids: every dimension in which they differ takes one link. */
    @Override
    public java.util.Optional<java.util.function.IntUnaryOperator> labelDistances(int destination) {
        return java.util.Optional.of(node -> Integer.bitCount(node ^ destination));
    }

    /** The Hamming distance of the two labels. */
    @Override
    public java.util.Optional<java.util.function.IntBinaryOperator> pairDistances() {
        return java.util.Optional.of((from, to) -> Integer.bitCount(from ^ to));
    }

    @Override
    public java.util.Optional<Address> address() {
        return java.util.Optional.of(new Address(n, 2, "bit"));
    }

    @Override
    public NetworkKind kind() {
        return NetworkKind.HYPERCUBE;
    }

    @Override
    public String name() {
        return "hypercube:" + n;
    }

    @Override
    public int nodeCount() {
        return 1 << n;
    }

    @Override
    public int portCount() {
        return n;
    }

    private void checkPort(int port) {
        if (port < 0 || port >= n) {
            throw new IllegalArgumentException(name() + " has no port " + port);
        }
    }

    @Override
    public String portName(int port) {
        checkPort(port);
        return "DIM" + port;
    }

    @Override
    public int neighbour(int node, int port) {
        checkPort(port);
        return node ^ (1 << port);
    }

    @Override
    public int arrivalPort(int node, int port) {
        checkPort(port);
        return port;
    }

    @Override
    public LinkClass linkClass(int port) {
        checkPort(port);
        return LinkClass.DIMENSION;
    }

    @Override
    public String label(int node) {
        StringBuilder sb = new StringBuilder(n);
        for (int d = n - 1; d >= 0; d--) {
            sb.append((node >>> d & 1) == 0 ? '0' : '1');
        }
        return sb.toString();
    }

    @Override
    public int parseLabel(String text) {
        String s = text.strip();
        if (s.length() != n || !s.chars().allMatch(c -> c == '0' || c == '1')) {
            throw new InvalidInputException("malformed label '" + s + "': " + name() + " labels are " + n + " bits x_" + (n - 1)
                    + "…x_0, e.g. " + label(0));
        }
        return Integer.parseInt(s, 2);
    }
}
