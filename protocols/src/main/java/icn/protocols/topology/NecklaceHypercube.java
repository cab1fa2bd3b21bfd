package icn.protocols.topology;

import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.NetworkKind;
import icn.protocols.Topology;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The necklace hypercube (002 §2): a binary n-cube whose 2^n <em>base vertices</em> keep their cube links, and every one of its
 * n·2^(n−1) edges also carries a <em>necklace</em>, a path of k_e nodes joining the edge's two base vertices. The regular (n,k)-RNH
 * has k nodes on every necklace, 2^n + n·2^(n−1)·k nodes in all; the irregular (k_1, …, k_{n·2^(n−1)})-INH has k_e nodes on edge e,
 * 2^n + Σ k_e nodes. Base vertices have degree 2n (n cube links, n necklace links), necklace nodes degree 2.
 *
 * <p><b>Labels</b> (002 Definition 1): u = (b, d, i), with b the address of the smaller base vertex of the node's edge, d (1..n) the
 * dimension of that edge and i (1..k_e) the node's index on the necklace, counted from the smaller base vertex; a base vertex is
 * (b, 0, 0). The text form is {@code (b,d,i)} with b written as n binary digits, most significant first, e.g. {@code (010,1,3)} in
 * rnh:3,4; dimension d joins base vertices whose addresses differ in bit d−1 (bit 0 is the rightmost digit). Spaces after the commas
 * are accepted when parsing.
 *
 * <p><b>Edge order</b> (the order of the INH vector): edges sorted by (dimension, smaller base vertex), so edge
 * e = (d−1)·2^(n−1) + c, where c is the smaller base vertex b with its bit d−1 removed. For n = 2: e0 = 00–01, e1 = 10–11,
 * e2 = 00–10, e3 = 01–11. (002 numbers its edges in a figure the text copy lacks; this order is ours, chosen because it ranks and
 * unranks in O(1).)
 *
 * <p><b>Dense ids</b>: base vertex b has id b (0 .. 2^n − 1); necklace node (b, d, i) on edge e has id 2^n + K_e + i − 1, where
 * K_e = k_0 + … + k_{e−1} (K_e = e·k in the regular case, a prefix-sum array in the irregular case).
 *
 * <p><b>Ports</b> (2n + 2 of them): {@code CUBE_d} (d = 1..n, port d−1, {@link LinkClass#DIMENSION}): the cube link of dimension d
 * at a base vertex; {@code NECKLACE_d} (port n+d−1, {@link LinkClass#NECKLACE}): from a base vertex onto the necklace of its
 * dimension-d edge (to index 1 from the smaller base vertex, to index k_e from the larger); {@code TOWARD_LOWER} (port 2n) and
 * {@code TOWARD_HIGHER} (port 2n+1), both {@link LinkClass#NECKLACE}: from a necklace node to index i−1 and i+1, where index 0 is the
 * smaller and index k_e+1 the larger base vertex. Ports a node does not have lead to {@link Topology#NONE}.
 */
public final class NecklaceHypercube implements Topology {

    public static final int MIN_N = 1;
    public static final int MAX_N = 18;
    /** The most nodes a necklace hypercube may have: 4,194,304, about 4 GiB of heap as node actors at 1 KiB each. */
    public static final int MAX_NODES = 1 << 22;

    private static final Pattern REGULAR = Pattern.compile("\\s*(\\d{1,9})\\s*,\\s*(\\d{1,9})\\s*");
    private static final Pattern IRREGULAR = Pattern.compile("\\s*(\\d{1,9})\\s*:\\s*(\\d{1,9}(?:\\s*,\\s*\\d{1,9})*)\\s*");
    private static final Pattern LABEL = Pattern.compile("\\s*\\(\\s*([^,()\\s]*)\\s*,\\s*(-?\\d{1,9})\\s*,\\s*(-?\\d{1,9})\\s*\\)\\s*");

    private final int n;
    private final int base;
    private final int half;
    private final int edges;
    /** k of an RNH, or −1 for an INH. */
    private final int k;
    /** INH only: necklace lengths and prefix sums K_e (length edges + 1); null for an RNH. */
    private final int[] lengths;
    private final int[] prefix;
    private final int nodeCount;
    private final String name;

    private NecklaceHypercube(int n, int k, int[] lengths, String name) {
        this.n = n;
        this.base = 1 << n;
        this.half = 1 << (n - 1);
        this.edges = n * half;
        this.k = k;
        this.lengths = lengths;
        this.name = name;
        if (lengths == null) {
            this.prefix = null;
            this.nodeCount = base + edges * k;
        } else {
            this.prefix = new int[edges + 1];
            for (int e = 0; e < edges; e++) {
                prefix[e + 1] = prefix[e] + lengths[e];
            }
            this.nodeCount = base + prefix[edges];
        }
    }

    /** The (n,k)-RNH; n = 1..18, k ≥ 1, at most {@link #MAX_NODES} nodes. */
    public static NecklaceHypercube regular(int n, int k) {
        String name = "rnh:" + n + "," + k;
        checkN(name, n);
        if (k < 1) {
            throw new InvalidInputException(name + ": the necklace length k must be at least 1");
        }
        long nodes = regularNodeCount(n, k);
        if (nodes > MAX_NODES) {
            throw new InvalidInputException(tooLarge(name, nodes));
        }
        return new NecklaceHypercube(n, k, null, name);
    }

    /**
     * The (k_1, …, k_{n·2^(n−1)})-INH: {@code k[e]} nodes on the necklace of edge e in the order of this class's documentation, each
     * at least 1; n = 1..18, at most {@link #MAX_NODES} nodes.
     */
    public static NecklaceHypercube irregular(int n, int[] k) {
        checkN("inh:" + n, n);
        int expected = n << (n - 1);
        if (k.length != expected) {
            throw new InvalidInputException("inh:" + n + " needs one necklace length per hypercube edge, n·2^(n−1) = " + expected
                    + " of them; got " + k.length);
        }
        long nodes = 1L << n;
        for (int e = 0; e < k.length; e++) {
            if (k[e] < 1) {
                throw new InvalidInputException("inh:" + n + ": necklace length " + k[e] + " of edge " + e + " is below 1");
            }
            nodes += k[e];
        }
        StringBuilder name = new StringBuilder("inh:").append(n).append(':');
        for (int e = 0; e < k.length; e++) {
            name.append(e == 0 ? "" : ",").append(k[e]);
        }
        if (nodes > MAX_NODES) {
            throw new InvalidInputException(tooLarge("inh:" + n + " with these necklaces", nodes));
        }
        return new NecklaceHypercube(n, -1, k.clone(), name.toString());
    }

    /** An RNH from the text after {@code rnh:}: {@code n,k}, e.g. {@code 14,8}. */
    public static NecklaceHypercube parseRegular(String params) {
        Matcher m = REGULAR.matcher(params);
        if (!m.matches()) {
            throw new InvalidInputException("malformed topology 'rnh:" + params + "': expected rnh:N,K, e.g. rnh:3,4");
        }
        return regular(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    /**
     * An INH from the text after {@code inh:}: {@code n:k_0,k_1,…} with n·2^(n−1) necklace lengths in the edge order of this class's
     * documentation, e.g. {@code 2:1,2,3,4}.
     */
    public static NecklaceHypercube parseIrregular(String params) {
        Matcher m = IRREGULAR.matcher(params);
        if (!m.matches()) {
            throw new InvalidInputException("malformed topology 'inh:" + abbreviate(params)
                    + "': expected inh:N:K1,K2,... with one necklace length per hypercube edge, e.g. inh:2:1,2,3,4");
        }
        int n = Integer.parseInt(m.group(1));
        checkN("inh:" + n, n);
        String[] parts = m.group(2).split(",");
        int[] k = new int[parts.length];
        for (int e = 0; e < parts.length; e++) {
            k[e] = Integer.parseInt(parts[e].strip());
        }
        return irregular(n, k);
    }

    /** 2^n + n·2^(n−1)·k (002 §2), as a long for any n ≤ 30. */
    public static long regularNodeCount(int n, int k) {
        return (1L << n) + (long) n * (1L << (n - 1)) * k;
    }

    private static void checkN(String name, int n) {
        if (n < MIN_N || n > MAX_N) {
            throw new InvalidInputException(name + ": the dimension n is out of range " + MIN_N + ".." + MAX_N);
        }
    }

    private static String tooLarge(String name, long nodes) {
        return String.format(Locale.ROOT, "%s has %,d nodes, over the limit of %,d (about %d GiB of heap as node actors)", name, nodes,
                MAX_NODES, MAX_NODES >> 20);
    }

    private static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }

    public int n() {
        return n;
    }

    public boolean isRegular() {
        return lengths == null;
    }

    /** The number of base vertices, 2^n. */
    public int baseVertexCount() {
        return base;
    }

    /** The number of hypercube edges (necklaces), n·2^(n−1). */
    public int edgeCount() {
        return edges;
    }

    /** k_e, the number of nodes on the necklace of edge e. */
    public int necklaceLength(int edge) {
        return lengths == null ? k : lengths[edge];
    }

    /** The edge of dimension d (1..n) whose smaller base vertex is b (bit d−1 of b must be 0). */
    public int edge(int b, int d) {
        int low = b & ((1 << (d - 1)) - 1);
        return (d - 1) * half + (((b >>> d) << (d - 1)) | low);
    }

    /** The dimension d (1..n) of edge e. */
    public int edgeDimension(int edge) {
        return edge / half + 1;
    }

    /** The smaller base vertex b of edge e. */
    public int edgeLower(int edge) {
        int d = edge / half + 1;
        int c = edge % half;
        int low = c & ((1 << (d - 1)) - 1);
        return ((c >>> (d - 1)) << d) | low;
    }

    /** The larger base vertex of edge e. */
    public int edgeUpper(int edge) {
        return edgeLower(edge) | (1 << (edgeDimension(edge) - 1));
    }

    public boolean isBaseVertex(int node) {
        return node < base;
    }

    /** The edge a necklace node lies on. */
    public int edgeOf(int node) {
        int offset = node - base;
        if (lengths == null) {
            return offset / k;
        }
        // the last e with K_e <= offset; the K_e are strictly increasing, as every k_e >= 1
        int found = Arrays.binarySearch(prefix, offset);
        return found >= 0 ? found : -found - 2;
    }

    /** The index i (1..k_e) of a necklace node on its necklace; 0 for a base vertex. */
    public int index(int node) {
        if (node < base) {
            return 0;
        }
        int offset = node - base;
        return lengths == null ? offset % k + 1 : offset - prefix[edgeOf(node)] + 1;
    }

    /** The id of necklace node i (1..k_e) of edge e. */
    public int necklaceNode(int edge, int index) {
        return base + (lengths == null ? edge * k : prefix[edge]) + index - 1;
    }

    /** The CUBE_d port (d = 1..n). */
    public int cubePort(int d) {
        return d - 1;
    }

    /** The NECKLACE_d port (d = 1..n). */
    public int necklacePort(int d) {
        return n + d - 1;
    }

    public int towardLowerPort() {
        return 2 * n;
    }

    public int towardHigherPort() {
        return 2 * n + 1;
    }

    @Override
    public NetworkKind kind() {
        return isRegular() ? NetworkKind.RNH : NetworkKind.INH;
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
        return 2 * n + 2;
    }

    @Override
    public String portName(int port) {
        if (port < 0 || port >= 2 * n + 2) {
            throw new IllegalArgumentException(name + " has no port " + port);
        }
        if (port < n) {
            return "CUBE_" + (port + 1);
        }
        if (port < 2 * n) {
            return "NECKLACE_" + (port - n + 1);
        }
        return port == 2 * n ? "TOWARD_LOWER" : "TOWARD_HIGHER";
    }

    @Override
    public LinkClass linkClass(int port) {
        if (port < 0 || port >= 2 * n + 2) {
            throw new IllegalArgumentException(name + " has no port " + port);
        }
        return port < n ? LinkClass.DIMENSION : LinkClass.NECKLACE;
    }

    @Override
    public int neighbour(int node, int port) {
        if (port < 0 || port >= 2 * n + 2) {
            throw new IllegalArgumentException(name + " has no port " + port);
        }
        if (node < base) {
            if (port < n) {
                return node ^ (1 << port); // CUBE_d
            }
            if (port < 2 * n) {
                int bit = 1 << (port - n);
                int e = edge(node & ~bit, port - n + 1);
                return (node & bit) == 0 ? necklaceNode(e, 1) : necklaceNode(e, necklaceLength(e));
            }
            return NONE;
        }
        if (port < 2 * n) {
            return NONE;
        }
        int e = edgeOf(node);
        int i = index(node);
        if (port == 2 * n) {
            return i == 1 ? edgeLower(e) : node - 1;
        }
        return i == necklaceLength(e) ? edgeUpper(e) : node + 1;
    }

    @Override
    public int arrivalPort(int node, int port) {
        if (node < base) {
            if (port < n) {
                return port;
            }
            return (node & (1 << (port - n))) == 0 ? 2 * n : 2 * n + 1;
        }
        int e = edgeOf(node);
        int i = index(node);
        if (port == 2 * n) {
            return i == 1 ? necklacePort(edgeDimension(e)) : 2 * n + 1;
        }
        return i == necklaceLength(e) ? necklacePort(edgeDimension(e)) : 2 * n;
    }

    @Override
    public String label(int node) {
        if (node < 0 || node >= nodeCount) {
            throw new IllegalArgumentException(node + " is not a node of " + name + " (0.." + (nodeCount - 1) + ")");
        }
        if (node < base) {
            return "(" + bits(node) + ",0,0)";
        }
        int e = edgeOf(node);
        return "(" + bits(edgeLower(e)) + "," + edgeDimension(e) + "," + index(node) + ")";
    }

    private String bits(int b) {
        char[] c = new char[n];
        for (int j = 0; j < n; j++) {
            c[j] = (b & (1 << (n - 1 - j))) == 0 ? '0' : '1';
        }
        return new String(c);
    }

    @Override
    public int parseLabel(String text) {
        Matcher m = LABEL.matcher(text);
        if (!m.matches()) {
            throw new InvalidInputException("malformed label '" + text + "': " + name + " labels are (b,d,i), e.g. " + label(nodeCount - 1));
        }
        String b = m.group(1);
        if (b.length() != n) {
            throw new InvalidInputException("label " + text.strip() + " has a base vertex of " + b.length() + " symbols; " + name
                    + " base vertices have " + n + " binary digits");
        }
        int address = 0;
        for (int j = 0; j < n; j++) {
            char c = b.charAt(j);
            if (c != '0' && c != '1') {
                throw new InvalidInputException("label " + text.strip() + " has the symbol '" + c + "' in its base vertex; only 0 and 1 are allowed");
            }
            address = address << 1 | (c - '0');
        }
        int d = Integer.parseInt(m.group(2));
        int i = Integer.parseInt(m.group(3));
        if (d == 0) {
            if (i != 0) {
                throw new InvalidInputException("label " + text.strip() + ": a base vertex (d = 0) has index 0");
            }
            return address;
        }
        if (d < 0 || d > n) {
            throw new InvalidInputException("label " + text.strip() + ": dimension " + d + " is out of range 0.." + n + " for " + name);
        }
        if ((address & (1 << (d - 1))) != 0) {
            throw new InvalidInputException("label " + text.strip() + ": b must be the smaller base vertex of its edge, with bit " + (d - 1)
                    + " (digit " + (n - d + 1) + " from the left) 0");
        }
        int e = edge(address, d);
        int length = necklaceLength(e);
        if (i < 1 || i > length) {
            throw new InvalidInputException("label " + text.strip() + ": index " + i + " is out of range 1.." + length
                    + " on this necklace (base vertices are written (b,0,0))");
        }
        return necklaceNode(e, i);
    }

    /** Distinct neighbours (002 §2): 2n at base vertices, 2 at necklace nodes. */
    public int degree(int node) {
        return node < base ? 2 * n : 2;
    }
}
