package icn.scenarios.reproduce;

import icn.protocols.Bfs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.Partition;
import icn.protocols.topology.Scc;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.node.engine.RunSettings;
import icn.scenarios.broadcast.BroadcastExperiment;
import icn.scenarios.broadcast.BroadcastRun;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Measurements several artifacts share, each made once per reproduction (a BFS of SCC_8 serves Tables 1, 2, 3, 5, 6 and 7). */
public final class Measures {

    /**
     * A diameter measured by BFS from one node of a vertex-transitive graph (the star, the hypercube, the CCC, tori and k-ary
     * n-cubes are Cayley graphs; SCC_n is node-symmetric without being one, 001 Lemma 1), with the evidence: a node at that
     * distance.
     */
    public record Diameter(String topology, long nodes, int diameter, String from, String to) {

        /** "BFS from ⟨…⟩ reaches ⟨…⟩ at distance 30 and nothing farther". */
        public String evidence() {
            String theorem = topology.startsWith("scc:") ? "; 001 Theorem 1's formula gives "
                    + icn.scenarios.claims.PaperFormulas.sccDiameter(Integer.parseInt(topology.substring(4))) : "";
            return "BFS over " + topology + " (" + nodes + " nodes, " + symmetry(topology) + ": every node has the same eccentricity) from "
                    + from + " reaches " + to + " at distance " + diameter + " and no node farther" + theorem;
        }

        /** Why every node of {@code topology} has the same eccentricity. */
        static String symmetry(String topology) {
            return topology.startsWith("scc:") ? "node-symmetric (001, Symmetry), though not a Cayley graph (001 Lemma 1)" : "a Cayley graph";
        }
    }

    private static final Map<String, Diameter> DIAMETERS = new ConcurrentHashMap<>();

    private Measures() {
    }

    /** Whether one BFS gives the diameter: the vertex-transitive graphs (every node has the same eccentricity). */
    public static boolean vertexTransitive(String topology) {
        String kind = topology.substring(0, topology.indexOf(':'));
        return java.util.Set.of("scc", "star", "hypercube", "ccc", "torus", "kcube").contains(kind);
    }

    public static Diameter diameter(String topology) {
        if (!vertexTransitive(topology)) {
            throw new IllegalArgumentException(topology + " is not vertex-transitive: one BFS does not give its diameter");
        }
        return DIAMETERS.computeIfAbsent(topology, name -> {
            Topology t = Topologies.parse(name);
            int[] d = Bfs.distances(t, 0);
            int far = 0;
            for (int v = 0; v < d.length; v++) {
                if (d[v] > d[far]) {
                    far = v;
                }
            }
            return new Diameter(name, t.nodeCount(), d[far], t.label(0), t.label(far));
        });
    }

    /** 001's relative distance to the diameter, in percent: (steps − d)/d × 100. */
    public static double relative(long steps, int diameter) {
        return 100.0 * (steps - diameter) / diameter;
    }

    /** Algorithm 4 or 5 of 001 (one message from node 0) on the context's engine. */
    public static BroadcastRun scc(Reproduction.Context context, int n, BroadcastAlgorithm algorithm) {
        Scc scc = Topologies.scc("scc:" + n);
        RunSettings settings = new RunSettings(context.engine().kind(), 2, Partition.Kind.SUPERNODE, context.seed());
        BroadcastRun run = BroadcastExperiment.run(context.engine(), scc, algorithm, 1, 0, settings).run();
        if (run.metrics().informed(0) != scc.nodeCount()) {
            throw new IllegalStateException(algorithm.key() + " on scc:" + n + " informed " + run.metrics().informed(0) + " of "
                    + scc.nodeCount() + " nodes");
        }
        return run;
    }

}
