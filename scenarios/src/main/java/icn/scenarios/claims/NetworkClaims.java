package icn.scenarios.claims;

import icn.protocols.topology.KaryCube;
import icn.protocols.topology.NecklaceHypercube;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The papers' closed forms for every network {@code icn compare} measures, one {@link Formula} per metric and source: size, degree,
 * links, diameter, average distance and the steps of multi-port and one-port flooding; one method per network, which the kind table
 * ({@code NetworkPapers}) names for each kind. Values come from {@link PaperFormulas}; the
 * measured side comes from BFS and flooding ({@link NetworkReport}), never from here.
 *
 * <p>Each formula says how the measurement must relate to it: equal, at most (the paper gives an upper bound: 004 Lemma 5.3, or a
 * broadcast algorithm that flooding, optimal in the all-port model, can only beat), at least, or {@link Relation#REFERENCE} (a
 * paper's value for another algorithm, shown for comparison and never marked as a disagreement). Where two passages of a paper
 * disagree (001 §2's ceiling against Theorem 8's floor for the star's diameter), both are listed.
 */
public final class NetworkClaims {

    /** The metrics of a comparison row, in table order. */
    public static final List<String> METRICS = List.of("nodes", "minDegree", "maxDegree", "minUndirectedDegree", "maxUndirectedDegree",
            "links", "diameter", "averageDistance", "multiPortFloodingSteps", "onePortFloodingSteps");

    private NetworkClaims() {
    }

    /** How a measured value must relate to a paper's formula. */
    public enum Relation {
        EQUALS("="),
        AT_MOST("≤"),
        AT_LEAST("≥"),
        REFERENCE("~");

        private final String symbol;

        Relation(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        /** The JSON form: {@code equals}, {@code at-most}, {@code at-least}, {@code reference}. */
        public String key() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * One paper value for one metric.
     *
     * @param metric   one of {@link #METRICS}
     * @param value    the formula evaluated for the topology's parameters
     * @param relation what the measurement must satisfy
     * @param source   paper and section, theorem or equation, with the formula as printed
     */
    public record Formula(String metric, double value, Relation relation, String source) {

        /** Whether {@code measured} satisfies the relation (averages to 1e-9 relative); a reference value always agrees. */
        public boolean agrees(double measured) {
            double tolerance = 1e-9 * Math.max(1, Math.abs(value));
            return switch (relation) {
                case EQUALS -> Math.abs(measured - value) <= tolerance;
                case AT_MOST -> measured <= value + tolerance;
                case AT_LEAST -> measured >= value - tolerance;
                case REFERENCE -> true;
            };
        }

        /** Whole values as integers, averages with three decimals; with the relation's symbol unless it is equality. */
        public String text() {
            String v = value == Math.rint(value) && Math.abs(value) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) value)
                    : String.format(Locale.ROOT, "%.3f", value);
            return relation == Relation.EQUALS ? v : relation.symbol() + v;
        }
    }

    /** {@code formulas} in {@link #METRICS} order. */
    public static List<Formula> sorted(List<Formula> formulas) {
        List<Formula> f = new ArrayList<>(formulas);
        f.sort(java.util.Comparator.comparingInt(x -> METRICS.indexOf(x.metric())));
        return List.copyOf(f);
    }

    private static void add(List<Formula> f, String metric, double value, Relation relation, String source) {
        f.add(new Formula(metric, value, relation, source));
    }

    private static void degree(List<Formula> f, double value, String source) {
        add(f, "minDegree", value, Relation.EQUALS, source);
        add(f, "maxDegree", value, Relation.EQUALS, source);
    }

    public static void scc(int n, List<Formula> f) {
        long nodes = PaperFormulas.sccNodes(n);
        add(f, "nodes", nodes, Relation.EQUALS, "001 §3: (n−1)·n!");
        degree(f, 3, "001 §12 and Table 7: degree 3");
        add(f, "links", nodes * 3 / 2, Relation.EQUALS, "3N/2 (001 Table 7's size and degree 3)");
        add(f, "diameter", PaperFormulas.sccDiameter(n), Relation.EQUALS, "001 Theorem 1: 2⌊(n−1)/2⌋² + ⌊3(n−1)/2⌋ + 2⌊n/2⌋ − 2");
        if (PaperFormulas.sccDiameterEq1(n) != PaperFormulas.sccDiameter(n)) {
            add(f, "diameter", PaperFormulas.sccDiameterEq1(n), Relation.EQUALS, "000 Eq. 1");
        }
        if (n >= 4) {
            add(f, "averageDistance", PaperFormulas.averageDistanceBound(n), Relation.AT_MOST,
                    "000 Eq. 14 (Theorem 3): upper bound on the average distance");
        }
        add(f, "multiPortFloodingSteps", PaperFormulas.multiPortSteps(n), Relation.AT_MOST,
                "001 Theorem 10: Algorithm 5 takes ⌊(n+1)/2⌋·d_star; flooding at most that");
        add(f, "onePortFloodingSteps", PaperFormulas.onePortSteps(n), Relation.REFERENCE,
                "001 Theorem 9: Algorithm 4 (not flooding) takes ⌊(n+2)/2⌋·d_star");
    }

    public static void cr(int n, List<Formula> f) {
        add(f, "nodes", NetworkFormulas.crNodes(n), Relation.EQUALS, "003 Theorem 2.1(2): n·2^n");
        degree(f, n, "003 Theorem 2.1(1): out-degree n");
        // the degree of the underlying undirected graph (out- and in-arcs), which 003 Tables 4.1–4.2 compare with other networks
        add(f, "minUndirectedDegree", n + 1, Relation.EQUALS, "003 Theorem 2.1(1), Tables 4.1–4.2: degree n+1 (arcs both ways)");
        add(f, "maxUndirectedDegree", n + 1, Relation.EQUALS, "003 Theorem 2.1(1), Tables 4.1–4.2: degree n+1 (arcs both ways)");
        add(f, "links", NetworkFormulas.crEdges(n), Relation.EQUALS, "003 Theorem 2.1(3): n·2^n + (n(n−1)/2)·2^n edges");
        add(f, "diameter", NetworkFormulas.crDiameter(n), Relation.EQUALS, "003 Theorem 3.3: n+1");
        add(f, "multiPortFloodingSteps", NetworkFormulas.crDiameter(n), Relation.EQUALS,
                "003 Theorem 3.3: n+1 (Cayley graph: every eccentricity is the diameter)");
    }

    public static void star(int n, List<Formula> f) {
        long nodes = PaperFormulas.factorial(n);
        add(f, "nodes", nodes, Relation.EQUALS, "001 §2: n!");
        degree(f, n - 1, "001 §2: degree n−1");
        add(f, "links", nodes * (n - 1) / 2, Relation.EQUALS, "N(n−1)/2 (001 §2's size and degree)");
        add(f, "diameter", PaperFormulas.starDiameter(n), Relation.EQUALS, "001 Theorem 8 and §6: ⌊3(n−1)/2⌋");
        add(f, "diameter", PaperFormulas.starDiameterCeiling(n), Relation.EQUALS, "001 §2: ⌈3(n−1)/2⌉");
        add(f, "averageDistance", PaperFormulas.starAverageDistance(n), Relation.EQUALS, "000 Eq. 6: n + H_n + 2/n − 4");
        add(f, "multiPortFloodingSteps", PaperFormulas.starDiameter(n), Relation.EQUALS,
                "001 Theorem 8: δ-port broadcasting takes d_star = ⌊3(n−1)/2⌋ steps");
    }

    public static void hypercube(int n, List<Formula> f) {
        add(f, "nodes", Math.pow(2, n), Relation.EQUALS, "001 Table 7: 2^n");
        degree(f, n, "001 Table 7: degree n");
        add(f, "links", (double) n * Math.pow(2, n - 1), Relation.EQUALS, "n·2^(n−1) (002 §2's base hypercube)");
        add(f, "diameter", n, Relation.EQUALS, "001 Table 7: n");
        add(f, "averageDistance", NetworkFormulas.hypercubeAverageDistance(n), Relation.EQUALS,
                "002 §3: d̄_H = (n/2)·2^n/(2^n−1) over the others, n/2 over all nodes");
        add(f, "multiPortFloodingSteps", n, Relation.EQUALS, "001 Table 7: diameter n (vertex-transitive)");
        add(f, "onePortFloodingSteps", n, Relation.AT_LEAST,
                "001 Table 7: one-port broadcasting in n steps, optimal (log2 N)");
    }

    public static void torus(int k, int dimensions, List<Formula> f) {
        add(f, "nodes", NetworkFormulas.karyNodes(dimensions, k), Relation.EQUALS, "004 §2: N = k^n");
        if (k >= 3) {
            degree(f, 2 * dimensions, "004 §2: nearest neighbours in each of n dimensions, 2n");
        }
    }

    public static void ccc(int n, List<Formula> f) {
        long nodes = NetworkFormulas.cccNodes(n);
        add(f, "nodes", nodes, Relation.EQUALS, "001 §12: N = n·2^n");
        degree(f, 3, "001 Table 7: degree 3");
        add(f, "links", nodes * 3 / 2, Relation.EQUALS, "3N/2 (001 Table 7's size and degree 3)");
        add(f, "diameter", NetworkFormulas.cccDiameter(n), Relation.EQUALS,
                n == 3 ? "003 Table 4.1: 6 for n = 3" : "001 §12: 2n + ⌊n/2⌋ − 2");
        add(f, "multiPortFloodingSteps", NetworkFormulas.cccDiameter(n), Relation.EQUALS,
                "the diameter (vertex-transitive)");
        add(f, "multiPortFloodingSteps", NetworkFormulas.cccMultiPortSteps(n), Relation.AT_MOST,
                "001 §12: multiple-port broadcasting in n⌊(n+2)/2⌋; flooding at most that");
        add(f, "onePortFloodingSteps", NetworkFormulas.cccOnePortSteps(n), Relation.REFERENCE,
                "001 §12: its one-port broadcasting (not flooding) takes n⌊(n+3)/2⌋");
    }

    public static void necklace(NecklaceHypercube nh, List<Formula> f) {
        int n = nh.n();
        if (nh.isRegular()) {
            int k = nh.necklaceLength(0);
            add(f, "nodes", NetworkFormulas.rnhNodes(n, k), Relation.EQUALS, "002 §2: 2^n + n·2^(n−1)·k");
            add(f, "minDegree", 2, Relation.EQUALS, "002 §2: necklace nodes of degree 2");
            add(f, "maxDegree", 2 * n, Relation.EQUALS, "002 §2: base vertices of degree 2n");
            add(f, "links", NetworkFormulas.rnhEdges(n, k), Relation.EQUALS, "002 §2: n·2^(n−1) + n·2^(n−1)·(k+1) edges");
            add(f, "diameter", NetworkFormulas.rnhDiameter(n, k), Relation.EQUALS, "002 §2: n+k");
            add(f, "multiPortFloodingSteps", NetworkFormulas.rnhDiameter(n, k), Relation.AT_MOST,
                    "002 §2: diameter n+k (bounds the source's eccentricity)");
        } else {
            int[] k = new int[nh.edgeCount()];
            for (int e = 0; e < k.length; e++) {
                k[e] = nh.necklaceLength(e);
            }
            add(f, "nodes", NetworkFormulas.inhNodes(n, k), Relation.EQUALS, "002 §2: 2^n + Σ k_i");
        }
    }

    public static void cube(KaryCube c, List<Formula> f) {
        int n = c.n();
        int k = c.k();
        if (c.isComplete()) {
            add(f, "nodes", NetworkFormulas.karyNodes(n, k), Relation.EQUALS, "004 §2: N = k^n");
            add(f, "diameter", n, Relation.AT_MOST, "004 §6.1: distance = Hamming distance ≤ n");
            add(f, "multiPortFloodingSteps", n, Relation.AT_MOST, "004 §6.1: distance = Hamming distance ≤ n");
            return;
        }
        int beta = c.beta();
        add(f, "nodes", NetworkFormulas.incompleteCubeNodes(n, k, beta), Relation.EQUALS,
                "004 Def. 4.2–4.3, Theorem 5.3: X(n) = (k−1)(X(n−1) + … + X(n−β)), X(0) = 1");
        if (n <= beta) {
            add(f, "nodes", NetworkFormulas.karyNodes(n, k), Relation.EQUALS, "004 Theorem 5.1(1): isomorphic to Q(n,k) for n ≤ β, k^n nodes");
        }
        add(f, "maxDegree", n, Relation.AT_MOST, "004 Theorem 5.2(2): node degree at most n");
        add(f, "diameter", n, Relation.AT_MOST, "004 Lemma 5.3(3): diameter at most n");
        add(f, "multiPortFloodingSteps", n, Relation.AT_MOST, "004 Lemma 5.3(3): diameter at most n (bounds the eccentricity)");
    }
}
