package icn.scenarios.claims;

import icn.node.routing.RoutingAlgorithm;
import icn.node.routing.Router;
import icn.node.kind.Routings;
import icn.node.routing.SccRouting;
import icn.node.routing.cr.CrRoutingCheck;
import icn.node.routing.cube.ShortestPaths;
import icn.protocols.Bfs;
import icn.protocols.topology.Scc;
import icn.protocols.Topology;
import icn.protocols.TopologyCensus;
import icn.protocols.topology.CompleteRotationGraph;
import icn.protocols.topology.CubeConnectedCycles;
import icn.protocols.topology.Hypercube;
import icn.protocols.topology.KaryCube;
import icn.protocols.topology.NecklaceHypercube;
import icn.protocols.topology.Star;
import icn.protocols.topology.Torus;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The claims of each paper about its network, each checked by walking routes port by port and by BFS, with the cases checked, the
 * failing ones and the first few counterexamples: one method per network, which the kind table ({@code NetworkPapers}) names for
 * each kind. Pairs: every ordered pair up to {@value #ALL_PAIRS_UP_TO} nodes and all destinations of {@value #SAMPLED_SOURCES}
 * seeded sources above that, where symmetry does not answer every pair from one destination.
 */
public final class PaperClaims {

    /** Networks up to this many nodes are checked on every ordered pair. */
    public static final int ALL_PAIRS_UP_TO = 1024;
    /** Above that, all destinations of this many seeded sources. */
    public static final int SAMPLED_SOURCES = 64;
    /** Counterexamples kept per claim. */
    public static final int EXAMPLES = 3;

    private PaperClaims() {
    }

    /** A routing function under test: the out-ports from a source to a destination. */
    interface Ports {
        int[] of(int source, int destination);
    }

    /** One claim measured. */
    public record Claim(String paper, String statement, long checked, long failing, String detail, List<String> counterexamples) {

        public boolean holds() {
            return failing == 0;
        }
    }

    /** The claims measured on one network, and how its pairs were chosen. */
    public record Measured(String pairs, List<Claim> claims) {
    }

    // ---- per network ----

    /** 003's claims about CR_n: its routes (Lemmas 3.1–3.3, Theorems 3.1–3.2), its diameter and size (Theorems 3.3, 2.1). */
    public static Measured cr(CompleteRotationGraph cr) {
        List<Claim> claims = new ArrayList<>();
        CrRoutingCheck.Measurement m = CrRoutingCheck.everySourceToIdentity(cr);
        int n = cr.n();
        claims.add(cr(cr, m, CrRoutingCheck.Claim.LEMMA_3_1_SIMPLE_REACHES_DESTINATION, "003 Lemma 3.1", "Simple_Route reaches the destination",
                ""));
        claims.add(cr(cr, m, CrRoutingCheck.Claim.LEMMA_3_3_OPTIMAL_REACHES_DESTINATION, "003 Lemma 3.3",
                "Optimal_Route reaches the destination", ""));
        claims.add(cr(cr, m, CrRoutingCheck.Claim.LEMMA_3_3_OPTIMAL_IS_SHORTEST, "003 Lemma 3.3",
                "Optimal_Route's path is a shortest path (= BFS distance)",
                String.format(Locale.ROOT, "mean route %.4f against mean BFS distance %.4f; at most %d longer", m.meanOptimalLength(),
                        m.meanBfsDistance(), m.maxOptimalMinusBfs())));
        claims.add(cr(cr, m, CrRoutingCheck.Claim.LEMMA_3_2_SIMPLE_AT_MOST_ONE_LONGER, "003 Lemma 3.2",
                "Simple_Route is at most one step longer than Optimal_Route",
                "Simple_Route at most " + m.maxSimpleMinusOptimal() + " longer than Optimal_Route, " + m.maxSimpleMinusBfs() + " longer than BFS"));
        claims.add(cr(cr, m, CrRoutingCheck.Claim.THEOREM_3_1_SIMPLE_AT_MOST_N_PLUS_1, "003 Theorem 3.1",
                "Simple_Route's path has length ≤ n+1 = " + (n + 1), "longest " + m.maxSimpleLength()));
        claims.add(cr(cr, m, CrRoutingCheck.Claim.THEOREM_3_2_OPTIMAL_AT_MOST_N_PLUS_1, "003 Theorem 3.2",
                "Optimal_Route's path has length ≤ n+1 = " + (n + 1), "longest " + m.maxOptimalLength()));
        claims.add(value("003 Theorem 3.3", "the diameter is n+1 = " + (n + 1), m.maxBfsDistance(), n + 1,
                "BFS: the farthest source is " + m.maxBfsDistance() + " arcs from I"));
        TopologyCensus.Census c = TopologyCensus.of(cr);
        List<String> how = new ArrayList<>();
        TopologyCensus.Degrees u = UndirectedDegree.of(cr, how, () -> {
            how.add("node 0 (vertex-transitive)"); // CR_n is a Cayley graph
            return new int[] {0};
        });
        claims.add(value("003 Theorem 2.1", "n·2^n nodes, degree n+1 (out-degree n), n·2^n + (n(n−1)/2)·2^n edges",
                c.nodes() == NetworkFormulas.crNodes(n) && c.minDegree() == n && c.maxDegree() == n && u.min() == n + 1 && u.max() == n + 1
                        && c.totalLinks() == NetworkFormulas.crEdges(n) ? 0 : 1, 0,
                String.format(Locale.ROOT, "counted %,d nodes, degree over out- and in-arcs %d..%d (%s), out-degree %d..%d, %,d edges",
                        c.nodes(), u.min(), u.max(), how.get(0), c.minDegree(), c.maxDegree(), c.totalLinks())));
        return new Measured("every source to I (every pair, by the relabeling of 003 §3)", claims);
    }

    private static Claim cr(CompleteRotationGraph cr, CrRoutingCheck.Measurement m, CrRoutingCheck.Claim which, String paper, String statement,
            String detail) {
        List<CrRoutingCheck.Counterexample> found = m.counterexamples(which);
        List<String> examples = found.stream().limit(EXAMPLES)
                .map(x -> cr.label(x.source()) + " → " + cr.label(x.destination()) + ": Simple_Route " + x.simpleLength() + ", Optimal_Route "
                        + x.optimalLength() + ", BFS " + x.bfsDistance())
                .toList();
        return new Claim(paper, statement, m.pairs(), found.size(), detail.isEmpty() ? "every route walked to its end" : detail, examples);
    }

    /** 000's and 001's claims about SCC_n: minimal and optimal routing shortest, the diameter (001 Theorem 1), the size. */
    public static Measured scc(Scc scc) {
        List<Claim> claims = new ArrayList<>();
        int identity = scc.id(0, 2);
        int[] distance = Bfs.distances(scc, identity);
        int[] sources = IntStream.range(0, scc.nodeCount()).toArray();
        claims.add(routes(scc, "000 Algorithm 3", "minimal routing takes a shortest path on every route",
                (s, d) -> SccRouting.route(scc, RoutingAlgorithm.MINIMAL, s, d, null).ports(), sources, identity, distance));
        claims.add(routes(scc, "001 Algorithm 3", "001's optimal routing takes a shortest path on every route",
                (s, d) -> SccRouting.route(scc, RoutingAlgorithm.OPTIMAL_001, s, d, null).ports(), sources, identity, distance));
        int eccentricity = max(distance);
        claims.add(value("001 Theorem 1", "the diameter is 2⌊(n−1)/2⌋² + ⌊3(n−1)/2⌋ + 2⌊n/2⌋ − 2 = " + PaperFormulas.sccDiameter(scc.n()),
                diameterOf(scc), PaperFormulas.sccDiameter(scc.n()), "BFS from one node per ring position (supernode-transitive)"));
        TopologyCensus.Census census = TopologyCensus.of(scc);
        claims.add(value("001 §3", "(n−1)·n! = " + PaperFormulas.sccNodes(scc.n()) + " nodes of degree 3", census.maxDegree() == 3
                && census.minDegree() == 3 && census.nodes() == PaperFormulas.sccNodes(scc.n()) ? 0 : 1, 0, String.format(Locale.ROOT,
                        "counted %,d nodes, degree %d..%d; eccentricity of the identity %d", census.nodes(), census.minDegree(),
                        census.maxDegree(), eccentricity)));
        return new Measured("every source to the identity " + scc.label(identity), claims);
    }

    private static int diameterOf(Scc scc) {
        int d = 0;
        for (int k = 0; k < scc.ringSize(); k++) {
            d = Math.max(d, Bfs.profile(scc, k).eccentricity());
        }
        return d;
    }

    /** The star graph: 001 Algorithm 1 shortest, the diameter of 001 Theorem 8 and §2 (they disagree). */
    public static Measured star(Star s) {
        List<Claim> claims = new ArrayList<>();
        int[] distance = cayleyRoutes(s, "001 Algorithm 1", "star routing takes a shortest path", claims);
        int ecc = max(distance);
        claims.add(value("001 Theorem 8, §6", "the diameter is ⌊3(n−1)/2⌋ = " + PaperFormulas.starDiameter(s.n()), ecc,
                PaperFormulas.starDiameter(s.n()), "BFS eccentricity " + ecc));
        claims.add(value("001 §2", "the diameter is ⌈3(n−1)/2⌉ = " + PaperFormulas.starDiameterCeiling(s.n()), ecc,
                PaperFormulas.starDiameterCeiling(s.n()), "BFS eccentricity " + ecc));
        return cayley(s, claims);
    }

    /** The hypercube: e-cube routing shortest (a standard result, no paper's). */
    public static Measured hypercube(Hypercube h) {
        List<Claim> claims = new ArrayList<>();
        cayleyRoutes(h, "e-cube (standard)", "e-cube routing takes a shortest path", claims);
        return cayley(h, claims);
    }

    /** The torus: dimension-order routing shortest (standard). */
    public static Measured torus(Torus t) {
        List<Claim> claims = new ArrayList<>();
        cayleyRoutes(t, "dimension order (std.)", "dimension-order routing takes a shortest path", claims);
        return cayley(t, claims);
    }

    /** CCC_n: the standard route (a measurement, no paper claims it), the diameter of 003 Table 4.1 (n = 3) and 001 §12. */
    public static Measured ccc(CubeConnectedCycles c) {
        List<Claim> claims = new ArrayList<>();
        int[] distance = cayleyRoutes(c, "CCC route (standard)",
                "the standard CCC route takes a shortest path (a measurement, no paper claims it)", claims);
        int ecc = max(distance);
        claims.add(value(c.n() == 3 ? "003 Table 4.1" : "001 §12", "the diameter is " + (c.n() == 3 ? "6" : "2n + ⌊n/2⌋ − 2") + " = "
                + NetworkFormulas.cccDiameter(c.n()), ecc, NetworkFormulas.cccDiameter(c.n()), "BFS eccentricity " + ecc));
        return cayley(c, claims);
    }

    /** The network's default router against BFS from every source to node 0; the distances to node 0. */
    private static int[] cayleyRoutes(Topology t, String paper, String statement, List<Claim> claims) {
        int[] distance = Bfs.distances(t, 0);
        int[] sources = IntStream.range(0, t.nodeCount()).toArray();
        Router router = Routings.router(t, Routings.routeKeys(t).get(0));
        claims.add(routes(t, paper, statement, router::ports, sources, 0, distance));
        return distance;
    }

    private static Measured cayley(Topology t, List<Claim> claims) {
        return new Measured("every source to " + t.label(0) + " (a Cayley graph: every pair by symmetry)", claims);
    }

    /** 004's claims about n:k cubes (complete and incomplete): one-to-one routing, shortest-path counts, the diameter. */
    public static Measured cube(KaryCube c) {
        List<Claim> claims = new ArrayList<>();
        int[] sources = sources(c);
        Router router = Routings.router(c, "one-to-one");
        long pairs = 0;
        long notHamming = 0;
        long hammingNotDistance = 0;
        long countBelow = 0;
        long countAbove = 0;
        long countEqual = 0;
        List<String> hammingExamples = new ArrayList<>();
        List<String> lengthExamples = new ArrayList<>();
        List<String> countExamples = new ArrayList<>();
        int diameter = 0;
        for (int s : sources) {
            int[] distance = Bfs.distances(c, s);
            for (int d = 0; d < c.nodeCount(); d++) {
                if (d == s) {
                    continue;
                }
                pairs++;
                diameter = Math.max(diameter, distance[d]);
                int h = c.hamming(s, d);
                if (h != distance[d]) {
                    hammingNotDistance++;
                    if (hammingExamples.size() < EXAMPLES) {
                        hammingExamples.add(c.label(s) + " → " + c.label(d) + ": Hamming " + h + ", BFS " + distance[d]);
                    }
                }
                int hops = walk(c, s, router.ports(s, d));
                if (hops != h) {
                    notHamming++;
                    if (lengthExamples.size() < EXAMPLES) {
                        lengthExamples.add(c.label(s) + " → " + c.label(d) + ": " + (hops < 0 ? "the walk leaves the graph" : hops + " hops")
                                + ", Hamming " + h);
                    }
                }
                BigInteger counted = ShortestPaths.count(c, s, d);
                BigInteger formula = ShortestPaths.formula004(c, s, d);
                int cmp = counted.compareTo(formula);
                if (cmp == 0) {
                    countEqual++;
                } else {
                    if (cmp < 0) {
                        countBelow++;
                    } else {
                        countAbove++;
                    }
                    if (countExamples.size() < EXAMPLES) {
                        countExamples.add(c.label(s) + " → " + c.label(d) + ": " + counted + " shortest paths enumerated, [W(H_S)!]·[W(H_D)!] = "
                                + ShortestPaths.weightHs(c, s, d) + "!·" + ShortestPaths.weightHd(c, s, d) + "! = " + formula);
                    }
                }
            }
        }
        Claim routing = routes(c, "004 §6 ONE-TO-ONE ROUTING", "its path is a shortest path", router::ports, sources, -1, null);
        claims.add(routing);
        claims.add(new Claim("004 §6.1", "ONE-TO-ONE ROUTING's length is the Hamming distance W(H(S,D))", pairs, notHamming,
                "route length against the Hamming distance of the labels", lengthExamples));
        claims.add(new Claim("004 §6.1", "the distance is the Hamming distance", pairs, hammingNotDistance, "BFS against the labels",
                hammingExamples));
        claims.add(new Claim("004 §6.1", "[W(H_S)!]·[W(H_D)!] distinct shortest paths", pairs, countBelow + countAbove,
                String.format(Locale.ROOT, "enumerated count equals it for %,d pairs, exceeds it for %,d, falls below for %,d", countEqual,
                        countAbove, countBelow), countExamples));
        boolean everyPair = sources.length == c.nodeCount();
        claims.add(value("004 Lemma 5.3(3)", "the diameter is at most n = " + c.n(), diameter > c.n() ? 1 : 0, 0,
                "BFS" + (everyPair ? " diameter " : " eccentricity of the sampled sources, at most ") + diameter));
        if (!c.isComplete()) {
            incompleteCube(c, claims);
        }
        return new Measured(pairsText(c), claims);
    }

    /** 004's claims about an incomplete n:k cube's degree and node count (Theorems 5.1–5.3). */
    private static void incompleteCube(KaryCube c, List<Claim> claims) {
        TopologyCensus.Census census = TopologyCensus.of(c);
        long over = IntStream.range(0, c.nodeCount()).filter(v -> degree(c, v) > c.n()).count();
        claims.add(new Claim("004 Theorem 5.2(2)", "the node degree is at most n = " + c.n(), c.nodeCount(), over,
                "measured degree " + census.minDegree() + ".." + census.maxDegree(), over == 0 ? List.of()
                        : IntStream.range(0, c.nodeCount()).filter(v -> degree(c, v) > c.n()).limit(EXAMPLES)
                                .mapToObj(v -> c.label(v) + " has degree " + degree(c, v)).toList()));
        long recurrence = NetworkFormulas.incompleteCubeNodes(c.n(), c.k(), c.beta());
        claims.add(value("004 Theorem 5.3", "X(n) = (k−1)(X(n−1) + … + X(n−β)) = " + recurrence + " nodes", c.nodeCount(), recurrence,
                "counted " + c.nodeCount() + " labels"));
        if (c.n() <= c.beta()) {
            long full = NetworkFormulas.karyNodes(c.n(), c.k());
            claims.add(value("004 Theorem 5.1(1)", "isomorphic to Q(n,k) for n ≤ β: k^n = " + full + " nodes", c.nodeCount(), full,
                    "counted " + c.nodeCount() + " labels (no label ends in k−1)"));
        }
    }

    private static int degree(Topology t, int v) {
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int p = 0; p < t.portCount(); p++) {
            int w = t.neighbour(v, p);
            if (w != Topology.NONE) {
                seen.add(w);
            }
        }
        return seen.size();
    }

    /** 002's claims about necklace hypercubes: the three-phase route shortest, and on a regular one the diameter n + k. */
    public static Measured necklace(NecklaceHypercube nh) {
        List<Claim> claims = new ArrayList<>();
        int[] sources = sources(nh);
        Router router = Routings.router(nh, "three-phase");
        claims.add(routes(nh, "002 §3 three-phase route", "the deterministic three-phase route takes a shortest path", router::ports, sources, -1,
                null));
        if (nh.isRegular()) {
            int k = nh.necklaceLength(0);
            int diameter = 0;
            for (int s : sources) {
                diameter = Math.max(diameter, Bfs.profile(nh, s).eccentricity());
            }
            boolean all = sources.length == nh.nodeCount();
            claims.add(value("002 §2", "the diameter is n+k = " + NetworkFormulas.rnhDiameter(nh.n(), k),
                    all ? diameter : Math.min(diameter, NetworkFormulas.rnhDiameter(nh.n(), k)), NetworkFormulas.rnhDiameter(nh.n(), k),
                    "BFS " + (all ? "diameter " : "eccentricity of the sampled sources ") + diameter));
        }
        return new Measured(pairsText(nh), claims);
    }

    // ---- helpers ----

    private static String pairsText(Topology t) {
        return t.nodeCount() <= ALL_PAIRS_UP_TO ? "every ordered pair"
                : "all destinations of " + SAMPLED_SOURCES + " seeded sources (seed 1)";
    }

    private static int[] sources(Topology t) {
        if (t.nodeCount() <= ALL_PAIRS_UP_TO) {
            return IntStream.range(0, t.nodeCount()).toArray();
        }
        return new SplittableRandom(1).ints(0, t.nodeCount()).distinct().limit(SAMPLED_SOURCES).sorted().toArray();
    }

    private static int max(int[] distance) {
        int m = 0;
        for (int d : distance) {
            m = Math.max(m, d);
        }
        return m;
    }

    /** A claim about one value: it holds when measured equals claimed. */
    private static Claim value(String paper, String statement, long measured, long claimed, String detail) {
        return new Claim(paper, statement, 1, measured == claimed ? 0 : 1, detail, measured == claimed ? List.of()
                : List.of("measured " + measured + ", claimed " + claimed));
    }

    /** The node a walk ends at, or -1 if it leaves the graph. */
    /** Where the walk from {@code source} along {@code ports} ends, or −1 where a port leads nowhere. */
    public static int end(Topology t, int source, int[] ports) {
        int node = source;
        for (int p : ports) {
            node = t.neighbour(node, p);
            if (node == Topology.NONE) {
                return -1;
            }
        }
        return node;
    }

    /** The hops of a walk that reaches its end through real links, -1 if a port leads nowhere. */
    private static int walk(Topology t, int source, int[] ports) {
        return end(t, source, ports) < 0 ? -1 : ports.length;
    }

    /**
     * Routes from every source to {@code destination} (with its BFS distances {@code distanceTo}), or, when destination is −1, from
     * every source to every other node (a BFS from each source; undirected topologies only). A route fails when its walk leaves the
     * graph, ends elsewhere, or is longer than the BFS distance.
     */
    static Claim routes(Topology t, String paper, String statement, Ports ports, int[] sources, int destination, int[] distanceTo) {
        long checked = 0;
        long failing = 0;
        long invalid = 0;
        double maxStretch = 1;
        double stretchSum = 0;
        int maxExtra = 0;
        List<String> examples = new ArrayList<>();
        for (int s : sources) {
            int[] distance = destination >= 0 ? distanceTo : Bfs.distances(t, s);
            int from = destination >= 0 ? destination : 0;
            int to = destination >= 0 ? destination + 1 : t.nodeCount();
            for (int d = from; d < to; d++) {
                if (d == s) {
                    continue;
                }
                checked++;
                int[] p = ports.of(s, d);
                int dist = distance[destination >= 0 ? s : d];
                boolean reaches = end(t, s, p) == d;
                if (!reaches) {
                    invalid++;
                }
                if (!reaches || p.length != dist) {
                    failing++;
                    if (examples.size() < EXAMPLES) {
                        examples.add(t.label(s) + " → " + t.label(d) + ": " + (reaches ? p.length + " hops, BFS " + dist
                                : "the walk of " + p.length + " hops does not end there"));
                    }
                }
                if (reaches) {
                    double stretch = dist == 0 ? 1 : (double) p.length / dist;
                    maxStretch = Math.max(maxStretch, stretch);
                    stretchSum += stretch;
                    maxExtra = Math.max(maxExtra, p.length - dist);
                }
            }
        }
        String detail = String.format(Locale.ROOT, "%s; stretch (hops/BFS) mean %.4f, max %.4f; at most %d hop(s) over BFS",
                invalid == 0 ? "every walk ends at its destination" : invalid + " walk(s) do NOT end at the destination",
                checked - invalid == 0 ? 1 : stretchSum / (checked - invalid), maxStretch, maxExtra);
        return new Claim(paper, statement, checked, failing, detail, examples);
    }
}
