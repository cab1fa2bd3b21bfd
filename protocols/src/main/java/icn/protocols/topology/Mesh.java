package icn.protocols.topology;

import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.NetworkKind;
import icn.protocols.Topology;

/**
 * The K-ary N-mesh: K^N nodes x_{N−1} … x_0 with 0 ≤ x_d < K, node x linked in every dimension d to the nodes whose d-th digit is
 * x_d + 1 and x_d − 1 where those exist (a {@link Torus} without its wrap-around links, BookSim's {@code mesh}). Name
 * {@code mesh:K,N}, e.g. {@code mesh:8,2} (an 8×8 mesh).
 *
 * <p>Ids, ports and labels as the torus's: {@code id = Σ x_d·K^d}; port {@code 2d} is {@code DIM<d>+}, {@code 2d+1} is
 * {@code DIM<d>-}, and on the mesh's faces a port that would wrap leads nowhere ({@link Topology#NONE}). The distance between two
 * nodes is Σ_d |x_d − y_d|, so the diameter is N(K − 1).
 *
 * <p>K ≥ 2, N ≥ 1 and K^N ≤ {@value Torus#MAX_NODES}.
 */
public final class Mesh implements Topology {

    private final Torus grid; // the same ids, digits and labels; only the links at the faces differ

    private Mesh(Torus grid) {
        this.grid = grid;
    }

    /** The K-ary N-mesh; one line naming the problem otherwise. */
    public static Mesh of(int k, int dimensions) {
        try {
            return new Mesh(Torus.of(k, dimensions));
        } catch (InvalidInputException e) {
            throw new InvalidInputException(e.getMessage().replace("torus:", "mesh:"));
        }
    }

    /** The mesh from the text after {@code mesh:}, {@code K,N}, e.g. {@code 8,2}. */
    public static Mesh parse(String params) {
        int[] v = TopologyParams.integers(params, "mesh", "K,N", "mesh:8,2", 2);
        return of(v[0], v[1]);
    }

    /** K, the nodes of each row. */
    public int k() {
        return grid.k();
    }

    /** N, the number of dimensions. */
    public int dimensions() {
        return grid.dimensions();
    }

    /** Digit x_d of a node. */
    public int digit(int node, int d) {
        return grid.digit(node, d);
    }

    @Override
    public java.util.Optional<Address> address() {
        return grid.address();
    }

    /** The sum over the dimensions of |x_d − y_d|. */
    @Override
    public java.util.Optional<java.util.function.IntBinaryOperator> pairDistances() {
        return java.util.Optional.of((from, to) -> {
            int sum = 0;
            for (int d = 0; d < dimensions(); d++) {
                sum += Math.abs(digit(from, d) - digit(to, d));
            }
            return sum;
        });
    }

    @Override
    public NetworkKind kind() {
        return NetworkKind.MESH;
    }

    @Override
    public String name() {
        return "mesh:" + k() + "," + dimensions();
    }

    @Override
    public int nodeCount() {
        return grid.nodeCount();
    }

    @Override
    public int portCount() {
        return grid.portCount();
    }

    @Override
    public String portName(int port) {
        return grid.portName(port);
    }

    @Override
    public int neighbour(int node, int port) {
        int x = digit(node, Torus.dimension(port));
        boolean up = (port & 1) == 0;
        if (up ? x == k() - 1 : x == 0) {
            return NONE;
        }
        return grid.neighbour(node, port);
    }

    @Override
    public int arrivalPort(int node, int port) {
        return grid.arrivalPort(node, port);
    }

    @Override
    public LinkClass linkClass(int port) {
        return grid.linkClass(port);
    }

    @Override
    public String label(int node) {
        return grid.label(node);
    }

    @Override
    public int parseLabel(String text) {
        try {
            return grid.parseLabel(text);
        } catch (InvalidInputException e) {
            throw new InvalidInputException(e.getMessage().replace(grid.name(), name()));
        }
    }
}
