package icn.protocols.topology;

import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.NetworkKind;
import icn.protocols.Topology;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cube-connected cycles CCC_n of Preparata and Vuillemin (001 [5], §12 and Table 7): every vertex x of the hypercube Q_n is
 * replaced by a ring of n nodes ⟨0, x⟩ … ⟨n−1, x⟩; node ⟨i, x⟩ has a cube link to ⟨i, x with bit i flipped⟩ and ring links to
 * ⟨i ± 1 mod n, x⟩. n·2^n nodes of degree 3. Name {@code ccc:N}.
 *
 * <p>Dense ids: {@code id = x·n + i}, so the ids of a ring are contiguous ({@link #groupSize()} = n) and {@code id / n} is the cube
 * vertex. Ports as SCC_n numbers them: 0 {@code LATERAL} (the cube link, {@link LinkClass#LATERAL}), 1 {@code LEFT} (to position
 * i − 1, 0 wraps to n − 1) and 2 {@code RIGHT} (to i + 1, n − 1 wraps to 0), both {@link LinkClass#LOCAL}. LEFT arrives on RIGHT and
 * RIGHT on LEFT; LATERAL on LATERAL.
 *
 * <p>Label text form {@code <i,x>}, as SCC_n writes ⟨i, π⟩: the ring position i in 0..n−1, then the cube vertex as n bits
 * x_{n−1} … x_0 (e.g. {@code <2,0110>} on ccc:4). Brackets ⟨⟩ and () are accepted too.
 *
 * <p>n is in {@value #MIN_N}..{@value #MAX_N}: below 3 the "ring" is not a cycle (CCC_2 would be an 8-cycle); CCC_20 has 20,971,520
 * nodes, beyond which neither node actors nor a BFS table are of use on one machine.
 */
public final class CubeConnectedCycles implements Topology {

    public static final int MIN_N = 3;
    public static final int MAX_N = 20;

    public static final int LATERAL = 0;
    public static final int LEFT = 1;
    public static final int RIGHT = 2;

    private static final Pattern TEXT = Pattern.compile("[<⟨(]\\s*(\\d{1,9})\\s*,\\s*([01]+)\\s*[>⟩)]");

    private final int n;

    private CubeConnectedCycles(int n) {
        this.n = n;
    }

    public static CubeConnectedCycles of(int n) {
        if (n < MIN_N || n > MAX_N) {
            throw new InvalidInputException("ccc:" + n + " is out of range " + MIN_N + ".." + MAX_N);
        }
        return new CubeConnectedCycles(n);
    }

    /** CCC_n from the text after {@code ccc:}, e.g. {@code 4}. */
    public static CubeConnectedCycles parse(String params) {
        return of(TopologyParams.integers(params, "ccc", "N", "ccc:4", 1)[0]);
    }

    public int n() {
        return n;
    }

    @Override
    public NetworkKind kind() {
        return NetworkKind.CCC;
    }

    @Override
    public String name() {
        return "ccc:" + n;
    }

    @Override
    public int nodeCount() {
        return n << n;
    }

    @Override
    public int portCount() {
        return 3;
    }

    /** A ring: n consecutive ids. */
    @Override
    public int groupSize() {
        return n;
    }

    /** The ring position i (0..n−1) of a node, also the dimension of its cube link. */
    public int position(int node) {
        return node % n;
    }

    /** The cube vertex x of a node's ring. */
    public int cubeVertex(int node) {
        return node / n;
    }

    /**
     * The distance between two nodes from one table. Flipping the bits of a mask in every cube vertex, and rotating positions and bits
     * together ((i, x) to (i + s, x rotated left by s)), are automorphisms: the cube link of position i flips bit i, and ring links
     * stay ring links. So d(⟨i_u, x_u⟩, ⟨i_v, x_v⟩) = d(⟨i_u − i_v, (x_u xor x_v) rotated right by i_v⟩, ⟨0, 0⟩): one BFS from node
     * 0, a byte per node, kept per n.
     */
    public int distance(int from, int to) {
        int iv = position(to);
        int x = cubeVertex(from) ^ cubeVertex(to);
        int mask = (1 << n) - 1;
        int rotated = (x >>> iv | x << (n - iv)) & mask;
        return fromZero()[id(rotated, Math.floorMod(position(from) - iv, n))] & 0xFF;
    }

    private static final java.util.Map<Integer, byte[]> FROM_ZERO = new java.util.concurrent.ConcurrentHashMap<>();

    private byte[] fromZero() {
        return FROM_ZERO.computeIfAbsent(n, k -> {
            return icn.protocols.Bfs.asBytes(icn.protocols.Bfs.distances(this, 0), name());
        });
    }

    /** {@link #distance} for every pair. */
    @Override
    public java.util.Optional<java.util.function.IntBinaryOperator> pairDistances() {
        return java.util.Optional.of(this::distance);
    }

    public int id(int cubeVertex, int position) {
        return cubeVertex * n + position;
    }

    @Override
    public String portName(int port) {
        switch (port) {
            case LATERAL:
                return "LATERAL";
            case LEFT:
                return "LEFT";
            case RIGHT:
                return "RIGHT";
            default:
                throw new IllegalArgumentException(name() + " has no port " + port);
        }
    }

    @Override
    public int neighbour(int node, int port) {
        int i = position(node);
        int base = node - i;
        switch (port) {
            case LATERAL:
                return (cubeVertex(node) ^ (1 << i)) * n + i;
            case LEFT:
                return base + (i == 0 ? n - 1 : i - 1);
            case RIGHT:
                return base + (i == n - 1 ? 0 : i + 1);
            default:
                throw new IllegalArgumentException(name() + " has no port " + port);
        }
    }

    @Override
    public int arrivalPort(int node, int port) {
        switch (port) {
            case LATERAL:
                return LATERAL;
            case LEFT:
                return RIGHT;
            case RIGHT:
                return LEFT;
            default:
                throw new IllegalArgumentException(name() + " has no port " + port);
        }
    }

    @Override
    public LinkClass linkClass(int port) {
        portName(port);
        return port == LATERAL ? LinkClass.LATERAL : LinkClass.LOCAL;
    }

    @Override
    public String label(int node) {
        int x = cubeVertex(node);
        StringBuilder sb = new StringBuilder(n + 5).append('<').append(position(node)).append(',');
        for (int d = n - 1; d >= 0; d--) {
            sb.append((x >>> d & 1) == 0 ? '0' : '1');
        }
        return sb.append('>').toString();
    }

    @Override
    public int parseLabel(String text) {
        String s = text.strip();
        Matcher m = TEXT.matcher(s);
        if (!m.matches()) {
            throw new InvalidInputException("malformed label '" + s + "': " + name() + " labels are <i,x> with i in 0.." + (n - 1)
                    + " and x " + n + " bits, e.g. " + label(0));
        }
        String bits = m.group(2);
        if (bits.length() != n) {
            throw new InvalidInputException("label '" + s + "' is impossible: the cube vertex must have " + n + " bits, not " + bits.length());
        }
        int i = Integer.parseInt(m.group(1));
        if (i >= n) {
            throw new InvalidInputException("label '" + s + "' is impossible: position " + i + " is outside 0.." + (n - 1));
        }
        return id(Integer.parseInt(bits, 2), i);
    }
}
