package icn.node.routing.classic;

import icn.node.routing.Router;
import icn.protocols.topology.Torus;
import java.util.Arrays;

/**
 * Dimension-order routing in the K-ary N-cube of 004, the torus counterpart of e-cube (004 §6 routes incomplete n:k cubes, a
 * different problem): the digits are corrected from dimension 0 up, each the shorter way round its ring of K nodes; when both ways
 * are equally long (K even, the digits K/2 apart) it goes up ({@code DIM<d>+}). Minimal: Σ_d min(δ_d, K − δ_d) links, the Lee
 * distance. Key {@code dimension-order}.
 */
public final class DimensionOrderRouting implements Router {

    private final Torus torus;

    public DimensionOrderRouting(Torus torus) {
        this.torus = torus;
    }

    @Override
    public String key() {
        return "dimension-order";
    }

    @Override
    public int[] ports(int source, int destination) {
        check(source);
        check(destination);
        int k = torus.k();
        int[] ports = new int[torus.dimensions() * (k / 2)];
        int hops = 0;
        for (int d = 0; d < torus.dimensions(); d++) {
            int up = Math.floorMod(torus.digit(destination, d) - torus.digit(source, d), k);
            boolean goUp = up <= k - up;
            int port = Torus.port(d, goUp);
            for (int s = goUp ? up : k - up; s > 0; s--) {
                ports[hops++] = port;
            }
        }
        return Arrays.copyOf(ports, hops);
    }

    private void check(int node) {
        if (node < 0 || node >= torus.nodeCount()) {
            throw new IllegalArgumentException(node + " is not a node of " + torus.name());
        }
    }
}
