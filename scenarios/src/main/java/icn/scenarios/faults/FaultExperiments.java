package icn.scenarios.faults;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.engine.Engine;
import icn.node.engine.RunSettings;
import icn.node.kind.Programs;
import icn.node.kind.RouteSources;
import icn.node.packet.RoutingPrograms;
import icn.node.program.ProgramFactory;
import icn.node.routing.DfsRouting;
import icn.protocols.Accounting;
import icn.protocols.Bfs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.fault.FaultSpec;
import icn.protocols.fault.SurvivingGraph;
import icn.protocols.wire.BroadcastSpec;
import icn.protocols.wire.RoutingSpec;
import icn.scenarios.report.AppliedFaults;
import icn.scenarios.report.Charts;
import icn.scenarios.report.Observer;
import icn.scenarios.report.ReportWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;

/**
 * The fault experiments of issue 6, over many seeds: broadcast coverage against the number of random node or link faults
 * (Algorithms 4 and 5 of 001, and flooding), and routing delivery ratio and stretch against the number of faults. Every point is the
 * mean over its seeds of what the runs measured; every run's accounting must balance, and the table says whether all did. Written as
 * CSV and charts (PNG and SVG, {@link Charts}) beside {@code result.json}.
 */
public final class FaultExperiments {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Random node faults or random link faults. */
    public enum Kind {
        NODES("node"), LINKS("link");

        private final String key;

        Kind(String key) {
            this.key = key;
        }

        /** How a kind is written everywhere: on the command line, in CSV and in JSON. */
        @com.fasterxml.jackson.annotation.JsonValue
        public String key() {
            return key;
        }
    }

    /**
     * One point of a coverage curve: a topology, an algorithm, a fault count, averaged over seeds; {@code sdLiveCoverage} is the
     * sample standard deviation of the live coverage over the seeds (0 with one seed); {@code meanReachableOfLive} the mean fraction
     * of live nodes that BFS over the surviving graph reaches from the source, which no broadcast can exceed; {@code accounting} sums
     * the link messages of all its runs.
     */
    public record CoveragePoint(String topology, String algorithm, Kind kind, int faults, int seeds, double meanLiveCoverage,
            double sdLiveCoverage, double minLiveCoverage, double meanReachableCoverage, double meanReachableOfLive,
            int runsInformingAllReachable, double meanSteps, boolean allBalanced, Accounting accounting) {
    }

    /**
     * One point of a routing curve; {@code gaveUp} counts the packets given up, those cut off at the hop limit included;
     * {@code deliveredUndeliverable} the delivered packets the surviving graph judged undeliverable (0 with the random faults before
     * step 1 these experiments draw; see {@link FaultRuns.RouteOutcome}); {@code deliveryRatio} the deliverable packets delivered over
     * the deliverable ones; {@code sdDeliveryRatio} the sample standard deviation over the seeds of each seed's own ratio;
     * {@code meanStretch} the mean over the seeds that delivered of each seed's mean stretch, {@code sdStretch} their sample standard
     * deviation (both spreads 0 with one seed); {@code accounting} sums the link messages of all its runs.
     */
    public record RoutingPoint(String topology, String algorithm, String mode, Kind kind, int faults, int seeds, long packets, long delivered,
            long undeliverable, long deliveredUndeliverable, long gaveUp, double deliveryRatio, double sdDeliveryRatio, double meanStretch,
            double sdStretch, double maxStretch, boolean allBalanced, Accounting accounting) {
    }

    /** The sample standard deviation of {@code values}; 0 for fewer than two (a single seed has no spread to show). */
    static double sampleSd(double[] values) {
        if (values.length < 2) {
            return 0;
        }
        double mean = java.util.Arrays.stream(values).average().orElse(0);
        double squares = java.util.Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum();
        return Math.sqrt(squares / (values.length - 1));
    }

    private FaultExperiments() {
    }

    /** Seed {@code k} of a sweep started from {@code seed}: distinct, reproducible. */
    static long seedOf(long seed, int faults, int k) {
        return seed + 1_000_003L * faults + k;
    }

    /** Broadcast coverage against 0..maxFaults random faults of {@code kind}, {@code seeds} seeds each, from node 0. */
    public static List<CoveragePoint> coverage(Engine engine, Topology t, List<BroadcastAlgorithm> algorithms, Kind kind, int maxFaults,
            int seeds, long seed, RunSettings settings, Observer progress) {
        return coverage(engine, t, algorithms, kind, maxFaults, seeds, seed, settings, FaultSpec.none(seed), progress);
    }

