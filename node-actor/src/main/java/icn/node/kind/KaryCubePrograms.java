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

/**
 * The n:k cubes' programs (004): 004 §6.1's one-to-one routing; under wormhole switching Duato's adaptive routing and
 * dimension order on the complete cubes, and on the incomplete ones, whose missing nodes break dimension order, the one-to-one
 * order as the escape.
 */
public sealed class KaryCubePrograms implements KindPrograms<KaryCube> permits KaryCubePrograms.Incomplete {

    private final boolean complete;

    /** The complete cubes' programs. */
    public KaryCubePrograms() {
        this(true);
    }

    private KaryCubePrograms(boolean complete) {
        this.complete = complete;
    }

    /** The incomplete cubes' programs. */
    public static final class Incomplete extends KaryCubePrograms {
        public Incomplete() {
            super(false);
        }
    }

    @Override
    public List<NetworkKind> kinds() {
        return List.of(complete ? NetworkKind.KCUBE : NetworkKind.ICUBE);
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
        if (!complete) {
            return List.of(KindPrograms.named(WormholeRoutings.ADAPTIVE, (x, v) -> WormholeRoutings.oneToOne(x, v, true)),
                    KindPrograms.named(WormholeRoutings.ONE_TO_ONE, (x, v) -> WormholeRoutings.oneToOne(x, v, false)));
        }
        return List.of(KindPrograms.named(WormholeRoutings.ADAPTIVE, (x, v) -> WormholeRoutings.karyCube(x, v, true)),
                KindPrograms.named(WormholeRoutings.DIMENSION_ORDER, (x, v) -> WormholeRoutings.karyCube(x, v, false)));
    }
}
