package icn.scenarios;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.engine.SequentialEngine;
import icn.node.program.Programs;
import icn.protocols.Bfs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkLatency;
import icn.protocols.RunMetrics;
import icn.protocols.Scc;
import icn.protocols.Topology;
import icn.protocols.TopologyCensus;
import icn.protocols.topology.CompleteRotationGraph;
import icn.protocols.topology.CubeConnectedCycles;
import icn.protocols.topology.Hypercube;
import icn.protocols.topology.Star;
import icn.protocols.topology.Torus;
import icn.protocols.wire.BroadcastSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Any network measured: nodes, degree, links per class, and diameter and average distance by BFS, beside the diameter its paper
 * claims; optionally the steps of multi-port and one-port flooding from node 0 (sequential engine). The rows of {@code icn compare}
 * (001 Table 7, 003 Tables 4.1–4.2 style).
 *
 * <p>Distances: Cayley graphs (CR_n, S_n, Q_n, tori, CCC_n) are vertex-transitive, so one BFS from node 0 gives the diameter and the
 * average distance; SCC_n is transitive on supernodes, so one BFS per ring position; other networks take a BFS from every node up to
 * {@value #ALL_SOURCES_UP_TO} nodes and from a seeded sample of {@value #SAMPLE} nodes above that (then the diameter is a lower
 * bound, and the report says so).
 */
public final class NetworkReport {

    static final int ALL_SOURCES_UP_TO = 4096;
    static final int SAMPLE = 256;
    private static final ObjectMapper JSON = new ObjectMapper();

    private NetworkReport() {
    }

    /** The paper's claimed diameter of a topology, with its source, or null where no paper claims one. */
    record Claim(int diameter, String source) {
    }

    static Claim claim(Topology t) {
        if (t instanceof Scc s) {
            return new Claim(PaperFormulas.sccDiameter(s.n()), "001 Theorem 1");
        } else if (t instanceof CompleteRotationGraph c) {
            return new Claim(c.n() + 1, "003 Theorem 3.3: n+1");
        } else if (t instanceof Star s) {
            return new Claim(3 * (s.n() - 1) / 2, "⌊3(n−1)/2⌋ (001 §2)");
        } else if (t instanceof Hypercube h) {
            return new Claim(h.n(), "n");
        } else if (t instanceof Torus r) {
            return new Claim(r.dimensions() * (r.k() / 2), "N·⌊K/2⌋");
        } else if (t instanceof CubeConnectedCycles c && c.n() >= 4) {
            return new Claim(2 * c.n() + c.n() / 2 - 2, "2n+⌊n/2⌋−2 (001 Table 7)");
        }
        return NetworkClaims.claim(t);
    }

    private static int[] sources(Topology t, List<String> how) {
        if (t instanceof CompleteRotationGraph || t instanceof Star || t instanceof Hypercube || t instanceof Torus
                || t instanceof CubeConnectedCycles) {
            how.add("node 0 (vertex-transitive)");
            return new int[] {0};
        }
        if (t instanceof Scc s) {
            how.add("one node per ring position (supernode-transitive)");
            int[] ring = new int[s.ringSize()];
            for (int k = 0; k < ring.length; k++) {
                ring[k] = k;
            }
            return ring;
        }
        if (t.nodeCount() <= ALL_SOURCES_UP_TO) {
            how.add("every node");
            return java.util.stream.IntStream.range(0, t.nodeCount()).toArray();
        }
        how.add("a seeded sample of " + SAMPLE + " nodes (diameter is a lower bound)");
        SplittableRandom random = new SplittableRandom(1);
        return random.ints(SAMPLE, 0, t.nodeCount()).toArray();
    }

    /** Measures {@code t}; with {@code flooding}, also runs both floodings from node 0 on the sequential engine. */
    public static ObjectNode measure(Topology t, boolean flooding) {
        ObjectNode o = JSON.createObjectNode();
        o.put("topology", t.name());
        o.put("nodes", t.nodeCount());
        o.put("directed", t.directed());
        TopologyCensus.Census c = TopologyCensus.of(t);
        o.putObject("degree").put("min", c.minDegree()).put("max", c.maxDegree());
        ObjectNode links = o.putObject("links");
        c.links().forEach((k, v) -> links.put(k.key(), v));
        links.put("total", c.totalLinks());
        List<String> how = new ArrayList<>();
        int diameter = 0;
        double sum = 0;
        long reached = 0;
        boolean connected = true;
        for (int s : sources(t, how)) {
            Bfs.DistanceProfile p = Bfs.profile(t, s);
            diameter = Math.max(diameter, p.eccentricity());
            sum += p.mean() * p.reached();
            reached += p.reached();
            connected &= p.reached() == t.nodeCount();
        }
        o.put("connected", connected);
        o.put("diameter", diameter);
        o.put("averageDistance", sum / reached);
        o.put("distancesFrom", how.get(0));
        Claim claim = claim(t);
        ObjectNode paper = o.putObject("paper");
        if (claim != null) {
            paper.put("diameter", claim.diameter());
            paper.put("source", claim.source());
        }
        if (flooding) {
            for (BroadcastAlgorithm a : new BroadcastAlgorithm[] {BroadcastAlgorithm.FLOODING, BroadcastAlgorithm.FLOODING_ONE_PORT}) {
                RunMetrics m = SequentialEngine.run(t, Programs.of(t, new BroadcastSpec(a, 1, 0)), LinkLatency.SYNCHRONOUS);
                o.put(a == BroadcastAlgorithm.FLOODING ? "multiPortFloodingSteps" : "onePortFloodingSteps", m.fullCoverageStep(0, t.nodeCount()));
            }
        }
        return o;
    }

    /** Rows for a comparison table. */
    public static List<List<String>> table(List<ObjectNode> reports) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("network", "nodes", "degree", "links", "diameter", "paper", "avg distance", "multi-port flood", "one-port flood"));
        for (ObjectNode r : reports) {
            String degree = r.get("degree").get("min").asInt() == r.get("degree").get("max").asInt() ? r.get("degree").get("min").asText()
                    : r.get("degree").get("min").asText() + ".." + r.get("degree").get("max").asText();
            rows.add(List.of(r.get("topology").asText(), String.format(Locale.ROOT, "%,d", r.get("nodes").asLong()),
                    degree + (r.get("directed").asBoolean() ? " (out)" : ""), String.format(Locale.ROOT, "%,d", r.get("links").get("total").asLong()),
                    r.get("diameter").asText(), r.get("paper").path("diameter").asText("–"),
                    String.format(Locale.ROOT, "%.4f", r.get("averageDistance").asDouble()), r.path("multiPortFloodingSteps").asText("–"),
                    r.path("onePortFloodingSteps").asText("–")));
        }
        return rows;
    }
}
