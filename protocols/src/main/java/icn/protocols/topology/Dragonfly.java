package icn.protocols.topology;

import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.NetworkKind;
import icn.protocols.Topology;

/**
 * The dragonfly of Kim, Dally, Scott and Abts (ISCA 2008), in its largest form: G = A·H + 1 groups of A routers, each router with
 * P terminals, A − 1 local links (a group is a complete graph) and H global links, one global link between every two groups. Name
 * {@code dragonfly:P,A,H}, e.g. {@code dragonfly:2,4,2} (9 groups, 36 routers, 72 terminals); the paper's balanced ones have
 * A = 2P = 2H.
 *
 * <p><b>Global links.</b> Global channel c = r·H + i of group g (router r's i-th) leads to group g + c + 1 (mod G), arriving
 * there on its channel A·H − 1 − c: the consecutive arrangement, so that going from group g to group g' uses channel
 * (g' − g − 1) mod G of g.
 *
 * <p><b>Ids and ports.</b> Router r of group g is id (g·A + r)(P + 1), its terminals the P ids after it, so a group is
 * A(P + 1) consecutive ids ({@link #groupSize()}). A router's ports are {@code T0 … T<P−1>} to its terminals
 * ({@link LinkClass#TERMINAL}), {@code L0 … L<A−2>} to the other routers of its group in order ({@link LinkClass#LOCAL}), and
 * {@code G0 … G<H−1>} ({@link LinkClass#GLOBAL}); a terminal's one link is its port {@code T0}, its other ports lead nowhere.
 * Routers are not {@linkplain #terminal terminals}: they only forward.
 *
 * <p><b>Labels.</b> A router is {@code g.r}, a terminal {@code g.r.t}.
 *
 * <p>P, A, H ≥ 1 and at most {@value Torus#MAX_NODES} nodes.
 */
public final class Dragonfly implements Topology {

    private final int p;
    private final int a;
    private final int h;
    private final int groups;

    private Dragonfly(int p, int a, int h) {
        this.p = p;
        this.a = a;
        this.h = h;
        this.groups = a * h + 1;
    }

    /** The dragonfly; one line naming the problem otherwise. */
    public static Dragonfly of(int p, int a, int h) {
        String name = "dragonfly:" + p + "," + a + "," + h;
        if (p < 1 || a < 1 || h < 1) {
            throw new InvalidInputException(name + " is out of range: P, A and H must each be at least 1");
        }
        double nodes = ((double) a * h + 1) * a * (p + 1);
        if (nodes > Torus.MAX_NODES) {
            throw new InvalidInputException(name + " is out of range: (A·H + 1)·A·(P + 1) must be at most " + Torus.MAX_NODES + " nodes");
        }
        return new Dragonfly(p, a, h);
    }

    /** The dragonfly from the text after {@code dragonfly:}, {@code P,A,H}, e.g. {@code 2,4,2}. */
    public static Dragonfly parse(String params) {
        int[] v = TopologyParams.integers(params, "dragonfly", "P,A,H", "dragonfly:2,4,2", 3);
        return of(v[0], v[1], v[2]);
    }

    /** P, terminals per router. */
    public int p() {
        return p;
    }

    /** A, routers per group. */
    public int a() {
        return a;
    }

    /** H, global links per router. */
    public int h() {
        return h;
    }

    /** G = A·H + 1, the groups. */
    public int groups() {
        return groups;
    }

    /** The group of a node. */
    public int group(int node) {
        return node / (a * (p + 1));
    }

    /** The router of a node within its group (a terminal's: the router it hangs from). */
    public int router(int node) {
        return node / (p + 1) % a;
    }

    /** The id of router {@code r} of group {@code g}. */
    public int routerId(int g, int r) {
        return (g * a + r) * (p + 1);
    }

    /** The port of a router towards router {@code to} of its own group ({@code to} ≠ {@code from}). */
    public int localPort(int from, int to) {
        return p + (to < from ? to : to - 1);
    }

