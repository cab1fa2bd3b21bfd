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
}
