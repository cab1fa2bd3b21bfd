package icn.scenarios.routing000;

/**
 * What 000 §5 measures on SCC_n, every node routed to the identity ⟨2, 12…n⟩ by the routing code the node actors run: the cost split
 * of 000 §3 per algorithm (Table 1 for minimal routing, Table 2's columns, Fig. 4 and 5), the random routing over several seeded draws
 * with its spread, the worst case of random routing over all of its choices (Table 2's last column) and the cost histograms of
 * Fig. 6. Histograms count nodes whose route costs 0, 1, 2, … links (D_I ↦ N_I).
 *
 * @param n                  SCC_n
 * @param nodes              (n−1)·n!, the routes of each sweep
 * @param minimal            000 Algorithm 3
 * @param greedy             000 Algorithm 2
 * @param random             000 Algorithm 1 as the random router draws it, over {@code random.draws()} seeded sweeps
 * @param worstCase          the costliest route Algorithm 1 can take from each node, averaged over nodes
 * @param checks             consistency of the sweeps with the exhaustive computation over Algorithm 1's choices
 * @param wallSeconds        wall time of the whole measurement
 */
public record Measurement(int n, long nodes, Costs minimal, Costs greedy, RandomRouting random, WorstCase worstCase, Checks checks,
        double wallSeconds) {

    /** The mean cost split of one deterministic algorithm's routes and the histogram of their costs. */
    public record Costs(String algorithm, double meanLateral, double meanMiLocal, double meanMbLocal, double meanCost, long[] histogram) {
    }

    /**
     * Random routing over {@code draws} sweeps; draw k routes packet v with the seed the node-actor sweep {@code --seed seed+k} gives
     * it. {@code drawMeans[k]} is draw k's mean cost over all nodes; {@code meanOverDraws} their mean, {@code stdDev} their sample
     * standard deviation (NaN for one draw) and {@code ci95Low..ci95High} the 95 % interval of the mean (Student t, k−1 degrees of
     * freedom). {@code meanHistogram} is the histogram averaged over the draws (000 Fig. 6's "average distribution").
     * {@code expectedCost} is the exact expectation of the random router's cost (uniform draws at every supernode, computed over all
     * choices), the limit of {@code meanOverDraws}; {@code uniformRoutesCost} the mean when every route Algorithm 1 can take is
     * counted equally (000 §5's wording), per node then over nodes.
     */
    public record RandomRouting(int draws, long seed, double[] drawMeans, double[] drawMbMeans, double meanOverDraws, double stdDev,
            double ci95Low, double ci95High, double meanLateral, double meanMiLocal, double meanMbLocal, double mbStdDev,
            double[] meanHistogram, double expectedCost, double uniformRoutesCost) {
    }

    /**
     * The worst case of random routing: per node the largest cost over all routes Algorithm 1 can take (computed exactly over all
     * choices), averaged over nodes; {@code meanMbLocal} is its MB(loc) part and {@code histogram} counts nodes by that worst cost.
     * {@code bestMean} is the same over the cheapest choices, which equals minimal routing when Algorithm 3 is minimal.
     */
    public record WorstCase(double mean, double meanMbLocal, long[] histogram, double bestMean) {
    }

    /**
     * Nodes whose minimal route is not the cheapest of Algorithm 1's choices ({@code minimalNotBest}), and random routes whose cost is
     * outside [cheapest, costliest] choice of their node ({@code randomOutsideChoices}); both 0 when the sweeps and the exhaustive
     * computation agree.
     */
    public record Checks(long minimalNotBest, long randomOutsideChoices) {
    }
}
