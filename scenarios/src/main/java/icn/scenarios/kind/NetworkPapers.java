package icn.scenarios.kind;

import icn.node.kind.Routers;
import icn.node.routing.AdaptiveRouting;
import icn.node.routing.cr.FaultTolerantRoute;
import icn.node.routing.cr.OptimalRoute;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.NetworkKind;
import icn.protocols.Topology;
import icn.protocols.topology.CompleteRotationGraph;
import icn.protocols.topology.CubeConnectedCycles;
import icn.protocols.topology.Hypercube;
import icn.protocols.topology.KaryCube;
import icn.protocols.topology.NecklaceHypercube;
import icn.protocols.topology.Scc;
import icn.protocols.topology.Star;
import icn.protocols.topology.Torus;
import icn.scenarios.claims.LatencyModel;
import icn.scenarios.claims.NetworkClaims;
import icn.scenarios.claims.PaperClaims;
import icn.scenarios.claims.RouteFormulas;
import icn.scenarios.claims.TopologyReport;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.ToIntBiFunction;

/**
 * What the papers say of every {@link NetworkKind}, in one table: each kind's entry names everything of the scenarios module that
 * depends on the kind (the claims to check, the closed forms to set beside a measurement, the symmetry that spares BFS runs, 002's
 * latency model, R of 001 Theorem 11, the algorithms an experiment compares by default), or says "none". This is the only place in
 * the module that knows a network's class. The kind's node programs are in node-actor's {@code NetworkPrograms}, its parser in
 * protocols' {@code Topologies}.
 */
public final class NetworkPapers {

    /** How a network's symmetry spares BFS runs: every node alike, every ring position alike (SCC_n), or none. */
    public enum Symmetry {
        /** Vertex-transitive (a Cayley graph, here): one BFS from node 0 gives the diameter and the average distance. */
        VERTEX_TRANSITIVE,
        /** Transitive on supernodes (SCC_n): one BFS per ring position. */
        RING_TRANSITIVE,
        /** No symmetry used: BFS from every node, or from a sample of them. */
        NONE
    }

    /** 002's latency model of a network with V virtual channels and messages of M flits. */
    @FunctionalInterface
    public interface ModelOf {
        LatencyModel of(Topology t, int vcs, int flits);
    }

    /**
     * One kind's papers.
     *
     * @param kind               the kind
     * @param claims             the papers' claims about it, measured (empty: no paper makes one)
     * @param formulas           adds the papers' closed forms for {@code icn compare} ({@link #NO_FORMULAS}: none)
     * @param symmetry           the symmetry BFS runs may use
     * @param latencyModel       002's latency model under uniform traffic with fully adaptive routing (empty: none)
     * @param theorem11          R, the lateral link latency of 001 Theorem 11 and §12 for one-port and multi-port broadcasts
     * @param coverage           the broadcasts a fault coverage experiment compares by default
     * @param faultRoutings      the routings a fault routing experiment compares by default
     * @param routeFormulas      000's averages over the routes to the identity, beside routing sweeps (empty: none)
     * @param shortestRoute      the routing of {@code icn route} that takes a shortest path on every route, and why
     * @param census             {@code icn topology}'s report of the papers' figures (empty: the report of any network)
     */
    public record Entry(NetworkKind kind, Optional<Function<Topology, PaperClaims.Measured>> claims,
            BiConsumer<Topology, List<NetworkClaims.Formula>> formulas, Symmetry symmetry, Optional<ModelOf> latencyModel,
            ToIntBiFunction<Topology, BroadcastAlgorithm> theorem11, List<String> coverage, Function<Topology, List<String>> faultRoutings,
            Optional<Function<Topology, RouteFormulas>> routeFormulas, String shortestRoute,
            Optional<Function<Topology, TopologyReport>> census) {

        /** Every aspect is given: an empty optional or {@link #NO_FORMULAS} says "none" explicitly. */
        public Entry {
            java.util.Objects.requireNonNull(kind, "kind");
            java.util.Objects.requireNonNull(claims, "claims (Optional.empty() for none)");
            java.util.Objects.requireNonNull(formulas, "formulas (NO_FORMULAS for none)");
            java.util.Objects.requireNonNull(symmetry, "symmetry (Symmetry.NONE for none)");
            java.util.Objects.requireNonNull(latencyModel, "latencyModel (Optional.empty() for none)");
            java.util.Objects.requireNonNull(theorem11, "theorem11");
            coverage = List.copyOf(coverage);
            java.util.Objects.requireNonNull(faultRoutings, "faultRoutings");
            java.util.Objects.requireNonNull(routeFormulas, "routeFormulas (Optional.empty() for none)");
            java.util.Objects.requireNonNull(shortestRoute, "shortestRoute");
            java.util.Objects.requireNonNull(census, "census (Optional.empty() for none)");
        }
    }

