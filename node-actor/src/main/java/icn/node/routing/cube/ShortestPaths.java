package icn.node.routing.cube;

import icn.protocols.topology.KaryCube;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * All shortest paths between two nodes of an n:k cube (004 §6.1), as pure code. Every link changes one symbol, so a path of
 * H(S, D) hops changes each differing position exactly once, straight from a_j to d_j: a shortest path is an order of the H
 * differing positions whose intermediate labels are all nodes. In the complete cube every order is; in Q_{n,k}((k−1)^β) some are
 * not, and the paths are counted by dynamic programming over the 2^H subsets of positions already changed.
 *
 * <p>004 §6.1 gives the count as [W(H_S)!]·[W(H_D)!] ({@link #formula004}): the orders that first lower all of S's larger symbols
 * and then raise D's. That counts a subset of the shortest paths; it is the whole count when one of H_S, H_D is empty, and an
 * undercount whenever an order mixing the two exists (always in the complete cube, where the count is H!).
 */
public final class ShortestPaths {

    /** The most differing positions the subset DP handles in an incomplete cube (2^20 states; 20! still fits a long). */
    public static final int MAX_DP_POSITIONS = 20;

    private ShortestPaths() {
    }

    /** W(H_S(S,D)): positions where S's symbol is the larger. */
    public static int weightHs(KaryCube cube, int source, int destination) {
        int[] s = cube.digits(source);
        int[] d = cube.digits(destination);
        int w = 0;
        for (int j = 0; j < s.length; j++) {
            if (s[j] > d[j]) {
                w++;
            }
        }
        return w;
    }

    /** W(H_D(S,D)): positions where D's symbol is the larger. */
    public static int weightHd(KaryCube cube, int source, int destination) {
        return weightHs(cube, destination, source);
    }

    /** 004 §6.1: the number of distinct shortest paths is [W(H_S(S,D))!]·[W(H_D(S,D))!]. */
    public static BigInteger formula004(KaryCube cube, int source, int destination) {
        return factorial(weightHs(cube, source, destination)).multiply(factorial(weightHd(cube, source, destination)));
    }

    /** The number of shortest paths from source to destination. */
    public static BigInteger count(KaryCube cube, int source, int destination) {
        int[] s = cube.digits(source);
        int[] d = cube.digits(destination);
        int[] positions = differing(s, d);
        int h = positions.length;
        if (cube.isComplete()) {
            return factorial(h);
        }
        if (h > MAX_DP_POSITIONS) {
            throw new IllegalArgumentException(cube.label(source) + " and " + cube.label(destination) + " differ in " + h
                    + " positions; shortest paths are counted for at most " + MAX_DP_POSITIONS);
        }
        long[] ways = new long[1 << h];
        ways[0] = 1;
        int[] label = new int[s.length];
        for (int mask = 1; mask < ways.length; mask++) {
            if (!cube.isLabel(labelOf(s, d, positions, mask, label))) {
                continue;
            }
            long sum = 0;
            for (int i = 0; i < h; i++) {
                if ((mask & (1 << i)) != 0) {
                    sum += ways[mask ^ (1 << i)];
                }
            }
            ways[mask] = sum;
        }
        return BigInteger.valueOf(ways[ways.length - 1]);
    }

    /**
     * Every shortest path, each as its node ids from source to destination, in lexicographic order of the positions changed; throws
     * IllegalArgumentException when there are more than {@code limit}.
     */
    public static List<int[]> paths(KaryCube cube, int source, int destination, int limit) {
        BigInteger count = count(cube, source, destination);
        if (count.compareTo(BigInteger.valueOf(limit)) > 0) {
            throw new IllegalArgumentException("there are " + count + " shortest paths from " + cube.label(source) + " to "
                    + cube.label(destination) + ", more than the limit of " + limit);
        }
        int[] s = cube.digits(source);
        int[] d = cube.digits(destination);
        int[] positions = differing(s, d);
        List<int[]> paths = new ArrayList<>(count.intValue());
        int[] path = new int[positions.length + 1];
        path[0] = source;
        extend(cube, s, d, positions, 0, 1, path, paths);
        return paths;
    }

    private static void extend(KaryCube cube, int[] s, int[] d, int[] positions, int mask, int hop, int[] path, List<int[]> out) {
        if (hop == path.length) {
            out.add(path.clone());
            return;
        }
        int[] label = new int[s.length];
        for (int i = 0; i < positions.length; i++) {
            if ((mask & (1 << i)) == 0 && cube.isLabel(labelOf(s, d, positions, mask | (1 << i), label))) {
                path[hop] = cube.id(label);
                extend(cube, s, d, positions, mask | (1 << i), hop + 1, path, out);
            }
        }
    }

    private static int[] differing(int[] s, int[] d) {
        int h = 0;
        for (int j = 0; j < s.length; j++) {
            if (s[j] != d[j]) {
                h++;
            }
        }
        int[] positions = new int[h];
        int i = 0;
        for (int j = 0; j < s.length; j++) {
            if (s[j] != d[j]) {
                positions[i++] = j;
            }
        }
        return positions;
    }

    /** S with the positions in {@code mask} set to D's symbols, written into {@code label}. */
    private static int[] labelOf(int[] s, int[] d, int[] positions, int mask, int[] label) {
        System.arraycopy(s, 0, label, 0, s.length);
        for (int i = 0; i < positions.length; i++) {
            if ((mask & (1 << i)) != 0) {
                label[positions[i]] = d[positions[i]];
            }
        }
        return label;
    }

    static BigInteger factorial(int m) {
        BigInteger f = BigInteger.ONE;
        for (int i = 2; i <= m; i++) {
            f = f.multiply(BigInteger.valueOf(i));
        }
        return f;
    }
}
