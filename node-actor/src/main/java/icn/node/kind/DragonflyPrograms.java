package icn.node.kind;

import icn.node.traffic.TrafficRouting;
import icn.node.traffic.WormholeRoutings;
import icn.protocols.NetworkKind;
import icn.protocols.topology.Dragonfly;
import java.util.List;
import java.util.function.BiFunction;

/** The dragonfly's programs (issue 39): Kim et al.'s minimal, Valiant and UGAL wormhole routings. */
final class DragonflyPrograms implements KindPrograms<Dragonfly> {

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
        return WormholeRoutings.DRAGONFLY.stream().map(k -> KindPrograms.<BiFunction<Dragonfly, Integer, TrafficRouting>>named(k,
                (x, v) -> WormholeRoutings.dragonfly(x, v, k))).toList();
    }
}
