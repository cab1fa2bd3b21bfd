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
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The node programs of every {@link NetworkKind}: each kind's own class ({@link KindPrograms}, typed by its topology's class, every
 * aspect defaulting to "none", its routings nested in it) is registered once as a service provider, and this registry gives every other class the kind's {@link Entry} on any
 * topology, taking the topology as its kind's class in one place ({@link #entry}). Every other class asks {@link #of(Topology)} ({@link Routings}, {@link RouteSources}, {@link NetworkBroadcasts},
 * {@link Programs}). What the papers say of a kind (claims, formulas, models) is in the scenarios module's table, and its parser
 * in protocols' {@code Topologies}.
 */
public final class NetworkPrograms {

    /** A named way of building something for a topology of the entry's kind (a router, a routing). */
    public record Named<T>(String key, T make) {
    }

    /**
     * A route source of the kind's own for a spec, or empty where the spec is not one of the kind's own (the generic router then
     * serves it): SCC_n's routings of 000 and 001, whose distributed forms carry state in the packet header; CR_n's fault-tolerant
     * route, computed at the source from the faults.
     */
    @FunctionalInterface
    public interface OwnRoutes {
        Optional<RouteSource> of(Topology topology, RoutingSpec spec, FaultPlan plan);

        OwnRoutes NONE = (topology, spec, plan) -> Optional.empty();
    }

    /**
     * One kind's node programs.
     *
     * @param kind            the kind
     * @param routers         its own point-to-point routers, its default first (empty: none of its own)
     * @param shortest        whether it offers {@code shortest}, a BFS-table router (not where a router of its own is shortest)
     * @param ownRoutes       route sources of its own ({@link OwnRoutes#NONE}: none)
     * @param trafficRoutings its own wormhole routings, its default first (empty: only {@code updown} and {@code hop-class})
     * @param portBroadcasts  what {@code one-port} and {@code multi-port} mean on it (001 §7–§12), or empty where they are undefined
     * @param localLinks      whether it has local links beside lateral ones (so that lateral links may be slower, 001 Theorem 11)
     * @param sequences       001's own broadcasts of SCC_n: the broadcasting sequences of §8, and Algorithms 4 and 5 reported beside
     *                        Theorems 9 and 10 with B pipelined messages; empty elsewhere
     */
    public record Entry(NetworkKind kind, List<Named<Function<Topology, Router>>> routers, boolean shortest, OwnRoutes ownRoutes,
            List<Named<BiFunction<Topology, Integer, TrafficRouting>>> trafficRoutings,
            Optional<BiFunction<Topology, BroadcastSpec, ProgramFactory>> portBroadcasts, boolean localLinks,
            Optional<BiFunction<Topology, BroadcastSpec, ProgramFactory>> sequences) {

        /** Every aspect is given: an empty list, an empty optional or {@link OwnRoutes#NONE} says "none" explicitly. */
        public Entry {
            java.util.Objects.requireNonNull(kind, "kind");
            routers = List.copyOf(routers);
            java.util.Objects.requireNonNull(ownRoutes, "ownRoutes (OwnRoutes.NONE for none)");
            trafficRoutings = List.copyOf(trafficRoutings);
            java.util.Objects.requireNonNull(portBroadcasts, "portBroadcasts (Optional.empty() for none)");
            java.util.Objects.requireNonNull(sequences, "sequences (Optional.empty() for none)");
        }

        /** Whether 001's own broadcasts of SCC_n run on it ({@link #sequences}). */
        public boolean papersBroadcasts() {
            return sequences.isPresent();
        }
    }

    private NetworkPrograms() {
    }

    /** The entry of {@code topology}'s kind. */
    public static Entry of(Topology topology) {
        return of(topology.kind());
    }

    /** The entry of {@code kind}. */
    public static Entry of(NetworkKind kind) {
        return TABLE.get(kind);
    }

    /**
     * Every kind's programs, each registered once, as a provider of {@link KindPrograms} in
     * {@code META-INF/services/icn.node.kind.KindPrograms}; a named kind without a class of its own has none ({@link #NONE}).
     */
    private static final List<KindPrograms<?>> KINDS = java.util.ServiceLoader.load(KindPrograms.class, NetworkPrograms.class.getClassLoader()).stream()
            .<KindPrograms<?>>map(java.util.ServiceLoader.Provider::get).toList();


    /** A network known only by its links: nothing of its own. */
    private static final KindPrograms<Topology> NONE = new KindPrograms<>() {
        @Override
        public List<NetworkKind> kinds() {
            return List.of(NetworkKind.GRAPH);
        }

        @Override
        public Class<Topology> type() {
            return Topology.class;
        }
    };

    private static final Map<NetworkKind, Entry> TABLE = table();

    private static Map<NetworkKind, Entry> table() {
        Map<NetworkKind, Entry> t = new EnumMap<>(NetworkKind.class);
        for (KindPrograms<?> k : KINDS) {
            for (NetworkKind kind : k.kinds()) {
                put(t, entry(kind, k));
            }
        }
        for (NetworkKind k : NetworkKind.values()) {
            if (!t.containsKey(k)) {
                put(t, entry(k, NONE));
            }
        }
        return t;
    }

    /** The kind's typed programs as an entry on any topology: the one place a topology is taken as its kind's class. */
    private static <T extends Topology> Entry entry(NetworkKind kind, KindPrograms<T> k) {
        Class<T> c = k.type();
        return new Entry(kind,
                k.routers().stream().map(n -> router(n.key(), x -> n.make().apply(c.cast(x)))).toList(),
                k.shortest(),
                (x, spec, plan) -> k.ownRoutes(c.cast(x), spec, plan),
                k.trafficRoutings().stream().map(n -> routing(n.key(), (x, v) -> n.make().apply(c.cast(x), v))).toList(),
                k.portBroadcasts().map(f -> (BiFunction<Topology, BroadcastSpec, ProgramFactory>) (x, spec) -> f.apply(c.cast(x), spec)),
                k.localLinks(),
                k.sequences().map(f -> (BiFunction<Topology, BroadcastSpec, ProgramFactory>) (x, spec) -> f.apply(c.cast(x), spec)));
    }

    private static void put(Map<NetworkKind, Entry> table, Entry e) {
        if (table.put(e.kind(), e) != null) {
            throw new IllegalStateException("two entries for " + e.kind());
        }
    }

    private static Named<Function<Topology, Router>> router(String key, Function<Topology, Router> make) {
        return new Named<>(key, make);
    }

    private static Named<BiFunction<Topology, Integer, TrafficRouting>> routing(String key, BiFunction<Topology, Integer, TrafficRouting> make) {
        return new Named<>(key, make);
    }
}
