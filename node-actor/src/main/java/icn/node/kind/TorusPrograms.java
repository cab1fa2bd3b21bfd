package icn.node.kind;

import icn.node.routing.Router;
import icn.node.routing.classic.DimensionOrderRouting;
import icn.node.traffic.TrafficRouting;
import icn.node.traffic.WormholeRoutings;
import icn.protocols.NetworkKind;
import icn.protocols.topology.Torus;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/** The torus's programs: dimension-order routing, with dateline virtual channels under wormhole switching. */
public final class TorusPrograms implements KindPrograms<Torus> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.TORUS);
    }

    @Override
    public Class<Torus> type() {
        return Torus.class;
    }

    @Override
    public List<NetworkPrograms.Named<Function<Torus, Router>>> routers() {
        return List.of(KindPrograms.named("dimension-order", x -> new DimensionOrderRouting(x)));
    }

    @Override
    public List<NetworkPrograms.Named<BiFunction<Torus, Integer, TrafficRouting>>> trafficRoutings() {
        return List.of(KindPrograms.named(WormholeRoutings.DIMENSION_ORDER, (x, v) -> WormholeRoutings.torus(x, v)),
                KindPrograms.named(WormholeRoutings.DIMENSION_ORDER_BALANCED, (x, v) -> WormholeRoutings.torusBalanced(x, v)));
    }
}
