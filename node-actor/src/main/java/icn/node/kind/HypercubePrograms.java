package icn.node.kind;

import icn.node.broadcast.BinomialBroadcast;
import icn.node.broadcast.FloodingPrograms;
import icn.node.program.ProgramFactory;
import icn.node.routing.Router;
import icn.node.routing.classic.ECubeRouting;
import icn.node.traffic.TrafficRouting;
import icn.node.traffic.WormholeRoutings;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.NetworkKind;
import icn.protocols.topology.Hypercube;
import icn.protocols.wire.BroadcastSpec;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/** The hypercube's programs: e-cube routing, Duato's adaptive and e-cube wormhole routings, binomial-tree broadcast. */
public final class HypercubePrograms implements KindPrograms<Hypercube> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.HYPERCUBE);
    }

    @Override
    public Class<Hypercube> type() {
        return Hypercube.class;
    }

    @Override
    public List<NetworkPrograms.Named<Function<Hypercube, Router>>> routers() {
        return List.of(KindPrograms.named("e-cube", x -> new ECubeRouting(x)));
    }

    @Override
    public List<NetworkPrograms.Named<BiFunction<Hypercube, Integer, TrafficRouting>>> trafficRoutings() {
        return List.of(KindPrograms.named(WormholeRoutings.ADAPTIVE, (x, v) -> WormholeRoutings.hypercube(x, v, true)),
                KindPrograms.named(WormholeRoutings.E_CUBE, (x, v) -> WormholeRoutings.hypercube(x, v, false)));
    }

    @Override
    public Optional<BiFunction<Hypercube, BroadcastSpec, ProgramFactory>> portBroadcasts() {
        return Optional.of((x, spec) -> spec.algorithm() == BroadcastAlgorithm.ONE_PORT ? new BinomialBroadcast(x, spec.source())
                : new FloodingPrograms(x, spec.source(), FloodingPrograms.Mode.MULTI_PORT));
    }
}
