package icn.scenarios.graphs;

import icn.protocols.Topology;
import icn.protocols.topology.KaryCube;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jgrapht.Graph;
import org.jgrapht.alg.flow.EdmondsKarpMFImpl;
import org.jgrapht.alg.interfaces.MaximumFlowAlgorithm;
import org.jgrapht.graph.DefaultDirectedWeightedGraph;
import org.jgrapht.graph.DefaultWeightedEdge;

/**
 * Node-disjoint ("parallel") paths by maximum flow, to check 004 Lemma 6.3 on incomplete n:k cubes Q_{n,k}(A) and complete n:k
 * cubes.
 *
 * <p>The count of internally node-disjoint S–D paths is a maximum flow (Menger) on the usual split network: every node v becomes
 * v_in → v_out with capacity 1, every link u–v the arcs u_out → v_in and v_out → u_in with capacity 1, source S_out, sink D_in.
 * A direct link S–D is one path. The flow is JGraphT's {@link EdmondsKarpMFImpl} (org.jgrapht:jgrapht-core).
 *
 * <p>Lemma 6.3 is stated right after 004's count of shortest paths W(H_S)!·W(H_D)!, where W(H_S(S,D)) is the number of positions
 * with s_i &gt; d_i and W(H_D(S,D)) the number with d_i &gt; s_i. It says at least two parallel paths exist iff (W(H_S) ≥ 2 and
 * W(H_D) ≥ 2) or (W(H_S) = 0 and W(H_D) ≥ 2) or (W(H_S) ≥ 2 and W(H_D) = 0). Since "parallel paths" is not tied to length in the
 * lemma's words, both readings are measured: all node-disjoint paths, and node-disjoint <em>shortest</em> paths (the flow on the
 * network restricted to nodes and links on some shortest S–D path).
 */
public final class ParallelPaths {

    private ParallelPaths() {
    }

    /** One ordered pair: labels, the lemma's weights, both path counts, and the node-disjoint paths found (labels). */
    public record PairResult(String source, String destination, int wHs, int wHd, boolean lemmaSaysTwo, int disjointPaths,
            int disjointShortestPaths, List<List<String>> paths) {
    }

    /**
     * Lemma 6.3 against the max-flow over every ordered pair S ≠ D.
     *
     * @param pairs                  ordered pairs S ≠ D
     * @param lemmaTwo               pairs for which the lemma's condition holds
     * @param flowTwo                pairs with ≥ 2 node-disjoint paths (max-flow)
     * @param agree                  pairs where "condition holds" equals "≥ 2 disjoint paths"
     * @param lemmaTwoFlowFewer      condition holds but the flow finds fewer than 2 disjoint paths ("if" direction fails)
     * @param lemmaFewerFlowTwo      condition fails but the flow finds ≥ 2 ("only if" direction fails)
     * @param shortestTwo            pairs with ≥ 2 node-disjoint shortest paths
     * @param agreeShortest          agreement of the condition with "≥ 2 node-disjoint shortest paths"
     * @param lemmaTwoShortestFewer  condition holds, fewer than 2 disjoint shortest paths
     * @param lemmaFewerShortestTwo  condition fails, ≥ 2 disjoint shortest paths
     * @param histogram              ordered pairs by number of node-disjoint paths
     * @param counterexamples        up to a few pairs of each kind of disagreement (with the disjoint paths found)
     * @param sourceStride           1: every ordered pair; s &gt; 1: sources 0, s, 2s, … with every destination (a deterministic sample)
     */
    public record Lemma63(String name, int nodes, long pairs, long lemmaTwo, long flowTwo, long agree, long lemmaTwoFlowFewer,
            long lemmaFewerFlowTwo, long shortestTwo, long agreeShortest, long lemmaTwoShortestFewer, long lemmaFewerShortestTwo,
            Map<Integer, Long> histogram, List<PairResult> counterexamples, int sourceStride, double seconds) {
    }

    /** The lemma's condition from W(H_S) and W(H_D). */
    public static boolean lemmaCondition(int wHs, int wHd) {
        return (wHs >= 2 && wHd >= 2) || (wHs == 0 && wHd >= 2) || (wHs >= 2 && wHd == 0);
    }

    /** Lemma 6.3 over every ordered pair of {@code cube}, keeping up to {@code examplesPerKind} counterexamples of each kind. */
    public static Lemma63 lemma63(KaryCube cube, int examplesPerKind) {
        return lemma63(cube, examplesPerKind, 1);
    }

    /**
     * Lemma 6.3 over the ordered pairs whose source is a multiple of {@code sourceStride} (1 = every pair). Every pair costs two
     * max-flows: icube:4,4,2 (171 nodes, 29,070 pairs) takes about 11 s; icube:5,4,3 (747 nodes) with stride 25 (30 sources,
     * 22,380 pairs) took 187 s, so every pair of it (557,262) is out of reach of a quick report.
     */
    /** W(H_S): the positions where {@code s}'s digit is above {@code t}'s (004 §6). */
    private static int above(int[] s, int[] t) {
        int w = 0;
        for (int j = 0; j < s.length; j++) {
            if (s[j] > t[j]) {
                w++;
            }
        }
        return w;
    }

