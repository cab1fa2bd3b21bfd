package icn.node.traffic;

import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import java.util.SplittableRandom;

/**
 * Where a node's messages go: {@code uniform} (002 §4 assumption b: any other node, equally likely), {@code transpose} (the two
 * halves of the address swapped: bits of a hypercube address, digits of a torus or n:k-cube address, otherwise row and column of
 * the node id in a square of side √N), {@code hotspot:F} (with probability F to node 0, the hotspot, otherwise uniform),
 * {@code permutation} (every node to its successor on one random cycle through all the nodes, drawn from the run's seed: a random
 * permutation without fixed points, though not every such permutation is a single cycle), and the adversarial permutations network
 * researchers set beside BookSim's: {@code bit-complement} (every bit of the id flipped), {@code bit-reverse} (the bits in reverse
 * order), {@code shuffle} (the bits rotated left by one), each on a network of 2^b nodes; {@code tornado} (every digit of the
 * address advanced by ⌈k/2⌉ − 1, just under half of its ring) and {@code neighbour} (every digit advanced by one), on a network
 * addressed by digits of radix k (a torus or a k-ary n-cube; tornado needs k ≥ 3); and {@code adversarial} (Kim et al.'s worst
 * case for the dragonfly: every node of group i to a node of group i + 1 drawn uniformly, on any network of groups, a dragonfly's
 * or SCC_n's supernodes). Nodes that a pattern maps to themselves generate nothing. On a network whose switches are not
 * processors (a fat-tree, a dragonfly) only the terminals send and receive: uniform, hotspot (to the first terminal), permutation
 * and adversarial draw among them, and the patterns on addresses are refused. Immutable; destinations are drawn from the
 * caller's random stream.
 */
public final class TrafficPattern {

    /** The patterns, as the command line writes them. */
    public static final String KEYS = "uniform, transpose, hotspot:FRACTION, permutation, bit-complement, bit-reverse, shuffle, tornado, "
            + "neighbour, adversarial";

    private enum Kind { UNIFORM, TRANSPOSE, HOTSPOT, PERMUTATION, FIXED, ADVERSARIAL }

    private final Kind kind;
    private final String key;
    private final int n; // the terminals
    private final double hotspot;
    private final int[] image; // transpose, permutation: the destination of every node (itself: none)
    private final int[] terminals; // the terminals' ids, or null where every node is one
    private final int[] rank; // a terminal's index in terminals, −1 for a switch
    private final int group; // adversarial: the ids of a group

    private TrafficPattern(Kind kind, String key, Topology t, double hotspot, int[] image) {
        this.kind = kind;
        this.key = key;
        this.n = t.terminalCount();
        this.hotspot = hotspot;
        this.image = image;
        this.group = t.groupSize();
        if (n == t.nodeCount()) {
            this.terminals = null;
            this.rank = null;
        } else {
            this.terminals = new int[n];
            this.rank = new int[t.nodeCount()];
            for (int v = 0, i = 0; v < t.nodeCount(); v++) {
                rank[v] = t.terminal(v) ? i : -1;
                if (t.terminal(v)) {
                    terminals[i++] = v;
                }
            }
        }
    }

