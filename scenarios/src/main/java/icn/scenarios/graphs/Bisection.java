package icn.scenarios.graphs;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Random;
import java.util.TreeSet;

/**
 * Minimum bisection width: the fewest links a cut into two halves of ⌊N/2⌋ and ⌈N/2⌉ nodes crosses (003 Tables 4.1, 4.2).
 *
 * <p><b>What is counted.</b> {@link Weight#EDGES}: adjacent pairs of the underlying simple graph ({@link LinkGraph}), as 003 counts
 * CR_n's edges — an f_k/f_{n−k} arc pair is one edge, a g arc one edge. {@link Weight#ARCS}: arcs crossing the cut in either
 * direction — for CR_n an f pair counts two and a g arc one; for an undirected topology every link counts two (one arc each way),
 * so there ARCS is exactly twice EDGES. Both are minimised separately (they may have different best cuts).
 *
 * <p><b>Exact</b> ({@link #exact}): depth-first branch and bound over the side of each node, node 0 fixed to side A (the cut is
 * symmetric), nodes in BFS order from 0. The lower bound at a partial assignment is the weight already cut plus the optimum of the
 * relaxation that keeps only each free node's links to assigned nodes: with a more nodes still to go to A, a free node v costs
 * toB(v) on A and toA(v) on B, so the bound is Σ toA(v) + the a smallest (toB(v) − toA(v)). That relaxation is exact for the links
 * it keeps and drops only links between free nodes, so it never exceeds the true optimum. The initial upper bound is the
 * heuristic's cut. The search stops after {@code nodeBudget} search nodes and then reports "not exact". In practice it proves the
 * optimum for the graphs here up to about 32 nodes (Q_5, CR_3, CCC_3 and the like) within the default budget.
 *
 * <p><b>Heuristic</b> ({@link #heuristic}): no graph partitioner (Kernighan–Lin, Fiduccia–Mattheyses, multilevel) was found on
 * Maven Central for Java: JGraphT 1.5.2 has none (its partition package holds only bipartiteness), and METIS/KaHIP are C/C++.
 * So this class carries its own <b>hand-written Kernighan–Lin-style refinement with Fiduccia–Mattheyses single-node moves</b>:
 * in each pass the best-gain unlocked node moves, alternately from A and from B so that the sides are balanced after every pair
 * of moves; the pass is rolled back to its best balanced prefix; passes repeat until one gains nothing. Starts: the id-order
 * split (first ⌊N/2⌋ ids on A), BFS balls from seeded random roots, and seeded random halves. The best cut found is an
 * <b>upper bound</b> on the bisection width.
 */
public final class Bisection {

    /** What a cut counts; see the class comment. */
    public enum Weight {
        EDGES, ARCS
    }

    /** Default search-node budget of the exact search. */
    public static final long DEFAULT_BUDGET = 20_000_000L;
    /** The heuristic's default seed, reported with its result. */
    public static final long DEFAULT_SEED = 20_260_325L;

    /**
     * A cut: its weight, whether it is proven minimum, the method, wall seconds, and side[u] (true = side A).
     *
     * @param searchNodes search nodes the exact search visited (0 for the heuristic alone)
     */
    public record Cut(long value, boolean exact, String method, double seconds, boolean[] side, long searchNodes) {
        public Cut {
            side = side.clone();
        }

        @Override
        public boolean[] side() {
            return side.clone();
        }
    }

    private final LinkGraph g;
    private final Weight weight;
    private final int n;

    private Bisection(LinkGraph g, Weight weight) {
        this.g = g;
        this.weight = weight;
        this.n = g.nodeCount();
    }

    /** The bisection width: exact where the search finishes within {@code nodeBudget}, else the heuristic's cut (an upper bound). */
    public static Cut of(LinkGraph g, Weight weight, long nodeBudget, long seed) {
        Cut h = heuristic(g, weight, seed, starts(g.nodeCount()));
        if (nodeBudget <= 0) {
            return h;
        }
        return new Bisection(g, weight).branchAndBound(h, nodeBudget);
    }

    /** How many starts the heuristic makes for a graph of {@code nodes} nodes: fewer on big graphs to stay within seconds. */
    static int starts(int nodes) {
        return nodes <= 256 ? 40 : nodes <= 1024 ? 16 : 8;
    }

    /** The weight a cut crosses. */
    public static long cutWeight(LinkGraph g, Weight weight, boolean[] side) {
        long s = 0;
        for (int u = 0; u < g.nodeCount(); u++) {
            for (int i = g.first(u); i < g.end(u); i++) {
                int v = g.adjacent(i);
                if (u < v && side[u] != side[v]) {
                    s += weight == Weight.EDGES ? 1 : g.arcs(i);
                }
            }
        }
        return s;
    }

    /** Whether a cut is balanced: ⌊N/2⌋ nodes on side A (true), the rest on B. */
    public static boolean balanced(boolean[] side) {
        int a = 0;
        for (boolean s : side) {
            if (s) {
                a++;
            }
        }
        return a == side.length / 2;
    }

    private int w(int slot) {
        return weight == Weight.EDGES ? 1 : g.arcs(slot);
    }