    /** One seed's run of a routing point: what it measured, and what became of its packets. */
    private record RoutedSeed(FaultRuns.Measured measured, FaultRuns.RouteOutcome outcome) {
    }

    /** One seed's run of a coverage point: what it measured, and the surviving network's live and reachable nodes. */
    private record Seeded(FaultRuns.Measured measured, long liveNodes, long reachable) {
    }

    /** As above, with {@code base}'s loss and extra delay in every run. */
    public static List<CoveragePoint> coverage(Engine engine, Topology t, List<BroadcastAlgorithm> algorithms, Kind kind, int maxFaults,
            int seeds, long seed, RunSettings settings, FaultSpec base, Observer progress) {
        List<CoveragePoint> points = new ArrayList<>();
        for (BroadcastAlgorithm algorithm : algorithms) {
            BroadcastSpec spec = new BroadcastSpec(algorithm, 1, 0);
            ProgramFactory programs = Programs.of(t, spec);
            for (int f = 0; f <= maxFaults; f++) {
                progress.accept(String.format("%s %s, %d random %s fault(s), %d seeds", t.name(), algorithm.key(), f, kind.key(), seeds));
                double[] lives = new double[seeds];
                double minLive = 1;
                double sumReach = 0;
                double sumReachableOfLive = 0;
                double sumSteps = 0;
                int all = 0;
                boolean balanced = true;
                Accounting sum = NOTHING;
                int faultCount = f;
                // the seeds' runs are independent: as many at once as the engine can, taken back in their order
                List<Seeded> runs = icn.node.engine.Sweeps.map(engine, seeds, k -> {
                    long s = seedOf(seed, faultCount, k);
                    FaultSpec faults = base.withSeed(s).withRandom(kind == Kind.NODES ? faultCount : 0, kind == Kind.LINKS ? faultCount : 0);
                    FaultPlan plan = faults.resolve(t, new int[] {0}, 1);
                    FaultRuns.Measured m = FaultRuns.run(engine, t, spec, programs, plan, settings);
                    SurvivingGraph g = new SurvivingGraph(t, plan);
                    long reachable = java.util.Arrays.stream(g.distancesFrom(0)).filter(d -> d != Bfs.UNREACHED).count();
                    return new Seeded(m, g.liveNodes(), reachable);
                });
                for (int k = 0; k < seeds; k++) {
                    Seeded r = runs.get(k);
                    FaultRuns.Measured m = r.measured();
                    long reachable = r.reachable();
                    long informed = m.metrics().informed(0);
                    double live = (double) informed / r.liveNodes();
                    lives[k] = live;
                    minLive = Math.min(minLive, live);
                    sumReach += (double) informed / reachable;
                    sumReachableOfLive += (double) reachable / r.liveNodes();
                    sumSteps += m.metrics().steps();
                    if (informed == reachable) {
                        all++;
                    }
                    Accounting a = m.accounting();
                    balanced &= a.balanced();
                    sum = plus(sum, a);
                }
                points.add(new CoveragePoint(t.name(), algorithm.key(), kind, f, seeds, java.util.Arrays.stream(lives).sum() / seeds,
                        sampleSd(lives), minLive, sumReach / seeds, sumReachableOfLive / seeds, all, sumSteps / seeds, balanced, sum));
                soFar(progress, "coverage.csv", coverageCsv(points.subList(points.size() - 1, points.size())));
            }
        }
        return points;
    }

    /**
     * What the coverage curves of {@link #coverage} on {@code topologies} apply: random faults of {@code kind} 0..{@code maxFaults}
     * before step 1, drawn anew for each seed and never at the source (unless {@code base} says otherwise), and {@code base}'s loss
     * and extra delay in every run.
     */
    public static AppliedFaults coverageApplied(List<Topology> topologies, Kind kind, int maxFaults, int seeds, FaultSpec base) {
        return AppliedFaults.curves(topologies, kind.key(), maxFaults, seeds, base.spareEndpoints(), base);
    }

    /** What the routing curves of {@link #routing} apply: as {@link #coverageApplied}, the random faults anywhere (endpoints included). */
    public static AppliedFaults routingApplied(List<Topology> topologies, Kind kind, int maxFaults, int seeds, FaultSpec base) {
        return AppliedFaults.curves(topologies, kind.key(), maxFaults, seeds, false, base);
    }

