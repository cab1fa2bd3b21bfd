package icn.node.routing.classic;

import icn.node.routing.Router;
import icn.protocols.topology.CubeConnectedCycles;
import java.util.Arrays;

/**
 * The standard route of the cube-connected cycles, the ring walk that fixes bits as it passes them: from ⟨i, x⟩ to ⟨j, y⟩, walk
 * round the ring of x in one direction from position i, taking the cube link (LATERAL) at every position p where x and y differ in
 * bit p, until the last differing bit is fixed; then go to position j the shorter way round (RIGHT on a tie). Both directions are
 * tried and the shorter walk is kept (RIGHT on a tie). Every cube link is taken once, so the walk has the Hamming distance of x and
 * y in cube links; its ring links are not always the fewest, since it never turns back before the last bit: its stretch over the
 * BFS distance is measured in {@code ClassicRoutingTest}. Key {@code standard}.
 */
public final class CccRouting implements Router {

    private final CubeConnectedCycles ccc;

    public CccRouting(CubeConnectedCycles ccc) {
        this.ccc = ccc;
    }

    @Override
    public String key() {
        return "standard";
    }

    @Override
    public int[] ports(int source, int destination) {
        check(source);
        check(destination);
        int n = ccc.n();
        int i = ccc.position(source);
        int j = ccc.position(destination);
        int differ = ccc.cubeVertex(source) ^ ccc.cubeVertex(destination);
        int right = 0; // ring links to the last differing bit going RIGHT (positions i, i+1, ...)
        int left = 0; // the same going LEFT
        for (int p = 0; p < n; p++) {
            if ((differ >>> p & 1) != 0) {
                right = Math.max(right, Math.floorMod(p - i, n));
                left = Math.max(left, Math.floorMod(i - p, n));
            }
        }
        int rightEnd = Math.floorMod(i + right, n);
        int leftEnd = Math.floorMod(i - left, n);
        boolean goRight = right + ringDistance(rightEnd, j) <= left + ringDistance(leftEnd, j);
        int[] ports = new int[3 * n];
        int hops = 0;
        int p = i;
        int walk = goRight ? right : left;
        for (int s = 0; s <= walk; s++) {
            if ((differ >>> p & 1) != 0) {
                ports[hops++] = CubeConnectedCycles.LATERAL;
            }
            if (s < walk) {
                ports[hops++] = goRight ? CubeConnectedCycles.RIGHT : CubeConnectedCycles.LEFT;
                p = Math.floorMod(p + (goRight ? 1 : -1), n);
            }
        }
        int up = Math.floorMod(j - p, n);
        boolean finishRight = up <= n - up;
        for (int s = finishRight ? up : n - up; s > 0; s--) {
            ports[hops++] = finishRight ? CubeConnectedCycles.RIGHT : CubeConnectedCycles.LEFT;
        }
        return Arrays.copyOf(ports, hops);
    }

    private int ringDistance(int a, int b) {
        int d = Math.floorMod(b - a, ccc.n());
        return Math.min(d, ccc.n() - d);
    }

    private void check(int node) {
        if (node < 0 || node >= ccc.nodeCount()) {
            throw new IllegalArgumentException(node + " is not a node of " + ccc.name());
        }
    }

    /** The route compares the two ways round the ring at the source; a node further on may choose the other way. */
    @Override
    public boolean distributes() {
        return false;
    }
}
