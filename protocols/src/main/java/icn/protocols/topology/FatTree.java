package icn.protocols.topology;

import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.NetworkKind;
import icn.protocols.Topology;

/**
 * The K-ary N-tree (Petrini and Vanneschi), the fat-tree of BookSim's {@code fattree}: K^N terminals under N levels of K^(N−1)
 * switches with 2K ports each. Name {@code fattree:K,N}, e.g. {@code fattree:4,3} (64 terminals, 48 switches).
 *
 * <p><b>Links.</b> A switch is ⟨w, l⟩, level l = 0 (the leaves) … N − 1 (the roots), w a word of N − 1 digits w_0 … w_{N−2} in base
 * K. Terminal p (digits p_0 … p_{N−1}) hangs from leaf ⟨p div K, 0⟩ by its down port p_0. Switch ⟨w, l⟩ with l &lt; N − 1 reaches
 * by its up port j the switch ⟨w with w_l := j, l + 1⟩, arriving there on down port w_l. The roots' up ports, and a terminal's
 * ports but its one up port, lead nowhere. So terminals s and d whose leaves differ first (from the top) in digit m meet at
 * level m + 1: the distance is 2 under one leaf and 2m + 4 otherwise, the diameter 2N.
 *
 * <p><b>Ids and ports.</b> Terminals are 0 … K^N − 1 (terminal p is id p); switch
 * ⟨w, l⟩ is K^N + l·K^(N−1) + w. Ports 0 … K − 1 are {@code DOWN<i>}, K … 2K − 1 {@code UP<j>}; a terminal's link is its port
 * {@code UP0}. Every link is a {@link LinkClass#TREE} link. Switches are not {@linkplain #terminal terminals}: they only forward.
 *
 * <p><b>Labels.</b> A terminal is its N digits p_{N−1} … p_0 ({@code 031} on fattree:4,3), a switch its level, a slash, and its
 * N − 1 digits w_{N−2} … w_0 ({@code 1/03}); with commas between digits when K &gt; 10.
 *
 * <p>K ≥ 2, N ≥ 1 and at most {@value Torus#MAX_NODES} nodes.
 */
public final class FatTree implements Topology {

    private final int k;
    private final int levels;
    private final int terminals;
    private final int perLevel;
    private final int[] power;

    private FatTree(int k, int levels) {
        this.k = k;
        this.levels = levels;
        this.power = new int[levels + 1];
        power[0] = 1;
        for (int d = 1; d <= levels; d++) {
            power[d] = power[d - 1] * k;
        }
        this.terminals = power[levels];
        this.perLevel = power[levels - 1];
    }

    /** The K-ary N-tree; one line naming the problem otherwise. */
    public static FatTree of(int k, int levels) {
        String name = "fattree:" + k + "," + levels;
        if (k < 2) {
            throw new InvalidInputException(name + " is out of range: K must be at least 2");
        }
        if (levels < 1) {
            throw new InvalidInputException(name + " is out of range: N must be at least 1");
        }
        double nodes = Math.pow(k, levels) + levels * Math.pow(k, levels - 1);
        if (nodes > Torus.MAX_NODES) {
            throw new InvalidInputException(name + " is out of range: K^N + N·K^(N−1) must be at most " + Torus.MAX_NODES + " nodes");
        }
        return new FatTree(k, levels);
    }

    /** The fat-tree from the text after {@code fattree:}, {@code K,N}, e.g. {@code 4,3}. */
    public static FatTree parse(String params) {
        int[] v = TopologyParams.integers(params, "fattree", "K,N", "fattree:4,3", 2);
        return of(v[0], v[1]);
    }

    public int k() {
        return k;
    }

    /** N, the levels of switches. */
    public int levels() {
        return levels;
    }

    /** The switch ⟨w, level⟩'s id. */
    public int switchId(int level, int w) {
        return terminals + level * perLevel + w;
    }

    /** The level of a switch (0: a leaf), or −1 for a terminal. */
    public int level(int node) {
        return node < terminals ? -1 : (node - terminals) / perLevel;
    }

