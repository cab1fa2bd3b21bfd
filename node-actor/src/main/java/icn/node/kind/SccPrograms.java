package icn.node.kind;

import icn.node.broadcast.BroadcastPrograms;
import icn.node.broadcast.StarSequencePrograms;
import icn.node.packet.RouteSource;
import icn.node.program.ProgramFactory;
import icn.node.routing.Router;
import icn.node.routing.RoutingAlgorithm;
import icn.node.routing.SccRouter;
import icn.node.traffic.TrafficRouting;
import icn.node.traffic.WormholeRoutings;
import icn.protocols.NetworkKind;
import icn.protocols.fault.FaultPlan;
import icn.protocols.topology.Scc;
import icn.protocols.wire.BroadcastSpec;
import icn.protocols.wire.RoutingSpec;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;

/** SCC_n's programs (000, 001): its routings, their distributed forms, its wormhole routings and 001's broadcasts. */
public final class SccPrograms implements KindPrograms<Scc> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.SCC);
    }

    @Override
    public Class<Scc> type() {
        return Scc.class;
    }

    /** 000's and 001's routings, minimal (000 Algorithm 3) first: icn route's default, and a routing scenario's order. */
    @Override
    public List<NetworkPrograms.Named<Function<Scc, Router>>> routers() {
        return Stream.of(RoutingAlgorithm.MINIMAL, RoutingAlgorithm.GREEDY, RoutingAlgorithm.RANDOM, RoutingAlgorithm.NEAR_MINIMAL,
                RoutingAlgorithm.OPTIMAL_001).map(a -> KindPrograms.<Function<Scc, Router>>named(a.key(), x -> new SccRouter(x, a)))
                .toList();
    }

    @Override
    public boolean shortest() {
        return false; // 000 Algorithm 3 is minimal
    }

    @Override
    public Optional<RouteSource> ownRoutes(Scc topology, RoutingSpec spec, FaultPlan plan) {
        return SccRoutes.of(topology, spec);
    }

    /** Issue 32: minimal and fully adaptive first (the default), then 000 §6's distributed routings under wormhole switching. */
    @Override
    public List<NetworkPrograms.Named<BiFunction<Scc, Integer, TrafficRouting>>> trafficRoutings() {
        return Stream.concat(Stream.of((RoutingAlgorithm) null), Stream.of(RoutingAlgorithm.NEAR_MINIMAL, RoutingAlgorithm.GREEDY,
                RoutingAlgorithm.RANDOM)).map(a -> KindPrograms.<BiFunction<Scc, Integer, TrafficRouting>>named(
                        a == null ? WormholeRoutings.ADAPTIVE : a.key(), (x, v) -> WormholeRoutings.scc(x, v, a))).toList();
    }

    @Override
    public Optional<BiFunction<Scc, BroadcastSpec, ProgramFactory>> portBroadcasts() {
        return Optional.of(BroadcastPrograms::of);
    }

    @Override
    public boolean localLinks() {
        return true;
    }

    @Override
    public Optional<BiFunction<Scc, BroadcastSpec, ProgramFactory>> sequences() {
        return Optional.of(StarSequencePrograms::new);
    }
}
