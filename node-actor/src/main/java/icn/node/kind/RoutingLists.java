package icn.node.kind;

import icn.protocols.NetworkKind;
import icn.protocols.Topology;
import icn.protocols.topology.Topologies;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The routings each kind of network offers, as help texts list them (issue 39): read from the registry ({@link Routings}: for
 * {@code icn route} and for worms) on a small network of every named kind, so that a kind or routing added
 * there is listed without a help text to edit. Kinds that offer the same list share a line.
 */
public final class RoutingLists {

    private RoutingLists() {
    }

    /** {@code icn traffic}'s routings, by kind: {@code "scc: adaptive, near-minimal, …; torus: …"}. */
    public static String traffic() {
        return byKind(Routings::trafficKeys);
    }

    /** {@code icn route}'s routing algorithms, by kind. */
    public static String route() {
        return byKind(Routings::routeKeys);
    }

    private static String byKind(Function<Topology, List<String>> keys) {
        Map<String, List<String>> kindsOf = new LinkedHashMap<>(); // a list of routings, and the kinds that offer it
        for (NetworkKind k : NetworkKind.namedKinds()) {
            kindsOf.computeIfAbsent(String.join(", ", keys.apply(Topologies.parse(k.example()))), x -> new ArrayList<>()).add(k.prefix());
        }
        return kindsOf.entrySet().stream().map(e -> String.join(", ", e.getValue()) + ": " + e.getKey()).collect(Collectors.joining("; "));
    }
}
