package icn.node.kind;

import icn.node.routing.Router;
import icn.node.routing.cube.OneToOneRouting;
import icn.node.traffic.TrafficRouting;
import icn.node.traffic.WormholeRoutings;
import icn.protocols.NetworkKind;
import icn.protocols.topology.KaryCube;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/** The complete n:k cubes' programs (004): 004 §6.1's one-to-one routing, Duato's adaptive and dimension-order wormhole routings. */
final class KaryCubePrograms implements KindPrograms<KaryCube> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.KCUBE);
    }

    @Override
    public Class<KaryCube> type() {
        return KaryCube.class;
    }

    @Override
    public List<NetworkPrograms.Named<Function<KaryCube, Router>>> routers() {
        return List.of(KindPrograms.named(OneToOneRouting.KEY, x -> new OneToOneRouting(x)));
    }

    @Override
    public List<NetworkPrograms.Named<BiFunction<KaryCube, Integer, TrafficRouting>>> trafficRoutings() {
        return List.of(KindPrograms.named(WormholeRoutings.ADAPTIVE, (x, v) -> WormholeRoutings.karyCube(x, v, true)),
                KindPrograms.named(WormholeRoutings.DIMENSION_ORDER, (x, v) -> WormholeRoutings.karyCube(x, v, false)));
    }
}
