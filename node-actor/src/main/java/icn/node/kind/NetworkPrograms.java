package icn.node.kind;

import icn.node.broadcast.BinomialBroadcast;
import icn.node.broadcast.BroadcastPrograms;
import icn.node.broadcast.FloodingPrograms;
import icn.node.broadcast.StarOnePortBroadcast;
import icn.node.broadcast.StarSequencePrograms;
import icn.node.packet.RouteSource;
import icn.node.program.ProgramFactory;
import icn.node.routing.Router;
import icn.node.routing.RoutingAlgorithm;
import icn.node.routing.SccRouter;
import icn.node.routing.classic.CccRouting;
import icn.node.routing.classic.DimensionOrderRouting;
import icn.node.routing.classic.ECubeRouting;
import icn.node.routing.classic.StarRouting;
import icn.node.routing.cr.FaultTolerantRoute;
import icn.node.routing.cr.OptimalRoute;
import icn.node.routing.cr.SimpleRoute;
import icn.node.routing.cube.OneToOneRouting;
import icn.node.routing.necklace.ThreePhaseRouting;
import icn.node.traffic.TrafficRouting;
import icn.node.traffic.WormholeRoutings;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.NetworkKind;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.topology.CompleteRotationGraph;
import icn.protocols.topology.CubeConnectedCycles;
import icn.protocols.topology.Dragonfly;
import icn.protocols.topology.FatTree;
import icn.protocols.topology.Mesh;
import icn.protocols.topology.Hypercube;
import icn.protocols.topology.KaryCube;
import icn.protocols.topology.NecklaceHypercube;
import icn.protocols.topology.Scc;
import icn.protocols.topology.Star;
import icn.protocols.topology.Torus;
import icn.protocols.wire.BroadcastSpec;
import icn.protocols.wire.RoutingSpec;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The node programs of every {@link NetworkKind}, in one table: each kind's entry names everything of node-actor that depends on
 * the kind, or says "none" where the kind has no such thing. This is the only place that knows a network's class: every other
 * class asks {@link #of(Topology)} ({@link Routers}, {@link RouteSources}, {@link TrafficRoutings}, {@link NetworkBroadcasts},
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

    private static final Map<NetworkKind, Entry> TABLE = table();

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

    private static Map<NetworkKind, Entry> table() {
        Map<NetworkKind, Entry> t = new EnumMap<>(NetworkKind.class);
        put(t, new Entry(NetworkKind.SCC,
                // 000's and 001's routings, minimal (000 Algorithm 3) first: icn route's default, and a routing scenario's order
                Stream.of(RoutingAlgorithm.MINIMAL, RoutingAlgorithm.GREEDY, RoutingAlgorithm.RANDOM, RoutingAlgorithm.NEAR_MINIMAL,
                        RoutingAlgorithm.OPTIMAL_001).map(a -> new Named<Function<Topology, Router>>(a.key(), x -> new SccRouter((Scc) x, a)))
                        .toList(),
                false, // 000 Algorithm 3 is minimal
                (x, spec, plan) -> SccRoutes.of((Scc) x, spec),
                // issue 32: minimal and fully adaptive first (the default), then 000 §6's distributed routings under wormhole switching
                Stream.concat(Stream.of((RoutingAlgorithm) null), Stream.of(RoutingAlgorithm.NEAR_MINIMAL, RoutingAlgorithm.GREEDY,
                        RoutingAlgorithm.RANDOM)).map(a -> routing(a == null ? WormholeRoutings.ADAPTIVE : a.key(),
                                (x, v) -> WormholeRoutings.scc((Scc) x, v, a))).toList(),
                Optional.of((x, spec) -> BroadcastPrograms.of((Scc) x, spec)),
                true,
                Optional.of((x, spec) -> new StarSequencePrograms((Scc) x, spec))));
        put(t, new Entry(NetworkKind.CR,
                List.of(router(OptimalRoute.KEY, x -> new OptimalRoute((CompleteRotationGraph) x)),
                        router(SimpleRoute.KEY, x -> new SimpleRoute((CompleteRotationGraph) x)),
                        // 003 §3.2 without faults; with faults a run computes it at the source from the crashed nodes (ownRoutes)
                        router(FaultTolerantRoute.KEY, x -> new FaultTolerantRoute((CompleteRotationGraph) x).forFaults(v -> false))),
                true,
                (x, spec, plan) -> CrRoutes.of((CompleteRotationGraph) x, spec, plan),
                List.of(),
                Optional.empty(),
                false,
                Optional.empty()));
        put(t, new Entry(NetworkKind.STAR,
                List.of(router("star", x -> new StarRouting((Star) x))),
                true, OwnRoutes.NONE, List.of(routing(WormholeRoutings.ADAPTIVE, (x, v) -> WormholeRoutings.star((Star) x, v))),
                Optional.of((x, spec) -> spec.algorithm() == BroadcastAlgorithm.ONE_PORT ? new StarOnePortBroadcast((Star) x, spec.source())
                        : new FloodingPrograms(x, spec.source(), FloodingPrograms.Mode.MULTI_PORT)), // 001 Theorem 8: δ-port
                false, Optional.empty()));
        put(t, new Entry(NetworkKind.HYPERCUBE,
                List.of(router("e-cube", x -> new ECubeRouting((Hypercube) x))),
                true, OwnRoutes.NONE,
                List.of(routing(WormholeRoutings.ADAPTIVE, (x, v) -> WormholeRoutings.hypercube((Hypercube) x, v, true)),
                        routing(WormholeRoutings.E_CUBE, (x, v) -> WormholeRoutings.hypercube((Hypercube) x, v, false))),
                Optional.of((x, spec) -> spec.algorithm() == BroadcastAlgorithm.ONE_PORT ? new BinomialBroadcast((Hypercube) x, spec.source())
                        : new FloodingPrograms(x, spec.source(), FloodingPrograms.Mode.MULTI_PORT)),
                false, Optional.empty()));
        put(t, new Entry(NetworkKind.TORUS,
                List.of(router("dimension-order", x -> new DimensionOrderRouting((Torus) x))),
                true, OwnRoutes.NONE,
                List.of(routing(WormholeRoutings.DIMENSION_ORDER, (x, v) -> WormholeRoutings.torus((Torus) x, v)),
                        routing(WormholeRoutings.DIMENSION_ORDER_BALANCED, (x, v) -> WormholeRoutings.torusBalanced((Torus) x, v))),
                Optional.empty(), false, Optional.empty()));
        put(t, new Entry(NetworkKind.CCC,
                List.of(router("standard", x -> new CccRouting((CubeConnectedCycles) x))),
                true, OwnRoutes.NONE, List.of(routing(WormholeRoutings.ADAPTIVE, (x, v) -> WormholeRoutings.ccc((CubeConnectedCycles) x, v))),
                Optional.of((x, spec) -> BroadcastPrograms.of((CubeConnectedCycles) x, spec)), // 001 §12
                true, Optional.empty()));
        Entry rnh = new Entry(NetworkKind.RNH,
                List.of(router(ThreePhaseRouting.KEY, x -> new ThreePhaseRouting((NecklaceHypercube) x))),
                true, OwnRoutes.NONE,
                List.of(routing(WormholeRoutings.ADAPTIVE, (x, v) -> WormholeRoutings.necklace((NecklaceHypercube) x, v, true)),
                        routing(WormholeRoutings.THREE_PHASE, (x, v) -> WormholeRoutings.necklace((NecklaceHypercube) x, v, false))),
                Optional.empty(), false, Optional.empty());
        put(t, rnh);
        put(t, same(rnh, NetworkKind.INH)); // 002's routings take any necklace lengths
        Entry kcube = new Entry(NetworkKind.KCUBE,
                List.of(router(OneToOneRouting.KEY, x -> new OneToOneRouting((KaryCube) x))),
                true, OwnRoutes.NONE,
                List.of(routing(WormholeRoutings.ADAPTIVE, (x, v) -> WormholeRoutings.karyCube((KaryCube) x, v, true)),
                        routing(WormholeRoutings.DIMENSION_ORDER, (x, v) -> WormholeRoutings.karyCube((KaryCube) x, v, false))),
                Optional.empty(), false, Optional.empty());
        put(t, kcube);
        put(t, new Entry(NetworkKind.ICUBE, kcube.routers(), true, OwnRoutes.NONE,
                // its missing nodes break dimension order: 004 §6.1's one-to-one order is the escape
                List.of(routing(WormholeRoutings.ADAPTIVE, (x, v) -> WormholeRoutings.oneToOne((KaryCube) x, v, true)),
                        routing(WormholeRoutings.ONE_TO_ONE, (x, v) -> WormholeRoutings.oneToOne((KaryCube) x, v, false))),
                Optional.empty(), false, Optional.empty()));
        builtNetworks(t);
        put(t, new Entry(NetworkKind.GRAPH, List.of(), true, OwnRoutes.NONE, List.of(), Optional.empty(), false, Optional.empty()));
        return complete(t);
    }

    private static Map<NetworkKind, Entry> complete(Map<NetworkKind, Entry> t) {
        for (NetworkKind k : NetworkKind.values()) {
            if (!t.containsKey(k)) {
                throw new IllegalStateException("NetworkPrograms has no entry for " + k);
            }
        }
        return t;
    }

    /** The networks machines are built from (issue 39), with their standard wormhole routings and nothing of the papers'. */
    private static void builtNetworks(Map<NetworkKind, Entry> t) {
        put(t, new Entry(NetworkKind.MESH, List.of(), true, OwnRoutes.NONE,
                List.of(routing(WormholeRoutings.DIMENSION_ORDER, (x, v) -> WormholeRoutings.mesh((Mesh) x, v, false)),
                        routing(WormholeRoutings.ADAPTIVE, (x, v) -> WormholeRoutings.mesh((Mesh) x, v, true))),
                Optional.empty(), false, Optional.empty()));
        put(t, new Entry(NetworkKind.FATTREE, List.of(), true, OwnRoutes.NONE,
                List.of(routing(WormholeRoutings.NCA, (x, v) -> WormholeRoutings.fatTree((FatTree) x, v, false)),
                        routing(WormholeRoutings.NCA_RANDOM, (x, v) -> WormholeRoutings.fatTree((FatTree) x, v, true))),
                Optional.empty(), false, Optional.empty()));
        put(t, new Entry(NetworkKind.DRAGONFLY, List.of(), true, OwnRoutes.NONE,
                WormholeRoutings.DRAGONFLY.stream().map(k -> routing(k, (x, v) -> WormholeRoutings.dragonfly((Dragonfly) x, v, k))).toList(),
                Optional.empty(), false, Optional.empty()));
    }

    private static void put(Map<NetworkKind, Entry> table, Entry e) {
        if (table.put(e.kind(), e) != null) {
            throw new IllegalStateException("two entries for " + e.kind());
        }
    }

    private static Entry same(Entry e, NetworkKind kind) {
        return new Entry(kind, e.routers(), e.shortest(), e.ownRoutes(), e.trafficRoutings(), e.portBroadcasts(), e.localLinks(),
                e.sequences());
    }

    private static Named<Function<Topology, Router>> router(String key, Function<Topology, Router> make) {
        return new Named<>(key, make);
    }

    private static Named<BiFunction<Topology, Integer, TrafficRouting>> routing(String key, BiFunction<Topology, Integer, TrafficRouting> make) {
        return new Named<>(key, make);
    }
}
