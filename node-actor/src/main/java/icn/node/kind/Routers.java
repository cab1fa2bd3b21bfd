package icn.node.kind;

import icn.node.routing.AdaptiveRouting;
import icn.node.routing.Router;
import icn.node.routing.ShortestPathRouter;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The routing algorithms each topology offers, by key: its own from the kind table ({@link NetworkPrograms}; the first is the
 * default: on SCC_n the papers' five of 000 and 001, which carry the cost split of 000 §3), then {@code shortest}, a BFS-table
 * shortest routing, wherever no router of the network's own is shortest on every route, then on every undirected topology
 * {@code adaptive} ({@link AdaptiveRouting}, whose route here is its fault-free walk).
 */
public final class Routers {

    private Routers() {
    }

    private static List<NetworkPrograms.Named<Function<Topology, Router>>> entries(Topology t) {
        NetworkPrograms.Entry kind = NetworkPrograms.of(t);
        List<NetworkPrograms.Named<Function<Topology, Router>>> list = new ArrayList<>(kind.routers());
        if (kind.shortest()) {
            list.add(new NetworkPrograms.Named<>("shortest", ShortestPathRouter::new));
        }
        if (!t.directed()) {
            list.add(new NetworkPrograms.Named<>(AdaptiveRouting.KEY, AdaptiveRouting::new));
        }
        return list;
    }

    /** The keys of the routing algorithms of {@code topology}, the default first. */
    public static List<String> keys(Topology topology) {
        return entries(topology).stream().map(NetworkPrograms.Named::key).toList();
    }

    /** The router {@code key} names on {@code topology}; one line naming the problem otherwise. */
    public static Router of(Topology topology, String key) {
        for (NetworkPrograms.Named<Function<Topology, Router>> e : entries(topology)) {
            if (e.key().equals(key)) {
                return e.make().apply(topology);
            }
        }
        if (key.equals(AdaptiveRouting.KEY) && topology.directed()) {
            throw new InvalidInputException(AdaptiveRouting.refusal(topology));
        }
        throw new InvalidInputException("unknown routing algorithm '" + key + "' for " + topology.name() + ": expected one of "
                + String.join(", ", keys(topology)));
    }
}
