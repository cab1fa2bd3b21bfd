package icn.node.kind;

import icn.node.broadcast.FloodingPrograms;
import icn.node.broadcast.StarOnePortBroadcast;
import icn.node.program.ProgramFactory;
import icn.node.routing.Router;
import icn.node.routing.classic.StarRouting;
import icn.node.traffic.TrafficRouting;
import icn.node.traffic.WormholeRoutings;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.NetworkKind;
import icn.protocols.topology.Star;
import icn.protocols.wire.BroadcastSpec;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/** The star graph's programs (001 §2): its routing, its adaptive wormhole routing and its broadcasts. */
public final class StarPrograms implements KindPrograms<Star> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.STAR);
    }

    @Override
    public Class<Star> type() {
        return Star.class;
    }

    @Override
    public List<NetworkPrograms.Named<Function<Star, Router>>> routers() {
        return List.of(KindPrograms.named("star", x -> new StarRouting(x)));
    }

    @Override
    public List<NetworkPrograms.Named<BiFunction<Star, Integer, TrafficRouting>>> trafficRoutings() {
        return List.of(KindPrograms.named(WormholeRoutings.ADAPTIVE, (x, v) -> WormholeRoutings.star(x, v)));
    }

    /** One-port: the star graph's own; multi-port: flooding, δ-port (001 Theorem 8). */
    @Override
    public Optional<BiFunction<Star, BroadcastSpec, ProgramFactory>> portBroadcasts() {
        return Optional.of((x, spec) -> spec.algorithm() == BroadcastAlgorithm.ONE_PORT ? new StarOnePortBroadcast(x, spec.source())
                : new FloodingPrograms(x, spec.source(), FloodingPrograms.Mode.MULTI_PORT));
    }
}
