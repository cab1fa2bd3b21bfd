package icn.protocols.topology;

import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.NetworkKind;
import icn.protocols.Topology;

/**
 * The k-ary n-cube (004 §2), written here K-ary N-cube to keep n for the other networks: K^N nodes x_{N−1} … x_0 with
 * 0 ≤ x_d < K, node x linked in every dimension d to the nodes whose d-th digit is x_d + 1 and x_d − 1 modulo K (the wrap-around
 * links kept: a torus, not a mesh). N = 1 is a ring of K nodes; K = 2 is the hypercube Q_N. Name {@code torus:K,N}, e.g.
 * {@code torus:4,3} (64 nodes).
 *
 * <p>Dense ids: {@code id = Σ x_d·K^d}. Ports: {@code 2d} is {@code DIM<d>+} (x_d + 1), {@code 2d+1} is {@code DIM<d>-} (x_d − 1),
 * all {@link LinkClass#DIMENSION}. A message sent on {@code DIM<d>+} arrives on the neighbour's {@code DIM<d>-} and vice versa. For
 * K = 2 both ports of a dimension lead to the same node (x_d + 1 ≡ x_d − 1 mod 2); both are kept, as SCC_3 keeps LEFT and RIGHT,
 * so that every node has 2N ports whatever K is, and the pair counts as one link of the node pair (one neighbour per dimension).
 *
 * <p>Label text form: the digits x_{N−1} … x_0, most significant first as 004 writes them; without separators when K ≤ 10
 * ({@code 302} on torus:4,3), with commas when K > 10 ({@code 11,0,3} on torus:12,3). Commas are accepted for any K.
 *
 * <p>K ≥ {@value #MIN_K}, N ≥ 1 and K^N ≤ {@value #MAX_NODES} (2^24), the node count of the largest hypercube this package builds.
 */
public final class Torus implements Topology {

    public static final int MIN_K = 2;
    public static final int MAX_NODES = 1 << 24;

    private final int k;
    private final int dimensions;
    private final int nodeCount;
    private final int[] power; // power[d] = K^d

    private Torus(int k, int dimensions) {
        this.k = k;
        this.dimensions = dimensions;
        this.power = new int[dimensions + 1];
        power[0] = 1;
        for (int d = 1; d <= dimensions; d++) {
            power[d] = power[d - 1] * k;
        }
        this.nodeCount = power[dimensions];
    }

    /** The K-ary N-cube. */
    public static Torus of(int k, int dimensions) {
        String name = "torus:" + k + "," + dimensions;
        if (k < MIN_K) {
            throw new InvalidInputException(name + " is out of range: K must be at least " + MIN_K);
        }
        if (dimensions < 1) {
            throw new InvalidInputException(name + " is out of range: N must be at least 1");
        }
        long nodes = 1;
        for (int d = 0; d < dimensions; d++) {
            nodes *= k;
            if (nodes > MAX_NODES) {
                throw new InvalidInputException(name + " is out of range: K^N must be at most " + MAX_NODES + " nodes");
            }
        }
        return new Torus(k, dimensions);
    }

    /** The torus from the text after {@code torus:}, {@code K,N}, e.g. {@code 4,3}. */
    public static Torus parse(String params) {
        int[] v = TopologyParams.integers(params, "torus", "K,N", "torus:4,3", 2);
        return of(v[0], v[1]);
    }

    /** K, the nodes of each ring. */
    public int k() {
        return k;
    }

    /** N, the number of dimensions. */
    public int dimensions() {
        return dimensions;
    }

    @Override
    public java.util.Optional<Address> address() {
        return java.util.Optional.of(new Address(dimensions(), k(), "digit"));
    }

    /** The sum over the dimensions of the ring distances, min(|x_d − y_d|, K − |x_d − y_d|). */
    @Override
    public java.util.Optional<java.util.function.IntBinaryOperator> pairDistances() {
        return java.util.Optional.of((from, to) -> {
            int sum = 0;
            for (int d = 0; d < dimensions; d++) {
                int diff = Math.abs(digit(from, d) - digit(to, d));
                sum += Math.min(diff, k - diff);
            }
            return sum;
        });
    }

    @Override
    public NetworkKind kind() {
        return NetworkKind.TORUS;
    }

    @Override
    public String name() {
        return "torus:" + k + "," + dimensions;
    }

    @Override
    public int nodeCount() {
        return nodeCount;
    }

    @Override
    public int portCount() {
        return 2 * dimensions;
    }

    /** The port that moves x_d by +1 ({@code up}) or −1. */
    public static int port(int dimension, boolean up) {
        return 2 * dimension + (up ? 0 : 1);
    }

    /** The dimension d of a port. */
    public static int dimension(int port) {
        return port >> 1;
    }

    private void checkPort(int port) {
        if (port < 0 || port >= 2 * dimensions) {
            throw new IllegalArgumentException(name() + " has no port " + port);
        }
    }

    @Override
    public String portName(int port) {
        checkPort(port);
        return "DIM" + dimension(port) + ((port & 1) == 0 ? "+" : "-");
    }

    /** Digit x_d of a node. */
    public int digit(int node, int d) {
        return node / power[d] % k;
    }

    @Override
    public int neighbour(int node, int port) {
        checkPort(port);
        int d = dimension(port);
        int x = digit(node, d);
        int y = (port & 1) == 0 ? (x + 1 == k ? 0 : x + 1) : (x == 0 ? k - 1 : x - 1);
        return node + (y - x) * power[d];
    }

    @Override
    public int arrivalPort(int node, int port) {
        checkPort(port);
        return port ^ 1;
    }

    @Override
    public LinkClass linkClass(int port) {
        checkPort(port);
        return LinkClass.DIMENSION;
    }

    @Override
    public String label(int node) {
        StringBuilder sb = new StringBuilder();
        for (int d = dimensions - 1; d >= 0; d--) {
            if (k > 10 && d < dimensions - 1) {
                sb.append(',');
            }
            sb.append(digit(node, d));
        }
        return sb.toString();
    }

    @Override
    public int parseLabel(String text) {
        String s = text.strip();
        String[] digits;
        if (s.indexOf(',') >= 0 || k > 10) {
            digits = s.split(",", -1);
        } else {
            digits = s.split("");
        }
        if (digits.length != dimensions) {
            throw new InvalidInputException("malformed label '" + s + "': " + name() + " labels are " + dimensions + " digits x_"
                    + (dimensions - 1) + "…x_0" + (k > 10 ? " separated by commas" : "") + ", e.g. " + label(nodeCount - 1));
        }
        int id = 0;
        for (int i = 0; i < dimensions; i++) {
            String digit = digits[i].strip();
            int x = digit.matches("\\d{1,9}") ? Integer.parseInt(digit) : -1;
            if (x < 0 || x >= k) {
                throw new InvalidInputException("label '" + s + "' is impossible: digit '" + digit + "' is not one of 0.." + (k - 1));
            }
            id += x * power[dimensions - 1 - i];
        }
        return id;
    }
}