    /** The formulas of a network no paper describes. */
    public static final BiConsumer<Topology, List<NetworkClaims.Formula>> NO_FORMULAS = (t, f) -> { };

    private static final ToIntBiFunction<Topology, BroadcastAlgorithm> SYNCHRONOUS = (t, a) -> 1;
    private static final List<String> FLOODING = List.of(BroadcastAlgorithm.FLOODING.key());
    private static final String SHORTEST = "shortest (a BFS table)";
    /** Adaptive routing beside the network's standard routing (its default). */
    private static final Function<Topology, List<String>> ADAPTIVE_AND_STANDARD = t -> List.of(AdaptiveRouting.KEY,
            Routers.keys(t).get(0));

    private static final Map<NetworkKind, Entry> TABLE = table();

    private NetworkPapers() {
    }

    /** The entry of {@code topology}'s kind. */
    public static Entry of(Topology topology) {
        return TABLE.get(topology.kind());
    }

    /** The entry of {@code kind}. */
    public static Entry of(NetworkKind kind) {
        return TABLE.get(kind);
    }

    /** Every formula the papers give for {@code t}, in {@link NetworkClaims#METRICS} order; empty for a network no paper describes. */
    public static List<NetworkClaims.Formula> formulas(Topology t) {
        List<NetworkClaims.Formula> f = new ArrayList<>();
        of(t).formulas().accept(t, f);
        return NetworkClaims.sorted(f);
    }

    /** The formulas of one metric. */
    public static List<NetworkClaims.Formula> formulas(Topology t, String metric) {
        return formulas(t).stream().filter(x -> x.metric().equals(metric)).toList();
    }

