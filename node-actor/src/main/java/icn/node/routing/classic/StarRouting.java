package icn.node.routing.classic;

import icn.node.routing.Router;
import icn.protocols.topology.Star;
import java.util.Arrays;

/**
 * 001 Algorithm 1, routing in the n-star: with P_ds = P_d^{-1}P_s (001 §5.1), i.e. every symbol of P_s replaced by its position in
 * P_d, so that the destination becomes the identity, repeat until P_ds is the identity: "if x (any digit other than
 * 1) is first, move it to its position" (generator g_x); "if the first digit is 1, move it to any position not occupied by the
 * correct digit" (here always the lowest such position, so the route is deterministic). The walk has c + m lateral links, or
 * c + m − 2 when 1 is not first in P_ds (001 §5.1), the distance in S_n. Key {@code star}.
 */
public final class StarRouting implements Router {

    private final Star star;

    public StarRouting(Star star) {
        this.star = star;
    }

    @Override
    public String key() {
        return "star";
    }

    @Override
    public int[] ports(int source, int destination) {
        check(source);
        check(destination);
        int n = star.n();
        byte[] s = star.permutation(source);
        byte[] d = star.permutation(destination);
        int[] where = new int[n + 1]; // where[symbol] = 1-based position of the symbol in P_d
        for (int k = 0; k < n; k++) {
            where[d[k]] = k + 1;
        }
        int[] pds = new int[n + 1]; // pds[position] = the position its symbol must reach, 1-based
        int misplaced = 0;
        for (int k = 1; k <= n; k++) {
            pds[k] = where[s[k - 1]];
            if (pds[k] != k) {
                misplaced++;
            }
        }
        int[] ports = new int[3 * n / 2]; // at most ⌊3(n−1)/2⌋ links, the diameter of S_n
        int hops = 0;
        int lowest = 2; // no position below this one is misplaced, once 1 is first
        while (misplaced > 0) {
            int first = pds[1];
            int to;
            if (first != 1) {
                to = first; // step 2: move x to its position
            } else {
                while (pds[lowest] == lowest) { // step 1: move 1 to the lowest position not holding its correct digit
                    lowest++;
                }
                to = lowest;
            }
            int before = (pds[1] == 1 ? 1 : 0) + (pds[to] == to ? 1 : 0);
            pds[1] = pds[to];
            pds[to] = first;
            int after = (pds[1] == 1 ? 1 : 0) + (pds[to] == to ? 1 : 0);
            misplaced -= after - before;
            ports[hops++] = Star.port(to);
        }
        return Arrays.copyOf(ports, hops);
    }

    private void check(int node) {
        if (node < 0 || node >= star.nodeCount()) {
            throw new IllegalArgumentException(node + " is not a node of " + star.name());
        }
    }
}
