package icn.node.routing.cr;

import icn.protocols.topology.CompleteRotationGraph;

/**
 * Optimal_Route of 003 §3.1 on CR_n, as the paper states it: Simple_Route's step (Step 3) with one extra move (Step 2) tried until it
 * fires once. The paper claims the route is a shortest path (Lemma 3.3) and at most n+1 long (Theorem 3.2); {@link CrRoutingCheck}
 * measures both, and the first does not hold for every node (see there). The code follows the paper and is not corrected.
 *
 * <p>Reading of the text, whose overbars were lost (the proof of Lemma 3.2 keeps more of them): Step 2 applies when a_1 is not the
 * first complemented symbol (a_1 is plain), t̄_n occurs (t_n is complemented), a_n ≠ t̄_n, and t_1 occurs plain. It then takes the
 * smallest i, 2 ≤ i ≤ n, with t̄_i in the label, at position l, and traverses f_{l−1} and g. The last line, "if flag = 0 then go to
 * step 2", is read with the implied "else go to step 3": Step 3 alone makes one move, so the algorithm could not finish otherwise.
 * (Reading a_n ≠ t̄_n instead as a_n ≠ t_n, always true when t̄_n occurs, gives the same ports: it adds only nodes with r = 0,
 * where Step 2's move is Step 3's.) Example 3.3: c d̄ a b̄ → f_3 → b̄ c d̄ a → g → c d̄ a b → f_1 → d̄ a b c → g → abcd.
 */
public final class OptimalRoute extends RelabeledRoute {

    public static final String KEY = "optimal";

    public OptimalRoute(CompleteRotationGraph cr) {
        super(cr, KEY, OptimalRoute::toIdentity);
    }

    /** The out-ports Optimal_Route takes from {@code node} to I. */
    public static int[] toIdentity(CompleteRotationGraph cr, int node) {
        Relabeling.checkNode(cr, node);
        SimpleRoute.Walk walk = new SimpleRoute.Walk(cr, node);
        boolean flag = false; // Step 1
        do {
            if (!flag && step2Applies(walk)) {
                step2(walk);
                flag = true;
            }
        } while (walk.simpleStep()); // Step 3; then Step 2 again while flag = 0, else Step 3 again
        return walk.ports();
    }

    /** 003 §3.1 Optimal_Route Step 2's condition (Lemma 3.2's proof): a_1 ≠ a_{c_1}, t̄_n occurs, a_n ≠ t̄_n, t_1 occurs. */
    private static boolean step2Applies(SimpleRoute.Walk walk) {
        int n = walk.n();
        int r = walk.r();
        return !walk.complemented(r) // a_1 plain
                && walk.complemented(n - 1) // t̄_n occurs
                && r != 0 // a_n = t_{r}: it is t̄_n only when r = 0
                && !walk.complemented(0); // t_1 occurs plain
    }

    /** Step 2's move: the smallest i ≥ 2 with t̄_i in the label, at position l; f_{l−1}, then g. */
    private static void step2(SimpleRoute.Walk walk) {
        int n = walk.n();
        for (int s = 1; s < n; s++) { // t_{s+1}, i = s + 1 = 2 .. n
            if (walk.complemented(s)) {
                int lMinusOne = Math.floorMod(s - walk.r(), n); // never 0: a_1 is plain
                walk.f(lMinusOne);
                walk.g();
                return;
            }
        }
        throw new AssertionError("Step 2 applies only when t̄_n occurs");
    }
}
