package icn.node.kind;

import icn.node.routing.Router;
import icn.node.routing.necklace.ThreePhaseRouting;
import icn.node.traffic.TrafficRouting;
import icn.node.traffic.WormholeRoutings;
import icn.protocols.NetworkKind;
import icn.protocols.topology.NecklaceHypercube;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/** The necklace hypercubes' programs (002): its three-phase routing and its adaptive wormhole routing; 002's routings take any necklace lengths. */
public final class NecklacePrograms implements KindPrograms<NecklaceHypercube> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.RNH, NetworkKind.INH);
    }

    @Override
    public Class<NecklaceHypercube> type() {
        return NecklaceHypercube.class;
    }

    @Override
    public List<NetworkPrograms.Named<Function<NecklaceHypercube, Router>>> routers() {
        return List.of(KindPrograms.named(ThreePhaseRouting.KEY, x -> new ThreePhaseRouting(x)));
    }

    @Override
    public List<NetworkPrograms.Named<BiFunction<NecklaceHypercube, Integer, TrafficRouting>>> trafficRoutings() {
        return List.of(KindPrograms.named(WormholeRoutings.ADAPTIVE, (x, v) -> WormholeRoutings.necklace(x, v, true)),
                KindPrograms.named(WormholeRoutings.THREE_PHASE, (x, v) -> WormholeRoutings.necklace(x, v, false)));
    }
}