    // ---------------------------------------------------------------- exact

    /** The exact minimum by branch and bound (see the class comment), or the heuristic's cut marked not exact. */
    public static Cut exact(LinkGraph g, Weight weight, long nodeBudget, long seed) {
        return of(g, weight, nodeBudget, seed);
    }

    private int[] order;
    private int[] position;
    private long best;
    private boolean[] bestSide;
    private long visited;
    private long budget;
    private boolean aborted;
    // per node: weight to assigned A / assigned B; state: 0 free, 1 A, 2 B
    private long[] toA;
    private long[] toB;
    private byte[] state;
    // freeBound's histogram of toB(v) - toA(v) over the free nodes, offset by the largest weighted degree (the differences' range)
    private int[] counts;
    private int maxDegree;

    private Cut branchAndBound(Cut start, long nodeBudget) {
        long t0 = System.nanoTime();
        order = bfsOrder(g, 0);
        position = new int[n];
        for (int i = 0; i < n; i++) {
            position[order[i]] = i;
        }
        best = start.value();
        bestSide = start.side();
        budget = nodeBudget;
        toA = new long[n];
        toB = new long[n];
        state = new byte[n];
        for (int v = 0; v < n; v++) {
            int degree = 0;
            for (int i = g.first(v); i < g.end(v); i++) {
                degree += w(i);
            }
            maxDegree = Math.max(maxDegree, degree);
        }
        counts = new int[2 * maxDegree + 1];
        int sizeA = n / 2;
        assign(order[0], (byte) 1);
        search(1, sizeA - 1, n - sizeA, 0);
        double seconds = (System.nanoTime() - t0) / 1e9 + start.seconds();
        if (aborted) {
            return new Cut(start.value(), false, start.method() + "; branch and bound stopped at " + nodeBudget + " search nodes (not exact)",
                    seconds, start.side(), visited);
        }
        return new Cut(best, true, "branch and bound (exact), upper bound from " + start.method(), seconds, bestSide, visited);
    }

    private void assign(int v, byte s) {
        state[v] = s;
        for (int i = g.first(v); i < g.end(v); i++) {
            int u = g.adjacent(i);
            if (s == 1) {
                toA[u] += w(i);
            } else {
                toB[u] += w(i);
            }
        }
    }

    private void unassign(int v) {
        byte s = state[v];
        for (int i = g.first(v); i < g.end(v); i++) {
            int u = g.adjacent(i);
            if (s == 1) {
                toA[u] -= w(i);
            } else {
                toB[u] -= w(i);
            }
        }
        state[v] = 0;
    }

    /**
     * Lower bound on what the free nodes add, with {@code leftA} of them still to go to A: Σ toA(v) plus the {@code leftA} smallest
     * toB(v) − toA(v). The differences lie within ± the largest weighted degree, so they are counted into a histogram and taken
     * from its low end: the same sum a sort gives, at a fraction of its cost (sorting them at every search node was 84 % of the
     * JFR samples of `icn reproduce --only 003-table-4.2`).
     */
    private long freeBound(int depth, int leftA) {
        long base = 0;
        if (leftA == 0) {
            for (int i = depth; i < n; i++) {
                base += toA[order[i]];
            }
            return base;
        }
        Arrays.fill(counts, 0);
        for (int i = depth; i < n; i++) {
            int v = order[i];
            base += toA[v];
            counts[(int) (toB[v] - toA[v]) + maxDegree]++;
        }
        int need = leftA;
        for (int d = 0; need > 0; d++) {
            int take = Math.min(counts[d], need);
            base += (long) take * (d - maxDegree);
            need -= take;
        }
        return base;
    }

    private void search(int depth, int leftA, int leftB, long cut) {
        if (aborted) {
            return;
        }
        if (++visited > budget) {
            aborted = true;
            return;
        }
        if (depth == n) {
            if (cut < best) {
                best = cut;
                bestSide = new boolean[n];
                for (int v = 0; v < n; v++) {
                    bestSide[v] = state[v] == 1;
                }
            }
            return;
        }
        if (cut + freeBound(depth, leftA) >= best) {
            return;
        }
        int v = order[depth];
        // try the cheaper side first
        boolean aFirst = toB[v] <= toA[v];
        for (int k = 0; k < 2; k++) {
            boolean toSideA = aFirst == (k == 0);
            if (toSideA && leftA > 0) {
                long add = toB[v];
                assign(v, (byte) 1);
                search(depth + 1, leftA - 1, leftB, cut + add);
                unassign(v);
            } else if (!toSideA && leftB > 0) {
                long add = toA[v];
                assign(v, (byte) 2);
                search(depth + 1, leftA, leftB - 1, cut + add);
                unassign(v);
            }
        }
    }

    static int[] bfsOrder(LinkGraph g, int root) {
        int n = g.nodeCount();
        int[] order = new int[n];
        boolean[] seen = new boolean[n];
        int head = 0;
        int tail = 0;
        for (int r = root, k = 0; k < n; k++, r = (r + 1) % n) {
            if (seen[r]) {
                continue;
            }
            seen[r] = true;
            order[tail++] = r;
            while (head < tail) {
                int u = order[head++];
                for (int i = g.first(u); i < g.end(u); i++) {
                    int v = g.adjacent(i);
                    if (!seen[v]) {
                        seen[v] = true;
                        order[tail++] = v;
                    }
                }
            }
        }
        return order;
    }

