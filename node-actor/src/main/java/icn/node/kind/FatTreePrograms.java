package icn.node.kind;

import icn.node.traffic.TrafficRouting;
import icn.node.traffic.WormholeRoutings;
import icn.protocols.NetworkKind;
import icn.protocols.topology.FatTree;
import java.util.List;
import java.util.function.BiFunction;

/** The fat-tree's programs (issue 39): nearest-common-ancestor wormhole routing, adaptive or random up. */
final class FatTreePrograms implements KindPrograms<FatTree> {

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
        return List.of(KindPrograms.named(WormholeRoutings.NCA, (x, v) -> WormholeRoutings.fatTree(x, v, false)),
                KindPrograms.named(WormholeRoutings.NCA_RANDOM, (x, v) -> WormholeRoutings.fatTree(x, v, true)));
    }
}
