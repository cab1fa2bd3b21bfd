package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.kind.Programs;
import icn.protocols.Bfs;
import icn.protocols.LinkClass;
import icn.protocols.Topology;
import icn.protocols.topology.Topologies;
import icn.protocols.traffic.MessageDelivered;
import icn.protocols.traffic.RouterState;
import icn.protocols.traffic.TrafficMix;
import icn.protocols.traffic.TrafficSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Traffic classes and message lengths (issue 32): what a mixed run generates is what its mix asks for, every message travels as long
 * as its own length makes it, its flits all arrive, and the routers, which learn a worm's length from its header alone, deadlock no
 * more with mixed lengths than with one.
 */
class MixedTrafficTest {

    private static final String MIX = "uniform@0.7@1:0.5+16:0.5;hotspot:0.5@0.3@8:1";

    @Test
    void classesLengthsAndDestinationsAreDrawnAsTheMixSays() {
        Topology t = Topologies.parse("hypercube:6");
        TrafficSpec spec = new TrafficSpec("adaptive", "uniform", 3, 16, 4, 0.004, 7, 20_000, 60_000, "poisson", MIX);
        List<MessageDelivered> all = TrafficRuns.sequential(t, spec).delivered();
        int n = all.size();
        assertTrue(n > 4_000, n + " messages");
        long[] byClass = new long[2];
        long[] bySize = new long[17];
        long toHotspot = 0;
        for (MessageDelivered d : all) {
            byClass[d.trafficClass()]++;
            bySize[d.flits()]++;
            assertTrue(d.trafficClass() == 0 ? d.flits() == 1 || d.flits() == 16 : d.flits() == 8, d + ": a length its class has");
            assertTrue(d.source() != d.destination(), d + " went nowhere");
            if (d.trafficClass() == 1 && d.destination() == 0) {
                toHotspot++;
            }
        }
        within(0.7 * n, byClass[0], n, 0.7, "class 0");
        within(0.35 * n, bySize[1], n, 0.35, "one-flit messages");
        within(0.35 * n, bySize[16], n, 0.35, "16-flit messages");
        // hotspot:0.5 sends half to node 0 and the other half uniformly, of which 1/63 to node 0 as well (node 0 itself excepted)
        double p = 0.5 + 0.5 / 63;
        within(p * byClass[1], toHotspot, byClass[1], p, "class 1 to the hotspot");
    }

    /** {@code seen} within four standard deviations of a binomial's mean {@code expected} over {@code trials} of probability p. */
    private static void within(double expected, long seen, long trials, double p, String what) {
        double sd = Math.sqrt(trials * p * (1 - p));
        assertTrue(Math.abs(seen - expected) <= 4 * sd, what + ": " + seen + " against " + expected + " ± " + 4 * sd);
    }

    @Test
    void aLoneMessageTakesItsOwnLengthMinusOnePlusItsDistance() {
        Topology t = Topologies.parse("hypercube:5");
        TrafficSpec spec = new TrafficSpec("adaptive", "uniform", 3, 33, 4, 1.0 / (400.0 * t.nodeCount()), 11, 80_000, 90_000, "poisson",
                "uniform@1@1:0.3+5:0.3+33:0.4");
        List<MessageDelivered> all = TrafficRuns.sequential(t, spec).delivered();
        int alone = 0;
        for (int i = 0; i < all.size(); i++) {
            MessageDelivered d = all.get(i);
            int distance = Bfs.distancesTo(t, d.destination())[d.source()];
            assertTrue(d.latency() >= d.flits() - 1 + distance, d + " was faster than its length and distance allow");
            boolean overlaps = (i > 0 && all.get(i - 1).ejected() >= d.generated()) || (i + 1 < all.size() && all.get(i + 1).generated() <= d.ejected());
            if (!overlaps) {
                alone++;
                assertEquals(d.flits() - 1 + distance, d.latency(), "lone message " + d);
            }
        }
        assertTrue(alone > 100, "only " + alone + " messages met no other");
        assertEquals(3, all.stream().map(MessageDelivered::flits).distinct().count());
    }

    @Test
    void everyFlitOfEveryLengthArrives() {
        Topology t = Topologies.parse("torus:6,2");
        TrafficSpec spec = new TrafficSpec("dimension-order", "uniform", 2, 20, 2, 0.02, 5, 3_000, 200_000, "bernoulli",
                "uniform@0.5@1:0.5+20:0.5;transpose@0.5@3:1");
        TrafficRuns.Observed run = TrafficRuns.sequential(t, spec);
        long delivered = run.delivered().stream().mapToLong(MessageDelivered::flits).sum();
        long generated = run.routers().stream().mapToLong(RouterState::generated).sum();
        assertEquals(generated, run.delivered().size(), "every message generated was delivered (the run drained)");
        assertEquals(delivered, run.routers().stream().mapToLong(RouterState::injected).sum(), "flits injected");
        assertEquals(delivered, run.routers().stream().mapToLong(RouterState::ejected).sum(), "flits ejected");
        assertTrue(run.delivered().stream().anyMatch(d -> d.trafficClass() == 1), "the transpose class ran");
    }

    @Test
    void mixedLengthsPastSaturationDoNotDeadlock() {
        Topology t = Topologies.parse("scc:4");
        long cycles = 20_000;
        TrafficMix mix = TrafficMix.of("uniform", 32, "1:0.5,32:0.5", List.of());
        TrafficSpec spec = new TrafficSpec("adaptive", "uniform", 7, mix.maxFlits(), 4, 1.2 / mix.meanFlits(), 3, cycles, cycles + 1,
                "poisson", mix.text());
        TrafficRuns.Observed run = TrafficRuns.inDeliveryOrder(icn.node.engine.SequentialEngine.run(t, Programs.of(t, spec),
                icn.protocols.LinkLatency.SYNCHRONOUS, icn.protocols.fault.FaultPlan.NONE));
        for (long s = 1; s <= cycles; s++) {
            long messages = 0;
            for (LinkClass k : LinkClass.values()) {
                messages += run.metrics().linkMessagesAt(s, k);
            }
            assertTrue(messages > 0, "no flit moved in cycle " + s);
        }
        assertTrue(run.routers().stream().mapToLong(RouterState::queued).sum() > t.nodeCount(), "more was offered than carried");
        DeadlockCheck.Result watchdog = DeadlockCheck.of(t, 7, run.routers());
        assertFalse(watchdog.deadlocked(), "deadlocked channels " + watchdog.channels());
    }
}
