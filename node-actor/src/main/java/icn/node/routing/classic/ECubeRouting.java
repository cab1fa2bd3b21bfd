package icn.node.routing.classic;

import icn.node.routing.Router;
import icn.protocols.topology.Hypercube;

/**
 * E-cube routing in the hypercube Q_n: the dimensions in which source and destination differ, corrected in ascending order (bit 0
 * first). Deterministic, minimal (the Hamming distance) and deadlock-free under wormhole switching. Key {@code e-cube}.
 */
public final class ECubeRouting implements Router {

    private final Hypercube cube;

    public ECubeRouting(Hypercube cube) {
        this.cube = cube;
    }

    @Override
    public String key() {
        return "e-cube";
    }

    @Override
    public int[] ports(int source, int destination) {
        check(source);
        check(destination);
        int differ = source ^ destination;
        int[] ports = new int[Integer.bitCount(differ)];
        for (int hop = 0; differ != 0; hop++) {
            ports[hop] = Integer.numberOfTrailingZeros(differ); // port d is dimension d
            differ &= differ - 1;
        }
        return ports;
    }

    private void check(int node) {
        if (node < 0 || node >= cube.nodeCount()) {
            throw new IllegalArgumentException(node + " is not a node of " + cube.name());
        }
    }
}
