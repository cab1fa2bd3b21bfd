package icn.scenarios.network;

import icn.scenarios.report.IcnLine;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.protocols.Topology;
import icn.scenarios.claims.PaperClaims;
import icn.scenarios.kind.NetworkPapers;
import java.util.List;
import java.util.Locale;

/**
 * The papers' claims about one network measured, not assumed ({@code icn claims}): every route an algorithm computes is walked port
 * by port through {@link Topology#neighbour} and its length set beside the BFS distance, which uses nothing of the routing code;
 * structural claims (diameter, degree, node count) are measured by BFS and by counting. Each claim holds or fails with the number
 * of cases checked and failing and the first few counterexamples; where a routing claim fails the report names the BFS-table
 * routing that is always shortest.
 *
 * <p>Pairs: Cayley graphs (CR_n, S_n, Q_n, tori, CCC_n) route every source to one destination, which covers every pair by
 * symmetry; SCC_n routes every source to the identity ⟨2,12…n⟩ (the sweep of 000 Tables 1–2); other networks route every ordered
 * pair up to {@value #ALL_PAIRS_UP_TO} nodes and all destinations of {@value #SAMPLED_SOURCES} seeded sources above that.
 *
 * <p>JSON: {@code topology, nodes, pairs (how they were chosen), claims[{paper, statement, holds, checked, failing, detail,
 * counterexamples[]}], holds (every claim), shortestRouting (the command that routes on shortest paths)}.
 */
public final class ClaimsReport {

    static final int ALL_PAIRS_UP_TO = PaperClaims.ALL_PAIRS_UP_TO;
    static final int SAMPLED_SOURCES = PaperClaims.SAMPLED_SOURCES;
    /** Counterexamples listed per claim. */
    public static final int EXAMPLES = PaperClaims.EXAMPLES;
    private static final ObjectMapper JSON = new ObjectMapper();

    private ClaimsReport() {
    }

    /** Measures every claim the papers make about {@code t}. */
    public static ObjectNode measure(Topology t) {
        NetworkPapers.Entry papers = NetworkPapers.of(t);
        PaperClaims.Measured measured = papers.claims()
                .orElseThrow(() -> new IllegalArgumentException("no paper claims are known for " + t.name())).apply(t);
        List<PaperClaims.Claim> claims = measured.claims();
        String pairs = measured.pairs();
        String route = papers.shortestRoute(); // "key (why)"
        int why = route.indexOf(" (");
        String shortest = IcnLine.of("route").option(IcnLine.TOPOLOGY, t.name())
                .option(IcnLine.ALGORITHM, why < 0 ? route : route.substring(0, why)).text();
        ObjectNode o = JSON.createObjectNode();
        o.put("topology", t.name());
        o.put("nodes", t.nodeCount());
        o.put("pairs", pairs);
        ArrayNode array = o.putArray("claims");
        boolean all = true;
        for (PaperClaims.Claim c : claims) {
            ObjectNode j = array.addObject();
            j.put("paper", c.paper());
            j.put("statement", c.statement());
            j.put("holds", c.holds());
            j.put("checked", c.checked());
            j.put("failing", c.failing());
            j.put("detail", c.detail());
            ArrayNode ex = j.putArray("counterexamples");
            c.counterexamples().forEach(ex::add);
            all &= c.holds();
        }
        o.put("holds", all);
        o.put("shortestRouting", shortest);
        o.put("shortestRoutingWhy", why < 0 ? "" : route.substring(why + 2, route.length() - 1));
        return o;
    }

    /** The report for the terminal. */
    public static String text(ObjectNode o) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s (%,d nodes); routes: %s%n", o.get("topology").asText(), o.get("nodes").asLong(),
                o.get("pairs").asText()));
        for (var c : o.get("claims")) {
            sb.append(String.format(Locale.ROOT, "  %-5s  %-22s %s%n", c.get("holds").asBoolean() ? "holds" : "FAILS", c.get("paper").asText(),
                    c.get("statement").asText()));
            sb.append(String.format(Locale.ROOT, "         %,d checked, %,d failing; %s%n", c.get("checked").asLong(), c.get("failing").asLong(),
                    c.get("detail").asText()));
            for (var e : c.get("counterexamples")) {
                sb.append("         e.g. ").append(e.asText()).append('\n');
            }
        }
        long failing = 0;
        for (var c : o.get("claims")) {
            failing += c.get("holds").asBoolean() ? 0 : 1;
        }
        sb.append(failing == 0 ? "Every claim holds.\n"
                : String.format(Locale.ROOT, "%d claim(s) fail. Shortest routes on this network: `%s` (%s).%n", failing,
                        o.get("shortestRouting").asText(), o.get("shortestRoutingWhy").asText()));
        return sb.toString();
    }
}
