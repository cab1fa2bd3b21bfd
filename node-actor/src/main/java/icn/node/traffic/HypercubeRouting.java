package icn.node.traffic;

import icn.protocols.InvalidInputException;
import icn.protocols.topology.Hypercube;
import icn.protocols.traffic.MessageHeader;

/**
 * Wormhole routing in the binary hypercube Q_n, the base cube of 002 and the network of 002 reference [6] (Boura, Das and Jacob).
 *
 * <p><b>adaptive</b>: Duato's fully adaptive minimal routing (002 §3, Eqs. 14–16): virtual channel 0 of every link is the e-cube
 * escape channel, 1 .. V−1 are adaptive. A head takes an adaptive channel of any dimension in which it still differs from its
 * destination, else the escape channel of the lowest such dimension. Deadlock-free: e-cube channels are taken in increasing
 * dimension, and after an escape hop of dimension d every dimension left to correct is higher, so no cycle of dependencies forms
 * even through adaptive channels (Duato's condition). Needs V ≥ 2.
 *
 * <p><b>e-cube</b>: deterministic, the lowest differing dimension first, on any of the V virtual channels: channels are taken in
 * increasing dimension, so there is no cycle. V ≥ 1.
 */
final class HypercubeRouting implements TrafficRouting {

    static final String ADAPTIVE = "adaptive";
    static final String E_CUBE = "e-cube";

    private final int vcs;
    private final boolean adaptive;

    HypercubeRouting(Hypercube cube, int vcs, boolean adaptive) {
        if (adaptive && vcs < 2) {
            throw new InvalidInputException("adaptive routing on " + cube.name() + " needs V >= 2 virtual channels (one e-cube escape"
                    + " channel and at least one adaptive channel); got " + vcs);
        }
        this.vcs = vcs;
        this.adaptive = adaptive;
    }

    @Override
    public String key() {
        return adaptive ? ADAPTIVE : E_CUBE;
    }

    @Override
    public void choices(int node, MessageHeader h, Choices out) {
        int differ = node ^ h.destination();
        int lowest = Integer.numberOfTrailingZeros(differ); // port d is dimension d
        if (!adaptive) {
            out.add(lowest, TrafficRouting.range(0, vcs - 1), 0);
            return;
        }
        for (int rest = differ; rest != 0; rest &= rest - 1) {
            out.add(Integer.numberOfTrailingZeros(rest), TrafficRouting.range(1, vcs - 1), 0);
        }
        out.add(lowest, 1, 1);
    }

    @Override
    public MessageHeader advance(int node, MessageHeader h, int port, int vc, long step) {
        return h.hop(step, 0, 0);
    }
}
