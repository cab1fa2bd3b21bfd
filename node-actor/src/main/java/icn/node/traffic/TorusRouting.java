package icn.node.traffic;

import icn.protocols.InvalidInputException;
import icn.protocols.topology.Torus;
import icn.protocols.traffic.MessageHeader;

/**
 * Dimension-order routing in the K-ary N-cube (torus) with dateline virtual channels (Dally and Seitz): digits corrected from
 * dimension 0 up, each the shorter way round its ring (up on a tie), as {@link icn.node.routing.classic.DimensionOrderRouting}
 * does. The virtual channels of a link form two classes, 0 .. V/2−1 and V/2 .. V−1: a head uses the first class in a dimension
 * until it has crossed that ring's wrap-around link (K−1 to 0 going up, 0 to K−1 going down), the second after. Deadlock-free:
 * in one ring a minimal route crosses the wrap-around link at most once, so the first class's dependencies end at the wrap-around
 * link and the second's never reach it, and dimensions are taken in increasing order. Needs V ≥ 2. Key {@code dimension-order}.
 */
final class TorusRouting implements TrafficRouting {

    static final String KEY = "dimension-order";

    private final Torus torus;
    private final int low;
    private final int high;

    TorusRouting(Torus torus, int vcs) {
        if (vcs < 2) {
            throw new InvalidInputException("dimension-order routing on " + torus.name() + " needs V >= 2 virtual channels (the two"
                    + " dateline classes of every ring); got " + vcs);
        }
        this.torus = torus;
        this.low = TrafficRouting.range(0, vcs / 2 - 1);
        this.high = TrafficRouting.range(vcs / 2, vcs - 1);
    }

    @Override
    public String key() {
        return KEY;
    }

    @Override
    public void choices(int node, MessageHeader h, Choices out) {
        int k = torus.k();
        for (int d = 0; d < torus.dimensions(); d++) {
            int up = Math.floorMod(torus.digit(h.destination(), d) - torus.digit(node, d), k);
            if (up != 0) {
                out.add(Torus.port(d, up <= k - up), h.state() == d + 1 ? high : low, 0);
                return;
            }
        }
        throw new IllegalStateException("a head at its destination " + torus.label(node) + " asked for a route");
    }

    @Override
    public MessageHeader advance(int node, MessageHeader h, int port, int vc, long step) {
        int d = port / 2;
        boolean up = port % 2 == 0;
        int digit = torus.digit(node, d);
        boolean wraps = up ? digit == torus.k() - 1 : digit == 0;
        return h.hop(step, 0, wraps ? d + 1 : h.state());
    }
}
