package icn.node.kind;

import icn.node.traffic.TrafficRouting;
import icn.node.traffic.WormholeRoutings;
import icn.protocols.NetworkKind;
import icn.protocols.topology.Mesh;
import java.util.List;
import java.util.function.BiFunction;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.Torus;
import icn.protocols.traffic.MessageHeader;

/** The mesh's programs (issue 39): dimension-order and Duato's adaptive wormhole routings; BFS routing for icn route. */
public final class MeshPrograms implements KindPrograms<Mesh> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.MESH);
    }

    @Override
    public Class<Mesh> type() {
        return Mesh.class;
    }

    @Override
    public List<NetworkPrograms.Named<BiFunction<Mesh, Integer, TrafficRouting>>> trafficRoutings() {
        return List.of(KindPrograms.named(Routing.DIMENSION_ORDER, (x, v) -> new Routing(x, v, false)),
                KindPrograms.named(Routing.ADAPTIVE, (x, v) -> new Routing(x, v, true)));
    }

    /**
     * Routings of the K-ary N-mesh ({@link Mesh}). {@code dimension-order}: digits corrected from dimension 0 up, on every virtual
     * channel; deadlock-free with one virtual channel, since a route takes the dimensions in increasing order and, within one, moves
     * one way on a line without wrap-around, so the channel dependencies follow a total order (dimension, direction, position).
     * {@code adaptive}: minimal and fully adaptive (Duato): virtual channels 1 … V − 1 of every port that brings the head nearer in any
     * dimension, first; virtual channel 0 of the dimension-order port as the escape. Deadlock-free by Duato's theorem: the escape
     * channels alone are dimension-order routing, acyclic, and a head can always wait for its escape channel. Needs V ≥ 2.
     */
    public static final class Routing implements TrafficRouting {

        static final String DIMENSION_ORDER = WormholeRoutings.DIMENSION_ORDER;
        static final String ADAPTIVE = WormholeRoutings.ADAPTIVE;

        private final Mesh mesh;
        private final boolean adaptive;
        private final int all;
        private final int upper;

        public Routing(Mesh mesh, int vcs, boolean adaptive) {
            if (adaptive && vcs < 2) {
                throw new InvalidInputException("adaptive routing on " + mesh.name() + " needs V >= 2 virtual channels (an escape channel and"
                        + " at least one adaptive channel); got " + vcs);
            }
            this.mesh = mesh;
            this.adaptive = adaptive;
            this.all = TrafficRouting.range(0, vcs - 1);
            this.upper = TrafficRouting.range(1, vcs - 1);
        }

        @Override
        public String key() {
            return adaptive ? ADAPTIVE : DIMENSION_ORDER;
        }

        @Override
        public void choices(int node, MessageHeader h, Choices out) {
            int escape = -1;
            for (int d = 0; d < mesh.dimensions(); d++) {
                int diff = mesh.digit(h.destination(), d) - mesh.digit(node, d);
                if (diff == 0) {
                    continue;
                }
                int port = Torus.port(d, diff > 0);
                if (!adaptive) {
                    out.add(port, all, 0);
                    return;
                }
                if (escape < 0) {
                    escape = port;
                }
                out.add(port, upper, 0);
            }
            if (escape < 0) {
                throw new IllegalStateException("a head at its destination " + mesh.label(node) + " asked for a route");
            }
            out.add(escape, 1, 1);
        }

        @Override
        public MessageHeader advance(int node, MessageHeader h, int port, int vc, long step) {
            return h.hop(step, 0, 0);
        }
    }
}
