package icn.scenarios.faults;

import icn.scenarios.report.Charts;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;

/** The charts of fault experiments: coverage against faults, and routing's delivery or stretch against faults. */
public final class FaultCharts {

    private FaultCharts() {
    }

    /**
     * The coverage curves as one chart: mean coverage of live nodes against the fault count, a series per topology and algorithm with
     * bars of ± 1 standard deviation over the seeds, and per topology the mean fraction of live nodes BFS reaches from the source
     * over the surviving graph (the most any broadcast can inform), dashed.
     */
    public static XYChart coverageChart(List<FaultExperiments.CoveragePoint> points, long seed) {
        XYChart chart = Charts.xy(Charts.title("Broadcast coverage under random " + kindOf(points) + " faults",
                distinct(points, FaultExperiments.CoveragePoint::topology), distinct(points, FaultExperiments.CoveragePoint::algorithm), seeds(seed, points)),
                "random " + kindOf(points) + " faults", "informed fraction of live nodes (mean over seeds, bars ± 1 sd)");
        Charts.integerXAxis(chart);
        java.util.Map<String, List<FaultExperiments.CoveragePoint>> series = new java.util.LinkedHashMap<>();
        java.util.Map<String, List<FaultExperiments.CoveragePoint>> byTopology = new java.util.LinkedHashMap<>();
        for (FaultExperiments.CoveragePoint p : points) {
            series.computeIfAbsent(p.topology() + " " + p.algorithm(), k -> new ArrayList<>()).add(p);
            if (byTopology.computeIfAbsent(p.topology(), k -> new ArrayList<>()).stream().noneMatch(q -> q.faults() == p.faults())) {
                byTopology.get(p.topology()).add(p); // every algorithm of a topology ran on the same faults: one BFS curve each
            }
        }
        int slot = 0;
        for (var e : series.entrySet()) {
            List<FaultExperiments.CoveragePoint> ps = e.getValue();
            Charts.measured(chart, slot++, e.getKey(), ps.stream().mapToDouble(FaultExperiments.CoveragePoint::faults).toArray(),
                    ps.stream().mapToDouble(FaultExperiments.CoveragePoint::meanLiveCoverage).toArray(),
                    ps.stream().mapToDouble(FaultExperiments.CoveragePoint::sdLiveCoverage).toArray());
        }
        for (var e : byTopology.entrySet()) {
            List<FaultExperiments.CoveragePoint> ps = e.getValue();
            Charts.reference(chart, Charts.BLACK_SLOT, (byTopology.size() > 1 ? e.getKey() + " " : "")
                    + "BFS: live nodes reachable from the source", ps.stream().mapToDouble(FaultExperiments.CoveragePoint::faults).toArray(),
                    ps.stream().mapToDouble(FaultExperiments.CoveragePoint::meanReachableOfLive).toArray());
        }
        return chart;
    }

    private static String kindOf(List<?> points) {
        if (points.isEmpty()) {
            return "";
        }
        Object p = points.get(0);
        return (p instanceof FaultExperiments.CoveragePoint c ? c.kind() : ((FaultExperiments.RoutingPoint) p).kind()).key();
    }

    private static <P> String distinct(List<P> points, java.util.function.Function<P, String> f) {
        return points.isEmpty() ? "no points" : String.join(", ", points.stream().map(f).distinct().toList());
    }

    private static String seeds(long seed, List<?> points) {
        int perPoint = points.isEmpty() ? 0 : points.get(0) instanceof FaultExperiments.CoveragePoint c ? c.seeds() : ((FaultExperiments.RoutingPoint) points.get(0)).seeds();
        return String.format(java.util.Locale.ROOT, "%d (%d seeds a point)", seed, perPoint);
    }

    /**
     * Delivery ratio (and, on a second chart, mean stretch) against the fault count, bars ± 1 standard deviation over the seeds, beside
     * what BFS over the surviving graph gives: every deliverable packet delivered, stretch 1.
     */
    public static XYChart routingChart(List<FaultExperiments.RoutingPoint> points, boolean stretch, long seed) {
        XYChart chart = Charts.xy(Charts.title(stretch ? "Routing stretch under random " + kindOf(points) + " faults"
                : "Routing delivery ratio under random " + kindOf(points) + " faults", distinct(points, FaultExperiments.RoutingPoint::topology),
                distinct(points, FaultExperiments.RoutingPoint::algorithm) + " (" + distinct(points, FaultExperiments.RoutingPoint::mode) + ")", seeds(seed, points)),
                "random " + kindOf(points) + " faults", stretch ? "route length / BFS distance (mean over seeds, bars ± 1 sd)"
                        : "delivered / deliverable (all seeds pooled, bars ± 1 sd of the seeds' ratios)");
        Charts.integerXAxis(chart);
        java.util.Map<String, List<FaultExperiments.RoutingPoint>> series = new java.util.LinkedHashMap<>();
        for (FaultExperiments.RoutingPoint p : points) {
            series.computeIfAbsent(p.topology() + " " + p.algorithm() + " " + p.mode(), k -> new ArrayList<>()).add(p);
        }
        int slot = 0;
        for (var e : series.entrySet()) {
            List<FaultExperiments.RoutingPoint> ps = e.getValue();
            Charts.measured(chart, slot++, e.getKey(), ps.stream().mapToDouble(FaultExperiments.RoutingPoint::faults).toArray(),
                    ps.stream().mapToDouble(stretch ? FaultExperiments.RoutingPoint::meanStretch : FaultExperiments.RoutingPoint::deliveryRatio).toArray(),
                    ps.stream().mapToDouble(stretch ? FaultExperiments.RoutingPoint::sdStretch : FaultExperiments.RoutingPoint::sdDeliveryRatio).toArray());
        }
        int maxFaults = points.stream().mapToInt(FaultExperiments.RoutingPoint::faults).max().orElse(0);
        Charts.horizontalReference(chart, Charts.BLACK_SLOT, stretch ? "BFS over the surviving graph: stretch 1"
                : "BFS over the surviving graph: every deliverable packet", 1.0, 0, maxFaults);
        return chart;
    }
}
