package icn.protocols.topology;

import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.NetworkKind;
import icn.protocols.Topology;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The complete-rotation graph CR_n (003 §2.1): a directed Cayley graph on n·2^n nodes. A node is a cyclic rotation
 * a_1 a_2 … a_n of the symbols t_1 … t_n (written a, b, c, …) in lexicographic order, each symbol plain or complemented.
 *
 * <p>Generators (003 Definition 2.1), with the overbars the text lost put back:
 * <ul>
 * <li>f_k, 1 ≤ k ≤ n−1, <b>rotates left by k</b>: f_k(a_1 … a_n) = a_{k+1} … a_n a_1 … a_k (the paper's index
 * ((k+i−1) mod n)+1 at position i; f_1(abc) = bca, Example 2.1). No symbol changes its complement; f_k and f_{n−k} are inverse
 * (Lemma 2.1), so each f-cycle of n nodes is a K_n (Lemma 2.5).</li>
 * <li>g rotates left by one and complements the symbol moved to the end: g(a_1 … a_n) = a_2 … a_n ā_1 (Lemma 2.2). g^n complements
 * every symbol and g^{2n} is the identity (Lemma 2.3).</li>
 * </ul>
 *
 * <p>Ports: out-ports {@code 0 .. n−2} are f_1 … f_{n−1} (port k−1 is f_k, {@link LinkClass#F}) and out-port {@code n−1} is g
 * ({@link LinkClass#G}). In-ports are numbered the same way by the generator an arc applies: a message sent on f_k arrives on
 * in-port k−1 ({@code from-fk}), one sent on g on in-port n−1 ({@code from-g}). Every node has exactly one in-arc per generator
 * (it is a Cayley graph), so the in-port at the head names the arc uniquely. Out-degree and in-degree are n.
 *
 * <p>Dense ids: a node is the pair (r, m) where r, 0 ≤ r &lt; n, is the 0-based index of its first symbol (a_1 = t_{r+1}, so
 * a_i = t_{((r+i−1) mod n)+1}) and m is an n-bit mask over the <em>symbols</em> (bit s set iff t_{s+1} is complemented, wherever it
 * stands); {@code id = m·n + r}. The identity I = t_1 … t_n is id 0. Then f_k is (r, m) ↦ ((r+k) mod n, m) and g is
 * (r, m) ↦ ((r+1) mod n, m xor 2^r), so {@link #neighbour} is a division, an addition and an xor, with no tables. The n nodes of
 * one f-cycle (same m) are consecutive ids: {@link #groupSize()} is n.
 *
 * <p>Labels: the symbols in order, a complemented symbol followed by an apostrophe, e.g. {@code c d' a b'} written {@code cd'ab'}
 * for c d̄ a b̄. {@link #parseLabel} accepts exactly that form (surrounding blanks ignored).
 *
 * <p>Range: n = 3 … 20. The paper starts at 3; cr:20 has 20,971,520 nodes, about seven times SCC_9, already past what a JVM of
 * a few GiB holds as node actors (ids and labels would work up to n = 26, the last letter, whose ids still fit an int). Whether a given n fits the machine's heap as node actors
 * is for the caller's resource estimate to say.
 */
public final class CompleteRotationGraph implements Topology {

    public static final int MIN_N = 3;
    public static final int MAX_N = 20;

    private static final Pattern PARAMS = Pattern.compile("\\d{1,9}");

    private final int n;
    private final int nodeCount;
    private final int fullMask;

    private CompleteRotationGraph(int n) {
        this.n = n;
        this.nodeCount = n << n;
        this.fullMask = (1 << n) - 1;
    }

    /** CR_n for n = {@value #MIN_N} … {@value #MAX_N}. */
    public static CompleteRotationGraph of(int n) {
        if (n < MIN_N || n > MAX_N) {
            throw new InvalidInputException("cr:" + n + " is out of range " + MIN_N + ".." + MAX_N);
        }
        return new CompleteRotationGraph(n);
    }

    /** CR_n from the text after {@code cr:}, e.g. {@code "5"}. */
    public static CompleteRotationGraph parse(String params) {
        String text = params == null ? "" : params.strip();
        Matcher m = PARAMS.matcher(text);
        if (!m.matches()) {
            throw new InvalidInputException("malformed topology 'cr:" + oneLine(params) + "': expected cr:N with N = " + MIN_N + ".."
                    + MAX_N + ", e.g. cr:5");
        }
        return of(Integer.parseInt(text));
    }

    /** The number of nodes of CR_n, n·2^n (003 Theorem 2.1), as a long for any n ≥ 0 up to 57. */
    public static long nodeCount(int n) {
        return (long) n << n;
    }

    public int n() {
        return n;
    }

    /** The id of the identity node I = t_1 t_2 … t_n. */
    public int identity() {
        return 0;
    }

    /** r: the 0-based index of the node's first symbol (a_1 = t_{r+1}). */
    public int rotation(int node) {
        return node % n;
    }

    /** m: bit s set iff symbol t_{s+1} is complemented in the node. */
    public int complements(int node) {
        return node / n;
    }

    /** The id of the node (r, m); see the class comment. */
    public int id(int rotation, int complements) {
        if (rotation < 0 || rotation >= n || (complements & ~fullMask) != 0) {
            throw new IllegalArgumentException("no node (r=" + rotation + ", m=" + complements + ") in " + name());
        }
        return complements * n + rotation;
    }

    /** The complement ū of a node (003 Definition 2.4): every symbol flipped, same order. */
    public int complement(int node) {
        return (node / n ^ fullMask) * n + node % n;
    }

    @Override
    public NetworkKind kind() {
        return NetworkKind.CR;
    }

    @Override
    public String name() {
        return "cr:" + n;
    }

    /**
     * The distance from one node to another from one table. For any s and any mask c, relabelling the symbols (t_j to t_{j+s},
     * complemented where c_j is set) maps (r, m) to (r + s, the rotation by s of m xor c): it changes symbols, while f_k and g move
     * and complement positions, so it commutes with both and is an automorphism. With s = −r_d and c = m_d the destination goes to
     * the identity, so d(u, v) = d(((r_u − r_v) mod n, (m_u xor m_v) rotated right by r_v), I): one BFS to the identity over the
     * arcs backward, a byte per node, kept per n.
     */
    public int distance(int from, int to) {
        int rf = from % n;
        int rt = to % n;
        int x = from / n ^ to / n;
        int m = (x >>> rt | x << (n - rt)) & fullMask;
        return toIdentity()[m * n + Math.floorMod(rf - rt, n)] & 0xFF;
    }

    private static final java.util.Map<Integer, byte[]> TO_IDENTITY = new java.util.concurrent.ConcurrentHashMap<>();

    private byte[] toIdentity() {
        return TO_IDENTITY.computeIfAbsent(n, k -> {
            return icn.protocols.Bfs.asBytes(icn.protocols.Bfs.distancesTo(this, identity()), name());
        });
    }

    /** {@link #distance} for every pair. */
    @Override
    public java.util.Optional<java.util.function.IntBinaryOperator> pairDistances() {
        return java.util.Optional.of(this::distance);
    }

    @Override
    public int nodeCount() {
        return nodeCount;
    }

    @Override
    public int portCount() {
        return n;
    }

    @Override
    public int inPortCount() {
        return n;
    }

    @Override
    public boolean directed() {
        return true;
    }

    /** The out-port of f_k, 1 ≤ k ≤ n−1. */
    public int fPort(int k) {
        if (k < 1 || k >= n) {
            throw new IllegalArgumentException(name() + " has f_1 .. f_" + (n - 1) + ", no f_" + k);
        }
        return k - 1;
    }

    /** The out-port of g. */
    public int gPort() {
        return n - 1;
    }

    @Override
    public String portName(int port) {
        checkPort(port);
        return port == n - 1 ? "g" : "f" + (port + 1);
    }

    @Override
    public String inPortName(int port) {
        return "from-" + portName(port);
    }

    /** A group is one f-cycle: n consecutive ids that form a K_n of f-edges (003 Lemmas 2.4, 2.5). */
    @Override
    public int groupSize() {
        return n;
    }

    @Override
    public int neighbour(int node, int port) {
        int r = node % n;
        if (port >= 0 && port < n - 1) { // f_{port+1}: rotate left by port+1
            int next = r + port + 1;
            return node - r + (next >= n ? next - n : next);
        }
        if (port == n - 1) { // g: rotate left by one, complement the symbol t_{r+1} that moved to the end
            int m = node / n ^ (1 << r);
            return m * n + (r == n - 1 ? 0 : r + 1);
        }
        throw new IllegalArgumentException(name() + " has no port " + port);
    }

    /** The in-port is named by the generator the arc applies, so it is the out-port's own number. */
    @Override
    public int arrivalPort(int node, int port) {
        checkPort(port);
        return port;
    }

    @Override
    public LinkClass linkClass(int port) {
        checkPort(port);
        return port == n - 1 ? LinkClass.G : LinkClass.F;
    }

    /** The tail of the arc into {@code node} on {@code inPort}: f_{n−k} undoes f_k (Lemma 2.1), and g⁻¹ rotates right and complements back. */
    @Override
    public int predecessor(int node, int inPort) {
        checkPort(inPort);
        int r = node % n;
        if (inPort < n - 1) {
            int back = r - (inPort + 1);
            return node - r + (back < 0 ? back + n : back);
        }
        int previous = r == 0 ? n - 1 : r - 1; // g moved t_{previous+1} to the end and complemented it
        return (node / n ^ (1 << previous)) * n + previous;
    }

    /** An arc arrives on the in-port numbered as its generator's out-port. */
    @Override
    public int departurePort(int node, int inPort) {
        checkPort(inPort);
        return inPort;
    }

    @Override
    public String label(int node) {
        if (node < 0 || node >= nodeCount) {
            throw new IllegalArgumentException("node " + node + " is not a node of " + name() + " (0.." + (nodeCount - 1) + ")");
        }
        int r = node % n;
        int m = node / n;
        StringBuilder sb = new StringBuilder(2 * n);
        for (int i = 0; i < n; i++) {
            int s = (r + i) % n;
            sb.append((char) ('a' + s));
            if ((m >>> s & 1) != 0) {
                sb.append('\'');
            }
        }
        return sb.toString();
    }

    @Override
    public int parseLabel(String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidInputException("empty label: " + name() + " labels are " + n + " symbols a.." + last() + ", e.g. " + label(1));
        }
        String t = text.strip();
        int symbols = 0;
        for (int i = 0; i < t.length(); i++) {
            if (t.charAt(i) != '\'') {
                symbols++;
            }
        }
        if (symbols != n) {
            throw new InvalidInputException("label '" + oneLine(t) + "' has " + symbols + " symbols; " + name() + " labels have " + n);
        }
        int r = -1;
        int m = 0;
        int position = 0;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '\'') {
                throw new InvalidInputException("label '" + oneLine(t) + "': the ' at character " + (i + 1)
                        + " follows no symbol (write a complemented symbol as b')");
            }
            int s = c - 'a';
            if (s < 0 || s >= n) {
                throw new InvalidInputException("label '" + oneLine(t) + "' has a bad symbol '" + c + "': " + name() + " symbols are a.."
                        + last() + ", each optionally followed by '");
            }
            if (position == 0) {
                r = s;
            } else if (s != (r + position) % n) {
                throw new InvalidInputException("label '" + oneLine(t) + "' is not a rotation of " + label(0) + ": "
                        + (char) ('a' + (r + position - 1) % n) + " must be followed by " + (char) ('a' + (r + position) % n));
            }
            if (i + 1 < t.length() && t.charAt(i + 1) == '\'') {
                m |= 1 << s;
                i++;
            }
            position++;
        }
        return m * n + r;
    }

    private char last() {
        return (char) ('a' + n - 1);
    }

    private void checkPort(int port) {
        if (port < 0 || port >= n) {
            throw new IllegalArgumentException(name() + " has no port " + port);
        }
    }

    /** Input echoed in a message, kept to one line and a readable length. */
    private static String oneLine(String s) {
        if (s == null) {
            return "";
        }
        String flat = s.replaceAll("\\R", " ");
        return flat.length() > 60 ? flat.substring(0, 57) + "..." : flat;
    }
}
