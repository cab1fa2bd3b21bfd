package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.kind.Programs;
import icn.protocols.LinkClass;
import icn.protocols.Topology;
import icn.protocols.traffic.TrafficSpec;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No deadlock (issue 13): every routing, offered more than it carries for 50,000 cycles, moves flits in every one of them, and the
 * watchdog ({@link DeadlockCheck}) finds no virtual channel that can never move when the run stops full. Three patterns at 1.2 flits
 * per node per cycle, beyond what an injection channel takes: uniform (on networks of high bisection that saturates the sources
 * more than the channels), hotspot (a fifth of all traffic to one node: the channels around it saturate and the congestion backs up
 * through the network) and permutation (each node to one other: some channels carry many routes); and the network's adversarial
 * pattern where it has one (tornado on a torus or k-ary n-cube, bit-complement on 2^b nodes).
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
        run(c, "permutation");
        adversarial(c.network()).ifPresent(pattern -> run(c, pattern));
    }

    /**
     * The network's adversarial pattern: Kim et al.'s group to next group on a dragonfly, tornado on a torus, mesh or k-ary n-cube of
     * radix 3 or more, bit-complement on 2^b nodes.
     */
    static java.util.Optional<String> adversarial(Topology t) {
        if (t.groupSize() > 1 && t.terminalCount() < t.nodeCount()) {
            return java.util.Optional.of("adversarial"); // a dragonfly: every terminal of group i to group i + 1 (Kim et al.)
        }
        java.util.Optional<Topology.Address> a = t.address();
        if (a.isPresent() && a.get().radix() >= 3 && Math.pow(a.get().radix(), a.get().digits()) == t.nodeCount()) {
            return java.util.Optional.of("tornado");
        }
        return Integer.bitCount(t.nodeCount()) == 1 ? java.util.Optional.of("bit-complement") : java.util.Optional.empty();
    }

    private static void run(TrafficRuns.Case c, String pattern) {
        Topology t = c.network();
        int flits = 8;
        long cycles = 50_000;
        TrafficSpec spec = new TrafficSpec(c.routing(), pattern, c.vcs(), flits, 4, 1.2 / flits, 3, cycles, cycles + 1);
        java.util.List<WormholeRouter> routers = new java.util.ArrayList<>();
        TrafficRuns.Observed run = TrafficRuns.inDeliveryOrder(icn.node.engine.SequentialEngine.run(t,
                TrafficRuns.recording(Programs.traffic(t, spec, icn.protocols.fault.FaultPlan.NONE), routers),
                icn.protocols.LinkLatency.SYNCHRONOUS, icn.protocols.fault.FaultPlan.NONE));
        for (long s = 1; s <= cycles; s++) {
            long messages = 0;
            for (LinkClass k : LinkClass.values()) {
                messages += run.metrics().linkMessagesAt(s, k);
            }
            assertTrue(messages > 0, c + " " + pattern + ": no flit moved in cycle " + s);
        }
        assertTrue(run.routers().stream().mapToLong(r -> r.queued()).sum() > t.nodeCount(), c + " " + pattern
                + ": the sources' queues grew: more was offered than carried");
        // the network itself was saturated when the run stopped: virtual channels stood blocked, waiting for full buffers or
        // busy channels (with hotspot traffic at least one in four per node, and a flit per node in the network's buffers)
        long blocked = run.routers().stream().mapToLong(r -> r.waiting().length).sum();
        long inNetwork = routers.stream().mapToLong(WormholeRouter::networkBufferedFlits).sum();
        if (pattern.startsWith("hotspot")) {
            assertTrue(blocked >= t.nodeCount() / 4 && inNetwork >= t.nodeCount(), c + " " + pattern + ": " + blocked
                    + " blocked virtual channels and " + inNetwork + " flits in the network at the stop");
        } else if (pattern.equals("permutation")) {
            assertTrue(blocked > 0, c + " " + pattern + ": no virtual channel blocked at the stop");
        }
        DeadlockCheck.Result watchdog = DeadlockCheck.of(t, c.vcs(), run.routers());
        assertFalse(watchdog.deadlocked(), c + " " + pattern + ": deadlocked channels " + watchdog.channels());
        assertEquals(0, run.lost().size());
    }
}
