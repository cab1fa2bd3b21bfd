package icn.node.routing.cube;

import icn.node.routing.Router;
import icn.protocols.topology.KaryCube;

/**
 * ONE-TO-ONE ROUTING on n:k cubes (004 §6.1), complete or incomplete, as pure code. Scanning S = a_1…a_n and D = d_1…d_n from the
 * left, where a_j &gt; d_j the source side lowers a_j to d_j (the vector S(I)); where d_j &gt; a_j the destination side lowers d_j
 * to a_j (the vector D(J)). The path is S(1) … S(I) = D(J) … D(1): first S's larger symbols lowered left to right, then D's larger
 * symbols raised right to left. Lowering a symbol never turns a label into a non-node (it cannot create a symbol k−1, 004 Lemma
 * 6.1), so every node on the way exists, and the route has H(S, D) hops, the Hamming distance, which no route can beat.
 */
public final class OneToOneRouting implements Router {

    public static final String KEY = "one-to-one";

    private final KaryCube cube;

    public OneToOneRouting(KaryCube cube) {
        this.cube = cube;
    }

    @Override
    public String key() {
        return KEY;
    }

    @Override
    public int[] ports(int source, int destination) {
        int[] s = cube.digits(source);
        int[] d = cube.digits(destination);
        int n = s.length;
        int hops = 0;
        for (int j = 0; j < n; j++) {
            if (s[j] != d[j]) {
                hops++;
            }
        }
        int[] ports = new int[hops];
        int hop = 0;
        for (int j = 0; j < n; j++) { // S(I): a_j > d_j, set a_j to d_j
            if (s[j] > d[j]) {
                ports[hop++] = cube.portSetting(j + 1, s[j], d[j]);
            }
        }
        for (int j = n - 1; j >= 0; j--) { // D(J) read backwards: d_j > a_j, raise a_j to d_j
            if (d[j] > s[j]) {
                ports[hop++] = cube.portSetting(j + 1, s[j], d[j]);
            }
        }
        return ports;
    }
}