    /** Routing delivery ratio and stretch against 0..maxFaults random faults of {@code kind}, {@code seeds} seeds each. */
    public static List<RoutingPoint> routing(Engine engine, Topology t, List<String> algorithms, String mode, String sweep, Kind kind,
            int maxFaults, int seeds, long seed, RunSettings settings, Observer progress) {
        return routing(engine, t, algorithms, mode, sweep, kind, maxFaults, seeds, seed, settings, FaultSpec.none(seed), progress);
    }

    /** As above, with {@code base}'s loss and extra delay in every run. */
    public static List<RoutingPoint> routing(Engine engine, Topology t, List<String> algorithms, String requestedMode, String sweep,
            Kind kind, int maxFaults, int seeds, long seed, RunSettings settings, FaultSpec base, Observer progress) {
        List<RoutingPoint> points = new ArrayList<>();
        for (String algorithm : algorithms) {
            String mode = modeOf(t, algorithm, requestedMode);
            for (int f = 0; f <= maxFaults; f++) {
                progress.accept(String.format("%s %s (%s), %d random %s fault(s), %d seeds", t.name(), algorithm, mode, f, kind.key(), seeds));
                long packets = 0;
                long delivered = 0;
                long undeliverable = 0;
                long deliveredUndeliverable = 0;
                long gaveUp = 0;
                double[] ratios = new double[seeds];
                List<Double> stretches = new ArrayList<>();
                double maxStretch = 1;
                boolean balanced = true;
                Accounting sum = NOTHING;
                int faultCount = f;
                // the seeds' runs are independent: as many at once as the engine can, taken back in their order
                List<RoutedSeed> runs = icn.node.engine.Sweeps.map(engine, seeds, k -> {
                    long s = seedOf(seed, faultCount, k);
                    RoutingSpec spec = new RoutingSpec(algorithm, mode, sweep, s);
                    FaultSpec faults = new FaultSpec(s, kind == Kind.NODES ? faultCount : 0, kind == Kind.LINKS ? faultCount : 0, false,
                            base.loss(), base.extraDelay(), List.of(), false);
                    FaultPlan plan = faults.resolve(t, new int[0], 1);
                    RoutingPrograms programs = new RoutingPrograms(t, spec, RouteSources.of(t, spec, plan));
                    FaultRuns.Measured m = FaultRuns.run(engine, t, spec, programs, plan, settings);
                    return new RoutedSeed(m, FaultRuns.outcome(t, programs, plan, m.metrics()));
                });
                for (int k = 0; k < seeds; k++) {
                    FaultRuns.Measured m = runs.get(k).measured();
                    FaultRuns.RouteOutcome r = runs.get(k).outcome();
                    packets += r.packets();
                    delivered += r.delivered();
                    undeliverable += r.undeliverable();
                    deliveredUndeliverable += r.deliveredUndeliverable();
                    gaveUp += r.gaveUp() + r.hopLimited();
                    long seedDeliverable = r.packets() - r.undeliverable();
                    ratios[k] = seedDeliverable == 0 ? 1.0 : (double) (r.delivered() - r.deliveredUndeliverable()) / seedDeliverable;
                    if (r.delivered() > 0) {
                        stretches.add(r.meanStretch());
                    }
                    maxStretch = Math.max(maxStretch, r.maxStretch());
                    balanced &= m.accounting().balanced();
                    sum = plus(sum, m.accounting());
                }
                long deliverable = packets - undeliverable;
                double[] stretch = stretches.stream().mapToDouble(Double::doubleValue).toArray();
                // no clamp: packets delivered although judged undeliverable are counted apart (and shown), not hidden in the ratio
                points.add(new RoutingPoint(t.name(), algorithm, mode, kind, f, seeds, packets, delivered, undeliverable,
                        deliveredUndeliverable, gaveUp, deliverable == 0 ? 1.0 : (double) (delivered - deliveredUndeliverable) / deliverable,
                        sampleSd(ratios), stretch.length == 0 ? 1.0 : java.util.Arrays.stream(stretch).average().orElse(1.0),
                        sampleSd(stretch), maxStretch, balanced, sum));
                soFar(progress, "routing.csv", routingCsv(points.subList(points.size() - 1, points.size())));
            }
        }
        return points;
    }

    private static final Accounting NOTHING = new Accounting(0, 0, 0, 0, 0, 0);

    private static Accounting plus(Accounting a, Accounting b) {
        return new Accounting(a.sent() + b.sent(), a.delivered() + b.delivered(), a.nodeCrashed() + b.nodeCrashed(),
                a.linkCut() + b.linkCut(), a.lostInTransit() + b.lostInTransit(), a.lostWithMember() + b.lostWithMember());
    }

