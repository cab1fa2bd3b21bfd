package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.engine.SequentialEngine;
import icn.node.kind.Programs;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkLatency;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.topology.Topologies;
import icn.protocols.traffic.RouterTiming;
import icn.protocols.traffic.TrafficSpec;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The crossbar's speedup (issue 39, {@link RouterTiming#speedup}): in every step of a loaded run, no input channel of any router
 * sends more flits through the crossbar than the speedup allows, counted from each router's flits that left its input channels,
 * step by step. Without a speedup an input sends more than one in some steps (so the count can fail), and with one the run still
 * conserves its flits and delivers its messages.
 */
class SpeedupTest {

    /** The most flits one input channel of any router sent in one step, over a loaded run. */
    private static long mostPerStep(Topology t, TrafficSpec spec) {
        TrafficPrograms programs = Programs.traffic(t, spec, FaultPlan.NONE);
        List<WormholeRouter> routers = new ArrayList<>();
        Map<WormholeRouter, long[]> before = new IdentityHashMap<>();
        long[] most = {0};
        SequentialEngine.run(t, TrafficRuns.recording(programs, routers), LinkLatency.SYNCHRONOUS, FaultPlan.NONE, (step, links) -> {
            for (WormholeRouter r : routers) {
                long[] last = before.computeIfAbsent(r, x -> new long[t.inPortCount()]);
                for (int q = 0; q < last.length; q++) {
                    long now = r.departedFrom(q);
                    most[0] = Math.max(most[0], now - last[q]);
                    last[q] = now;
                }
            }
        });
        assertTrue(!routers.isEmpty());
        return most[0];
    }

    private static TrafficSpec loaded(String routing, int vcs, String timing) {
        // past saturation: blocked worms pile up in several virtual channels of one input, which then compete for the crossbar
        return new TrafficSpec(routing, "uniform", vcs, 6, 4, 0.9 / 6, 11, 3_000, 3_500).withTiming(RouterTiming.parse(timing));
    }

    @ParameterizedTest(name = "{0} {1} V={2} speedup {3}")
    @CsvSource(delimiter = '|', value = {"mesh:4,2 | dimension-order | 4 | 1", "mesh:4,2 | adaptive | 4 | 2", "torus:4,2 | dimension-order | 3 | 1",
            "hypercube:4 | adaptive | 3 | 1", "dragonfly:1,2,1 | minimal | 4 | 1"})
    void noInputSendsMoreThanTheSpeedupInAStep(String network, String routing, int vcs, int speedup) {
        Topology t = Topologies.parse(network);
        assertTrue(mostPerStep(t, loaded(routing, vcs, "speedup=" + speedup)) <= speedup, network + " speedup " + speedup);
        assertTrue(mostPerStep(t, loaded(routing, vcs, "")) > speedup, network + ": without a speedup an input sends more in some step");
        TrafficRuns.Observed run = TrafficRuns.sequential(t, loaded(routing, vcs, "speedup=" + speedup));
        assertTrue(run.delivered().size() > 100, network + ": messages delivered under the limit");
    }

    @Test
    void aSpeedupOfVOrMoreIsNoLimitAndTheDefaultIsNone() {
        assertTrue(RouterTiming.parse("speedup=1").limitsCrossbar(2));
        assertTrue(!RouterTiming.parse("speedup=4").limitsCrossbar(4));
        assertTrue(!RouterTiming.SYNCHRONOUS.limitsCrossbar(8));
        assertEquals("speedup=2", RouterTiming.parse("speedup=2").text());
        assertEquals("pipeline=1,0,1,0 speedup=3 links=global:4", RouterTiming.parse("links=global:4 speedup=3 pipeline=1,0,1,0").text());
        assertEquals(RouterTiming.parse("speedup=3"), RouterTiming.parse(RouterTiming.parse("speedup=3").text()));
        assertTrue(RouterTiming.parse("speedup=2").synchronous(), "a speedup adds no cycle to a lone message");
        for (String bad : new String[] {"speedup=0", "speedup=-1", "speedup=x", "speedup=", "speedup=10001"}) {
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> RouterTiming.parse(bad), bad);
            assertTrue(e.getMessage().contains("speedup") && !e.getMessage().contains("\n"), e.getMessage());
        }
        assertThrows(InvalidInputException.class, () -> new RouterTiming(0, 0, 0, 0, null, 1001));
    }
}
