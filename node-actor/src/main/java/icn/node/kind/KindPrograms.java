package icn.node.kind;

import icn.node.packet.RouteSource;
import icn.node.program.ProgramFactory;
import icn.node.routing.Router;
import icn.node.traffic.TrafficRouting;
import icn.protocols.NetworkKind;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.wire.BroadcastSpec;
import icn.protocols.wire.RoutingSpec;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What one network kind offers of node-actor's programs, typed by its topology's class (so no method here casts a topology): its
 * own routers, route sources, wormhole routings and broadcasts. Every method has a default that says "none", so a kind overrides
 * only what it has; one public class per kind implements it, with a public constructor without arguments, registered once in
 * {@code META-INF/services/icn.node.kind.KindPrograms}, where {@link NetworkPrograms} finds it.
 *
 * @param <T> the topology class of the kind's networks
 */
public interface KindPrograms<T extends Topology> {

    /** The kinds whose networks this serves (the regular and irregular necklace hypercubes share theirs). */
    List<NetworkKind> kinds();

    /** The class of the kind's topologies. */
    Class<T> type();

    /** Its own point-to-point routers, its default first (none: {@code shortest} and {@code dfs} serve it). */
    default List<NetworkPrograms.Named<Function<T, Router>>> routers() {
        return List.of();
    }

    /** Whether it offers {@code shortest}, a BFS-table router (not where a router of its own is shortest on every route). */
    default boolean shortest() {
        return true;
    }

    /** A route source of its own for {@code spec}, or empty where the generic router serves it. */
    default Optional<RouteSource> ownRoutes(T topology, RoutingSpec spec, FaultPlan plan) {
        return Optional.empty();
    }

    /** Its own wormhole routings, its default first (none: {@code updown} and {@code hop-class} serve it). */
    default List<NetworkPrograms.Named<BiFunction<T, Integer, TrafficRouting>>> trafficRoutings() {
        return List.of();
    }

    /** What {@code one-port} and {@code multi-port} mean on it (001 §7–§12), or empty where they are undefined. */
    default Optional<BiFunction<T, BroadcastSpec, ProgramFactory>> portBroadcasts() {
        return Optional.empty();
    }

    /** Whether it has local links beside lateral ones (so that lateral links may be slower, 001 Theorem 11). */
    default boolean localLinks() {
        return false;
    }

    /** 001's own broadcasts of SCC_n (§8's sequences, Algorithms 4 and 5 with B pipelined messages), or empty. */
    default Optional<BiFunction<T, BroadcastSpec, ProgramFactory>> sequences() {
        return Optional.empty();
    }

    /** A named way of building something for a topology of the kind. */
    static <R> NetworkPrograms.Named<R> named(String key, R make) {
        return new NetworkPrograms.Named<>(key, make);
    }
}