    /** The word w of a switch, or p div K (its leaf's word) for terminal p. */
    public int word(int node) {
        return node < terminals ? node / k : (node - terminals) % perLevel;
    }

    /** Digit i of a word. */
    public int digit(int word, int i) {
        return word / power[i] % k;
    }

    /** The port {@code UP<j>}. */
    public int up(int j) {
        return k + j;
    }

    @Override
    public boolean terminal(int node) {
        return node < terminals;
    }

    @Override
    public int terminalCount() {
        return terminals;
    }

    @Override
    public NetworkKind kind() {
        return NetworkKind.FATTREE;
    }

    @Override
    public String name() {
        return "fattree:" + k + "," + levels;
    }

    @Override
    public int nodeCount() {
        return terminals + levels * perLevel;
    }

    @Override
    public int portCount() {
        return 2 * k;
    }

    @Override
    public String portName(int port) {
        check(port);
        return port < k ? "DOWN" + port : "UP" + (port - k);
    }

    private void check(int port) {
        if (port < 0 || port >= 2 * k) {
            throw new IllegalArgumentException(name() + " has no port " + port);
        }
    }

    @Override
    public int neighbour(int node, int port) {
        check(port);
        int l = level(node);
        if (l < 0) {
            return port == k ? switchId(0, node / k) : NONE;
        }
        int w = word(node);
        if (port < k) {
            return l == 0 ? w * k + port : switchId(l - 1, w + (port - digit(w, l - 1)) * power[l - 1]);
        }
        return l == levels - 1 ? NONE : switchId(l + 1, w + (port - k - digit(w, l)) * power[l]);
    }

    @Override
    public int arrivalPort(int node, int port) {
        check(port);
        int l = level(node);
        if (l < 0) {
            return node % k; // a terminal's up link arrives on its leaf's down port p_0
        }
        int w = word(node);
        if (port < k) {
            return l == 0 ? k : k + digit(w, l - 1);
        }
        return digit(w, l);
    }

    @Override
    public LinkClass linkClass(int port) {
        check(port);
        return LinkClass.TREE;
    }

    @Override
    public String label(int node) {
        int l = level(node);
        return l < 0 ? digits(node, levels) : l + "/" + digits(word(node), levels - 1);
    }

    private String digits(int value, int count) {
        StringBuilder sb = new StringBuilder();
        for (int d = count - 1; d >= 0; d--) {
            if (k > 10 && d < count - 1) {
                sb.append(',');
            }
            sb.append(digit(value, d));
        }
        return sb.toString();
    }

    @Override
    public int parseLabel(String text) {
        String s = text.strip();
        int slash = s.indexOf('/');
        if (slash < 0) {
            return parseDigits(s, levels, s);
        }
        String level = s.substring(0, slash).strip();
        int l = level.matches("\\d{1,9}") ? Integer.parseInt(level) : -1;
        if (l < 0 || l >= levels) {
            throw new InvalidInputException("label '" + s + "' is impossible: " + name() + " has switch levels 0.." + (levels - 1));
        }
        return switchId(l, parseDigits(s.substring(slash + 1), levels - 1, s));
    }

    private int parseDigits(String text, int count, String label) {
        String[] digits = count == 0 && text.isEmpty() ? new String[0]
                : text.indexOf(',') >= 0 || k > 10 ? text.split(",", -1) : text.split("");
        if (digits.length != count) {
            throw new InvalidInputException("malformed label '" + label + "': " + name() + " labels a terminal by " + levels
                    + " digits (e.g. " + label(terminals - 1) + ") and a switch by its level, a slash and " + (levels - 1)
                    + " digits (e.g. " + label(nodeCount() - 1) + ")");
        }
        int value = 0;
        for (int i = 0; i < count; i++) {
            String digit = digits[i].strip();
            int x = digit.matches("\\d{1,9}") ? Integer.parseInt(digit) : -1;
            if (x < 0 || x >= k) {
                throw new InvalidInputException("label '" + label + "' is impossible: digit '" + digit + "' is not one of 0.." + (k - 1));
            }
            value += x * power[count - 1 - i];
        }
        return value;
    }
}
