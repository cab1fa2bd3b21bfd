package icn.launcher;

import icn.protocols.InvalidInputException;
import icn.protocols.Scc;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses a topology name of the command line: {@code scc:N} (the other networks come with their own issue). */
final class TopologyOption {

    private static final Pattern SCC = Pattern.compile("scc:(\\d{1,3})");

    private TopologyOption() {
    }

    static Scc scc(String text) {
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
}