    /** Whether a pair of these disagreement kinds is kept as an example: each kind keeps its first {@code perKind}. */
    private static boolean keep(int[] kinds, int perKind, int... pairKinds) {
        boolean keep = false;
        for (int kind : pairKinds) {
            if (kind >= 0 && kinds[kind] < perKind) {
                kinds[kind]++;
                keep = true;
            }
        }
        return keep;
    }

    public static Lemma63 lemma63(KaryCube cube, int examplesPerKind, int sourceStride) {
        long t0 = System.nanoTime();
        LinkGraph g = LinkGraph.of(cube);
        int n = g.nodeCount();
        int[][] digits = new int[n][];
        for (int v = 0; v < n; v++) {
            digits[v] = cube.digits(v);
        }
        FlowNetwork net = new FlowNetwork(g);
        int[][] dist = allDistances(g);
        long pairs = 0;
        long lemmaTwo = 0;
        long flowTwo = 0;
        long agree = 0;
        long a = 0;
        long b = 0;
        long shortestTwo = 0;
        long agreeShortest = 0;
        long c = 0;
        long d = 0;
        TreeMap<Integer, Long> histogram = new TreeMap<>();
        List<PairResult> examples = new ArrayList<>();
        int[] kinds = new int[4];
        // Path counts and the condition are symmetric in S and D, so with stride 1 each unordered pair counts twice.
        int stride = Math.max(1, sourceStride);
        long weight = stride == 1 ? 2 : 1;
        for (int s = 0; s < n; s += stride) {
            for (int t = stride == 1 ? s + 1 : 0; t < n; t++) {
                if (t == s) {
                    continue;
                }
                int ws = above(digits[s], digits[t]);
                int wd = above(digits[t], digits[s]);
                boolean lemma = lemmaCondition(ws, wd);
                int k = net.maxFlow(s, t);
                int ks = shortestDisjoint(g, dist, s, t);
                pairs += weight;
                histogram.merge(k, weight, Long::sum);
                boolean two = k >= 2;
                boolean twoShort = ks >= 2;
                lemmaTwo += lemma ? weight : 0;
                flowTwo += two ? weight : 0;
                shortestTwo += twoShort ? weight : 0;
                agree += lemma == two ? weight : 0;
                agreeShortest += lemma == twoShort ? weight : 0;
                int kindAll = -1;
                if (lemma && !two) {
                    a += weight;
                    kindAll = 0;
                } else if (!lemma && two) {
                    b += weight;
                    kindAll = 1;
                }
                int kindShortest = -1;
                if (lemma && !twoShort) {
                    c += weight;
                    kindShortest = 2;
                } else if (!lemma && twoShort) {
                    d += weight;
                    kindShortest = 3;
                }
                if (keep(kinds, examplesPerKind, kindAll, kindShortest)) {
                    examples.add(pair(cube, g, net, dist, s, t, ws, wd));
                }
            }
        }
        return new Lemma63(cube.name(), n, pairs, lemmaTwo, flowTwo, agree, a, b, shortestTwo, agreeShortest, c, d, histogram, examples,
                stride, (System.nanoTime() - t0) / 1e9);
    }

    /** 004 Fig. 4: the node-disjoint paths the max-flow finds between two labels (e.g. 000 and 111 of icube:3,3,2 = Q_{3,3}(22)). */
    public static PairResult fig4(KaryCube cube, String sourceLabel, String destinationLabel) {
        LinkGraph g = LinkGraph.of(cube);
        int s = cube.parseLabel(sourceLabel);
        int t = cube.parseLabel(destinationLabel);
        int[] ds = cube.digits(s);
        int[] dd = cube.digits(t);
        int ws = 0;
        int wd = 0;
        for (int j = 0; j < ds.length; j++) {
            ws += ds[j] > dd[j] ? 1 : 0;
            wd += dd[j] > ds[j] ? 1 : 0;
        }
        return pair(cube, g, new FlowNetwork(g), allDistances(g), s, t, ws, wd);
    }

    private static PairResult pair(Topology t, LinkGraph g, FlowNetwork net, int[][] dist, int s, int d, int ws, int wd) {
        List<int[]> paths = net.paths(s, d);
        List<List<String>> labelled = new ArrayList<>();
        for (int[] p : paths) {
            List<String> l = new ArrayList<>();
            for (int v : p) {
                l.add(t.label(v));
            }
            labelled.add(l);
        }
        return new PairResult(t.label(s), t.label(d), ws, wd, lemmaCondition(ws, wd), paths.size(), shortestDisjoint(g, dist, s, d),
                labelled);
    }

    /** The number of internally node-disjoint paths between s and t, by JGraphT max-flow on the split network. */
    public static int disjointPaths(LinkGraph g, int s, int t) {
        return new FlowNetwork(g).maxFlow(s, t);
    }

