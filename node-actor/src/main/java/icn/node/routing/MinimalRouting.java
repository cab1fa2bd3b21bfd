package icn.node.routing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * 000 Algorithm 3 (minimal routing in SCC_n, §4.4): a search tree whose vertex v_i holds the node ⟨ℓ_i, π_i⟩ reached so far, the
 * local links L_i used so far and the estimate M_i = minloc(L_i, ℓ_i, π_i, i_d) of Eq. 16. Children follow every lateral link of
 * 𝓑_i = bsymbols(π_i), so r-cycles may be interleaved; the vertices at level lat (π_i = π_0) get one child ⟨i_d, π_0⟩. A child is
 * enabled when M ≤ T; when no child is enabled the search backtracks: T becomes the smallest M of all vertices not yet expanded, and
 * those vertices are enabled.
 *
 * <p>minloc never overestimates the local links still to come (the first link is in 𝓑_i, the last in 𝓕_i, and between them any
 * minimal execution needs at least Σ MI(loc, C)), and T never exceeds the optimum (it is the least estimate over a frontier every
 * route crosses), so the first enabled vertex at ⟨i_d, π_0⟩ is a shortest route among those with the minimal number of lateral
 * links (Eq. 4). Ties: enabled vertices expand in the order they were created, children in ascending symbol order, and the first
 * enabled goal wins.
 */
final class MinimalRouting {

    private static final class Vertex {
        final Vertex parent;
        final int link;
        final byte[] permutation;
        final int level;
        final int local;
        final int estimate;
        final long order;

        Vertex(Vertex parent, int link, byte[] permutation, int level, int local, int estimate, long order) {
            this.parent = parent;
            this.link = link;
            this.permutation = permutation;
            this.level = level;
            this.local = local;
            this.estimate = estimate;
            this.order = order;
        }
    }

    private static final Comparator<Vertex> BY_ESTIMATE = Comparator.<Vertex>comparingInt(v -> v.estimate).thenComparingLong(v -> v.order);

    private MinimalRouting() {
    }

    static int[] lateralLinks(byte[] pds, int sourcePosition, int destinationPosition) {
        int n = pds.length;
        if (RCycles.isIdentity(pds)) { // Step 1
            return new int[0];
        }
        int lat = RCycles.lateral(pds);
        long created = 0;
        Vertex root = new Vertex(null, sourcePosition, pds.clone(), 0, 0, minloc(n, 0, sourcePosition, pds, destinationPosition), created++);
        int threshold = root.estimate; // Step 2
        PriorityQueue<Vertex> disabled = new PriorityQueue<>(BY_ESTIMATE);
        List<Vertex> enabled = new ArrayList<>();
        enabled.add(root);
        while (true) {
            List<Vertex> enabledChildren = new ArrayList<>();
            for (Vertex v : enabled) { // Step 3
                if (v.level == lat) {
                    int local = v.local + RingRouting.distance(n, v.link, destinationPosition);
                    Vertex child = new Vertex(v, destinationPosition, v.permutation, lat + 1, local, local, created++);
                    (child.estimate <= threshold ? enabledChildren : disabled).add(child);
                    continue;
                }
                for (int bits = RCycles.bsymbols(v.permutation); bits != 0; bits &= bits - 1) {
                    int b = Integer.numberOfTrailingZeros(bits);
                    byte[] p = v.permutation.clone();
                    RCycles.exchange(p, b);
                    int local = v.local + RingRouting.distance(n, v.link, b);
                    Vertex child = new Vertex(v, b, p, v.level + 1, local, minloc(n, local, b, p, destinationPosition), created++);
                    (child.estimate <= threshold ? enabledChildren : disabled).add(child);
                }
            }
            Vertex goal = firstGoal(enabledChildren, lat, destinationPosition); // Step 4
            if (goal != null) {
                return links(goal, lat);
            }
            if (!enabledChildren.isEmpty()) { // Step 5
                enabled = enabledChildren;
                continue;
            }
            threshold = disabled.peek().estimate; // Step 6: backtrack
            enabled = new ArrayList<>();
            while (!disabled.isEmpty() && disabled.peek().estimate == threshold) {
                enabled.add(disabled.poll());
            }
            enabled.sort(Comparator.comparingLong(v -> v.order));
            goal = firstGoal(enabled, lat, destinationPosition);
            if (goal != null) {
                return links(goal, lat);
            }
        }
    }

    /**
     * minloc (000 Eq. 16): L + min d(ℓ, b) over b ∈ 𝓑 + Σ MI(loc, C) over the r-cycles of π + min d(f, i_d) over f ∈ 𝓕; for π = π_0,
     * L + d(ℓ, i_d).
     */
    static int minloc(int n, int local, int link, byte[] p, int destinationPosition) {
        int b = RCycles.bsymbols(p);
        if (b == 0) {
            return local + RingRouting.distance(n, link, destinationPosition);
        }
        return local + nearest(n, link, b) + RCycles.miLocal(p) + nearest(n, destinationPosition, RCycles.fsymbols(p));
    }

    private static int nearest(int n, int position, int symbols) {
        int best = Integer.MAX_VALUE;
        for (int bits = symbols; bits != 0; bits &= bits - 1) {
            best = Math.min(best, RingRouting.distance(n, position, Integer.numberOfTrailingZeros(bits)));
        }
        return best;
    }

    /** A vertex ⟨i_d, π_0⟩: at level lat when ℓ_f = i_d already, otherwise its single child at level lat + 1. */
    private static Vertex firstGoal(List<Vertex> vertices, int lat, int destinationPosition) {
        for (Vertex v : vertices) {
            if (v.level >= lat && v.link == destinationPosition) {
                return v;
            }
        }
        return null;
    }

    /** R(ℓ1 ↦ ℓf): the links of the vertices on levels 1..lat, read back from the goal (Step 4). */
    private static int[] links(Vertex goal, int lat) {
        int[] links = new int[lat];
        for (Vertex v = goal; v.parent != null; v = v.parent) {
            if (v.level <= lat) {
                links[v.level - 1] = v.link;
            }
        }
        return links;
    }
}
