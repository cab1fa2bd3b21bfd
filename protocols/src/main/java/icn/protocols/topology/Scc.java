package icn.protocols.topology;

import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.NetworkKind;
import icn.protocols.Permutations;
import icn.protocols.ResourceEstimate;
import icn.protocols.Topology;
import java.util.Locale;

/**
 * The star-connected cycles SCC_n (000 §2.2, 001 §3): every node of the star graph S_n is replaced by a ring (supernode) of n−1
 * nodes ⟨2, π⟩ … ⟨n, π⟩. Node ⟨i, π⟩ has a lateral link to ⟨i, π'⟩, where π' is π with its first and i-th symbols exchanged, and
 * local links to its ring neighbours.
 *
 * <p>Dense ids: {@code id = rank(π)·(n−1) + (i−2)}, so the ids of one supernode are contiguous and {@code id / (n−1)} is the rank of
 * the supernode in {@link StarGraph}, the quotient. Lateral neighbours are tabulated once per topology (4 bytes per node), when
 * first asked.
 */
public final class Scc implements Topology {

    public static final int MIN_N = 3;
    /**
     * The largest n the topology itself supports (labels of one symbol each, 10 written A; SCC_10 has 32,659,200 nodes). Whether a
     * run fits is decided by memory, not here: the actor engine refuses a network its members' heaps cannot hold, with the
     * {@code ICN_HEAP} or {@code --jvms} that would (see {@code HeapEstimate}).
     */
    public static final int MAX_N = 10;

    /** One BFS from ⟨2, π_0⟩ per n, distances as unsigned bytes, shared by every instance ({@link #distance}). */
    private static final java.util.Map<Integer, byte[]> DISTANCE_TABLES = new java.util.concurrent.ConcurrentHashMap<>();

    private final int n;
    private final int ring;
    private final int nodeCount;
    private final StarGraph star;

    private Scc(int n) {
        this.n = n;
        this.ring = n - 1;
        this.star = StarGraph.of(n);
        this.nodeCount = star.nodeCount() * ring;
    }

    /** SCC_n from the parameters of its name ({@code 6} of {@code scc:6}); one line naming the problem otherwise. */
    public static Scc parse(String params) {
        if (!params.matches("\\d{1,3}")) {
            throw new InvalidInputException("malformed topology 'scc:" + params + "': expected scc:N, e.g. scc:6");
        }
        return of(Integer.parseInt(params));
    }

    public static Scc of(int n) {
        if (n < MIN_N || n > MAX_N) {
            throw new InvalidInputException(outOfRange(n));
        }
        return new Scc(n);
    }

    /** The number of nodes of SCC_n, (n−1)·n!, for any n ≥ 2 (as a long: it overflows an int from n = 13 on). */
    public static long nodeCount(int n) {
        long f = 1;
        for (int k = 2; k <= n; k++) {
            f *= k;
        }
        return (n - 1) * f;
    }

    private static String outOfRange(int n) {
        if (n > MAX_N && n <= 20) {
            long nodes = nodeCount(n);
            double gib = nodes * (double) ResourceEstimate.HEAP_BYTES_PER_NODE_ACTOR / (1L << 30);
            return String.format(Locale.ROOT, "scc:%d is out of range %d..%d: it has %,d nodes (more than one symbol per label digit),"
                    + " which as node actors would need about %.0f GiB of heap", n, MIN_N, MAX_N, nodes, gib);
        }
        return "scc:" + n + " is out of range " + MIN_N + ".." + MAX_N;
    }

    public int n() {
        return n;
    }

    /** Nodes per supernode (ring), n−1. */
    public int ringSize() {
        return ring;
    }

    /** The quotient S_n: supernodes of SCC_n and lateral links between them. */
    public StarGraph star() {
        return star;
    }

