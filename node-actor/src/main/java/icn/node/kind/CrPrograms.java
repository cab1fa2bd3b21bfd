package icn.node.kind;

import icn.node.packet.RouteSource;
import icn.node.routing.Router;
import icn.node.routing.cr.FaultTolerantRoute;
import icn.node.routing.cr.OptimalRoute;
import icn.node.routing.cr.SimpleRoute;
import icn.protocols.NetworkKind;
import icn.protocols.fault.FaultPlan;
import icn.protocols.topology.CompleteRotationGraph;
import icn.protocols.wire.RoutingSpec;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** CR_n's programs (003): its optimal, simple and fault-tolerant routes. */
public final class CrPrograms implements KindPrograms<CompleteRotationGraph> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.CR);
    }

    @Override
    public Class<CompleteRotationGraph> type() {
        return CompleteRotationGraph.class;
    }

    @Override
    public List<NetworkPrograms.Named<Function<CompleteRotationGraph, Router>>> routers() {
        return List.of(KindPrograms.named(OptimalRoute.KEY, x -> new OptimalRoute(x)),
                KindPrograms.named(SimpleRoute.KEY, x -> new SimpleRoute(x)),
                KindPrograms.named(FaultTolerantRoute.KEY, x -> new FaultTolerantRoute(x).forFaults(v -> false)));
    }

    /** 003 §3.2's fault-tolerant route, computed at the source from the crashed nodes. */
    @Override
    public Optional<RouteSource> ownRoutes(CompleteRotationGraph topology, RoutingSpec spec, FaultPlan plan) {
        return CrRoutes.of(topology, spec, plan);
    }
}
