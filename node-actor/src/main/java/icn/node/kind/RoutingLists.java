package icn.node.kind;

import icn.protocols.NetworkKind;
import icn.protocols.Topology;
import icn.protocols.topology.Topologies;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The routings each kind of network offers, as help texts list them (issue 39): read from the registries ({@link Routers} for
 * {@code icn route}, {@link TrafficRoutings} for worms) on a small network of every named kind, so that a kind or routing added
 * there is listed without a help text to edit. Kinds that offer the same list share a line.
 */
public final class RoutingLists {

    private RoutingLists() {
    }

    /** {@code icn traffic}'s routings, by kind: {@code "scc: adaptive, near-minimal, …; torus: …"}. */
    public static String traffic() {
        return byKind(TrafficRoutings::keys);
    }

    /** {@code icn route}'s routing algorithms, by kind. */
    public static String route() {
        return byKind(Routers::keys);
    }

    private static String byKind(Function<Topology, List<String>> keys) {
        Map<String, StringBuilder> kindsOf = new LinkedHashMap<>();
        for (NetworkKind k : NetworkKind.namedKinds()) {
            String list = String.join(", ", keys.apply(Topologies.parse(k.example())));
            kindsOf.computeIfAbsent(list, x -> new StringBuilder()).append(kindsOf.get(list) == null || kindsOf.get(list).length() == 0
                    ? "" : ", ").append(k.prefix());
        }
        StringBuilder sb = new StringBuilder();
        kindsOf.forEach((list, kinds) -> sb.append(sb.length() == 0 ? "" : "; ").append(kinds).append(": ").append(list));
        return sb.toString();
    }
}
