package icn.node.traffic;

import icn.node.routing.DistributedRouting;
import icn.node.routing.RoutingAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.Permutations;
import icn.protocols.topology.Scc;
import icn.protocols.topology.SccPort;
import icn.protocols.traffic.MessageHeader;

/**
 * Wormhole routings on SCC_n computed from the labels (issue 32): 000 §6's distributed {@code random}, {@code greedy} and
 * {@code near-minimal} (000 Algorithms 1 and 2, and 3 without its backtracking, each node deciding from its own label as
 * {@link DistributedRouting} does for packets), and {@code adaptive}, minimal and fully adaptive (Duato), the default. State: one
 * byte per node for all distances ({@link Scc#distance}: one BFS and the network's automorphisms); nothing per pair.
 *
 * <p><b>Virtual-channel classes.</b> Every route of these routings takes exactly lat = {@link Permutations#starDistance}(π_d⁻¹·π_s)
 * lateral links (000 Eq. 4; at most the star graph's diameter L = ⌊3(n−1)/2⌋), each of which lowers that distance by one, and between
 * two lateral links (and before the first, and after the last) walks the shorter way round one ring, never a whole turn. A lateral
 * link exchanges two symbols, so it joins an even permutation to an odd one; call it negative when it leaves an odd one. A worm's
 * class c is the number of negative lateral links it has taken: at most C = ⌈L/2⌉, as the parities alternate. On a local link a
 * worm takes virtual channel 2c + b, where b is 1 once its walk in the current ring has crossed the ring's dateline (the link
 * between positions n and 2, either way) and 0 before; on a lateral link, virtual channel c. These E = 2C + 2 virtual channels are
 * the escape channels; channels E .. V−1 of every link are adaptive.
 *
 * <p><b>Why deadlock-free</b> (docs/design.md has the argument at length). Order the escape channels by (c; the even rings' local
 * channels, then positive lateral links, then the odd rings' local channels, then negative lateral links; b; the position along the
 * walk's direction). A worm's escape channels rise strictly in this order along its path: within a ring it walks one way from its
 * entry position, b rises once at the dateline and never falls within the walk (a walk is shorter than a turn); a positive lateral
 * link leads from an even ring to an odd one at the same c; a negative one raises c. So the escape channels' dependency graph has no
 * cycle (Dally and Seitz), whichever of them a worm takes and whatever adaptive channels it takes between them (the order is of the
 * path, so indirect dependencies rise too: Duato's condition), and every head can always wait for its escape channel. Needs V ≥ E,
 * and {@code adaptive} one more.
 */
final class SccTrafficRouting implements TrafficRouting {

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

    private final Scc scc;
    private final int n;
    private final int vcs;
    private final int escape;
    private final RoutingAlgorithm algorithm; // null: adaptive

    SccTrafficRouting(Scc scc, int vcs, RoutingAlgorithm algorithm) {
        this.scc = scc;
        this.n = scc.n();
        this.vcs = vcs;
        this.algorithm = algorithm;
        this.escape = escapeChannels(n);
        int least = escape + (algorithm == null ? 1 : 0);
        if (vcs < least) {
            throw new InvalidInputException(key() + " routing on " + scc.name() + " needs V >= " + least + " virtual channels (" + escape
                    + " escape channels: 2 per class of negative lateral links, C + 1 = " + (escape / 2) + " classes, for the dateline"
                    + (algorithm == null ? "; and one adaptive channel at least" : "") + "); got " + vcs);
        }
    }

    /** L = ⌊3(n−1)/2⌋, the most lateral links of a route: the star graph's diameter. */
    static int mostLaterals(int n) {
        return 3 * (n - 1) / 2;
    }

    /** E = 2·(⌈L/2⌉ + 1): two virtual channels (before and after the dateline) per class of negative lateral links. */
    static int escapeChannels(int n) {
        return 2 * ((mostLaterals(n) + 1) / 2 + 1);
    }

    @Override
    public String key() {
        return algorithm == null ? ADAPTIVE : algorithm.key();
    }

    @Override
    public void choices(int node, MessageHeader h, Choices out) {
        int d = h.destination();
        int free = TrafficRouting.range(escape, vcs - 1);
        if (algorithm != null) {
            int port = DistributedRouting.port(scc, algorithm, node, decision(node, h)[0]);
            out.add(port, free, 0);
            out.add(port, 1 << escapeChannel(node, h, port), 1);
            return;
        }
        int near = scc.distance(node, d) - 1;
        int lateralsLeft = -1;
        for (int p = 0; p < 3; p++) {
            int y = scc.neighbour(node, p);
            if (scc.distance(y, d) != near) {
                continue;
            }
            if (p == LATERAL) {
                lateralsLeft = lateralsLeft >= 0 ? lateralsLeft : lateralsLeft(node, d);
                if (lateralsLeft(y, d) != lateralsLeft - 1) {
                    continue; // only lateral links that shorten the star route: the class bound C rests on it
                }
            }
            out.add(p, free, 0);
        }
        for (int i = 0, count = out.size(); i < count; i++) {
            out.add(out.port(i), 1 << escapeChannel(node, h, out.port(i)), 1);
        }
    }

    /** lat(π_d⁻¹·π_s): the lateral links a route from {@code node} to {@code d} takes. */
    private int lateralsLeft(int node, int d) {
        byte[] q = new byte[n];
        Permutations.relative(Permutations.unrank(scc.supernode(node), n), Permutations.unrank(scc.supernode(d), n), q);
        return Permutations.starDistance(q);
    }

    /** The escape channel of the hop from {@code node} on {@code port}: c on a lateral link, 2c + b on a local one. */
    private int escapeChannel(int node, MessageHeader h, int port) {
        int c = h.target() >>> CLASS_SHIFT & CLASS_BITS;
        if (port == LATERAL) {
            return c;
        }
        boolean crossed = (h.target() & CROSSED) != 0 || crossesDateline(scc.position(node), port);
        return 2 * c + (crossed ? 1 : 0);
    }

    /** RIGHT from position n and LEFT from position 2 cross the link between n and 2. */
    private boolean crossesDateline(int position, int port) {
        return port == RIGHT && position == n || port == LEFT && position == 2;
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
        if (port == LATERAL) {
            int c = target >>> CLASS_SHIFT & CLASS_BITS;
            if (Permutations.isOdd(Permutations.unrank(scc.supernode(node), n))) {
                c++; // a negative lateral link: from an odd permutation to an even one
            }
            target = c << CLASS_SHIFT; // a new ring: no decision, the dateline not crossed
        } else if (crossesDateline(scc.position(node), port)) {
            target |= CROSSED;
        }
        return h.hop(step, target, state);
    }
}
