package icn.node.kind;

import icn.node.traffic.TrafficRouting;
import icn.node.traffic.WormholeRoutings;
import icn.protocols.NetworkKind;
import icn.protocols.topology.FatTree;
import java.util.List;
import java.util.function.BiFunction;
import icn.protocols.traffic.MessageHeader;

/** The fat-tree's programs (issue 39): nearest-common-ancestor wormhole routing, adaptive or random up. */
public final class FatTreePrograms implements KindPrograms<FatTree> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.FATTREE);
    }

    @Override
    public Class<FatTree> type() {
        return FatTree.class;
    }

    @Override
    public List<NetworkPrograms.Named<BiFunction<FatTree, Integer, TrafficRouting>>> trafficRoutings() {
        return List.of(KindPrograms.named(Routing.NCA, (x, v) -> new Routing(x, v, false)),
                KindPrograms.named(Routing.NCA_RANDOM, (x, v) -> new Routing(x, v, true)));
    }

    /**
     * Nearest-common-ancestor routing in the K-ary N-tree ({@link FatTree}), as BookSim's fat-tree routings: a head climbs until the
     * switch it is at has the destination terminal below it, then descends by the one down port that leads there. Going up, any up
     * port will do: {@code nca} offers all of them and the router takes the one with the most free virtual channels (adaptive);
     * {@code nca-random} takes the one a hash of the message and the level picks (oblivious, spreading the messages over the roots).
     * Going down the route is fixed. Minimal: every route is up to the lowest common ancestor and down.
     *
     * <p>Deadlock-free on every virtual channel: a route takes up links of rising level, then down links of falling level, never an
     * up link after a down link, so ordering the up links by level and then the down links by falling level orders every dependency.
     */
    public static final class Routing implements TrafficRouting {

        static final String NCA = "nca";
        static final String NCA_RANDOM = "nca-random";

        private final FatTree tree;
        private final boolean random;
        private final int all;

        public Routing(FatTree tree, int vcs, boolean random) {
            this.tree = tree;
            this.random = random;
            this.all = TrafficRouting.range(0, vcs - 1);
        }

        @Override
        public String key() {
            return random ? NCA_RANDOM : NCA;
        }

        @Override
        public void choices(int node, MessageHeader h, Choices out) {
            int k = tree.k();
            int l = tree.level(node);
            if (l < 0) {
                out.add(tree.up(0), all, 0); // a terminal's one link
                return;
            }
            int w = tree.word(node);
            int dw = tree.word(h.destination()); // the destination's leaf
            boolean below = true;
            for (int i = l; i < tree.levels() - 1 && below; i++) {
                below = tree.digit(w, i) == tree.digit(dw, i);
            }
            if (below) {
                out.add(l == 0 ? h.destination() % k : tree.digit(dw, l - 1), all, 0);
            } else if (random) {
                out.add(tree.up(Math.floorMod(TrafficRouting.mix(h.id() ^ h.generated() * 0x9E3779B97F4A7C15L ^ l), k)), all, 0);
            } else {
                for (int j = 0; j < k; j++) {
                    out.add(tree.up(j), all, 0);
                }
            }
        }

        @Override
        public MessageHeader advance(int node, MessageHeader h, int port, int vc, long step) {
            return h.hop(step, 0, 0);
        }
    }
}
