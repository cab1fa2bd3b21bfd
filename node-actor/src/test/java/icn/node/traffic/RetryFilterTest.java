package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.engine.SequentialEngine;
import icn.node.kind.Programs;
import icn.protocols.LinkLatency;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.traffic.TrafficSpec;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The router's retry filter (a waiting head does not look again until one of its ports frees a virtual channel) is only a saving:
 * with every waiting head asking its routing again and trying every step, runs beyond saturation deliver the same messages at the
 * same steps, with and without faults.
 */
class RetryFilterTest {

    static List<TrafficRuns.Case> cases() {
        return TrafficRuns.everyRouting();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void skippingHeadsThatCannotMoveChangesNothing(TrafficRuns.Case c) {
        Topology t = c.network();
        for (FaultPlan plan : List.of(FaultPlan.NONE, FaultsUnderLoadTest.plan(t))) {
            TrafficSpec spec = new TrafficSpec(c.routing(), "hotspot:0.1", c.vcs(), 8, 4, 1.0 / 8, 5, 3_000, 3_500);
            TrafficPrograms filtered = Programs.traffic(t, spec, plan);
            TrafficRuns.Observed a = TrafficRuns.observed(SequentialEngine.run(t, filtered, LinkLatency.SYNCHRONOUS, plan));
            TrafficRuns.Observed b = TrafficRuns.observed(SequentialEngine.run(t, filtered.retryingEveryStep(), LinkLatency.SYNCHRONOUS, plan));
            assertTrue(a.delivered().size() > 100);
            assertEquals(a.delivered(), b.delivered(), c + (plan.isEmpty() ? "" : " with faults"));
            assertEquals(a.lost(), b.lost(), c + (plan.isEmpty() ? "" : " with faults"));
        }
    }
}
