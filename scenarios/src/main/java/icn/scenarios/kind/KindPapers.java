package icn.scenarios.kind;

import icn.node.kind.Routings;
import icn.node.routing.DfsRouting;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.NetworkKind;
import icn.protocols.Topology;
import icn.scenarios.claims.LatencyModel;
import icn.scenarios.claims.NetworkClaims;
import icn.scenarios.claims.PaperClaims;
import icn.scenarios.claims.RouteFormulas;
import icn.scenarios.claims.TopologyReport;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * What the papers say of one network kind, typed by its topology's class (so no method here casts a topology). Every method has
 * a default that says "none" (or, for the algorithms an experiment compares, what serves any network), so a kind the papers do not
 * describe needs no class at all, and one they do overrides only what they say. Each is registered once in
 * {@code META-INF/services/icn.scenarios.kind.KindPapers}, where {@link NetworkPapers} finds it.
 *
 * @param <T> the topology class of the kind's networks
 */
public interface KindPapers<T extends Topology> {

    /** 002's latency model of a network of the kind with V virtual channels and messages of M flits. */
    @FunctionalInterface
    interface Model<T> {
        LatencyModel of(T t, int vcs, int flits);
    }

    /** The kinds this describes. */
    List<NetworkKind> kinds();

    /** The class of the kind's topologies. */
    Class<T> type();

    /** The papers' claims about it, measured (empty: no paper makes one). */
    default Optional<Function<T, PaperClaims.Measured>> claims() {
        return Optional.empty();
    }

    /** Adds the papers' closed forms for {@code icn compare} (none by default). */
    default void formulas(T t, List<NetworkClaims.Formula> into) {
    }

    /** The symmetry BFS runs may use. */
    default NetworkPapers.Symmetry symmetry() {
        return NetworkPapers.Symmetry.NONE;
    }

    /** 002's latency model under uniform traffic with fully adaptive routing (empty: none). */
    default Optional<Model<T>> latencyModel() {
        return Optional.empty();
    }

    /** R, the lateral link latency of 001 Theorem 11 and §12 for one-port and multi-port broadcasts (1: synchronous links). */
    default int theorem11(T t, BroadcastAlgorithm algorithm) {
        return 1;
    }

    /** The broadcasts a fault coverage experiment compares by default. */
    default List<String> coverage() {
        return List.of(BroadcastAlgorithm.FLOODING.key());
    }

    /** The routings a fault routing experiment compares by default: dfs beside the network's standard routing (its default). */
    default List<String> faultRoutings(T t) {
        return List.of(DfsRouting.KEY, Routings.routeKeys(t).get(0));
    }

    /** 000's averages over the routes to the identity, beside routing sweeps (empty: none). */
    default Optional<Function<T, RouteFormulas>> routeFormulas() {
        return Optional.empty();
    }

    /** The routing of {@code icn route} that takes a shortest path on every route, and why. */
    default String shortestRoute() {
        return "shortest (a BFS table)";
    }

    /** {@code icn topology}'s report of the papers' figures (empty: the report of any network). */
    default Optional<Function<T, TopologyReport>> census() {
        return Optional.empty();
    }

    /** How a traffic run's channel utilisation is drawn on it (none by default). */
    default NetworkPapers.Picture picture() {
        return NetworkPapers.Picture.NONE;
    }
}
