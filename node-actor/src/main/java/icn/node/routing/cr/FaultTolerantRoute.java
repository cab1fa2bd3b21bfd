package icn.node.routing.cr;

import icn.node.routing.Router;
import icn.protocols.topology.CompleteRotationGraph;
import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * Fault_Tolerant Static Route of 003 §3.2 on CR_n, as the paper states it: one detour move chosen from the faults around the source
 * and the destination, then Simple_Route. A route x → y is computed as y⁻¹x → I ({@link Relabeling}); the faulty set is carried
 * into the renamed graph by the same renaming, so the ports are those of the real walk. The paper claims the route avoids any n−1
 * faulty nodes incident to I or to the source and is at most 6 steps longer than the optimal route (Theorem 3.4);
 * {@link FaultTolerantCheck} measures both. The code follows the paper and is not corrected: where its walk enters a faulty node
 * the result says so ({@link Status#HITS_FAULT}) instead of trying another subtree.
 *
 * <p>Reading of the text, whose overbars were lost:
 * <ul>
 * <li><b>Routing tree</b> (Figure 3.1, "base on Simple_Route"): every node's parent is its next node on Simple_Route toward I. All n
 * in-neighbours of I are children of I (the n−1 plain rotations of I reach it by one f-edge, t̄_n t_1 … t_{n−1} by g), so I has n
 * subtrees.</li>
 * <li><b>Returnable symbol</b> (Definition 3.1): the symbol of a_n when no symbol is complemented, else that of the last complemented
 * symbol a_{c_l}, named without its bar (the bar of ā_{c_l} undoes the complement). So the returnable symbol of u = bca is a and
 * that of ā b̄ c or a b̄ c is b (Example 3.5, whose v lost its bars). Simple_Route brings a_{c_l} last to the end, plain, so the
 * returnable symbol is the last symbol of the in-neighbour of I through which Simple_Route enters I (the symbol t_n for
 * t̄_n t_1 … t_{n−1}): it names the subtree (Properties 3.1, 3.2, 3.4).</li>
 * <li><b>Step 1</b>: the forbidden symbols are the returnable symbols of the faulty in-neighbours of I, of Sg if Sg is faulty, and of
 * Sf_kg for every faulty Sf_k, 1 ≤ k ≤ n−1; symbols are compared by letter, with or without bar. The algorithm takes the
 * <em>smallest</em> j with a_j not forbidden: the text says only "find the symbol a_j"; smallest j reproduces Example 3.6 (see
 * below), which takes j = 3 although a_5 was also free and the source's own Simple_Route met no fault. When every symbol is
 * forbidden the result is {@link Status#NO_RETURNABLE_SYMBOL}.</li>
 * <li><b>Step 2</b>: "a_j = t̄*" means a_j is complemented. Then f_j brings a_j to the end, where it is the last complemented symbol, so
 * the node's returnable symbol is a_j; for j = n the source already ends with a_j and no move is made (f_n is not a generator).
 * Otherwise f_{j−1} (no move for j = 1) brings a_j to the front and g moves it to the end, complemented, again making a_j the
 * returnable symbol (Property 3.3). Simple_Route follows in both cases.</li>
 * <li>A source equal to the destination gets the empty route, as every {@link Router} does; the algorithm as written would leave I
 * and come back. With no fault at all the algorithm still takes its detour (j = 1), so its fault-free route is not
 * Simple_Route's.</li>
 * </ul>
 * Example 3.6, bars read back from the route it prints: source b̄ c̄ d ē ā in CR_5, faulty nodes c d e a b and ē a b c d (in-neighbours
 * of I) and Sf_1 = c̄ d ē ā b̄, Sf_3 = ē ā b̄ c̄ d; forbidden symbols b, e, b, c; j = 3 (d, plain); route f_2, g, then Simple_Route g,
 * g, g, g, g, f_1: 8 steps.
 *
 * <p>The walk is checked, not assumed: every node it enters (the destination included; the source is where the packet already is)
 * is tested against the faulty set, and the first faulty one is reported.
 *
 * <p>Where the algorithm fails (measured by {@link FaultTolerantCheck}): Step 1 looks at Sg and at Sf_kg for faulty Sf_k, but
 * when the chosen a_j is complemented the first move is f_j into Sf_j, which nothing checks; every faulty node a route enters is that
 * one. And a faulty node that is both an in-neighbour of I and an out-neighbour of S (S then a plain rotation of I) forbids two
 * symbols, so fewer than n−1 faults can forbid all n: no route.
 */
public final class FaultTolerantRoute {

    public static final String KEY = "fault-tolerant";

    /** A node that is not in the graph, for {@link Result#firstFaulty()} when no faulty node was entered. */
    public static final int NO_NODE = -1;

    /** What the algorithm produced for one source, destination and faulty set. */
    public enum Status {
        /** Step 1 found a symbol and the walk enters no faulty node: the ports lead to the destination. */
        DELIVERED,
        /** Step 1 found a symbol but the walk it prescribes enters a faulty node ({@link Result#firstFaulty()}). */
        HITS_FAULT,
        /** Step 1 found no symbol a_j outside the forbidden returnable symbols: the algorithm has no route. */
        NO_RETURNABLE_SYMBOL
    }

    /**
     * One route: its status, the ports of the walk the algorithm prescribes (empty when there is none), the position j (1-based) of
     * the symbol chosen in Step 1 in the renamed source (0 when none was, or source = destination), and the first faulty node the
     * walk enters, by real id, or {@link #NO_NODE}.
     */
    public record Result(Status status, int[] ports, int chosenPosition, int firstFaulty) {

        public Result {
            ports = ports.clone();
        }

        @Override
        public int[] ports() {
            return ports.clone();
        }

        public int length() {
            return ports.length;
        }

        public boolean delivered() {
            return status == Status.DELIVERED;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Result x && x.status == status && Arrays.equals(x.ports, ports) && x.chosenPosition == chosenPosition
                    && x.firstFaulty == firstFaulty;
        }

        @Override
        public int hashCode() {
            return 31 * (31 * (31 * status.hashCode() + Arrays.hashCode(ports)) + chosenPosition) + firstFaulty;
        }

        @Override
        public String toString() {
            return "Result[status=" + status + ", ports=" + Arrays.toString(ports) + ", chosenPosition=" + chosenPosition + ", firstFaulty="
                    + firstFaulty + "]";
        }
    }

    private final CompleteRotationGraph cr;

    public FaultTolerantRoute(CompleteRotationGraph cr) {
        this.cr = cr;
    }

    public String key() {
        return KEY;
    }

    /** The route from {@code source} to {@code destination} avoiding {@code faulty} (real node ids), or why there is none. */
    public Result route(int source, int destination, IntPredicate faulty) {
        Relabeling.checkNode(cr, source);
        Relabeling.checkNode(cr, destination);
        if (source == destination) {
            return new Result(Status.DELIVERED, new int[0], 0, NO_NODE);
        }
        int relative = Relabeling.towardIdentity(cr, source, destination);
        IntPredicate renamedFaulty = z -> faulty.test(Relabeling.fromIdentity(cr, z, destination));
        Result renamed = toIdentity(cr, relative, renamedFaulty);
        if (renamed.firstFaulty() == NO_NODE) {
            return renamed;
        }
        return new Result(renamed.status(), renamed.ports, renamed.chosenPosition(),
                Relabeling.fromIdentity(cr, renamed.firstFaulty(), destination));
    }

    /**
     * The ports of the route from {@code source} to {@code destination} avoiding {@code faulty}.
     *
     * @throws NoRouteException when the algorithm has no route or its route enters a faulty node
     */
    public int[] ports(int source, int destination, IntPredicate faulty) {
        Result r = route(source, destination, faulty);
        if (!r.delivered()) {
            throw new NoRouteException(describeFailure(r, source, destination));
        }
        return r.ports;
    }

    /**
     * This algorithm as a {@link Router} for one fixed faulty set. {@link Router#ports} throws {@link NoRouteException} where
     * {@link #ports(int, int, IntPredicate)} does. It does not distribute: the detour is chosen at the source from the faults around
     * it, and a node on the way would choose another.
     */
    public Router forFaults(IntPredicate faulty) {
        return new Router() {
            @Override
            public String key() {
                return KEY;
            }

            @Override
            public int[] ports(int source, int destination) {
                return FaultTolerantRoute.this.ports(source, destination, faulty);
            }

            @Override
            public boolean distributes() {
                return false;
            }
        };
    }

    /** Thrown where the algorithm, as written, has no fault-free route. */
    public static final class NoRouteException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        NoRouteException(String message) {
            super(message);
        }
    }

    private String describeFailure(Result r, int source, int destination) {
        String pair = cr.label(source) + " → " + cr.label(destination) + " in " + cr.name();
        return r.status() == Status.NO_RETURNABLE_SYMBOL
                ? "003 Fault_Tolerant Static Route has no route " + pair + ": every symbol's subtree is blocked by a fault"
                : "003 Fault_Tolerant Static Route " + pair + " enters faulty node " + cr.label(r.firstFaulty());
    }

    /** The route from {@code node} to I, with {@code faulty} given in the same (renamed) ids. */
    public static Result toIdentity(CompleteRotationGraph cr, int node, IntPredicate faulty) {
        Relabeling.checkNode(cr, node);
        if (node == cr.identity()) {
            return new Result(Status.DELIVERED, new int[0], 0, NO_NODE);
        }
        int n = cr.n();
        int forbidden = forbiddenSymbols(cr, node, faulty);
        int r = cr.rotation(node);
        int j = 0; // 003 Fault_Tolerant Static Route, Step 1: the smallest j with a_j not a forbidden returnable symbol
        for (int position = 1; position <= n && j == 0; position++) {
            if ((forbidden >>> symbolAt(n, r, position) & 1) == 0) {
                j = position;
            }
        }
        if (j == 0) {
            return new Result(Status.NO_RETURNABLE_SYMBOL, new int[0], 0, NO_NODE);
        }
        SimpleRoute.Walk walk = new SimpleRoute.Walk(cr, node, 2);
        if (walk.complemented(symbolAt(n, r, j))) { // Step 2: a_j = t̄*
            if (j < n) {
                walk.f(j); // a_j to the end, the last complemented symbol
            }
        } else {
            if (j > 1) {
                walk.f(j - 1); // a_j to the front …
            }
            walk.g(); // … and to the end, complemented
        }
        while (walk.simpleStep()) {
            // Simple_Route(), 003 §3.1
        }
        int[] ports = walk.ports();
        int hit = firstFaulty(cr, node, ports, faulty);
        return new Result(hit == NO_NODE ? Status.DELIVERED : Status.HITS_FAULT, ports, j, hit);
    }

    /**
     * Step 1's set, as a mask over symbols (bit s for t_{s+1}): the returnable symbols of the faulty in-neighbours of I, of Sg if it
     * is faulty, and of Sf_kg for each faulty Sf_k.
     */
    static int forbiddenSymbols(CompleteRotationGraph cr, int source, IntPredicate faulty) {
        int forbidden = 0;
        for (int x : inNeighboursOfIdentity(cr)) {
            if (faulty.test(x)) {
                forbidden |= 1 << returnableSymbol(cr, x);
            }
        }
        int g = cr.gPort();
        int sg = cr.neighbour(source, g);
        if (faulty.test(sg)) {
            forbidden |= 1 << returnableSymbol(cr, sg);
        }
        for (int k = 1; k < cr.n(); k++) {
            int sfk = cr.neighbour(source, cr.fPort(k));
            if (faulty.test(sfk)) {
                forbidden |= 1 << returnableSymbol(cr, cr.neighbour(sfk, g));
            }
        }
        return forbidden;
    }

    /**
     * The in-neighbours of I: the plain rotations f_{n−k}(I) = t_{n−k+1} … t_n t_1 … t_{n−k} (id k), whose f_k-edge leads to I, and
     * t̄_n t_1 … t_{n−1}, whose g-edge does. In the routing tree they are the n children of I.
     */
    public static int[] inNeighboursOfIdentity(CompleteRotationGraph cr) {
        int n = cr.n();
        int[] in = new int[n];
        for (int r = 1; r < n; r++) {
            in[r - 1] = cr.id(r, 0);
        }
        in[n - 1] = cr.id(n - 1, 1 << (n - 1));
        return in;
    }

    /**
     * The returnable symbol of a node (003 Definition 3.1), as a 0-based symbol index s (t_{s+1}): that of a_n if no symbol is
     * complemented, else that of the last complemented symbol a_{c_l}.
     */
    public static int returnableSymbol(CompleteRotationGraph cr, int node) {
        Relabeling.checkNode(cr, node);
        int n = cr.n();
        int r = cr.rotation(node);
        int m = cr.complements(node);
        if (m == 0) {
            return symbolAt(n, r, n);
        }
        for (int position = n; position >= 1; position--) {
            int s = symbolAt(n, r, position);
            if ((m >>> s & 1) != 0) {
                return s;
            }
        }
        throw new AssertionError("m != 0 but no symbol is complemented");
    }

    /** The symbol index of a_position (1-based) in a node of rotation r. */
    private static int symbolAt(int n, int r, int position) {
        return (r + position - 1) % n;
    }

    /** The first node the walk enters that is faulty, or {@link #NO_NODE}. */
    private static int firstFaulty(CompleteRotationGraph cr, int source, int[] ports, IntPredicate faulty) {
        int node = source;
        for (int p : ports) {
            node = cr.neighbour(node, p);
            if (faulty.test(node)) {
                return node;
            }
        }
        return NO_NODE;
    }
}
