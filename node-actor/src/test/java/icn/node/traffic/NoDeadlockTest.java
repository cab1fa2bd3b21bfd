package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.LinkClass;
import icn.protocols.Topology;
import icn.protocols.traffic.TrafficSpec;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No deadlock (issue 13): every routing, offered more than the network carries (uniform and hotspot traffic at 1.2 flits per node per
 * cycle, over what an injection channel takes) for 50,000 cycles, moves flits in every one of them, and the watchdog ({@link DeadlockCheck}) finds no virtual channel
 * that can never move when the run stops full.
 */
class NoDeadlockTest {

    static List<TrafficRuns.Case> cases() {
        return TrafficRuns.everyRouting();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void flitsMoveInEveryCycleBeyondSaturation(TrafficRuns.Case c) {
        run(c, "uniform");
        run(c, "hotspot:0.2");
    }

    private static void run(TrafficRuns.Case c, String pattern) {
        Topology t = c.network();
        int flits = 8;
        long cycles = 50_000;
        TrafficSpec spec = new TrafficSpec(c.routing(), pattern, c.vcs(), flits, 4, 1.2 / flits, 3, cycles, cycles + 1);
        TrafficRuns.Observed run = TrafficRuns.sequential(t, spec);
        for (long s = 1; s <= cycles; s++) {
            long messages = 0;
            for (LinkClass k : LinkClass.values()) {
                messages += run.metrics().linkMessagesAt(s, k);
            }
            assertTrue(messages > 0, c + " " + pattern + ": no flit moved in cycle " + s);
        }
        long offered = run.routers().stream().mapToLong(r -> r.injected()).sum()
                + run.routers().stream().mapToLong(r -> r.queued()).sum() * flits;
        long accepted = run.routers().stream().mapToLong(r -> r.ejected()).sum();
        assertTrue(accepted < 0.95 * offered, c + " " + pattern + ": accepted " + accepted + " of " + offered
                + " flits offered: the run was not beyond saturation");
        assertTrue(run.routers().stream().mapToLong(r -> r.buffered()).sum() > 0, c + ": the run stopped with its buffers full");
        DeadlockCheck.Result watchdog = DeadlockCheck.of(t, c.vcs(), run.routers());
        assertFalse(watchdog.deadlocked(), c + " " + pattern + ": deadlocked channels " + watchdog.channels());
        assertEquals(0, run.lost().size());
    }
}
