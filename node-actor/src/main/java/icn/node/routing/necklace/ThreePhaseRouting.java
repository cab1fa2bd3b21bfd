package icn.node.routing.necklace;

import icn.node.routing.Router;
import icn.protocols.topology.NecklaceHypercube;
import java.util.Arrays;

/**
 * The deterministic core of 002 §3's routing in necklace hypercubes (RNH and INH), as pure code: the three steps with one route
 * each, the virtual-channel choices left out.
 *
 * <ol>
 * <li>From a source necklace node, along its necklace to the nearer of the necklace's two base vertices (002 §3 step 1).
 * <li>e-cube across the base hypercube to the base vertex of the destination necklace nearer to the destination: the differing
 * address bits corrected in increasing dimension, over the CUBE links (step 2, the e-cube escape route of the base hypercube).
 * <li>Along the destination necklace to the destination (step 3).
 * </ol>
 *
 * <p>Where both ends of a necklace are equally near (the middle node of an odd necklace), the pair of ends closer in the hypercube is
 * taken, and the smaller base vertex if that ties too. A base vertex as source or destination makes step 1 or 3 empty.
 *
 * <p>Between different necklaces these routes are shortest: leaving by the farther end costs at least one more necklace hop and
 * saves at most one cube hop, as the two ends differ in one address bit. When source and destination lie on the same necklace the
 * packet is already in the destination necklace (002 does not treat this case): it walks along the necklace straight to the
 * destination, unless the three steps (out by the nearer end, the edge's cube link, back in by the other end) are shorter, which
 * happens from k = 5 on. (Straight walks alone would not be shortest: in rnh:3,7, (000,1,1) → (000,1,7) is 6 hops straight and 3
 * around.) {@link RouteStretch} measures routes against BFS.
 */
public final class ThreePhaseRouting implements Router {

    public static final String KEY = "three-phase";

    private final NecklaceHypercube topology;

    public ThreePhaseRouting(NecklaceHypercube topology) {
        this.topology = topology;
    }

    @Override
    public String key() {
        return KEY;
    }

    @Override
    public int[] ports(int source, int destination) {
        NecklaceHypercube t = topology;
        check(source);
        check(destination);
        if (source == destination) {
            return new int[0];
        }
        int[] fromEnds = nearerEnds(source);
        int[] toEnds = nearerEnds(destination);
        int from = fromEnds[0];
        int to = toEnds[0];
        for (int a : fromEnds) {
            for (int b : toEnds) {
                if (Integer.bitCount(a ^ b) < Integer.bitCount(from ^ to)) {
                    from = a;
                    to = b;
                }
            }
        }
        int length = routeLength(source, from, to, destination);
        if (!t.isBaseVertex(source) && !t.isBaseVertex(destination) && t.edgeOf(source) == t.edgeOf(destination)) {
            int hops = t.index(destination) - t.index(source);
            if (Math.abs(hops) <= length) {
                int[] ports = new int[Math.abs(hops)];
                Arrays.fill(ports, hops > 0 ? t.towardHigherPort() : t.towardLowerPort());
                return ports;
            }
        }
        int[] ports = new int[length];
        int hop = 0;
        // step 1: to the nearer base vertex of the source necklace
        if (!t.isBaseVertex(source)) {
            int e = t.edgeOf(source);
            boolean lower = from == t.edgeLower(e);
            int steps = lower ? t.index(source) : t.necklaceLength(e) + 1 - t.index(source);
            for (int s = 0; s < steps; s++) {
                ports[hop++] = lower ? t.towardLowerPort() : t.towardHigherPort();
            }
        }
        // step 2: e-cube, lowest dimension first
        int differ = from ^ to;
        for (int d = 1; d <= t.n(); d++) {
            if ((differ & (1 << (d - 1))) != 0) {
                ports[hop++] = t.cubePort(d);
            }
        }
        // step 3: onto the destination necklace and along it
        if (!t.isBaseVertex(destination)) {
            int e = t.edgeOf(destination);
            boolean lower = to == t.edgeLower(e);
            ports[hop++] = t.necklacePort(t.edgeDimension(e));
            int steps = lower ? t.index(destination) - 1 : t.necklaceLength(e) - t.index(destination);
            for (int s = 0; s < steps; s++) {
                ports[hop++] = lower ? t.towardHigherPort() : t.towardLowerPort();
            }
        }
        return ports;
    }

    private int routeLength(int source, int from, int to, int destination) {
        return distanceToEnd(source, from) + Integer.bitCount(from ^ to) + distanceToEnd(destination, to);
    }

    /** Hops along the node's necklace to one of its ends; 0 for a base vertex (which is its own end). */
    private int distanceToEnd(int node, int end) {
        NecklaceHypercube t = topology;
        if (t.isBaseVertex(node)) {
            return 0;
        }
        int e = t.edgeOf(node);
        return end == t.edgeLower(e) ? t.index(node) : t.necklaceLength(e) + 1 - t.index(node);
    }

    /** The base vertices of the node's necklace at the least necklace distance from it, smaller first; the node itself if a base vertex. */
    private int[] nearerEnds(int node) {
        NecklaceHypercube t = topology;
        if (t.isBaseVertex(node)) {
            return new int[] {node};
        }
        int e = t.edgeOf(node);
        int toLower = t.index(node);
        int toUpper = t.necklaceLength(e) + 1 - toLower;
        if (toLower < toUpper) {
            return new int[] {t.edgeLower(e)};
        }
        if (toUpper < toLower) {
            return new int[] {t.edgeUpper(e)};
        }
        return new int[] {t.edgeLower(e), t.edgeUpper(e)};
    }

    private void check(int node) {
        if (node < 0 || node >= topology.nodeCount()) {
            throw new IllegalArgumentException(node + " is not a node of " + topology.name() + " (0.." + (topology.nodeCount() - 1) + ")");
        }
    }
}