    // ---------------------------------------------------------------- heuristic

    /** The best balanced cut the hand-written KL/FM refinement finds from {@code starts} starts (an upper bound). */
    public static Cut heuristic(LinkGraph g, Weight weight, long seed, int starts) {
        long t0 = System.nanoTime();
        Bisection b = new Bisection(g, weight);
        Random random = new Random(seed);
        int n = g.nodeCount();
        boolean[] bestSide = null;
        long best = Long.MAX_VALUE;
        for (int s = 0; s < Math.max(1, starts); s++) {
            boolean[] side = new boolean[n];
            if (s == 0) {
                for (int v = 0; v < n / 2; v++) {
                    side[v] = true;
                }
            } else if (s % 2 == 1) {
                int[] ord = bfsOrder(g, random.nextInt(n));
                for (int i = 0; i < n / 2; i++) {
                    side[ord[i]] = true;
                }
            } else {
                int[] perm = permutation(n, random);
                for (int i = 0; i < n / 2; i++) {
                    side[perm[i]] = true;
                }
            }
            long c = b.refine(side);
            if (c < best) {
                best = c;
                bestSide = side;
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        return new Cut(best, false, "hand-written Kernighan-Lin/Fiduccia-Mattheyses refinement, " + Math.max(1, starts) + " starts, seed "
                + seed + " (upper bound)", seconds, bestSide, 0);
    }

    private static int[] permutation(int n, Random random) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }

    /** Refines {@code side} in place by KL passes of alternating FM moves; returns the final cut weight. */
    private long refine(boolean[] side) {
        long[] gain = new long[n];
        long cut = cutWeight(g, weight, side);
        while (true) {
            for (int u = 0; u < n; u++) {
                gain[u] = gainOf(u, side);
            }
            // keys: gain (shifted to be non-negative) then node; one set per side
            TreeSet<Long> fromA = new TreeSet<>();
            TreeSet<Long> fromB = new TreeSet<>();
            long offset = 1L << 30;
            for (int u = 0; u < n; u++) {
                (side[u] ? fromA : fromB).add(key(gain[u], offset, u));
            }
            boolean[] locked = new boolean[n];
            int[] moved = new int[n];
            int moves = 0;
            long running = 0;
            long bestGain = 0;
            int bestMoves = 0;
            // the larger side moves first so that odd N keeps sizes ⌊N/2⌋ on A after each pair
            boolean takeA = true;
            while (true) {
                TreeSet<Long> set = takeA ? fromA : fromB;
                if (set.isEmpty()) {
                    break;
                }
                long k = set.pollLast();
                int u = (int) (k & 0xffffffffL);
                long gu = (k >>> 32) - offset;
                locked[u] = true;
                running += gu;
                side[u] = !side[u];
                moved[moves++] = u;
                for (int i = g.first(u); i < g.end(u); i++) {
                    int v = g.adjacent(i);
                    if (locked[v]) {
                        continue;
                    }
                    TreeSet<Long> sv = side[v] ? fromA : fromB;
                    sv.remove(key(gain[v], offset, v));
                    // u moved: if v is now on u's side, v's link to u no longer cuts: moving v would cut it
                    long wv = w(i);
                    gain[v] += side[v] == side[u] ? -2 * wv : 2 * wv;
                    sv.add(key(gain[v], offset, v));
                }
                if (!takeA && running > bestGain) { // after a pair of moves the sides are balanced again
                    bestGain = running;
                    bestMoves = moves;
                }
                takeA = !takeA;
            }
            for (int i = moves - 1; i >= bestMoves; i--) {
                side[moved[i]] = !side[moved[i]];
            }
            if (bestGain <= 0) {
                return cut;
            }
            cut -= bestGain;
        }
    }

    private static long key(long gain, long offset, int u) {
        return (gain + offset) << 32 | u;
    }

    /** Cut weight saved by moving u to the other side. */
    private long gainOf(int u, boolean[] side) {
        long ext = 0;
        long in = 0;
        for (int i = g.first(u); i < g.end(u); i++) {
            if (side[g.adjacent(i)] == side[u]) {
                in += w(i);
            } else {
                ext += w(i);
            }
        }
        return ext - in;
    }

    /** Whether the graph is connected (for callers that want to say so). */
    static boolean connected(LinkGraph g) {
        int n = g.nodeCount();
        if (n == 0) {
            return true;
        }
        boolean[] seen = new boolean[n];
        ArrayDeque<Integer> q = new ArrayDeque<>();
        q.add(0);
        seen[0] = true;
        int count = 1;
        while (!q.isEmpty()) {
            int u = q.poll();
            for (int i = g.first(u); i < g.end(u); i++) {
                int v = g.adjacent(i);
                if (!seen[v]) {
                    seen[v] = true;
                    count++;
                    q.add(v);
                }
            }
        }
        return count == n;
    }
}