    /** The mode an algorithm runs in: dfs is distributed by nature; the others in the mode asked for. */
    public static String modeOf(Topology t, String algorithm, String requestedMode) {
        if (algorithm.equals(DfsRouting.KEY)) {
            return "distributed"; // decides hop by hop
        }
        if (algorithm.equals(icn.node.routing.cr.FaultTolerantRoute.KEY)) {
            return "source"; // 003 §3.2 chooses its detour at the source
        }
        if (requestedMode != null) {
            return requestedMode;
        }
        // no mode asked for: distributed where the routing has a distributed form, from the source otherwise
        return icn.node.kind.RouteSources.hasForm(t, algorithm, "distributed") ? "distributed" : "source";
    }

    /**
     * The link-message columns beside {@code accounting_balanced}, summed over a point's runs ({@code messages_} where the routing
     * CSV's {@code delivered} already counts packets).
     */
    static final String ACCOUNTING_COLUMNS = "messages_sent,messages_delivered,dropped_node_crashed,dropped_link_cut,lost_in_transit,"
            + "lost_with_member";

    private static String accountingCells(Accounting a) {
        return a.sent() + "," + a.delivered() + "," + a.nodeCrashed() + "," + a.linkCut() + "," + a.lostInTransit() + ","
                + a.lostWithMember();
    }

    /** One point, as its CSV has it (header and row), kept as measured so far. */
    private static void soFar(Observer progress, String file, String csv) {
        String[] lines = csv.split("\n");
        progress.row(file, lines[0], lines[1]);
    }

    public static String coverageCsv(List<CoveragePoint> points) {
        StringBuilder sb = new StringBuilder("topology,algorithm,fault_kind,faults,seeds,mean_live_coverage,min_live_coverage,"
                + "mean_reachable_coverage,runs_informing_all_reachable,mean_steps,accounting_balanced," + ACCOUNTING_COLUMNS
                + ",sd_live_coverage,mean_bfs_reachable_of_live\n");
        for (CoveragePoint p : points) {
            sb.append(String.format(java.util.Locale.ROOT, "%s,%s,%s,%d,%d,%.6f,%.6f,%.6f,%d,%.3f,%b,%s,%.6f,%.6f%n", p.topology(),
                    p.algorithm(), p.kind().key(), p.faults(), p.seeds(), p.meanLiveCoverage(), p.minLiveCoverage(),
                    p.meanReachableCoverage(), p.runsInformingAllReachable(), p.meanSteps(), p.allBalanced(), accountingCells(p.accounting()),
                    p.sdLiveCoverage(), p.meanReachableOfLive()));
        }
        return sb.toString();
    }

    public static String routingCsv(List<RoutingPoint> points) {
        StringBuilder sb = new StringBuilder("topology,algorithm,mode,fault_kind,faults,seeds,packets,delivered,undeliverable,gave_up,"
                + "delivery_ratio,mean_stretch,max_stretch,accounting_balanced," + ACCOUNTING_COLUMNS + ",delivered_undeliverable,"
                + "sd_delivery_ratio,sd_stretch\n");
        for (RoutingPoint p : points) {
            sb.append(String.format(java.util.Locale.ROOT, "%s,%s,%s,%s,%d,%d,%d,%d,%d,%d,%.6f,%.6f,%.6f,%b,%s,%d,%.6f,%.6f%n", p.topology(),
                    p.algorithm(), p.mode(), p.kind().key(), p.faults(), p.seeds(), p.packets(), p.delivered(), p.undeliverable(), p.gaveUp(),
                    p.deliveryRatio(), p.meanStretch(), p.maxStretch(), p.allBalanced(), accountingCells(p.accounting()),
                    p.deliveredUndeliverable(), p.sdDeliveryRatio(), p.sdStretch()));
        }
        return sb.toString();
    }

    public static String coverageTable(List<CoveragePoint> points) {
        StringBuilder sb = new StringBuilder(String.format("%-14s %-18s %-5s %6s %6s %12s %12s %14s %10s%n", "topology", "algorithm",
                "kind", "faults", "seeds", "mean live", "min live", "of reachable", "balanced"));
        for (CoveragePoint p : points) {
            sb.append(String.format("%-14s %-18s %-5s %6d %6d %12.4f %12.4f %14.4f %10s%n", p.topology(), p.algorithm(), p.kind().key(),
                    p.faults(), p.seeds(), p.meanLiveCoverage(), p.minLiveCoverage(), p.meanReachableCoverage(), p.allBalanced() ? "yes" : "NO"));
        }
        return sb.toString();
    }