    /** The pattern {@code text} names on {@code t}, a permutation drawn from {@code seed}; one line naming the problem otherwise. */
    public static TrafficPattern parse(String text, Topology t, long seed) {
        String s = text.strip();
        int n = t.nodeCount();
        if (t.terminalCount() < 2) {
            throw new InvalidInputException(t.name() + " has one " + (n == t.terminalCount() ? "node" : "terminal")
                    + ": there is nowhere to send traffic");
        }
        if (s.equals("uniform")) {
            return new TrafficPattern(Kind.UNIFORM, s, t, 0, null);
        }
        if (s.equals("permutation")) {
            return new TrafficPattern(Kind.PERMUTATION, s, t, 0, derangement(t, seed));
        }
        if (s.equals("adversarial")) {
            if (t.groupSize() < 2 || n / t.groupSize() < 2) {
                throw new InvalidInputException("adversarial sends every node of a group to the next group and needs a network of groups "
                        + "(a dragonfly, SCC_n's supernodes, CCC_n's rings): " + t.name() + " has none; use permutation or tornado");
            }
            return new TrafficPattern(Kind.ADVERSARIAL, s, t, 0, null);
        }
        boolean onAddresses = java.util.List.of("transpose", "bit-complement", "bit-reverse", "shuffle", "tornado", "neighbour", "neighbor")
                .contains(s);
        if (onAddresses && n != t.terminalCount()) {
            throw new InvalidInputException(s + " permutes the addresses of nodes, and " + t.name() + "'s switches send and receive "
                    + "nothing; use uniform, permutation, hotspot:FRACTION or adversarial");
        }
        if (s.equals("transpose")) {
            return new TrafficPattern(Kind.TRANSPOSE, s, t, 0, transpose(t));
        }
        if (s.equals("bit-complement") || s.equals("bit-reverse") || s.equals("shuffle")) {
            return new TrafficPattern(Kind.FIXED, s, t, 0, bits(s, t));
        }
        if (s.equals("tornado") || s.equals("neighbour") || s.equals("neighbor")) { // BookSim spells it neighbor
            String key = s.equals("neighbor") ? "neighbour" : s;
            return new TrafficPattern(Kind.FIXED, key, t, 0, digits(key, t));
        }
        if (s.startsWith("hotspot:")) {
            double f;
            try {
                f = Double.parseDouble(s.substring("hotspot:".length()));
            } catch (NumberFormatException e) {
                f = Double.NaN;
            }
            if (!(f > 0 && f <= 1)) {
                throw new InvalidInputException("malformed pattern '" + s + "': hotspot:FRACTION needs a fraction in (0, 1], e.g. hotspot:0.1");
            }
            return new TrafficPattern(Kind.HOTSPOT, s, t, f, null);
        }
        throw new InvalidInputException("unknown traffic pattern '" + s + "': expected one of " + KEYS);
    }

    public String key() {
        return key;
    }

    /** The destination of every node for a fixed pattern (transpose, permutation; a node mapped to itself sends nothing), or empty. */
    public java.util.Optional<int[]> destinations() {
        return image == null ? java.util.Optional.empty() : java.util.Optional.of(image.clone());
    }

    /** Whether {@code source} sends messages at all (a node a pattern maps to itself does not). */
    public boolean generates(int source) {
        return (terminals == null || rank[source] >= 0) && (image == null || image[source] != source);
    }

    /** The destination of {@code source}'s next message, drawn from {@code random} where the pattern is random. */
    public int destination(int source, SplittableRandom random) {
        switch (kind) {
            case TRANSPOSE, PERMUTATION, FIXED:
                return image[source];
            case HOTSPOT:
                int spot = terminals == null ? 0 : terminals[0];
                if (source != spot && random.nextDouble() < hotspot) {
                    return spot;
                }
                return uniformOther(source, random);
            case ADVERSARIAL:
                int groups = (terminals == null ? n : rank.length) / group;
                int next = (source / group + 1) % groups * group;
                while (true) { // a node of the next group, drawn uniformly among its terminals
                    int d = next + random.nextInt(group);
                    if (terminals == null || rank[d] >= 0) {
                        return d;
                    }
                }
            default:
                return uniformOther(source, random);
        }
    }

    private int uniformOther(int source, SplittableRandom random) {
        int from = terminals == null ? source : rank[source];
        int d = random.nextInt(n - 1);
        d = d >= from ? d + 1 : d;
        return terminals == null ? d : terminals[d];
    }

