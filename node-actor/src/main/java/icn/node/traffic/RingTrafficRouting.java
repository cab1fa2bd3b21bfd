package icn.node.traffic;

import icn.node.routing.DistributedRouting;
import icn.node.routing.RoutingAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.Permutations;
import icn.protocols.topology.CubeConnectedCycles;
import icn.protocols.topology.Scc;
import icn.protocols.topology.SccPort;
import icn.protocols.traffic.MessageHeader;

/**
 * Wormhole routings computed from the labels on networks of rings joined by lateral links (issue 32): SCC_n and CCC_n.
 * {@code adaptive}, minimal and fully adaptive (Duato), is the default of both; on SCC_n also 000 §6's distributed {@code random},
 * {@code greedy} and {@code near-minimal} (000 Algorithms 1 and 2, and 3 without its backtracking, each node deciding from its own
 * label as {@link DistributedRouting} does for packets). State: one byte per node for all distances ({@link Scc#distance},
 * {@link CubeConnectedCycles#distance}: one BFS and the network's automorphisms); nothing per pair.
 *
 * <p>The text below speaks of SCC_n; on CCC_n read the cube vertex x for the permutation π, the Hamming distance (at most n) for
 * lat, the parity of x's bits for the permutation's, and the link between positions n−1 and 0 for the dateline. Every shortest path
 * of CCC_3..CCC_8 flips each differing bit once, and {@code adaptive} offers only lateral links that flip one, so L = n there.
 *
 * <p><b>Virtual-channel classes.</b> Every route of these routings takes exactly lat = {@link Permutations#starDistance}(π_d⁻¹·π_s)
 * lateral links (000 Eq. 4; at most the star graph's diameter L = ⌊3(n−1)/2⌋), each of which lowers that distance by one, and between
 * two lateral links (and before the first, and after the last) walks the shorter way round one ring, never a whole turn. A lateral
 * link exchanges two symbols, so it joins an even permutation to an odd one; call it negative when it leaves an odd one. A worm's
 * class c is the number of negative lateral links it has taken: at most C = ⌈L/2⌉, as the parities alternate. On a local link a
 * worm takes virtual channel 2c + b, where b is 1 from the ring's dateline on (the link between positions n and 2, either way) and 0
 * before it; on a lateral link, virtual channel c. These are the escape channels, E = 2C + 2 of them on a local link and C + 1 on a
 * lateral one; the channels above them on each link are adaptive. A worm may also move up to any higher class k that leaves room
 * for the negative lateral links still ahead (k + those ≤ C), and stays there (starting it with b = 0, even past the dateline):
 * the escape channels of all such k are its escape choices, the lowest first, so that all of them serve (a worm near its start has
 * many).
 *
 * <p><b>Why deadlock-free</b> (docs/design.md has the argument at length). Order the escape channels by (c; the even rings' local
 * channels, then positive lateral links, then the odd rings' local channels, then negative lateral links; b; the position along the
 * walk's direction, the dateline link first among b = 1). A worm's escape channels rise strictly in this order along its path:
 * within a ring it walks one way from its entry position and never reaches the dateline twice (a walk is shorter than a turn), so
 * within a class b only rises and positions rise within each b (a move up that starts a class at b = 0 past the dateline still
 * sees positions rise); a positive lateral link leads from an even ring to an odd one at the same c; a negative one raises c; a
 * move up a class rises by definition. So the escape channels' dependency graph has no cycle (Dally and Seitz), whichever of them
 * a worm takes and whatever adaptive channels it takes between them (the order is of the path, so indirect dependencies rise too:
 * Duato's condition), and every head can always wait for its escape channel. Needs V ≥ E, and {@code adaptive} one more.
 */
final class RingTrafficRouting implements TrafficRouting {

    /** What the routing needs of a network of rings and lateral links; ports are numbered as SCC_n numbers them. */
    interface Rings {
        icn.protocols.Topology topology();

        /** The hop distance, from the labels. */
        int distance(int from, int to);

        /** The lateral links a shortest route from {@code from} to {@code to} takes (lat, or the Hamming distance). */
        int lateralsLeft(int from, int to);

        /** Whether the node's group (its supernode's permutation, its cube vertex) is odd. */
        boolean odd(int node);

        /** Whether the local link on {@code port} from {@code node} is the ring's dateline link (either way). */
        boolean crossesDateline(int node, int port);

        /** L: the most lateral links a route takes. */
        int mostLaterals();