    /** Internally node-disjoint paths between s and t as node sequences, as many as the max-flow allows. */
    public static List<int[]> disjointPathList(LinkGraph g, int s, int t) {
        return new FlowNetwork(g).paths(s, t);
    }

    /** Node-disjoint shortest paths: the max-flow restricted to nodes v with dist(s,v)+dist(v,t) = dist(s,t) and links along them. */
    static int shortestDisjoint(LinkGraph g, int[][] dist, int s, int t) {
        int n = g.nodeCount();
        int d = dist[s][t];
        if (d == 1) {
            return 1;
        }
        Graph<Integer, DefaultWeightedEdge> net = new DefaultDirectedWeightedGraph<>(DefaultWeightedEdge.class);
        for (int v = 0; v < n; v++) {
            if (dist[s][v] + dist[v][t] != d) {
                continue;
            }
            net.addVertex(2 * v);
            net.addVertex(2 * v + 1);
            net.setEdgeWeight(net.addEdge(2 * v, 2 * v + 1), 1);
        }
        for (int u = 0; u < n; u++) {
            if (dist[s][u] + dist[u][t] != d) {
                continue;
            }
            for (int i = g.first(u); i < g.end(u); i++) {
                int v = g.adjacent(i);
                if (dist[s][v] == dist[s][u] + 1 && dist[v][t] == dist[u][t] - 1) {
                    net.setEdgeWeight(net.addEdge(2 * u + 1, 2 * v), 1);
                }
            }
        }
        MaximumFlowAlgorithm<Integer, DefaultWeightedEdge> flow = new EdmondsKarpMFImpl<>(net);
        return (int) Math.round(flow.getMaximumFlowValue(2 * s + 1, 2 * t));
    }

    static int[][] allDistances(LinkGraph g) {
        int n = g.nodeCount();
        int[][] dist = new int[n][n];
        int[] queue = new int[n];
        for (int s = 0; s < n; s++) {
            int[] ds = dist[s];
            Arrays.fill(ds, -1);
            ds[s] = 0;
            int head = 0;
            int tail = 0;
            queue[tail++] = s;
            while (head < tail) {
                int u = queue[head++];
                for (int i = g.first(u); i < g.end(u); i++) {
                    int v = g.adjacent(i);
                    if (ds[v] < 0) {
                        ds[v] = ds[u] + 1;
                        queue[tail++] = v;
                    }
                }
            }
        }
        return dist;
    }

    /** The split network of a graph, built once; node v is v_in = 2v and v_out = 2v+1. */
    static final class FlowNetwork {
        private final LinkGraph g;
        private final Graph<Integer, DefaultWeightedEdge> net;
        private final MaximumFlowAlgorithm<Integer, DefaultWeightedEdge> flow;

        FlowNetwork(LinkGraph g) {
            this.g = g;
            net = new DefaultDirectedWeightedGraph<>(DefaultWeightedEdge.class);
            int n = g.nodeCount();
            for (int v = 0; v < 2 * n; v++) {
                net.addVertex(v);
            }
            for (int v = 0; v < n; v++) {
                net.setEdgeWeight(net.addEdge(2 * v, 2 * v + 1), 1);
            }
            for (int u = 0; u < n; u++) {
                for (int i = g.first(u); i < g.end(u); i++) {
                    net.setEdgeWeight(net.addEdge(2 * u + 1, 2 * g.adjacent(i)), 1);
                }
            }
            flow = new EdmondsKarpMFImpl<>(net);
        }

        int maxFlow(int s, int t) {
            return (int) Math.round(flow.getMaximumFlowValue(2 * s + 1, 2 * t));
        }

        /** The paths of one maximum flow from s to t, each as node ids s … t. */
        List<int[]> paths(int s, int t) {
            MaximumFlowAlgorithm.MaximumFlow<DefaultWeightedEdge> f = flow.getMaximumFlow(2 * s + 1, 2 * t);
            Map<DefaultWeightedEdge, Double> fm = f.getFlowMap();
            List<int[]> paths = new ArrayList<>();
            java.util.Set<DefaultWeightedEdge> used = new java.util.HashSet<>();
            int count = (int) Math.round(f.getValue());
            for (int k = 0; k < count; k++) {
                List<Integer> p = new ArrayList<>();
                p.add(s);
                int u = s;
                while (u != t) {
                    int next = -1;
                    for (DefaultWeightedEdge e : net.outgoingEdgesOf(2 * u + 1)) {
                        if (!used.contains(e) && fm.getOrDefault(e, 0.0) > 0.5) {
                            used.add(e);
                            next = net.getEdgeTarget(e) / 2;
                            break;
                        }
                    }
                    if (next < 0) {
                        throw new IllegalStateException("flow decomposition failed at node " + u);
                    }
                    p.add(next);
                    u = next;
                }
                paths.add(p.stream().mapToInt(Integer::intValue).toArray());
            }
            return paths;
        }

        LinkGraph graph() {
            return g;
        }
    }
}