    private static int[] transpose(Topology t) {
        int n = t.nodeCount();
        int[] image = new int[n];
        java.util.Optional<Topology.Address> address = t.address();
        if (address.isEmpty()) {
            int side = (int) Math.round(Math.sqrt(n));
            if (side * side != n) {
                throw new InvalidInputException("transpose needs an address of two equal halves: " + t.name() + " has " + n
                        + " nodes, not a square; use permutation");
            }
            for (int v = 0; v < n; v++) {
                image[v] = (v % side) * side + v / side;
            }
            return image;
        }
        int digits = address.get().digits();
        if (digits % 2 != 0) {
            throw new InvalidInputException("transpose swaps the two halves of an address; " + t.name() + " has an odd number of "
                    + address.get().unit() + "s");
        }
        int half = 1;
        for (int i = 0; i < digits / 2; i++) {
            half *= address.get().radix();
        }
        for (int v = 0; v < n; v++) {
            image[v] = (v % half) * half + v / half; // ids are Σ digit·radix^position: the low and high halves swap
        }
        return image;
    }

    /** bit-complement, bit-reverse or shuffle of the b bits of every id, on a network of 2^b nodes. */
    private static int[] bits(String pattern, Topology t) {
        int n = t.nodeCount();
        if (Integer.bitCount(n) != 1) {
            throw new InvalidInputException(pattern + " permutes the bits of a node id and needs a network of 2^b nodes: " + t.name()
                    + " has " + n);
        }
        int b = Integer.numberOfTrailingZeros(n);
        int[] image = new int[n];
        for (int v = 0; v < n; v++) {
            image[v] = switch (pattern) {
                case "bit-complement" -> ~v & (n - 1);
                case "bit-reverse" -> b == 0 ? 0 : Integer.reverse(v) >>> (Integer.SIZE - b);
                default -> ((v << 1) & (n - 1)) | (v >>> (b - 1)); // shuffle: rotate left by one bit
            };
        }
        return image;
    }

    /** tornado or neighbour: every digit of the address advanced by ⌈k/2⌉ − 1, or by one, round its ring of radix k. */
    private static int[] digits(String pattern, Topology t) {
        Topology.Address address = t.address().orElseThrow(() -> new InvalidInputException(pattern + " moves every digit of a node's "
                + "address round its ring and needs a network addressed by digits (a torus or a k-ary n-cube): " + t.name() + " is not"));
        int k = address.radix();
        int shift = pattern.equals("tornado") ? (k + 1) / 2 - 1 : 1;
        if (shift == 0) {
            throw new InvalidInputException("tornado needs digits of radix 3 or more (it advances each by ⌈k/2⌉ − 1): " + t.name()
                    + "'s are of radix " + k + "; use bit-complement");
        }
        int n = t.nodeCount();
        if (Math.pow(k, address.digits()) != n) {
            throw new InvalidInputException(pattern + " needs every address of " + address.digits() + " digits of radix " + k + " to be a"
                    + " node: " + t.name() + " has " + n + " nodes");
        }
        int[] image = new int[n];
        for (int v = 0; v < n; v++) {
            int rest = v;
            int place = 1;
            int dest = 0;
            for (int i = 0; i < address.digits(); i++) { // ids are Σ digit·radix^position, the least significant first
                dest += place * ((rest % k + shift) % k);
                rest /= k;
                place *= k;
            }
            image[v] = dest;
        }
        return image;
    }

    /**
     * A uniformly drawn cyclic permutation, one cycle through all the terminals (Sattolo's algorithm): no terminal maps to itself;
     * switches map to themselves and send nothing.
     */
    private static int[] derangement(Topology t, long seed) {
        int[] cycle = derangement(t.terminalCount(), seed);
        if (t.terminalCount() == t.nodeCount()) {
            return cycle;
        }
        int[] ids = java.util.stream.IntStream.range(0, t.nodeCount()).filter(t::terminal).toArray();
        int[] image = java.util.stream.IntStream.range(0, t.nodeCount()).toArray();
        for (int i = 0; i < ids.length; i++) {
            image[ids[i]] = ids[cycle[i]];
        }
        return image;
    }

    private static int[] derangement(int n, long seed) {
        int[] image = new int[n];
        for (int v = 0; v < n; v++) {
            image[v] = v;
        }
        SplittableRandom random = new SplittableRandom(seed ^ 0x5DEECE66DL);
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i);
            int x = image[i];
            image[i] = image[j];
            image[j] = x;
        }
        return image;
    }
}
