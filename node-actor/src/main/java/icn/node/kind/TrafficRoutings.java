package icn.node.kind;

import icn.node.routing.DistributedRouting;
import icn.node.routing.RoutingAlgorithm;
import icn.node.traffic.TrafficRouting;
import icn.node.traffic.WormholeRoutings;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;

/**
 * The wormhole routings each network offers to traffic runs, the default first: the network's own from the kind table
 * ({@link NetworkPrograms}: 002 §3's {@code adaptive} and its deterministic {@code three-phase} on necklace hypercubes; Duato's
 * {@code adaptive} and {@code e-cube} on the hypercube; {@code adaptive} and {@code dimension-order} on complete n:k cubes; dateline
 * {@code dimension-order} on tori; on SCC_n {@code adaptive}, minimal and fully adaptive, and 000 §6's {@code near-minimal},
 * {@code greedy} and {@code random}; on the star graph {@code adaptive}, with a negative-hop escape; on CCC_n {@code adaptive}, with
 * SCC_n's classes; on the incomplete n:k cubes {@code adaptive} and {@code one-to-one}, 004 §6.1's order as the escape), then on every
 * undirected network {@code updown}, on every network {@code hop-class} (the default of the directed CR_n). A routing {@code icn route} has on the
 * network but a worm cannot take (000's {@code minimal}, with its backtracking) is refused with 000 §6's reason.
 */
public final class TrafficRoutings {

    private static final Map<String, TrafficRouting> CACHE = new ConcurrentHashMap<>();

    private TrafficRoutings() {
    }

    private static List<NetworkPrograms.Named<BiFunction<Topology, Integer, TrafficRouting>>> entries(Topology t) {
        List<NetworkPrograms.Named<BiFunction<Topology, Integer, TrafficRouting>>> list = new ArrayList<>(NetworkPrograms.of(t)
                .trafficRoutings());
        if (!t.directed()) {
            list.add(new NetworkPrograms.Named<>(WormholeRoutings.UPDOWN, WormholeRoutings::upDown));
        }
        list.add(new NetworkPrograms.Named<>(WormholeRoutings.HOP_CLASS, WormholeRoutings::hopClass));
        return list;
    }

    /** The keys of the routings of {@code t}, the default first. */
    public static List<String> keys(Topology t) {
        return entries(t).stream().map(NetworkPrograms.Named::key).toList();
    }

    /** The default routing of {@code t}. */
    public static String defaultKey(Topology t) {
        return keys(t).get(0);
    }

    /** The routing {@code key} on {@code t} with {@code vcs} virtual channels; one line naming the problem otherwise. */
    public static TrafficRouting of(Topology t, String key, int vcs) {
        String k = key.strip();
        for (NetworkPrograms.Named<BiFunction<Topology, Integer, TrafficRouting>> e : entries(t)) {
            if (e.key().equals(k)) {
                return e.make().apply(t, vcs);
            }
        }
        for (RoutingAlgorithm a : RoutingAlgorithm.values()) {
            if (a.key().equals(k) && !DistributedRouting.distributes(a)
                    && NetworkPrograms.of(t).routers().stream().anyMatch(r -> r.key().equals(k))) {
                throw new InvalidInputException(DistributedRouting.noWormholeForm(a)); // icn route has it; a worm cannot take it
            }
        }
        throw new InvalidInputException("unknown routing '" + k + "' for traffic on " + t.name() + ": it has " + String.join(", ", keys(t)));
    }

    /** As {@link #of}, from this JVM's cache: a routing's tables can take 200 MB, and every run of a curve steers by the same. */
    public static TrafficRouting cached(Topology t, String key, int vcs) {
        String cacheKey = t.name() + "|" + key.strip() + "|" + vcs;
        TrafficRouting cached = CACHE.get(cacheKey);
        if (cached != null) {
            return cached;
        }
        TrafficRouting made = of(t, key, vcs);
        if (CACHE.size() >= 4) {
            CACHE.clear(); // keep a few at most
        }
        CACHE.put(cacheKey, made);
        return made;
    }
}
