package icn.node.kind;

import icn.node.routing.DfsRouting;
import icn.node.routing.DistributedRouting;
import icn.node.routing.Router;
import icn.node.routing.RoutingAlgorithm;
import icn.node.routing.ShortestPathRouter;
import icn.node.traffic.TrafficRouting;
import icn.node.traffic.WormholeRoutings;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The one registry of routings (issue 39): what each network offers {@code icn route} (packets, {@link Router}) and {@code icn
 * traffic} (worms, {@link TrafficRouting}), by key, the default first. Both lists start with the network's own from its kind class
 * ({@link NetworkPrograms}); then {@code icn route} adds {@code shortest}, a BFS-table shortest routing, wherever no router of the
 * network's own is shortest on every route, and on every undirected network {@code dfs} ({@link DfsRouting}, the depth-first search
 * around faults), and {@code icn traffic} adds {@code updown} on every undirected network and {@code hop-class} on every network.
 *
 * <p><b>A key names one algorithm.</b> Where both commands offer a key on a network it is one algorithm in two forms: a packet's
 * route and a worm's walk (000 §6's {@code near-minimal}, {@code greedy} and {@code random} on SCC_n, {@code dimension-order},
 * {@code e-cube}, {@code three-phase}, {@code one-to-one}); {@code RoutingKeysTest} walks both and checks that they agree.
 * {@code adaptive} is a worm routing only (Duato's, or the network's own minimal adaptive one), and icn route's depth-first search is
 * {@code dfs}: asking either command for the other's key is refused in one line that names the right one.
 */
public final class Routings {

    /** The key the depth-first search around faults had in icn route before issue 39 gave it its own. */
    static final String OLD_DFS_KEY = "adaptive";

    private static final Map<String, TrafficRouting> CACHE = new ConcurrentHashMap<>();

    private Routings() {
    }

    private static List<NetworkPrograms.Named<Function<Topology, Router>>> routeEntries(Topology t) {
        NetworkPrograms.Entry kind = NetworkPrograms.of(t);
        List<NetworkPrograms.Named<Function<Topology, Router>>> list = new ArrayList<>(kind.routers());
        if (kind.shortest()) {
            list.add(new NetworkPrograms.Named<>("shortest", ShortestPathRouter::new));
        }
        if (!t.directed()) {
            list.add(new NetworkPrograms.Named<>(DfsRouting.KEY, DfsRouting::new));
        }
        return list;
    }

    private static List<NetworkPrograms.Named<BiFunction<Topology, Integer, TrafficRouting>>> trafficEntries(Topology t) {
        List<NetworkPrograms.Named<BiFunction<Topology, Integer, TrafficRouting>>> list = new ArrayList<>(NetworkPrograms.of(t)
                .trafficRoutings());
        if (!t.directed()) {
            list.add(new NetworkPrograms.Named<>(WormholeRoutings.UPDOWN, WormholeRoutings::upDown));
        }
        list.add(new NetworkPrograms.Named<>(WormholeRoutings.HOP_CLASS, WormholeRoutings::hopClass));
        return list;
    }

    /** The keys of {@code icn route}'s routing algorithms on {@code topology}, the default first. */
    public static List<String> routeKeys(Topology topology) {
        return routeEntries(topology).stream().map(NetworkPrograms.Named::key).toList();
    }

    /** {@code icn route}'s router {@code key} names on {@code topology}; one line naming the problem otherwise. */
    public static Router router(Topology topology, String key) {
        for (NetworkPrograms.Named<Function<Topology, Router>> e : routeEntries(topology)) {
            if (e.key().equals(key)) {
                return e.make().apply(topology);
            }
        }
        if (key.equals(DfsRouting.KEY) && topology.directed()) {
            throw new InvalidInputException(DfsRouting.refusal(topology));
        }
        if (key.strip().equals(OLD_DFS_KEY)) {
            throw new InvalidInputException(oldDfsKey(topology));
        }
        throw new InvalidInputException("unknown routing algorithm '" + key + "' for " + topology.name() + ": expected one of "
                + String.join(", ", routeKeys(topology)));
    }

    /** The one line for {@code adaptive} given to icn route: the key it had, and what it names now. */
    private static String oldDfsKey(Topology topology) {
        return "icn route's depth-first search around faults is now '" + DfsRouting.KEY + "' ('" + OLD_DFS_KEY + "' names the wormhole"
                + " routings of icn traffic); " + topology.name() + " has " + String.join(", ", routeKeys(topology));
    }

    /** The keys of {@code icn traffic}'s routings on {@code t}, the default first. */
    public static List<String> trafficKeys(Topology t) {
        return trafficEntries(t).stream().map(NetworkPrograms.Named::key).toList();
    }

    /** The default traffic routing of {@code t}. */
    public static String defaultTrafficKey(Topology t) {
        return trafficKeys(t).get(0);
    }

    /** The traffic routing {@code key} on {@code t} with {@code vcs} virtual channels; one line naming the problem otherwise. */
    public static TrafficRouting traffic(Topology t, String key, int vcs) {
        String k = key.strip();
        for (NetworkPrograms.Named<BiFunction<Topology, Integer, TrafficRouting>> e : trafficEntries(t)) {
            if (e.key().equals(k)) {
                return e.make().apply(t, vcs);
            }
        }
        if (k.equals(DfsRouting.KEY)) {
            throw new InvalidInputException("'" + k + "' is icn route's depth-first search around faults, whose packets step back over"
                    + " the links they came by, as a worm cannot: traffic on " + t.name() + " has " + String.join(", ", trafficKeys(t)));
        }
        for (RoutingAlgorithm a : RoutingAlgorithm.papers()) {
            if (a.key().equals(k) && !DistributedRouting.distributes(a) && routeKeys(t).contains(k)) {
                throw new InvalidInputException(DistributedRouting.noWormholeForm(a)); // icn route has it; a worm cannot take it
            }
        }
        throw new InvalidInputException("unknown routing '" + k + "' for traffic on " + t.name() + ": it has " + String.join(", ",
                trafficKeys(t)));
    }

    /** As {@link #traffic}, from this JVM's cache: a routing's tables can take 200 MB, and every run of a curve steers by the same. */
    public static TrafficRouting cachedTraffic(Topology t, String key, int vcs) {
        String cacheKey = t.name() + "|" + key.strip() + "|" + vcs;
        TrafficRouting cached = CACHE.get(cacheKey);
        if (cached != null) {
            return cached;
        }
        TrafficRouting made = traffic(t, key, vcs);
        if (CACHE.size() >= 4) {
            CACHE.clear(); // keep a few at most
        }
        CACHE.put(cacheKey, made);
        return made;
    }
}
