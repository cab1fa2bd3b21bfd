package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.engine.SequentialEngine;
import icn.node.kind.Routings;
import icn.protocols.LinkLatency;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.topology.Topologies;
import icn.protocols.traffic.MessageHeader;
import icn.protocols.traffic.TrafficSpec;
import java.util.HashSet;
import java.util.Set;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One virtual channel too few (issue 32): each new scheme's routing with one of its escape channels merged into another locks under
 * heavy load, and {@link DeadlockCheck} names the knot; with all its channels, the same run does not lock. The merged routing is the
 * real one seen through a map of its virtual channels, with escape choices cut to the lowest (no moving up a class).
 */
class OneChannelTooFewTest {

    /** The real routing with its escape channel {@code merged} mapped onto {@code into}, and only its lowest escape choice. */
    private static final class Merged implements TrafficRouting {
        private final TrafficRouting real;
        private final IntUnaryOperator map;
        private final TrafficRouting.Choices scratch = new TrafficRouting.Choices();

        Merged(TrafficRouting real, IntUnaryOperator map) {
            this.real = real;
            this.map = map;
        }

        @Override
        public String key() {
            return real.key();
        }

        @Override
        public MessageHeader start(long id, int source, int destination, long generated) {
            return real.start(id, source, destination, generated);
        }

        @Override
        public void choices(int node, MessageHeader h, Choices out) {
            scratch.clear();
            real.choices(node, h, scratch);
            for (int i = 0; i < scratch.size(); i++) {
                int mask = scratch.mask(i);
                if (scratch.tier(i) == 1) {
                    mask = Integer.lowestOneBit(mask);
                }
                int mapped = 0;
                for (int bits = mask; bits != 0; bits &= bits - 1) {
                    mapped |= 1 << map.applyAsInt(Integer.numberOfTrailingZeros(bits));
                }
                out.add(scratch.port(i), mapped, scratch.tier(i));
            }
        }

        @Override
        public MessageHeader advance(int node, MessageHeader h, int port, int vc, long step) {
            return real.advance(node, h, port, vc, step); // the header keeps the real classes; only the channels are shared
        }
    }

    @ParameterizedTest(name = "{0} {1} V={2}, channel {3} merged into {4}")
    @CsvSource({"scc:5, greedy, 8, 1, 0", "scc:5, adaptive, 9, 1, 0", "ccc:5, adaptive, 9, 1, 0", "star:5, adaptive, 5, 1, 0",
        "'icube:5,3,2', adaptive, 2, 0, 1"})
    void withOneEscapeChannelFewerTheRunLocksAndTheWatchdogNamesTheKnot(String network, String key, int vcs, int merged, int into) {
        Topology t = Topologies.parse(network);
        TrafficRouting real = Routings.traffic(t, key, vcs);
        IntUnaryOperator map = vc -> vc == merged ? into : vc;
        DeadlockCheck.Result fewer = run(t, new Merged(real, map), vcs);
        DeadlockCheck.Result all = run(t, new Merged(real, vc -> vc), vcs);
        System.out.printf("OneChannelTooFewTest: %s %s: merged %s, all channels %s%n", network, key, fewer.deadlocked() ? "locked at step "
                + fewer.step() + " (" + fewer.channels().size() + " channels)" : "no lock", all.deadlocked() ? "LOCKED" : "no lock");
        assertFalse(all.deadlocked(), "with all its channels the routing does not lock");
        assertTrue(fewer.deadlocked(), "with one escape channel fewer the routing locks");
        Set<Integer> nodes = new HashSet<>();
        fewer.channels().forEach(c -> nodes.add(c.node()));
        assertTrue(nodes.size() >= 2, "the knot spans routers: " + fewer.channels());
    }

    private static DeadlockCheck.Result run(Topology t, TrafficRouting routing, int vcs) {
        TrafficSpec spec = new TrafficSpec(routing.key(), "uniform", vcs, 16, 2, 0.05, 7, 6_000, 6_001);
        TrafficPrograms programs = new TrafficPrograms(t, spec, FaultPlan.NONE, routing);
        TrafficRuns.Observed run = TrafficRuns.observed(SequentialEngine.run(t, programs, LinkLatency.SYNCHRONOUS, FaultPlan.NONE));
        return DeadlockCheck.of(t, vcs, run.routers());
    }
}
