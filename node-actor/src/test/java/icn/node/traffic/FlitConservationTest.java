package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.engine.SequentialEngine;
import icn.node.kind.Programs;
import icn.protocols.LinkLatency;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.traffic.ChannelStep;
import icn.protocols.traffic.TrafficSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Flit conservation at every step (issue 13): the flits the routers took from their processors equal those ejected to processors,
 * plus those in the routers' buffers, plus those on the links (counted in the engine's pending inboxes, not by the routers), for every
 * routing, through a long run beyond saturation and the drain after it.
 */
class FlitConservationTest {

    static List<TrafficRuns.Case> cases() {
        return TrafficRuns.everyRouting();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void everyFlitIsSomewhereAtEveryStep(TrafficRuns.Case c) {
        Topology t = c.network();
        int flits = 8;
        TrafficSpec spec = TrafficRuns.spec(c, flits, 0.8 / flits, 4_000, 1_000_000, 5);
        List<WormholeRouter> routers = new ArrayList<>();
        TrafficPrograms programs = Programs.traffic(t, spec, FaultPlan.NONE);
        var recording = TrafficRuns.recording(programs, routers);
        long[] checked = new long[2];
        var metrics = SequentialEngine.run(t, recording, LinkLatency.SYNCHRONOUS, FaultPlan.NONE, (step, links) -> {
            long injected = 0;
            long ejected = 0;
            long buffered = 0;
            long dropped = 0;
            for (WormholeRouter r : routers) {
                injected += r.injectedFlits();
                ejected += r.ejectedFlits();
                buffered += r.bufferedFlits();
                dropped += r.droppedFlits();
            }
            long onLinks = links.countPending(p -> p instanceof ChannelStep s && s.hasFlit() && !s.kill());
            assertEquals(injected, ejected + buffered + onLinks + dropped,
                    c + ", step " + step + ": injected = ejected + in buffers + on links + dropped");
            assertEquals(0, dropped, c + ": nothing is dropped without faults");
            checked[0]++;
            checked[1] = Math.max(checked[1], buffered + onLinks);
        });
        TrafficRuns.Observed run = TrafficRuns.observed(metrics);
        assertTrue(checked[0] >= 4_000, c + ": checked " + checked[0] + " steps");
        assertTrue(checked[1] > t.nodeCount(), c + ": the network held at most " + checked[1] + " flits: the run did not load it");
        long generated = run.routers().stream().mapToLong(r -> r.generated()).sum();
        assertEquals(generated, run.delivered().size(), c + ": the network drained: every message generated was delivered");
        assertEquals(generated * flits, run.routers().stream().mapToLong(r -> r.ejected()).sum(), c + ": flits ejected");
        assertTrue(run.routers().stream().allMatch(r -> r.buffered() == 0 && r.queued() == 0), c + ": nothing left behind");
    }
}