    private static Map<NetworkKind, Entry> table() {
        Map<NetworkKind, Entry> t = new EnumMap<>(NetworkKind.class);
        put(t, new Entry(NetworkKind.SCC, Optional.of(x -> PaperClaims.scc((Scc) x)), (x, f) -> NetworkClaims.scc(((Scc) x).n(), f),
                Symmetry.RING_TRANSITIVE, Optional.empty(),
                // 001 Theorem 11: one-port ⌊n/2⌋, multi-port ⌊(n−1)/2⌋
                (x, a) -> Math.max(1, a == BroadcastAlgorithm.ONE_PORT ? ((Scc) x).n() / 2 : (((Scc) x).n() - 1) / 2),
                List.of("one-port", "multi-port", "flooding"), x -> List.of("adaptive", "greedy"),
                Optional.of(x -> RouteFormulas.scc(((Scc) x).n())), "minimal (000 Algorithm 3, shortest on every route)",
                Optional.of(x -> TopologyReport.measure((Scc) x))));
        put(t, new Entry(NetworkKind.CR, Optional.of(x -> PaperClaims.cr((CompleteRotationGraph) x)),
                (x, f) -> NetworkClaims.cr(((CompleteRotationGraph) x).n(), f), Symmetry.VERTEX_TRANSITIVE, Optional.empty(), SYNCHRONOUS,
                FLOODING, x -> List.of(FaultTolerantRoute.KEY, OptimalRoute.KEY), // 003's fault-tolerant route beside its optimal one
                Optional.empty(), SHORTEST, Optional.empty()));
        put(t, new Entry(NetworkKind.STAR, Optional.of(x -> PaperClaims.star((Star) x)), (x, f) -> NetworkClaims.star(((Star) x).n(), f),
                Symmetry.VERTEX_TRANSITIVE, Optional.empty(), SYNCHRONOUS, FLOODING, ADAPTIVE_AND_STANDARD, Optional.empty(), SHORTEST, Optional.empty()));
        put(t, new Entry(NetworkKind.HYPERCUBE, Optional.of(x -> PaperClaims.hypercube((Hypercube) x)),
                (x, f) -> NetworkClaims.hypercube(((Hypercube) x).n(), f), Symmetry.VERTEX_TRANSITIVE,
                Optional.of((x, vcs, flits) -> LatencyModel.hypercube(((Hypercube) x).n(), vcs, flits)), SYNCHRONOUS, FLOODING,
                ADAPTIVE_AND_STANDARD, Optional.empty(), SHORTEST, Optional.empty()));
        put(t, new Entry(NetworkKind.TORUS, Optional.of(x -> PaperClaims.torus((Torus) x)),
                (x, f) -> NetworkClaims.torus(((Torus) x).k(), ((Torus) x).dimensions(), f), Symmetry.VERTEX_TRANSITIVE, Optional.empty(),
                SYNCHRONOUS, FLOODING, ADAPTIVE_AND_STANDARD, Optional.empty(), SHORTEST, Optional.empty()));
        put(t, new Entry(NetworkKind.CCC, Optional.of(x -> PaperClaims.ccc((CubeConnectedCycles) x)),
                (x, f) -> NetworkClaims.ccc(((CubeConnectedCycles) x).n(), f), Symmetry.VERTEX_TRANSITIVE, Optional.empty(),
                // 001 §12: one-port ⌊(n+1)/2⌋, multi-port ⌊n/2⌋
                (x, a) -> Math.max(1, a == BroadcastAlgorithm.ONE_PORT ? (((CubeConnectedCycles) x).n() + 1) / 2
                        : ((CubeConnectedCycles) x).n() / 2),
                FLOODING, ADAPTIVE_AND_STANDARD, Optional.empty(), SHORTEST, Optional.empty()));
        put(t, new Entry(NetworkKind.RNH, Optional.of(x -> PaperClaims.necklace((NecklaceHypercube) x)),
                (x, f) -> NetworkClaims.necklace((NecklaceHypercube) x, f), Symmetry.NONE,
                Optional.of((x, vcs, flits) -> LatencyModel.necklace(((NecklaceHypercube) x).n(), ((NecklaceHypercube) x).necklaceLength(0),
                        vcs, flits)),
                SYNCHRONOUS, FLOODING, ADAPTIVE_AND_STANDARD, Optional.empty(), SHORTEST, Optional.empty()));
        put(t, new Entry(NetworkKind.INH, Optional.of(x -> PaperClaims.necklace((NecklaceHypercube) x)),
                (x, f) -> NetworkClaims.necklace((NecklaceHypercube) x, f), Symmetry.NONE,
                Optional.empty(), // 002's model is of the regular necklace hypercube
                SYNCHRONOUS, FLOODING, ADAPTIVE_AND_STANDARD, Optional.empty(), SHORTEST, Optional.empty()));
        Entry kcube = new Entry(NetworkKind.KCUBE, Optional.of(x -> PaperClaims.cube((KaryCube) x)),
                (x, f) -> NetworkClaims.cube((KaryCube) x, f), Symmetry.NONE, Optional.empty(), SYNCHRONOUS, FLOODING,
                ADAPTIVE_AND_STANDARD, Optional.empty(), SHORTEST, Optional.empty());
        put(t, kcube);
        put(t, new Entry(NetworkKind.ICUBE, kcube.claims(), kcube.formulas(), Symmetry.NONE, Optional.empty(), SYNCHRONOUS, FLOODING,
                ADAPTIVE_AND_STANDARD, Optional.empty(), SHORTEST, Optional.empty()));
        // the networks machines are built from (issue 39): no paper of the five describes them
        for (NetworkKind k : List.of(NetworkKind.MESH, NetworkKind.FATTREE, NetworkKind.DRAGONFLY, NetworkKind.GRAPH)) {
            put(t, new Entry(k, Optional.empty(), NO_FORMULAS, Symmetry.NONE, Optional.empty(), SYNCHRONOUS, FLOODING,
                    ADAPTIVE_AND_STANDARD, Optional.empty(), SHORTEST, Optional.empty()));
        }
        for (NetworkKind k : NetworkKind.values()) {
            if (!t.containsKey(k)) {
                throw new IllegalStateException("NetworkPapers has no entry for " + k);
            }
        }
        return t;
    }

    private static void put(Map<NetworkKind, Entry> table, Entry e) {
        if (table.put(e.kind(), e) != null) {
            throw new IllegalStateException("two entries for " + e.kind());
        }
    }
}
