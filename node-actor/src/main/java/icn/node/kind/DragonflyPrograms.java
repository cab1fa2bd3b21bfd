package icn.node.kind;

import icn.node.traffic.TrafficRouting;
import icn.node.traffic.WormholeRoutings;
import icn.protocols.NetworkKind;
import icn.protocols.topology.Dragonfly;
import java.util.List;
import java.util.function.BiFunction;
import icn.protocols.InvalidInputException;
import icn.protocols.traffic.MessageHeader;

/** The dragonfly's programs (issue 39): Kim et al.'s minimal, Valiant and UGAL wormhole routings. */
public final class DragonflyPrograms implements KindPrograms<Dragonfly> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.DRAGONFLY);
    }

    @Override
    public Class<Dragonfly> type() {
        return Dragonfly.class;
    }

    @Override
    public List<NetworkPrograms.Named<BiFunction<Dragonfly, Integer, TrafficRouting>>> trafficRoutings() {
        return List.of(Routing.MINIMAL, Routing.VALIANT, Routing.UGAL).stream().map(k -> KindPrograms.<BiFunction<Dragonfly, Integer,
                TrafficRouting>>named(k, (x, v) -> new Routing(x, v, k))).toList();
    }

    /**
     * The dragonfly's routings of Kim, Dally, Scott and Abts (ISCA 2008, §4), on {@link Dragonfly}.
     * <ul>
     * <li>{@code minimal}: within the source group to the router holding the global link to the destination group (a local hop, if it
     * is not the source router), over that link, then within the destination group to the destination's router: at most
     * local-global-local.</li>
     * <li>{@code valiant}: minimally to a random intermediate group (neither the source's nor the destination's, drawn from a hash of
     * the message's id and generation cycle), then minimally to the destination: at most local-global-local-global-local.</li>
     * <li>{@code ugal}: UGAL-L, at the source router: the minimal route if q_m·H_m ≤ q_v·H_v, else Valiant's, where H is the route's
     * hops and q the occupancy of its first output port (flits sent and not yet credited back), what the router sees locally.</li>
     * </ul>
     * Messages within one group take the minimal route under all three.
     *
     * <p><b>Virtual channels</b> (Kim et al.: minimal needs 2, Valiant and UGAL 3). The channels of a port are split into classes; a
     * hop takes the class of the number of global links the head has crossed so far: the first local hop and the first global hop
     * class 0, the local hop after it and the second global hop class 1, the last local hop class 2. Deadlock-free: along every route
     * the (class, local before global) pairs strictly rise, l0 &lt; g0 &lt; l1 &lt; g1 &lt; l2, so the channel dependencies follow that order and
     * cannot close a cycle; a terminal's link into its router is only ever a first hop, and a router's link to a terminal only a last,
     * which the terminal always drains. Needs V ≥ 2 (minimal) or V ≥ 3.
     *
     * <p><b>Header.</b> {@code target}: the intermediate group + 1 (0: the minimal route); {@code state}: the global links crossed, plus
     * {@value #DECIDED} once the route is fixed (UGAL fixes it at the source router).
     */
    public static final class Routing implements TrafficRouting {

        static final String MINIMAL = "minimal";
        static final String VALIANT = "valiant";
        static final String UGAL = "ugal";
        public static final int DECIDED = 4;

        private final Dragonfly df;
        private final String key;
        private final int[] classMask;

        public Routing(Dragonfly df, int vcs, String key) {
            int classes = key.equals(MINIMAL) ? 2 : 3;
            if (vcs < classes) {
                throw new InvalidInputException(key + " routing on " + df.name() + " needs V >= " + classes + " virtual channels (one class per"
                        + " global link crossed, " + (classes == 2 ? "local-global-local" : "local-global-local-global-local") + "); got " + vcs);
            }
            this.df = df;
            this.key = key;
            this.classMask = new int[classes];
            for (int c = 0; c < classes; c++) {
                classMask[c] = TrafficRouting.range(c * vcs / classes, (c + 1) * vcs / classes - 1);
            }
        }

        @Override
        public String key() {
            return key;
        }

        @Override
        public boolean decides() {
            return key.equals(UGAL);
        }

        @Override
        public MessageHeader start(long id, int source, int destination, long generated) {
            int gs = df.group(source);
            int gd = df.group(destination);
            int target = 0;
            if (!key.equals(MINIMAL) && gs != gd && df.groups() > 2) {
                int pick = Math.floorMod(TrafficRouting.mix(id ^ generated * 0x9E3779B97F4A7C15L), df.groups() - 2);
                int lo = Math.min(gs, gd);
                int hi = Math.max(gs, gd);
                int g = pick >= lo ? pick + 1 : pick; // the groups other than gs and gd, in order
                target = (g >= hi ? g + 1 : g) + 1;
            }
            return new MessageHeader(id, source, destination, generated, 0, 0, target, key.equals(UGAL) ? 0 : DECIDED);
        }

        @Override
        public MessageHeader decide(int node, MessageHeader h, PortLoad load) {
            if ((h.state() & DECIDED) != 0 || df.terminal(node)) {
                return h;
            }
            int target = h.target();
            if (target != 0) {
                int minimalPort = port(node, h.destination(), 0);
                int valiantPort = port(node, h.destination(), target);
                long minimal = (long) load.occupancy(minimalPort) * hops(node, h.destination(), 0);
                long valiant = (long) load.occupancy(valiantPort) * hops(node, h.destination(), target);
                target = minimal <= valiant ? 0 : target;
            }
            return new MessageHeader(h.id(), h.source(), h.destination(), h.generated(), h.injected(), h.hops(), target, h.state() | DECIDED,
                    h.flits(), h.trafficClass());
        }

        @Override
        public void choices(int node, MessageHeader h, Choices out) {
            int globals = h.state() & 3;
            if (df.terminal(node)) {
                out.add(0, classMask[0], 0);
                return;
            }
            int port = port(node, h.destination(), globals == 0 ? h.target() : 0);
            out.add(port, classMask[Math.min(globals, classMask.length - 1)], 0);
        }

        @Override
        public MessageHeader advance(int node, MessageHeader h, int port, int vc, long step) {
            boolean global = !df.terminal(node) && port >= df.globalPort(0);
            return h.hop(step, h.target(), h.state() + (global ? 1 : 0));
        }

        /** The next port from router {@code node} to {@code destination}, through group {@code target} − 1 first if it is not 0. */
        private int port(int node, int destination, int target) {
            int g = df.group(node);
            int r = df.router(node);
            int goal = target != 0 ? target - 1 : df.group(destination);
            if (g == goal && target == 0) {
                int rd = df.router(destination);
                return r == rd ? destination % (df.p() + 1) - 1 : df.localPort(r, rd);
            }
            int c = df.channelTo(g, goal);
            return c / df.h() == r ? df.globalPort(c % df.h()) : df.localPort(r, c / df.h());
        }

        /** The hops from router {@code node} to {@code destination} on the minimal route (target 0) or through group target − 1. */
        private int hops(int node, int destination, int target) {
            int g = df.group(node);
            int r = df.router(node);
            int hops = 0;
            if (target != 0) {
                hops += (df.channelTo(g, target - 1) / df.h() == r ? 0 : 1) + 1;
                r = df.arrivalRouter(g, target - 1);
                g = target - 1;
            }
            int gd = df.group(destination);
            int rd = df.router(destination);
            if (g != gd) {
                hops += (df.channelTo(g, gd) / df.h() == r ? 0 : 1) + 1;
                r = df.arrivalRouter(g, gd);
            }
            return hops + (r == rd ? 0 : 1) + 1;
        }
    }
}