    /** The global channel of any group g that leads to group {@code to}: (to − g − 1) mod G, i.e. router c / H, port G(c mod H). */
    public int channelTo(int g, int to) {
        return Math.floorMod(to - g - 1, groups);
    }

    /** The router of group {@code to} where the global link from group {@code g} arrives (channel A·H − 1 − c of group {@code to}). */
    public int arrivalRouter(int g, int to) {
        return (a * h - 1 - channelTo(g, to)) / h;
    }

    /** The port of global link {@code i} of a router. */
    public int globalPort(int i) {
        return p + a - 1 + i;
    }

    @Override
    public boolean terminal(int node) {
        return node % (p + 1) != 0;
    }

    @Override
    public int terminalCount() {
        return groups * a * p;
    }

    @Override
    public int groupSize() {
        return a * (p + 1);
    }

    @Override
    public NetworkKind kind() {
        return NetworkKind.DRAGONFLY;
    }

    @Override
    public String name() {
        return "dragonfly:" + p + "," + a + "," + h;
    }

    @Override
    public int nodeCount() {
        return groups * a * (p + 1);
    }

    @Override
    public int portCount() {
        return p + a - 1 + h;
    }

    private void check(int port) {
        if (port < 0 || port >= portCount()) {
            throw new IllegalArgumentException(name() + " has no port " + port);
        }
    }

    @Override
    public String portName(int port) {
        check(port);
        return port < p ? "T" + port : port < p + a - 1 ? "L" + (port - p) : "G" + (port - p - a + 1);
    }

    @Override
    public int neighbour(int node, int port) {
        check(port);
        if (terminal(node)) {
            return port == 0 ? node - node % (p + 1) : NONE;
        }
        int g = group(node);
        int r = router(node);
        if (port < p) {
            return node + 1 + port;
        }
        if (port < p + a - 1) {
            int j = port - p;
            return routerId(g, j < r ? j : j + 1);
        }
        int c = r * h + port - (p + a - 1);
        int c2 = a * h - 1 - c;
        return routerId((g + c + 1) % groups, c2 / h);
    }

    @Override
    public int arrivalPort(int node, int port) {
        check(port);
        if (terminal(node)) {
            return node % (p + 1) - 1;
        }
        int r = router(node);
        if (port < p) {
            return 0;
        }
        if (port < p + a - 1) {
            int j = port - p;
            return localPort(j < r ? j : j + 1, r);
        }
        int c = r * h + port - (p + a - 1);
        return globalPort((a * h - 1 - c) % h);
    }

    @Override
    public LinkClass linkClass(int port) {
        check(port);
        return port < p ? LinkClass.TERMINAL : port < p + a - 1 ? LinkClass.LOCAL : LinkClass.GLOBAL;
    }

    @Override
    public String label(int node) {
        String router = group(node) + "." + router(node);
        return terminal(node) ? router + "." + (node % (p + 1) - 1) : router;
    }

    @Override
    public int parseLabel(String text) {
        String s = text.strip();
        String[] parts = s.split("\\.", -1);
        if (parts.length < 2 || parts.length > 3 || !java.util.Arrays.stream(parts).allMatch(x -> x.strip().matches("\\d{1,9}"))) {
            throw new InvalidInputException("malformed label '" + s + "': " + name() + " labels a router GROUP.ROUTER (e.g. "
                    + label(routerId(groups - 1, a - 1)) + ") and a terminal GROUP.ROUTER.TERMINAL (e.g. " + label(nodeCount() - 1) + ")");
        }
        int g = Integer.parseInt(parts[0].strip());
        int r = Integer.parseInt(parts[1].strip());
        int t = parts.length == 3 ? Integer.parseInt(parts[2].strip()) : -1;
        if (g >= groups || r >= a || t >= p) {
            throw new InvalidInputException("label '" + s + "' is impossible: " + name() + " has groups 0.." + (groups - 1) + ", routers 0.."
                    + (a - 1) + " in each, terminals 0.." + (p - 1) + " on each");
        }
        return routerId(g, r) + 1 + t;
    }
}
