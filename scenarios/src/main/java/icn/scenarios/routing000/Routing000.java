package icn.scenarios.routing000;

import icn.node.routing.Route;
import icn.node.routing.RoutingAlgorithm;
import icn.node.routing.SccRouting;
import icn.protocols.topology.Scc;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * 000 §5 measured without node actors: every node of SCC_n routed to the identity ⟨2, 12…n⟩ by the pure routing the node actors run
 * ({@link SccRouting#route}, so each packet's route is the one a to-identity sweep sends it along), streamed over node-index ranges
 * on all cores with sums and histograms kept, never routes. Beside the sweeps, {@link Algorithm1Routes} goes through all of
 * Algorithm 1's choices for the worst case of random routing (000 Table 2's last column).
 *
 * <p>Heap: per node a few bytes for the tables over Algorithm 1's choices (about 60 MB for SCC_9); the sweeps hold nothing per node.
 */
public final class Routing000 {

    /** Node-index range a task sweeps. */
    private static final int CHUNK = 1 << 12;

    /** The identity ⟨2, 12…n⟩, node 0 of {@link Scc}, the destination of every route here (000 §3.1). */
    static final int IDENTITY = 0;

    // Student t quantiles t(0.975, df) for df = 1..30; beyond 30 the normal quantile 1.96
    private static final double[] T_975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

    private Routing000() {
    }

    /** Measures SCC_3 … SCC_n's ({@code fromN..toN}) routing with {@code randomDraws(n)} draws each. */
    public static List<Measurement> measure(int fromN, int toN, java.util.function.IntUnaryOperator randomDraws, long seed) {
        List<Measurement> all = new ArrayList<>();
        for (int n = fromN; n <= toN; n++) {
            all.add(measure(n, randomDraws.applyAsInt(n), seed));
        }
        return all;
    }

    /**
     * Routes every node of SCC_n to the identity with minimal (000 Algorithm 3), greedy (Algorithm 2) and random (Algorithm 1)
     * routing, the last {@code randomDraws} times (draw k with the seeds of the sweep {@code --seed seed+k}), and computes the worst
     * case of random routing over all of its choices.
     */
    public static Measurement measure(int n, int randomDraws, long seed) {
        if (randomDraws < 1) {
            throw new IllegalArgumentException("randomDraws must be at least 1, got " + randomDraws);
        }
        long start = System.nanoTime();
        Scc scc = Scc.of(n);
        Algorithm1Routes choices = Algorithm1Routes.of(scc);
        int nodes = scc.nodeCount();
        int chunks = (nodes + CHUNK - 1) / CHUNK;
        Partial all = IntStream.range(0, chunks).parallel()
                .mapToObj(c -> sweep(scc, choices, c * CHUNK, Math.min(nodes, (c + 1) * CHUNK), randomDraws, seed))
                .reduce(Partial::merge).orElseThrow();
        double wall = (System.nanoTime() - start) / 1e9;
        return new Measurement(n, nodes, costs(RoutingAlgorithm.MINIMAL, all.minimal), costs(RoutingAlgorithm.GREEDY, all.greedy),
                random(all, seed), new Measurement.WorstCase(all.worst.meanCost(), all.worst.meanMbLocal(), all.worst.histogram(),
                        all.best.meanCost()),
                new Measurement.Checks(all.minimalNotBest, all.randomOutsideChoices), wall);
    }

    /** The seed of draw {@code k}: that of the node-actor sweep {@code --seed seed+k}. */
    public static long drawSeed(long seed, int k) {
        return seed + k;
    }

    /** The seed of the packet from {@code node} in a to-identity sweep with seed {@code drawSeed} (the packet's id is its source). */
    static long packetSeed(long drawSeed, int node) {
        return drawSeed * 0x9E3779B97F4A7C15L + node; // as icn.node.packet.RoutingPrograms.packetSeed
    }

    /** The route the sweep {@code --seed drawSeed} sends the packet from {@code node} along, to the identity. */
    public static Route routeToIdentity(Scc scc, RoutingAlgorithm algorithm, int node, long drawSeed) {
        return SccRouting.route(scc, algorithm, node, IDENTITY, new SplittableRandom(packetSeed(drawSeed, node)));
    }

    /** Writes 000 Figs. 4, 5 and 6 (PNG and CSV) and Table 2 (CSV) of the measurements into {@code dir}; Fig. 6 for the largest n. */
    public static List<Path> writeFigures(List<Measurement> measurements, Path dir) throws IOException {
        return Figures000.writeAll(measurements, dir);
    }

    private static final class Partial {
        final CostTally minimal = new CostTally();
        final CostTally greedy = new CostTally();
        final CostTally worst = new CostTally();
        final CostTally best = new CostTally();
        final CostTally[] random;
        double expected;
        double uniformRoutes;
        long minimalNotBest;
        long randomOutsideChoices;

        Partial(int draws) {
            random = new CostTally[draws];
            for (int k = 0; k < draws; k++) {
                random[k] = new CostTally();
            }
        }

        Partial merge(Partial o) {
            minimal.merge(o.minimal);
            greedy.merge(o.greedy);
            worst.merge(o.worst);
            best.merge(o.best);
            for (int k = 0; k < random.length; k++) {
                random[k].merge(o.random[k]);
            }
            expected += o.expected;
            uniformRoutes += o.uniformRoutes;
            minimalNotBest += o.minimalNotBest;
            randomOutsideChoices += o.randomOutsideChoices;
            return this;
        }
    }

    private static Partial sweep(Scc scc, Algorithm1Routes choices, int from, int to, int draws, long seed) {
        Partial p = new Partial(draws);
        for (int v = from; v < to; v++) {
            Route minimal = routeToIdentity(scc, RoutingAlgorithm.MINIMAL, v, seed);
            Route greedy = routeToIdentity(scc, RoutingAlgorithm.GREEDY, v, seed);
            p.minimal.add(minimal.lateral(), minimal.miLocal(), minimal.mbLocal());
            p.greedy.add(greedy.lateral(), greedy.miLocal(), greedy.mbLocal());
            int lat = choices.lateral(v);
            int mi = minimal.miLocal(); // the same for every route of Algorithm 1 (000 Lemma 1)
            int cheapest = lat + choices.bestLocal(v);
            int costliest = lat + choices.worstLocal(v);
            p.worst.add(lat, mi, choices.worstLocal(v) - mi);
            p.best.add(lat, mi, choices.bestLocal(v) - mi);
            if (minimal.lateral() != lat || minimal.total() != cheapest) {
                p.minimalNotBest++;
            }
            p.expected += lat + choices.expectedLocal(v);
            p.uniformRoutes += lat + choices.meanLocalOverRoutes(v);
            for (int k = 0; k < draws; k++) {
                Route r = routeToIdentity(scc, RoutingAlgorithm.RANDOM, v, drawSeed(seed, k));
                p.random[k].add(r.lateral(), r.miLocal(), r.mbLocal());
                if (r.total() < cheapest || r.total() > costliest) {
                    p.randomOutsideChoices++;
                }
            }
        }
        return p;
    }

    private static Measurement.Costs costs(RoutingAlgorithm algorithm, CostTally t) {
        return new Measurement.Costs(algorithm.key(), t.meanLateral(), t.meanMiLocal(), t.meanMbLocal(), t.meanCost(), t.histogram());
    }

    private static Measurement.RandomRouting random(Partial all, long seed) {
        int draws = all.random.length;
        double[] means = new double[draws];
        double[] mbMeans = new double[draws];
        int longest = 0;
        for (int k = 0; k < draws; k++) {
            means[k] = all.random[k].meanCost();
            mbMeans[k] = all.random[k].meanMbLocal();
            longest = Math.max(longest, all.random[k].histogram().length);
        }
        double[] histogram = new double[longest];
        for (CostTally t : all.random) {
            long[] h = t.histogram();
            for (int c = 0; c < h.length; c++) {
                histogram[c] += h[c] / (double) draws;
            }
        }
        double mean = mean(means);
        double sd = stdDev(means);
        double half = draws < 2 ? Double.NaN : tQuantile975(draws - 1) * sd / Math.sqrt(draws);
        long nodes = all.minimal.routes();
        return new Measurement.RandomRouting(draws, seed, means, mbMeans, mean, sd, mean - half, mean + half,
                all.random[0].meanLateral(), all.random[0].meanMiLocal(), mean(mbMeans), stdDev(mbMeans), histogram,
                all.expected / nodes, all.uniformRoutes / nodes);
    }

    static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    /** Sample standard deviation (n − 1 in the denominator); NaN for fewer than two values. */
    static double stdDev(double[] x) {
        if (x.length < 2) {
            return Double.NaN;
        }
        double m = mean(x);
        double s = 0;
        for (double v : x) {
            s += (v - m) * (v - m);
        }
        return Math.sqrt(s / (x.length - 1));
    }

    static double tQuantile975(int degreesOfFreedom) {
        return degreesOfFreedom <= T_975.length ? T_975[degreesOfFreedom - 1] : 1.96;
    }
}