    /**
     * The distance between any two nodes from one BFS, by two automorphisms of SCC_n. Left multiplication by a permutation σ (a
     * relabelling of the symbols) keeps positions and commutes with every lateral link (000 §4.1). Rotating the positions 2..n by ρ
     * (ρ(i) = i + 1, n to 2; 1 stays) maps ⟨i, π⟩ to ⟨ρ(i), π·ρ⁻¹⟩: the lateral link at i (π·(1 i)) goes to the one at ρ(i), since
     * ρ·(1 i)·ρ⁻¹ = (1 ρ(i)), and RIGHT and LEFT keep their direction. With ρ^k(i_d) = 2 and σ = ρ^k·π_d⁻¹ the destination goes to
     * ⟨2, π_0⟩, so d(⟨i_s, π_s⟩, ⟨i_d, π_d⟩) = d(⟨ρ^k(i_s), ρ^k·π_d⁻¹·π_s·ρ^−k⟩, ⟨2, π_0⟩): one table of one byte per node (SCC_8:
     * 282,240 bytes), built when first needed and kept per n.
     */
    public int distance(int from, int to) {
        byte[] ps = Permutations.unrank(supernode(from), n);
        byte[] pd = Permutations.unrank(supernode(to), n);
        byte[] q = new byte[n];
        Permutations.relative(ps, pd, q); // π_d⁻¹·π_s
        int k = Math.floorMod(2 - position(to), ring);
        byte[] conjugated = new byte[n];
        for (int j = 1; j <= n; j++) {
            conjugated[j - 1] = (byte) rotate(q[rotate(j, -k) - 1], k);
        }
        return table()[id(Permutations.rank(conjugated), rotate(position(from), k))] & 0xFF;
    }

    /** {@link #distance} for every pair. */
    @Override
    public java.util.Optional<java.util.function.IntBinaryOperator> pairDistances() {
        return java.util.Optional.of(this::distance);
    }

    /** ρ^k(x): positions 2..n rotated k steps (x + k, n wraps to 2); 1 stays. */
    private int rotate(int x, int k) {
        return x == 1 ? 1 : 2 + Math.floorMod(x - 2 + k, ring);
    }

    private byte[] table() {
        return DISTANCE_TABLES.computeIfAbsent(n, k -> {
            return icn.protocols.Bfs.asBytes(icn.protocols.Bfs.distances(this, id(0, 2)), name());
        });
    }

    /** The distances to {@code destination} by {@link #distance}: one table of one byte per node answers every pair. */
    @Override
    public java.util.Optional<java.util.function.IntUnaryOperator> symmetricDistances(int destination) {
        return java.util.Optional.of(node -> distance(node, destination));
    }

    @Override
    public NetworkKind kind() {
        return NetworkKind.SCC;
    }

    @Override
    public String name() {
        return "scc:" + n;
    }

    @Override
    public int nodeCount() {
        return nodeCount;
    }

    @Override
    public int portCount() {
        return 3;
    }

    @Override
    public String portName(int port) {
        return SccPort.of(port).name();
    }

    /** The ring position i (2..n) of a node. */
    public int position(int node) {
        return node % ring + 2;
    }

    /** The rank of the node's supernode in S_n. */
    public int supernode(int node) {
        return node / ring;
    }

    public int id(int supernode, int position) {
        return supernode * ring + position - 2;
    }

    public int id(SccLabel label) {
        if (label.n() != n) {
            throw new InvalidInputException("label " + label + " has " + label.n() + " symbols; " + name() + " labels have " + n);
        }
        return id(Permutations.rank(label.permutation()), label.position());
    }

    public SccLabel sccLabel(int node) {
        return SccLabel.of(position(node), Permutations.unrank(supernode(node), n));
    }

    @Override
    public String label(int node) {
        return sccLabel(node).toString();
    }

    @Override
    public int parseLabel(String text) {
        return id(SccLabel.parse(text));
    }

    @Override
    public int neighbour(int node, int port) {
        int position = position(node);
        int base = node - (position - 2);
        switch (port) {
            case 0: // LATERAL: exchange symbols 1 and i of π (000 §2.2)
                return star.neighbour(supernode(node), position) * ring + position - 2;
            case 1: // LEFT: previous position, 2 wraps to n
                return base + (position == 2 ? n - 2 : position - 3);
            case 2: // RIGHT: next position, n wraps to 2
                return base + (position == n ? 0 : position - 1);
            default:
                throw new IllegalArgumentException("scc has no port " + port);
        }
    }

    @Override
    public int arrivalPort(int node, int port) {
        return SccPort.of(port).reverse().index();
    }

    public int neighbour(int node, SccPort port) {
        return neighbour(node, port.index());
    }

    @Override
    public LinkClass linkClass(int port) {
        return SccPort.of(port).linkClass();
    }

    /** A supernode's ring: n−1 consecutive ids. */
    @Override
    public int groupSize() {
        return ring;
    }

    /** Distinct neighbours of a node: 3 for n ≥ 4, 2 for n = 3, where LEFT and RIGHT lead to the same node. */
    public int degree() {
        return n == 3 ? 2 : 3;
    }
}