    public static String routingTable(List<RoutingPoint> points) {
        StringBuilder sb = new StringBuilder(String.format("%-12s %-15s %-11s %-4s %6s %7s %9s %8s %7s %6s %7s %7s %8s%n", "topology",
                "algorithm", "mode", "kind", "faults", "packets", "delivered", "undeliv.", "gave up", "ratio", "stretch", "max", "balanced"));
        for (RoutingPoint p : points) {
            sb.append(String.format("%-12s %-15s %-11s %-4s %6d %7d %9d %8d %7d %6.4f %7.4f %7.4f %8s%n", p.topology(), p.algorithm(), p.mode(),
                    p.kind().key(), p.faults(), p.packets(), p.delivered(), p.undeliverable(), p.gaveUp(), p.deliveryRatio(), p.meanStretch(),
                    p.maxStretch(), p.allBalanced() ? "yes" : "NO"));
        }
        long judgedUndeliverable = points.stream().mapToLong(RoutingPoint::deliveredUndeliverable).sum();
        if (judgedUndeliverable > 0) {
            sb.append(String.format("%,d delivered packet(s) had been judged undeliverable by the surviving graph; the ratio leaves them"
                    + " out (column delivered_undeliverable)%n", judgedUndeliverable));
        }
        return sb.toString();
    }

    /**
     * Writes result.json, the CSV and the PNG(s) into a new directory under {@code root}, whole or not at all, saying what the runs
     * {@code applied} ({@link #coverageApplied}).
     */
    public static Path writeCoverage(Path root, String name, long seed, List<CoveragePoint> points, AppliedFaults applied)
            throws IOException {
        return writePoints(root, name, "coverage", seed, points, applied, dir -> {
            ReportWriter.writeText(dir.resolve("coverage.csv"), coverageCsv(points));
            png(FaultCharts.coverageChart(points, seed), dir.resolve("coverage.png")); // and coverage.svg
            ReportWriter.writeText(dir.resolve("report.md"), "# Broadcast coverage against random faults\n\nSeed " + seed
                    + "; the mean over the seeds of each point, its spread in the CSV.\n\n" + applied.line() + "\n\n```\n"
                    + coverageTable(points)
                    + "```\n\nFiles: `coverage.csv` (every point), `coverage.png` / `coverage.svg` (the curves, ±1 sd), `result.json`.\n");
        });
    }

    /** As {@link #writeCoverage}, for routing curves ({@link #routingApplied}). */
    public static Path writeRouting(Path root, String name, long seed, List<RoutingPoint> points, AppliedFaults applied)
            throws IOException {
        return writePoints(root, name, "routing", seed, points, applied, dir -> {
            ReportWriter.writeText(dir.resolve("routing.csv"), routingCsv(points));
            png(FaultCharts.routingChart(points, false, seed), dir.resolve("delivery.png"));
            png(FaultCharts.routingChart(points, true, seed), dir.resolve("stretch.png"));
            ReportWriter.writeText(dir.resolve("report.md"), "# Routing against random faults\n\nSeed " + seed
                    + "; the mean over the seeds of each point, its spread in the CSV.\n\n" + applied.line() + "\n\n```\n"
                    + routingTable(points)
                    + "```\n\nFiles: `routing.csv` (every point), `delivery.png` / `.svg` and `stretch.png` / `.svg` (the curves, ±1 sd),"
                    + " `result.json`.\n");
        });
    }

    // result.json {experiment, seed, applied, points}, then the experiment's own files
    private static Path writePoints(Path root, String name, String experiment, long seed, List<?> points, AppliedFaults applied,
            ReportWriter.DirectoryContent files) throws IOException {
        return ReportWriter.writeDirectory(root, name, dir -> {
            ObjectNode o = JSON.createObjectNode();
            o.put("experiment", experiment);
            o.put("seed", seed);
            o.set("applied", applied.json());
            ArrayNode a = o.putArray("points");
            points.forEach(p -> a.add(JSON.valueToTree(p)));
            ReportWriter.writeJson(dir.resolve(ReportWriter.RESULT_JSON), o);
            files.writeInto(dir);
        });
    }

    /** Writes {@code file} (a .png) and the SVG beside it. */
    static Charts.Saved png(XYChart chart, Path file) throws IOException {
        return Charts.save(chart, file);
    }
}