        /** SCC_n itself, for 000 §6's routings; null on other networks. */
        default Scc scc() {
            return null;
        }
    }

    /** SCC_n: positions 2..n, the dateline between n and 2, permutations' parity, lat = the star distance. */
    static Rings of(Scc scc) {
        int n = scc.n();
        icn.protocols.topology.Star star = icn.protocols.topology.Star.of(n);
        return new Rings() {
            public icn.protocols.Topology topology() {
                return scc;
            }

            public int distance(int from, int to) {
                return scc.distance(from, to);
            }

            public int lateralsLeft(int from, int to) {
                return star.distance(scc.supernode(from), scc.supernode(to)); // the quotient's distance: lat(π_d⁻¹·π_s)
            }

            public boolean odd(int node) {
                return Permutations.isOdd(Permutations.unrank(scc.supernode(node), n));
            }

            public boolean crossesDateline(int node, int port) {
                int position = scc.position(node);
                return port == RIGHT && position == n || port == LEFT && position == 2;
            }

            public int mostLaterals() {
                return 3 * (n - 1) / 2;
            }

            public Scc scc() {
                return scc;
            }
        };
    }

    /** CCC_n: positions 0..n−1, the dateline between n−1 and 0, the parity of the cube vertex, the Hamming distance. */
    static Rings of(CubeConnectedCycles ccc) {
        int n = ccc.n();
        return new Rings() {
            public icn.protocols.Topology topology() {
                return ccc;
            }

            public int distance(int from, int to) {
                return ccc.distance(from, to);
            }

            public int lateralsLeft(int from, int to) {
                return Integer.bitCount(ccc.cubeVertex(from) ^ ccc.cubeVertex(to));
            }

            public boolean odd(int node) {
                return (Integer.bitCount(ccc.cubeVertex(node)) & 1) == 1;
            }

            public boolean crossesDateline(int node, int port) {
                int position = ccc.position(node);
                return port == RIGHT && position == n - 1 || port == LEFT && position == 0;
            }

            public int mostLaterals() {
                return n;
            }
        };
    }

    static final String ADAPTIVE = "adaptive";

    private static final int LATERAL = SccPort.LATERAL.index();
    private static final int LEFT = SccPort.LEFT.index();
    private static final int RIGHT = SccPort.RIGHT.index();

    // the routing's state in the header's target field: the target position in this ring, whether the decision is taken, the
    // class c, and whether this ring's walk has crossed the dateline
    private static final int TARGET_BITS = 0xF;
    private static final int DECIDED = 1 << 4;
    private static final int CLASS_SHIFT = 5;
    private static final int CLASS_BITS = 0x1F;
    private static final int CROSSED = 1 << 10;

    private final Rings rings;
    private final icn.protocols.Topology t;
    private final Scc scc; // the oblivious routings' network, else null
    private final int vcs;
    private final int escape;
    private final RoutingAlgorithm algorithm; // null: adaptive

    RingTrafficRouting(Rings rings, int vcs, RoutingAlgorithm algorithm) {
        this.rings = rings;
        this.t = rings.topology();
        this.scc = rings.scc();
        if (algorithm != null && scc == null) {
            throw new IllegalArgumentException(algorithm.key() + " is a routing of SCC_n");
        }
        this.vcs = vcs;
        this.algorithm = algorithm;
        this.escape = escapeChannels(rings.mostLaterals());
        int least = escape + (algorithm == null ? 1 : 0);
        if (vcs < least) {
            throw new InvalidInputException(key() + " routing on " + t.name() + " needs V >= " + least + " virtual channels (" + escape
                    + " escape channels: 2 per class of negative lateral links, C + 1 = " + (escape / 2) + " classes, for the dateline"
                    + (algorithm == null ? "; and one adaptive channel at least" : "") + "); got " + vcs);
        }
    }

    /** E = 2·(⌈L/2⌉ + 1) for routes of at most L lateral links: two virtual channels (before and after the dateline) per class. */
    static int escapeChannels(int mostLaterals) {
        return 2 * ((mostLaterals + 1) / 2 + 1);
    }

    @Override
    public String key() {
        return algorithm == null ? ADAPTIVE : algorithm.key();
    }

