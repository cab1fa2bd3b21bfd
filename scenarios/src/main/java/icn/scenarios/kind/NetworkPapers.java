package icn.scenarios.kind;

import icn.protocols.BroadcastAlgorithm;
import icn.protocols.NetworkKind;
import icn.protocols.Topology;
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
 * What the papers say of every {@link NetworkKind}: each kind they describe has its own class ({@link KindPapers}, typed by its
 * topology's class, every aspect defaulting to "none"), registered once as a service provider; this registry gives every other class the kind's
 * {@link Entry} (the claims to check, the closed forms to set beside a measurement, the symmetry that spares BFS runs, 002's
 * latency model, R of 001 Theorem 11, the algorithms an experiment compares by default) on any topology. The kind's node programs are in node-actor's {@code NetworkPrograms}, its parser in
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

    /** How a traffic run's channel utilisation is drawn on the network: SCC_n's supernodes as rings, a 2-D grid, or not at all. */
    public enum Picture {
        /** Every supernode (a group of {@code groupSize()} ids) a ring of its local channels, the lateral channels as stubs. */
        SUPERNODE_RINGS,
        /** A two-digit address as a grid, ports 0–3 the two directions of dimensions 0 and 1, wrap-around links as stubs. */
        GRID,
        /** No picture. */
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
     * @param picture            how a traffic run's channel utilisation is drawn on it
     */
    public record Entry(NetworkKind kind, Optional<Function<Topology, PaperClaims.Measured>> claims,
            BiConsumer<Topology, List<NetworkClaims.Formula>> formulas, Symmetry symmetry, Optional<ModelOf> latencyModel,
            ToIntBiFunction<Topology, BroadcastAlgorithm> theorem11, List<String> coverage, Function<Topology, List<String>> faultRoutings,
            Optional<Function<Topology, RouteFormulas>> routeFormulas, String shortestRoute,
            Optional<Function<Topology, TopologyReport>> census, Picture picture) {

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

    /**
     * Every kind the papers describe, each registered once as a provider of {@link KindPapers} in
     * {@code META-INF/services/icn.scenarios.kind.KindPapers}; any other kind has {@link #NONE}.
     */
    private static final List<KindPapers<?>> KINDS = java.util.ServiceLoader.load(KindPapers.class, NetworkPapers.class.getClassLoader()).stream()
            .<KindPapers<?>>map(java.util.ServiceLoader.Provider::get).toList();


    /** A kind no paper describes: no claims, no formulas, and what serves any network. */
    private static final KindPapers<Topology> NONE = new KindPapers<>() {
        @Override
        public List<NetworkKind> kinds() {
            return List.of();
        }

        @Override
        public Class<Topology> type() {
            return Topology.class;
        }
    };

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
        for (KindPapers<?> k : KINDS) {
            for (NetworkKind kind : k.kinds()) {
                put(t, entry(kind, k));
            }
        }
        for (NetworkKind k : NetworkKind.values()) {
            if (!t.containsKey(k)) {
                put(t, entry(k, NONE)); // no paper of the five describes it: meshes, fat-trees, dragonflies, a network from a file
            }
        }
        return t;
    }

    /** The kind's typed papers as an entry on any topology: the one place a topology is taken as its kind's class. */
    private static <T extends Topology> Entry entry(NetworkKind kind, KindPapers<T> k) {
        Class<T> c = k.type();
        return new Entry(kind, k.claims().map(f -> (Function<Topology, PaperClaims.Measured>) x -> f.apply(c.cast(x))),
                (x, f) -> k.formulas(c.cast(x), f), k.symmetry(),
                k.latencyModel().map(m -> (ModelOf) (x, vcs, flits) -> m.of(c.cast(x), vcs, flits)),
                (x, a) -> k.theorem11(c.cast(x), a), k.coverage(), x -> k.faultRoutings(c.cast(x)),
                k.routeFormulas().map(f -> (Function<Topology, RouteFormulas>) x -> f.apply(c.cast(x))), k.shortestRoute(),
                k.census().map(f -> (Function<Topology, TopologyReport>) x -> f.apply(c.cast(x))), k.picture());
    }

    private static void put(Map<NetworkKind, Entry> table, Entry e) {
        if (table.put(e.kind(), e) != null) {
            throw new IllegalStateException("two entries for " + e.kind());
        }
    }
}
