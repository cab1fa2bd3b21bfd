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

/** The incomplete n:k cubes' programs (004): their missing nodes break dimension order, so 004 §6.1's one-to-one order is the escape. */
final class IncompleteCubePrograms implements KindPrograms<KaryCube> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.ICUBE);
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
        return List.of(KindPrograms.named(WormholeRoutings.ADAPTIVE, (x, v) -> WormholeRoutings.oneToOne(x, v, true)),
                KindPrograms.named(WormholeRoutings.ONE_TO_ONE, (x, v) -> WormholeRoutings.oneToOne(x, v, false)));
    }
}
