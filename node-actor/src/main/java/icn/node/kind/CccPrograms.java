package icn.node.kind;

import icn.node.broadcast.BroadcastPrograms;
import icn.node.program.ProgramFactory;
import icn.node.routing.Router;
import icn.node.routing.classic.CccRouting;
import icn.node.traffic.TrafficRouting;
import icn.node.traffic.WormholeRoutings;
import icn.protocols.NetworkKind;
import icn.protocols.topology.CubeConnectedCycles;
import icn.protocols.wire.BroadcastSpec;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/** CCC_n's programs (001 §12): its standard routing, SCC_n's adaptive wormhole routing, 001's broadcasts. */
public final class CccPrograms implements KindPrograms<CubeConnectedCycles> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.CCC);
    }

    @Override
    public Class<CubeConnectedCycles> type() {
        return CubeConnectedCycles.class;
    }

    @Override
    public List<NetworkPrograms.Named<Function<CubeConnectedCycles, Router>>> routers() {
        return List.of(KindPrograms.named("standard", x -> new CccRouting(x)));
    }

    @Override
    public List<NetworkPrograms.Named<BiFunction<CubeConnectedCycles, Integer, TrafficRouting>>> trafficRoutings() {
        return List.of(KindPrograms.named(WormholeRoutings.ADAPTIVE, (x, v) -> WormholeRoutings.ccc(x, v)));
    }

    /** 001 §12. */
    @Override
    public Optional<BiFunction<CubeConnectedCycles, BroadcastSpec, ProgramFactory>> portBroadcasts() {
        return Optional.of(BroadcastPrograms::of);
    }

    @Override
    public boolean localLinks() {
        return true;
    }
}
