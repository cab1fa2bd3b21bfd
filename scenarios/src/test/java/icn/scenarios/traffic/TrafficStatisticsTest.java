package icn.scenarios.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.protocols.Partition;
import icn.protocols.fault.FaultPlan;
import icn.protocols.fault.FaultSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Latency percentiles, the histogram, latency by hop count and accepted throughput per node, against what they must be. */
class TrafficStatisticsTest {

    @TempDir
    Path dir;

    @Test
    void nearestRankPercentiles() {
        long[] sorted = new long[1000];
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = i + 1; // 1 … 1000
        }
        assertEquals(500, TrafficStatistics.percentile(sorted, 50));
        assertEquals(990, TrafficStatistics.percentile(sorted, 99));
        assertEquals(999, TrafficStatistics.percentile(sorted, 99.9));
        assertEquals(7, TrafficStatistics.percentile(new long[] {7}, 99.9));
        assertTrue(Double.isNaN(TrafficStatistics.percentile(new long[0], 50)));
    }

    @Test
    void aCurvesStatisticsAddUpToItsPoints() throws Exception {
        int flits = 8;
        TrafficSettings s = new TrafficSettings("torus:4,2", "dimension-order", "uniform", 2, flits, 4, List.of(0.0005, 0.03),
                TrafficSettings.AUTO_WARMUP, 6_000, TrafficSettings.defaultDrain(6_000), 3, EngineKind.SEQUENTIAL, 1, 1,
                Partition.Kind.SUPERNODE, FaultSpec.none(3));
        TrafficExperiment.Curve c = TrafficExperiment.run(Engine.reference(), s, FaultPlan.NONE, line -> { });
        for (int i = 0; i < c.runs().size(); i++) {
            TrafficPoint p = c.points().get(i);
            TrafficStatistics st = TrafficReport.statistics(c, i);
            assertTrue(st.p50() <= st.p99() && st.p99() <= st.p999(), "ordered percentiles");
            assertEquals(p.messages(), st.byHops().stream().mapToDouble(r -> r[1]).sum(), 0, "every measured message has a hop count");
            assertEquals(p.messages(), st.histogram().stream().mapToDouble(b -> b[2]).sum(), 0, "every measured message has a bin");
            assertEquals(p.accepted(), st.acceptedSpread()[1], 1e-9, "the nodes' accepted rates average to the network's");
            for (double[] r : st.byHops()) {
                assertTrue(r[2] >= flits - 1 + r[0] - 1e-9, "no message is faster than M − 1 + its hops: " + r[0] + " hops, " + r[2]);
            }
        }
        // at 0.0005 messages per node per cycle messages almost never meet: each hop count's mean latency is M − 1 + hops
        for (double[] r : TrafficReport.statistics(c, 0).byHops()) {
            assertEquals(flits - 1 + r[0], r[2], 0.05 * (flits - 1 + r[0]), "zero-load latency of " + (int) r[0] + " hops");
        }
        Path written = TrafficReport.write(dir, "t", c);
        for (String csv : List.of(TrafficReport.HISTOGRAM_CSV, TrafficReport.BY_HOPS_CSV, TrafficReport.PER_NODE_CSV)) {
            assertTrue(Files.readAllLines(written.resolve(csv)).size() > 2, csv);
        }
        assertTrue(TrafficReport.json(c).get("points").get(0).get("latencyPercentiles").has("p999"));
        assertTrue(TrafficReport.text(c).contains(" p99 "), "the text's table has a p99 column");
    }

    /**
     * A mixed curve (issue 32): its classes' and lengths' rows add up to the point's messages and accepted throughput, offered and
     * accepted count each message's own flits, the zero-load latency takes the mean length, and 002's model stands aside.
     */
    @Test
    void aMixedCurveAccountsEveryClassAndLength() throws Exception {
        icn.protocols.traffic.TrafficMix mix = icn.protocols.traffic.TrafficMix.of("uniform", 1, "2:0.5,14:0.5",
                List.of("uniform@0.6", "transpose@0.4@6"));
        TrafficSettings s = new TrafficSettings("hypercube:4", "adaptive", "uniform", 3, 8, 4, List.of(0.002, 0.01),
                TrafficSettings.AUTO_WARMUP, 6_000, TrafficSettings.defaultDrain(6_000), 3, EngineKind.SEQUENTIAL, 1, 1,
                Partition.Kind.SUPERNODE, FaultSpec.none(3)).withMix(mix);
        assertEquals(14, s.flits(), "M is the longest message");
        assertEquals(0.6 * 8 + 0.4 * 6, s.meanFlits(), 1e-12);
        TrafficExperiment.Curve c = TrafficExperiment.run(Engine.reference(), s, FaultPlan.NONE, line -> { });
        assertEquals(s.meanFlits() - 1 + c.meanDistance(), c.zeroLoadLatency(), 1e-12);
        assertTrue(c.model().startsWith("none (002's model has one message length"), c.model());
        for (int i = 0; i < c.runs().size(); i++) {
            TrafficPoint p = c.points().get(i);
            TrafficStatistics st = TrafficReport.statistics(c, i);
            assertEquals(2, st.byClass().size());
            assertEquals(List.of(2.0, 6.0, 14.0), st.bySize().stream().map(r -> r[0]).toList());
            assertEquals(p.messages(), st.byClass().stream().mapToDouble(r -> r[1]).sum(), 0, "every message has a class");
            assertEquals(p.messages(), st.bySize().stream().mapToDouble(r -> r[1]).sum(), 0, "every message has a length");
            assertEquals(p.accepted(), st.byClass().stream().mapToDouble(r -> r[4]).sum(), 1e-9, "the classes' accepted rates add up");
            assertEquals(p.accepted(), st.bySize().stream().mapToDouble(r -> r[4]).sum(), 1e-9, "the lengths' accepted rates add up");
            long flits = c.runs().get(i).delivered().stream().filter(d -> d.ejected() > c.warmupCycles() && d.ejected() <= s.cycles())
                    .mapToLong(icn.protocols.traffic.MessageDelivered::flits).sum();
            assertEquals(flits / (16.0 * (s.cycles() - c.warmupCycles())), p.accepted(), 1e-12, "accepted counts each message's flits");
        }
        // at 0.002 messages seldom meet: a 14-flit message takes about 12 cycles more than a 2-flit one of the same class
        List<double[]> bySize = TrafficReport.statistics(c, 0).bySize();
        assertEquals(12, bySize.get(2)[2] - bySize.get(0)[2], 1.0, "14 flits against 2: " + bySize.get(2)[2] + " and " + bySize.get(0)[2]);
        com.fasterxml.jackson.databind.JsonNode json = TrafficReport.json(c);
        assertEquals(mix.text(), json.get("mix").get("text").asText());
        assertEquals(2, json.get("points").get(0).get("latencyByClass").size());
        Path written = TrafficReport.write(dir, "mixed", c);
        assertTrue(Files.readAllLines(written.resolve(TrafficReport.BY_CLASS_CSV)).size() == 1 + 2 * c.runs().size());
        assertTrue(Files.readAllLines(written.resolve(TrafficReport.BY_SIZE_CSV)).size() == 1 + 3 * c.runs().size());
        assertTrue(TrafficReport.text(c).contains("class 1 (transpose)"), TrafficReport.text(c));
        List<String> points = Files.readAllLines(written.resolve(TrafficReport.POINTS_CSV));
        assertTrue(points.get(0).endsWith(",injection,mix"), points.get(0));
        assertTrue(points.get(1).endsWith(",poisson," + mix.text()), points.get(1));
    }
}
