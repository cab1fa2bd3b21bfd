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
 * <p><b>On the incomplete n:k cubes</b> setting a position in dimension order may lead to a label that is not a node. There the
 * escape is 004 §6.1's ONE-TO-ONE ROUTING instead ({@code one-to-one}, also a routing of its own): the positions where the source's
 * symbol is larger are lowered first, left to right, then those where it is smaller raised, right to left; lowering never makes a
 * label a non-node (004 Lemma 6.1), so the route exists and has H(S, D) hops. Whether a link lowers or raises its symbol is the
 * link's own property, so order the channels: lowering ones by increasing position, then raising ones by decreasing position. A
 * one-to-one route rises in this order. Adaptive hops only set differing positions to the destination's symbols, so the positions
 * left to lower or raise only shrink: after an escape hop that lowers at j, every later escape hop lowers further right or raises;
 * after one that raises at j, every later one raises further left. So escape channels rise along every walk, adaptive channels
 * between them included (Duato's condition): {@code one-to-one} needs V ≥ 1, {@code adaptive} V ≥ 2, as on the complete cube.
 * Adaptive channels there take any differing position whose link leads to a node. Distances are Hamming distances, from labels.
 */
final class KaryCubeRouting implements TrafficRouting {

    static final String ADAPTIVE = "adaptive";
    static final String DIMENSION_ORDER = "dimension-order";
    static final String ONE_TO_ONE = "one-to-one";

    private final KaryCube cube;
    private final int vcs;
    private final boolean adaptive;
    private final boolean oneToOne; // the escape order: 004's one-to-one routing, else dimension order

    KaryCubeRouting(KaryCube cube, int vcs, boolean adaptive) {
        this(cube, vcs, adaptive, !cube.isComplete());
    }

    KaryCubeRouting(KaryCube cube, int vcs, boolean adaptive, boolean oneToOne) {
        if (!cube.isComplete() && !oneToOne) {
            throw new InvalidInputException(DIMENSION_ORDER + " routing needs the complete n:k cube (kcube:N,K); on " + cube.name()
                    + " setting a symbol may leave the network: use --routing adaptive or one-to-one (004 §6.1)");
        }
        if (adaptive && vcs < 2) {
            throw new InvalidInputException("adaptive routing on " + cube.name() + " needs V >= 2 virtual channels (one escape channel"
                    + " and at least one adaptive channel); got " + vcs);
        }
        this.cube = cube;
        this.vcs = vcs;
        this.adaptive = adaptive;
        this.oneToOne = oneToOne;
    }

    @Override
    public String key() {
        return adaptive ? ADAPTIVE : oneToOne ? ONE_TO_ONE : DIMENSION_ORDER;
    }

    @Override
    public void choices(int node, MessageHeader h, Choices out) {
        int[] a = cube.digits(node);
        int[] b = cube.digits(h.destination());
        int escape = oneToOne ? oneToOnePosition(a, b) : firstDiffering(a, b);
        int escapePort = cube.portSetting(escape + 1, a[escape], b[escape]);
        if (!adaptive) {
            out.add(escapePort, TrafficRouting.range(0, vcs - 1), 0);
            return;
        }
        for (int j = 0; j < a.length; j++) {
            if (a[j] != b[j]) {
                int port = cube.portSetting(j + 1, a[j], b[j]);
                if (cube.neighbour(node, port) != icn.protocols.Topology.NONE) {
                    out.add(port, TrafficRouting.range(1, vcs - 1), 0);
                }
            }
        }
        out.add(escapePort, 1, 1);
    }

    private static int firstDiffering(int[] a, int[] b) {
        int j = 0;
        while (a[j] == b[j]) {
            j++;
        }
        return j;
    }

    /** 004 §6.1: the leftmost position whose symbol is to be lowered, else the rightmost to be raised. */
    private static int oneToOnePosition(int[] a, int[] b) {
        for (int j = 0; j < a.length; j++) {
            if (a[j] > b[j]) {
                return j;
            }
        }
        for (int j = a.length - 1; j >= 0; j--) {
            if (a[j] < b[j]) {
                return j;
            }
        }
        throw new IllegalStateException("no position differs: the head is at its destination");
    }

    @Override
    public MessageHeader advance(int node, MessageHeader h, int port, int vc, long step) {
        return h.hop(step, 0, 0);
    }
}
