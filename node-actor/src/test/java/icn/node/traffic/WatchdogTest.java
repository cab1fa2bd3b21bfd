package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.engine.SequentialEngine;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.fault.FaultPlan;
import icn.protocols.topology.Torus;
import icn.protocols.traffic.MessageHeader;
import icn.protocols.traffic.TrafficSpec;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The deadlock watchdog fires: on a ring, shortest-way routing with one virtual channel class (dimension order without its
 * dateline classes) lets worms wait for each other all the way round. Under heavy load the ring locks: flits stop moving, and
 * {@link DeadlockCheck} names channels all the way round the ring, with the step they locked at.
 */
class WatchdogTest {

    /** Dimension order on a ring, without dateline classes: every virtual channel open to every head, so cycles can form. */
    private static final class RingWithoutDateline implements TrafficRouting {
        private final Torus ring;
        private final int vcs;

        RingWithoutDateline(Torus ring, int vcs) {
            this.ring = ring;
            this.vcs = vcs;
        }

        @Override
        public String key() {
            return "ring-without-dateline";
        }

        @Override
        public MessageHeader start(long id, int source, int destination, long generated) {
            return new MessageHeader(id, source, destination, generated, 0, 0, 0, 0);
        }

        @Override
        public void choices(int node, MessageHeader h, Choices out) {
            int up = Math.floorMod(h.destination() - node, ring.k());
            out.add(Torus.port(0, up <= ring.k() - up), TrafficRouting.range(0, vcs - 1), 0);
        }

        @Override
        public MessageHeader advance(int node, MessageHeader h, int port, int vc, long step) {
            return h.hop(step, 0, 0);
        }
    }

    @Test
    void aCyclicRoutingLocksAndTheWatchdogSaysWhereAndWhen() {
        Torus ring = Torus.of(8, 1);
        int vcs = 1;
        TrafficSpec spec = new TrafficSpec("ring-without-dateline", "uniform", vcs, 16, 2, 0.05, 7, 20_000, 20_001);
        TrafficPrograms programs = new TrafficPrograms(ring, spec, FaultPlan.NONE, new RingWithoutDateline(ring, vcs));
        TrafficRuns.Observed run = TrafficRuns.observed(SequentialEngine.run(ring, programs, LinkLatency.SYNCHRONOUS, FaultPlan.NONE));
        DeadlockCheck.Result watchdog = DeadlockCheck.of(ring, vcs, run.routers());
        assertTrue(watchdog.deadlocked(), "the ring without dateline classes must lock under this load");
        long lastMove = 0;
        for (long s = 1; s <= 20_000; s++) {
            for (LinkClass k : LinkClass.values()) {
                if (run.metrics().linkMessagesAt(s, k) > 0) {
                    lastMove = s;
                }
            }
        }
        assertTrue(lastMove < 20_000, "flits stopped moving once the ring locked");
        assertTrue(watchdog.step() <= lastMove && watchdog.step() > 0, "locked at step " + watchdog.step() + ", last move " + lastMove);
        Set<Integer> nodes = new HashSet<>();
        Set<Integer> directions = new HashSet<>();
        for (DeadlockCheck.Channel ch : watchdog.channels()) {
            nodes.add(ch.node());
            directions.add(ch.inPort());
            assertEquals(0, ch.vc());
        }
        assertTrue(nodes.size() == ring.nodeCount(), "every node of the ring is in the knot: " + watchdog.channels());
    }
}
