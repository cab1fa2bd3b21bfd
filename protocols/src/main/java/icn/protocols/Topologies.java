package icn.protocols;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Topologies by the names the command line, scenarios and the wire use ({@code scc:6}). */
public final class Topologies {

    private static final Pattern SCC = Pattern.compile("scc:(\\d{1,3})");

    private Topologies() {
    }

    public static Topology parse(String text) {
        return scc(text);
    }

    /** An SCC_n by name; one line naming the problem otherwise. */
    public static Scc scc(String text) {
        Matcher m = SCC.matcher(text.strip());
        if (!m.matches()) {
            String kind = text.contains(":") ? text.substring(0, text.indexOf(':')) : text;
            if (kind.equals("scc")) {
                throw new InvalidInputException("malformed topology '" + text + "': expected scc:N, e.g. scc:6");
            }
            throw new InvalidInputException("unknown topology '" + text + "': this build knows scc:N (N = " + Scc.MIN_N + ".." + Scc.MAX_N + ")");
        }
        return Scc.of(Integer.parseInt(m.group(1)));
    }

    /** How many consecutive ids form a group that a {@link Partition.Kind#SUPERNODE} partition keeps together. */
    public static int groupSize(Topology topology) {
        return topology.groupSize();
    }
}
