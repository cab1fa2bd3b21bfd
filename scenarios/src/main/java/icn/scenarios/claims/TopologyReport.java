package icn.scenarios.claims;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.protocols.Bfs;
import icn.protocols.LinkClass;
import icn.protocols.topology.Scc;
import icn.protocols.TopologyCensus;

/**
 * Structure of SCC_n measured on the emulated graph (node count, degree, links per class, and one BFS: SCC_n is vertex-symmetric,
 * so the eccentricity of one node is the diameter and its mean distance is the average distance), beside the papers' formulas:
 * 001 Theorem 1 and 000 Eq. 1 for the diameter, 000 Eq. 14 (Theorem 3) for the bound on the average distance.
 *
 * <p>JSON contract: {@code topology, nodes, degree, links{lateral, local}, diameter, averageDistance, distanceHistogram, source,
 * seconds, paper{nodes, diameter, diameterEq1, averageDistanceBound, averageLateral, averageMiLocal, averageMbLocalRandom},
 * agrees{nodes, diameter, averageDistanceWithinBound}}. {@code averageDistance} is the mean BFS distance from one node to all N
 * nodes, itself included, as 000 Table 1 counts it.
 */
public final class TopologyReport {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Scc scc;
    private final TopologyCensus.Census census;
    private final Bfs.DistanceProfile profile;
    private final double seconds;

    private TopologyReport(Scc scc, TopologyCensus.Census census, Bfs.DistanceProfile profile, double seconds) {
        this.scc = scc;
        this.census = census;
        this.profile = profile;
        this.seconds = seconds;
    }

    /** Measures SCC_n: a census of every node and link, and a BFS from ⟨2, 12…n⟩. */
    public static TopologyReport measure(Scc scc) {
        long start = System.nanoTime();
        TopologyCensus.Census census = TopologyCensus.of(scc);
        Bfs.DistanceProfile profile = Bfs.profile(scc, 0);
        return new TopologyReport(scc, census, profile, (System.nanoTime() - start) / 1e9);
    }

    public Scc topology() {
        return scc;
    }

    public int diameter() {
        return profile.eccentricity();
    }

    public double averageDistance() {
        return profile.mean();
    }

    public long[] distanceHistogram() {
        return profile.histogram();
    }

    public TopologyCensus.Census census() {
        return census;
    }

    public double seconds() {
        return seconds;
    }

    public boolean connected() {
        return profile.reached() == scc.nodeCount();
    }

    public ObjectNode toJsonNode() {
        int n = scc.n();
        ObjectNode o = JSON.createObjectNode();
        o.put("topology", scc.name());
        o.put("nodes", census.nodes());
        o.put("degree", census.maxDegree());
        o.put("minDegree", census.minDegree());
        ObjectNode links = o.putObject("links");
        for (LinkClass c : LinkClass.values()) {
            links.put(c.key(), census.links(c));
        }
        o.put("symmetricLinks", census.symmetric());
        o.put("connected", connected());
        o.put("diameter", diameter());
        o.put("averageDistance", averageDistance());
        ArrayNode histogram = o.putArray("distanceHistogram");
        for (long count : distanceHistogram()) {
            histogram.add(count);
        }
        o.put("source", scc.label(profile.source()));
        o.put("seconds", seconds);
        ObjectNode paper = o.putObject("paper");
        paper.put("nodes", Scc.nodeCount(n));
        paper.put("diameter", PaperFormulas.sccDiameter(n));
        paper.put("diameterEq1", PaperFormulas.sccDiameterEq1(n));
        paper.put("averageDistanceBound", PaperFormulas.averageDistanceBound(n));
        paper.put("averageLateral", PaperFormulas.averageLateral(n));
        paper.put("averageMiLocal", PaperFormulas.averageMiLocal(n));
        paper.put("averageMbLocalRandom", PaperFormulas.averageMbLocalRandom(n));
        paper.put("source", "nodes: 000 §2.2; diameter: 001 Theorem 1 (diameterEq1: 000 Eq. 1); averageDistanceBound: 000 Eq. 14");
        ObjectNode agrees = o.putObject("agrees");
        agrees.put("nodes", census.nodes() == Scc.nodeCount(n));
        agrees.put("diameter", diameter() == PaperFormulas.sccDiameter(n));
        agrees.put("averageDistanceWithinBound", averageDistance() <= PaperFormulas.averageDistanceBound(n) + 1e-9);
        return o;
    }

    public String toJson() {
        return toJsonNode().toString(); // Jackson writes a node as compact JSON
    }

    /** A few aligned lines for the terminal. */
    public String toText() {
        int n = scc.n();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%s: SCC_%d, supernodes of %d nodes joined as the star graph S_%d%n", scc.name(), n, n - 1, n));
        sb.append(String.format("%-30s %14s %14s%n", "", "measured", "paper"));
        sb.append(String.format("%-30s %,14d %,14d  %s%n", "nodes", census.nodes(), Scc.nodeCount(n), "000 §2.2: (n−1)·n!"));
        sb.append(String.format("%-30s %14s %14d%n", "degree", census.minDegree() == census.maxDegree() ? census.maxDegree()
                : census.minDegree() + ".." + census.maxDegree(), n == 3 ? 2 : 3));
        sb.append(String.format("%-30s %,14d%n", "lateral links", census.links(LinkClass.LATERAL)));
        sb.append(String.format("%-30s %,14d%n", "local links", census.links(LinkClass.LOCAL)));
        sb.append(String.format("%-30s %14s%n", "every link has its reverse", census.symmetric() ? "yes" : "NO"));
        sb.append(String.format("%-30s %14d %14d  %s%s%n", "diameter (BFS)", diameter(), PaperFormulas.sccDiameter(n),
                "001 Thm 1 (000 Eq. 1: " + PaperFormulas.sccDiameterEq1(n) + ")",
                diameter() == PaperFormulas.sccDiameter(n) ? "" : "  DIFFERS"));
        sb.append(String.format("%-30s %14.6f %14.6f  %s%n", "average distance (BFS)", averageDistance(),
                PaperFormulas.averageDistanceBound(n), "000 Eq. 14, an upper bound"));
        sb.append(String.format("%-30s %s%n", "nodes at distance 0,1,2,...", java.util.Arrays.toString(distanceHistogram())));
        sb.append(String.format("%-30s %.2f s (one BFS from %s)%n", "measured in", seconds, scc.label(profile.source())));
        return sb.toString();
    }
}
