package icn.scenarios;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.packet.RouteSources;
import icn.node.routing.AdaptiveRouting;
import icn.node.packet.RoutingPrograms;
import icn.node.program.ProgramFactory;
import icn.node.program.Programs;
import icn.protocols.Bfs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.Topology;
import icn.protocols.fault.Accounting;
import icn.protocols.fault.FaultPlan;
import icn.protocols.fault.FaultSpec;
import icn.protocols.fault.SurvivingGraph;
import icn.protocols.wire.BroadcastSpec;
import icn.protocols.wire.RoutingSpec;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

/**
 * The fault experiments of issue 6, over many seeds: broadcast coverage against the number of random node or link faults
 * (Algorithms 4 and 5 of 001, and flooding), and routing delivery ratio and stretch against the number of faults. Every point is the
 * mean over its seeds of what the runs measured; every run's accounting must balance, and the table says whether all did. Written as
 * CSV and a PNG plot (XChart) beside {@code result.json}.
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

        public String key() {
            return key;
        }
    }

    /**
     * One point of a coverage curve: a topology, an algorithm, a fault count, averaged over seeds; {@code accounting} sums the link
     * messages of all its runs.
     */
    public record CoveragePoint(String topology, String algorithm, Kind kind, int faults, int seeds, double meanLiveCoverage,
            double minLiveCoverage, double meanReachableCoverage, int runsInformingAllReachable, double meanSteps, boolean allBalanced,
            Accounting accounting) {
    }

    /**
     * One point of a routing curve; {@code gaveUp} counts the packets given up, those cut off at the hop limit included;
     * {@code deliveredUndeliverable} the delivered packets the surviving graph judged undeliverable (0 with the random faults before
     * step 1 these experiments draw; see {@link FaultRuns.RouteOutcome}); {@code deliveryRatio} the deliverable packets delivered over
     * the deliverable ones; {@code accounting} sums the link messages of all its runs.
     */
    public record RoutingPoint(String topology, String algorithm, String mode, Kind kind, int faults, int seeds, long packets, long delivered,
            long undeliverable, long deliveredUndeliverable, long gaveUp, double deliveryRatio, double meanStretch, double maxStretch,
            boolean allBalanced, Accounting accounting) {
    }

    private FaultExperiments() {
    }

    /** Seed {@code k} of a sweep started from {@code seed}: distinct, reproducible. */
    static long seedOf(long seed, int faults, int k) {
        return seed + 1_000_003L * faults + k;
    }

    /** Broadcast coverage against 0..maxFaults random faults of {@code kind}, {@code seeds} seeds each, from node 0. */
    public static List<CoveragePoint> coverage(Machines machines, Topology t, List<BroadcastAlgorithm> algorithms, Kind kind, int maxFaults,
            int seeds, long seed, BroadcastExperiment.Settings settings, Consumer<String> progress) {
        return coverage(machines, t, algorithms, kind, maxFaults, seeds, seed, settings, FaultSpec.none(seed), progress);
    }

    /** As above, with {@code base}'s loss and extra delay in every run. */
    public static List<CoveragePoint> coverage(Machines machines, Topology t, List<BroadcastAlgorithm> algorithms, Kind kind, int maxFaults,
            int seeds, long seed, BroadcastExperiment.Settings settings, FaultSpec base, Consumer<String> progress) {
        List<CoveragePoint> points = new ArrayList<>();
        for (BroadcastAlgorithm algorithm : algorithms) {
            BroadcastSpec spec = new BroadcastSpec(algorithm, 1, 0);
            ProgramFactory programs = Programs.of(t, spec);
            for (int f = 0; f <= maxFaults; f++) {
                progress.accept(String.format("%s %s, %d random %s fault(s), %d seeds", t.name(), algorithm.key(), f, kind.key(), seeds));
                double sumLive = 0;
                double minLive = 1;
                double sumReach = 0;
                double sumSteps = 0;
                int all = 0;
                boolean balanced = true;
                Accounting sum = NOTHING;
                for (int k = 0; k < seeds; k++) {
                    long s = seedOf(seed, f, k);
                    FaultSpec faults = base.withSeed(s).withRandom(kind == Kind.NODES ? f : 0, kind == Kind.LINKS ? f : 0);
                    FaultPlan plan = faults.resolve(t, new int[] {0}, 1);
                    FaultRuns.Measured m = FaultRuns.run(machines, t, spec, programs, plan, settings);
                    SurvivingGraph g = new SurvivingGraph(t, plan);
                    long reachable = java.util.Arrays.stream(g.distancesFrom(0)).filter(d -> d != Bfs.UNREACHED).count();
                    long informed = m.metrics().informed(0);
                    double live = (double) informed / g.liveNodes();
                    sumLive += live;
                    minLive = Math.min(minLive, live);
                    sumReach += (double) informed / reachable;
                    sumSteps += m.metrics().steps();
                    if (informed == reachable) {
                        all++;
                    }
                    Accounting a = m.accounting();
                    balanced &= a.balanced();
                    sum = plus(sum, a);
                }
                points.add(new CoveragePoint(t.name(), algorithm.key(), kind, f, seeds, sumLive / seeds, minLive, sumReach / seeds, all,
                        sumSteps / seeds, balanced, sum));
            }
        }
        return points;
    }

    /** Routing delivery ratio and stretch against 0..maxFaults random faults of {@code kind}, {@code seeds} seeds each. */
    public static List<RoutingPoint> routing(Machines machines, Topology t, List<String> algorithms, String mode, String sweep, Kind kind,
            int maxFaults, int seeds, long seed, BroadcastExperiment.Settings settings, Consumer<String> progress) {
        return routing(machines, t, algorithms, mode, sweep, kind, maxFaults, seeds, seed, settings, FaultSpec.none(seed), progress);
    }

    /** As above, with {@code base}'s loss and extra delay in every run. */
    public static List<RoutingPoint> routing(Machines machines, Topology t, List<String> algorithms, String requestedMode, String sweep,
            Kind kind, int maxFaults, int seeds, long seed, BroadcastExperiment.Settings settings, FaultSpec base, Consumer<String> progress) {
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
                double sumStretch = 0;
                double maxStretch = 1;
                long stretchRuns = 0;
                boolean balanced = true;
                Accounting sum = NOTHING;
                for (int k = 0; k < seeds; k++) {
                    long s = seedOf(seed, f, k);
                    RoutingSpec spec = new RoutingSpec(algorithm, mode, sweep, s);
                    FaultSpec faults = new FaultSpec(s, kind == Kind.NODES ? f : 0, kind == Kind.LINKS ? f : 0, false, base.loss(),
                            base.extraDelay(), List.of(), false);
                    FaultPlan plan = faults.resolve(t, new int[0], 1);
                    RoutingPrograms programs = new RoutingPrograms(t, spec, RouteSources.of(t, spec, plan));
                    FaultRuns.Measured m = FaultRuns.run(machines, t, spec, programs, plan, settings);
                    FaultRuns.RouteOutcome r = FaultRuns.outcome(t, programs, plan, m.metrics());
                    packets += r.packets();
                    delivered += r.delivered();
                    undeliverable += r.undeliverable();
                    deliveredUndeliverable += r.deliveredUndeliverable();
                    gaveUp += r.gaveUp() + r.hopLimited();
                    if (r.delivered() > 0) {
                        sumStretch += r.meanStretch();
                        stretchRuns++;
                    }
                    maxStretch = Math.max(maxStretch, r.maxStretch());
                    balanced &= m.accounting().balanced();
                    sum = plus(sum, m.accounting());
                }
                long deliverable = packets - undeliverable;
                // no clamp: packets delivered although judged undeliverable are counted apart (and shown), not hidden in the ratio
                points.add(new RoutingPoint(t.name(), algorithm, mode, kind, f, seeds, packets, delivered, undeliverable,
                        deliveredUndeliverable, gaveUp, deliverable == 0 ? 1.0 : (double) (delivered - deliveredUndeliverable) / deliverable,
                        stretchRuns == 0 ? 1.0 : sumStretch / stretchRuns, maxStretch, balanced, sum));
            }
        }
        return points;
    }

    private static final Accounting NOTHING = new Accounting(0, 0, 0, 0, 0, 0);

    private static Accounting plus(Accounting a, Accounting b) {
        return new Accounting(a.sent() + b.sent(), a.delivered() + b.delivered(), a.nodeCrashed() + b.nodeCrashed(),
                a.linkCut() + b.linkCut(), a.lostInTransit() + b.lostInTransit(), a.lostWithMember() + b.lostWithMember());
    }

    /** The mode an algorithm runs in: adaptive routing is distributed by nature; the others in the mode asked for. */
    public static String modeOf(Topology t, String algorithm, String requestedMode) {
        if (algorithm.equals(AdaptiveRouting.KEY)) {
            return "distributed"; // decides hop by hop
        }
        if (algorithm.equals(icn.node.routing.cr.FaultTolerantRoute.KEY)) {
            return "source"; // 003 §3.2 chooses its detour at the source
        }
        if (requestedMode != null) {
            return requestedMode;
        }
        // no mode asked for: distributed where the routing has a distributed form, from the source otherwise
        return icn.node.packet.RouteSources.hasForm(t, algorithm, "distributed") ? "distributed" : "source";
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

    public static String coverageCsv(List<CoveragePoint> points) {
        StringBuilder sb = new StringBuilder("topology,algorithm,fault_kind,faults,seeds,mean_live_coverage,min_live_coverage,"
                + "mean_reachable_coverage,runs_informing_all_reachable,mean_steps,accounting_balanced," + ACCOUNTING_COLUMNS + "\n");
        for (CoveragePoint p : points) {
            sb.append(String.format(java.util.Locale.ROOT, "%s,%s,%s,%d,%d,%.6f,%.6f,%.6f,%d,%.3f,%b,%s%n", p.topology(), p.algorithm(),
                    p.kind().key(), p.faults(), p.seeds(), p.meanLiveCoverage(), p.minLiveCoverage(), p.meanReachableCoverage(),
                    p.runsInformingAllReachable(), p.meanSteps(), p.allBalanced(), accountingCells(p.accounting())));
        }
        return sb.toString();
    }

    public static String routingCsv(List<RoutingPoint> points) {
        StringBuilder sb = new StringBuilder("topology,algorithm,mode,fault_kind,faults,seeds,packets,delivered,undeliverable,gave_up,"
                + "delivery_ratio,mean_stretch,max_stretch,accounting_balanced," + ACCOUNTING_COLUMNS + ",delivered_undeliverable\n");
        for (RoutingPoint p : points) {
            sb.append(String.format(java.util.Locale.ROOT, "%s,%s,%s,%s,%d,%d,%d,%d,%d,%d,%.6f,%.6f,%.6f,%b,%s,%d%n", p.topology(),
                    p.algorithm(), p.mode(), p.kind().key(), p.faults(), p.seeds(), p.packets(), p.delivered(), p.undeliverable(), p.gaveUp(),
                    p.deliveryRatio(), p.meanStretch(), p.maxStretch(), p.allBalanced(), accountingCells(p.accounting()),
                    p.deliveredUndeliverable()));
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

    /** The coverage curves as one chart: mean coverage of live nodes against the fault count, a series per topology and algorithm. */
    public static XYChart coverageChart(List<CoveragePoint> points, long seed) {
        XYChart chart = new XYChartBuilder().width(900).height(560).title("Broadcast coverage under random faults" + seeds(seed, points.isEmpty() ? 0 : points.get(0).seeds()))
                .xAxisTitle("random " + (points.isEmpty() ? "" : points.get(0).kind().key()) + " faults").yAxisTitle("mean informed fraction of live nodes").build();
        java.util.Map<String, List<CoveragePoint>> series = new java.util.LinkedHashMap<>();
        for (CoveragePoint p : points) {
            series.computeIfAbsent(p.topology() + " " + p.algorithm(), k -> new ArrayList<>()).add(p);
        }
        series.forEach((name, ps) -> chart.addSeries(name, ps.stream().mapToDouble(CoveragePoint::faults).toArray(),
                ps.stream().mapToDouble(CoveragePoint::meanLiveCoverage).toArray()));
        return chart;
    }

    private static String seeds(long seed, int perPoint) {
        return String.format(java.util.Locale.ROOT, " (seed %d, %d seed(s) per point)", seed, perPoint);
    }

    /** Delivery ratio (and, on a second chart, mean stretch) against the fault count. */
    public static XYChart routingChart(List<RoutingPoint> points, boolean stretch, long seed) {
        XYChart chart = new XYChartBuilder().width(900).height(560)
                .title((stretch ? "Routing stretch over the surviving graph" : "Routing delivery ratio (deliverable packets)")
                        + seeds(seed, points.isEmpty() ? 0 : points.get(0).seeds()))
                .xAxisTitle("random " + (points.isEmpty() ? "" : points.get(0).kind().key()) + " faults")
                .yAxisTitle(stretch ? "mean stretch" : "delivered / deliverable").build();
        java.util.Map<String, List<RoutingPoint>> series = new java.util.LinkedHashMap<>();
        for (RoutingPoint p : points) {
            series.computeIfAbsent(p.topology() + " " + p.algorithm() + " " + p.mode(), k -> new ArrayList<>()).add(p);
        }
        series.forEach((name, ps) -> chart.addSeries(name, ps.stream().mapToDouble(RoutingPoint::faults).toArray(),
                ps.stream().mapToDouble(stretch ? RoutingPoint::meanStretch : RoutingPoint::deliveryRatio).toArray()));
        return chart;
    }

    /** Writes result.json, the CSV and the PNG(s) into a new directory under {@code root}, whole or not at all. */
    public static Path writeCoverage(Path root, String name, long seed, List<CoveragePoint> points) throws IOException {
        return ReportWriter.writeDirectory(root, name, dir -> {
            ObjectNode o = JSON.createObjectNode();
            o.put("experiment", "coverage");
            o.put("seed", seed);
            ArrayNode a = o.putArray("points");
            points.forEach(p -> a.add(JSON.valueToTree(p)));
            Files.writeString(dir.resolve("result.json"), o.toPrettyString() + "\n", StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("coverage.csv"), coverageCsv(points), StandardCharsets.UTF_8);
            png(coverageChart(points, seed), dir.resolve("coverage.png"));
        });
    }

    public static Path writeRouting(Path root, String name, long seed, List<RoutingPoint> points) throws IOException {
        return ReportWriter.writeDirectory(root, name, dir -> {
            ObjectNode o = JSON.createObjectNode();
            o.put("experiment", "routing");
            o.put("seed", seed);
            ArrayNode a = o.putArray("points");
            points.forEach(p -> a.add(JSON.valueToTree(p)));
            Files.writeString(dir.resolve("result.json"), o.toPrettyString() + "\n", StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("routing.csv"), routingCsv(points), StandardCharsets.UTF_8);
            png(routingChart(points, false, seed), dir.resolve("delivery.png"));
            png(routingChart(points, true, seed), dir.resolve("stretch.png"));
        });
    }

    static void png(XYChart chart, Path file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        try (OutputStream out = Files.newOutputStream(file)) {
            BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
        }
    }
}