    @Override
    public void choices(int node, MessageHeader h, Choices out) {
        int d = h.destination();
        if (algorithm != null) {
            int port = DistributedRouting.port(scc, algorithm, node, decision(node, h)[0]);
            out.add(port, free(port), 0);
            out.add(port, escapeChannels(node, h, port), 1);
            return;
        }
        int near = rings.distance(node, d) - 1;
        for (int p = 0; p < 3; p++) {
            int y = t.neighbour(node, p);
            if (rings.distance(y, d) != near) {
                continue;
            }
            if (p == LATERAL && rings.lateralsLeft(y, d) != rings.lateralsLeft(node, d) - 1) {
                continue; // only lateral links that shorten the lateral route: the class bound C rests on it
            }
            out.add(p, free(p), 0);
        }
        for (int i = 0, count = out.size(); i < count; i++) {
            out.add(out.port(i), escapeChannels(node, h, out.port(i)), 1);
        }
    }

    /** The adaptive channels of a port: above the escape channels, which are 0..E−1 on a local link and 0..C on a lateral one. */
    private int free(int port) {
        return TrafficRouting.range(port == LATERAL ? escape / 2 : escape, vcs - 1);
    }

    /** Whether {@code vc} is an escape channel of {@code port}. */
    private boolean escape(int port, int vc) {
        return vc < (port == LATERAL ? escape / 2 : escape);
    }

    /**
     * The escape channels of the hop from {@code node} on {@code port}: those of every class k from the worm's own c up to
     * C − (the negative lateral links still ahead), so that the classes still suffice; k on a lateral link and 2k + b on a local one,
     * b = 1 on the dateline link and after it within the worm's class; a worm that moves up a class starts it with b = 0 even after
     * the dateline (its positions still rise within the walk, which never reaches the dateline again).
     */
    private int escapeChannels(int node, MessageHeader h, int port) {
        int c = h.target() >>> CLASS_SHIFT & CLASS_BITS;
        int left = rings.lateralsLeft(node, h.destination());
        int negativesLeft = rings.odd(node) ? (left + 1) / 2 : left / 2;
        int top = escape / 2 - 1 - negativesLeft;
        boolean now = port != LATERAL && rings.crossesDateline(node, port);
        boolean crossed = (h.target() & CROSSED) != 0;
        int mask = 0;
        for (int k = c; k <= top; k++) {
            mask |= port == LATERAL ? 1 << k : 1 << (2 * k + (now || k == c && crossed ? 1 : 0));
        }
        return mask;
    }

    /** The oblivious routings' decision for the current ring: {target position, algorithm state}, from the header or taken here. */
    private int[] decision(int node, MessageHeader h) {
        if ((h.target() & DECIDED) != 0) {
            return new int[] {h.target() & TARGET_BITS, h.state()};
        }
        long state = algorithm == RoutingAlgorithm.RANDOM ? drawSeed(h) : h.state();
        DistributedRouting.Decision d = DistributedRouting.decide(scc, algorithm, node, h.destination(), state);
        return new int[] {d.target(), algorithm == RoutingAlgorithm.GREEDY ? (int) d.state() : 0};
    }

    /**
     * The seed of random routing's draw in the current ring: from the message's id and the lateral links it has taken, so that a
     * message's route is the same on every engine and in every run of it (the hops it has made so far stand for the lateral links:
     * they differ from ring to ring).
     */
    private static long drawSeed(MessageHeader h) {
        long z = h.id() * 0x9E3779B97F4A7C15L + h.hops() * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    @Override
    public MessageHeader advance(int node, MessageHeader h, int port, int vc, long step) {
        int target = h.target();
        int state = h.state();
        if (algorithm != null && (target & DECIDED) == 0) {
            int[] d = decision(node, h);
            target = target & ~TARGET_BITS | d[0] | DECIDED;
            state = d[1];
        }
        int c = target >>> CLASS_SHIFT & CLASS_BITS;
        if (escape(port, vc)) { // an escape channel: its class is the worm's from now on
            c = port == LATERAL ? vc : vc / 2;
            target = target & ~(CLASS_BITS << CLASS_SHIFT | CROSSED) | c << CLASS_SHIFT | (port != LATERAL && vc % 2 == 1 ? CROSSED : 0);
        }
        if (port == LATERAL) {
            if (rings.odd(node)) {
                c++; // a negative lateral link: from an odd permutation to an even one
            }
            target = c << CLASS_SHIFT; // a new ring: no decision, the dateline not crossed
        } else if (rings.crossesDateline(node, port)) {
            target |= CROSSED;
        }
        return h.hop(step, target, state);
    }
}
