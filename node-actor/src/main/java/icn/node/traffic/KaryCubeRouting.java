package icn.node.traffic;

import icn.protocols.InvalidInputException;
import icn.protocols.topology.KaryCube;
import icn.protocols.traffic.MessageHeader;

/**
 * Wormhole routing in the complete n:k cube of 004 (labels adjacent when they differ in exactly one position, so a head sets any
 * one differing symbol to the destination's in one hop).
 *
 * <p><b>dimension-order</b>: the differing positions corrected from a_1 on, each in one hop, on any of the V virtual channels:
 * channels are taken in increasing position, so there is no cycle. V ≥ 1.
 *
 * <p><b>adaptive</b>: fully adaptive minimal routing with a dimension-order escape channel, as Duato's routing on the hypercube:
 * virtual channel 0 is the escape channel, 1 .. V−1 adaptive; an adaptive channel of any differing position, else the escape
 * channel of the first. After an escape hop in position j every position left to correct comes later, so dependencies through
 * adaptive channels also run forward (Duato's condition). V ≥ 2.
 *
 * <p>The incomplete n:k cubes are refused: setting a position may lead to a label that is not a node there (004 §6 routes around
 * that); {@code updown} and {@code hop-class} route any network.
 */
final class KaryCubeRouting implements TrafficRouting {

    static final String ADAPTIVE = "adaptive";
    static final String DIMENSION_ORDER = "dimension-order";

    private final KaryCube cube;
    private final int vcs;
    private final boolean adaptive;

    KaryCubeRouting(KaryCube cube, int vcs, boolean adaptive) {
        if (!cube.isComplete()) {
            throw new InvalidInputException((adaptive ? ADAPTIVE : DIMENSION_ORDER) + " routing needs the complete n:k cube (kcube:N,K);"
                    + " on " + cube.name() + " setting a symbol may leave the network: use --routing updown or hop-class");
        }
        if (adaptive && vcs < 2) {
            throw new InvalidInputException("adaptive routing on " + cube.name() + " needs V >= 2 virtual channels (one escape channel"
                    + " and at least one adaptive channel); got " + vcs);
        }
        this.cube = cube;
        this.vcs = vcs;
        this.adaptive = adaptive;
    }

    @Override
    public String key() {
        return adaptive ? ADAPTIVE : DIMENSION_ORDER;
    }

    @Override
    public void choices(int node, MessageHeader h, Choices out) {
        int[] a = cube.digits(node);
        int[] b = cube.digits(h.destination());
        int first = -1;
        for (int j = 0; j < a.length; j++) {
            if (a[j] != b[j]) {
                int port = cube.portSetting(j + 1, a[j], b[j]);
                if (first < 0) {
                    first = port;
                    if (!adaptive) {
                        out.add(port, TrafficRouting.range(0, vcs - 1), 0);
                        return;
                    }
                }
                out.add(port, TrafficRouting.range(1, vcs - 1), 0);
            }
        }
        out.add(first, 1, 1);
    }

    @Override
    public MessageHeader advance(int node, MessageHeader h, int port, int vc, long step) {
        return h.hop(step, 0, 0);
    }
}
