package icn.protocols;

import icn.protocols.topology.Scc;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Topologies by the names the command line, scenarios and the wire use ({@code scc:6}). */
public final class Topologies {

    private static final Pattern SCC = Pattern.compile("scc:(\\d{1,3})");

    private Topologies() {
    }

    /** The kinds of topology this build knows, as {@code KIND:PARAMS} examples, in the order help texts list them. */
    public static final java.util.List<String> KINDS = java.util.List.of("scc:N", "cr:N", "star:N", "hypercube:N", "torus:K,N", "ccc:N", "rnh:N,K",
            "inh:N:K1,K2,...", "kcube:N,K", "icube:N,K,BETA");

    private static final java.util.Map<String, java.util.function.Function<String, Topology>> BY_KIND = java.util.Map.of(
            "cr", icn.protocols.topology.CompleteRotationGraph::parse,
            "star", icn.protocols.topology.Star::parse,
            "hypercube", icn.protocols.topology.Hypercube::parse,
            "torus", icn.protocols.topology.Torus::parse,
            "ccc", icn.protocols.topology.CubeConnectedCycles::parse,
            "rnh", icn.protocols.topology.NecklaceHypercube::parseRegular,
            "inh", icn.protocols.topology.NecklaceHypercube::parseIrregular,
            "kcube", icn.protocols.topology.KaryCube::parseComplete,
            "icube", icn.protocols.topology.KaryCube::parseIncomplete);

    /** A topology by name ({@code scc:6}, {@code cr:5}, {@code torus:4,3}, …); one line naming the problem otherwise. */
    public static Topology parse(String text) {
        String t = text.strip();
        int colon = t.indexOf(':');
        String kind = colon < 0 ? t : t.substring(0, colon);
        if (kind.equals("scc")) {
            return scc(t);
        }
        java.util.function.Function<String, Topology> parser = BY_KIND.get(kind);
        if (parser == null || colon < 0) {
            throw new InvalidInputException(parser == null ? "unknown topology '" + text + "': this build knows " + String.join(", ", KINDS)
                    : "malformed topology '" + text + "': expected " + KINDS.stream().filter(k -> k.startsWith(kind + ":")).findFirst().orElse(kind));
        }
        return parser.apply(t.substring(colon + 1));
    }

    /** An SCC_n by name; one line naming the problem otherwise. */
    public static Scc scc(String text) {
        Matcher m = SCC.matcher(text.strip());
        if (!m.matches()) {
            String kind = text.contains(":") ? text.substring(0, text.indexOf(':')) : text;
            if (kind.equals("scc")) {
                throw new InvalidInputException("malformed topology '" + text + "': expected scc:N, e.g. scc:6");
            }
            throw new InvalidInputException("unknown topology '" + text + "': this build knows " + String.join(", ", KINDS));
        }
        return Scc.of(Integer.parseInt(m.group(1)));
    }

    /** How many consecutive ids form a group that a {@link Partition.Kind#SUPERNODE} partition keeps together. */
    public static int groupSize(Topology topology) {
        return topology.groupSize();
    }
}
