package icn.node.traffic;

import icn.protocols.InvalidInputException;
import icn.protocols.topology.Torus;
import icn.protocols.traffic.MessageHeader;

/**
 * Dimension-order routing in the K-ary N-cube (torus) with dateline virtual channels (Dally and Seitz): digits corrected from
 * dimension 0 up, each the shorter way round its ring, as {@link icn.node.routing.classic.DimensionOrderRouting} does. The virtual
 * channels of a link form two classes, 0 .. V/2−1 and V/2 .. V−1: a head uses the first class in a dimension until it has crossed
 * that ring's wrap-around link (K−1 to 0 going up, 0 to K−1 going down), the second after. Deadlock-free: in one ring a minimal
 * route crosses the wrap-around link at most once, so the first class's dependencies end at the wrap-around link and the second's
 * never reach it, and dimensions are taken in increasing order. Needs V ≥ 2.
 *
 * <p>A tie (K even, the destination K/2 away in a dimension) can only be met at the first hop in that dimension: after one hop
 * either way the shorter way is the same way. {@code dimension-order} goes up on a tie, so the up links of every ring carry all the
 * ties and the down links none. {@code dimension-order-balanced} goes up from an even position and down from an odd one: each
 * link of a ring then carries the tie routes of about half the K/2 positions behind it in each direction (K/4 each when 4 divides
 * K; ⌈K/4⌉ and ⌊K/4⌋ on alternate links otherwise), so ties load both directions alike. Both are minimal and take the same dateline classes, and each direction's ring
 * has its own wrap-around link, so the balanced rule is deadlock-free by the same argument.
 */
final class TorusRouting implements TrafficRouting {

    static final String KEY = "dimension-order";
    static final String BALANCED = "dimension-order-balanced";

    private final Torus torus;
    private final int low;
    private final int high;
    private final boolean balanced;

    TorusRouting(Torus torus, int vcs, boolean balanced) {
        if (vcs < 2) {
            throw new InvalidInputException((balanced ? BALANCED : KEY) + " routing on " + torus.name() + " needs V >= 2 virtual "
                    + "channels (the two dateline classes of every ring); got " + vcs);
        }
        this.torus = torus;
        this.low = TrafficRouting.range(0, vcs / 2 - 1);
        this.high = TrafficRouting.range(vcs / 2, vcs - 1);
        this.balanced = balanced;
    }

    @Override
    public String key() {
        return balanced ? BALANCED : KEY;
    }

    @Override
    public void choices(int node, MessageHeader h, Choices out) {
        int k = torus.k();
        for (int d = 0; d < torus.dimensions(); d++) {
            int up = Math.floorMod(torus.digit(h.destination(), d) - torus.digit(node, d), k);
            if (up != 0) {
                boolean goUp = up < k - up || up == k - up && (!balanced || torus.digit(node, d) % 2 == 0);
                out.add(Torus.port(d, goUp), h.state() == d + 1 ? high : low, 0);
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
