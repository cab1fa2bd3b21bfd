package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.engine.SequentialEngine;
import icn.node.kind.Programs;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.traffic.ChannelStep;
import icn.protocols.traffic.MessageDelivered;
import icn.protocols.traffic.MessageLost;
import icn.protocols.traffic.RouterState;
import icn.protocols.traffic.TrafficSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Faults under load (issue 13): nodes crash and links are cut while worms cross them. Every flit stays accounted for at every step
 * (those of a crashed router stay in its buffers; those of broken worms are dropped, counted), every worm cut off behind is ended by
 * a kill flit so that nothing is left holding a virtual channel, the network drains once traffic stops, and every message is
 * either delivered, once, or reported lost (by the routers that saw its worm break) or held by a crashed router, and not both.
 */
class FaultsUnderLoadTest {

    static List<TrafficRuns.Case> cases() {
        return List.of(new TrafficRuns.Case("rnh:3,2", "adaptive", 4), new TrafficRuns.Case("rnh:3,2", "three-phase", 2),
                new TrafficRuns.Case("torus:5,2", "dimension-order", 2), new TrafficRuns.Case("scc:4", "updown", 3),
                new TrafficRuns.Case("cr:4", "hop-class", 6), new TrafficRuns.Case("hypercube:5", "adaptive", 3),
                new TrafficRuns.Case("kcube:3,3", "dimension-order", 2));
    }

    /**
     * Two crashes (steps 400 and 900) and two links cut both ways (step 600), at nodes spread over the network; every link takes one
     * step more than its cycle (extra delay 1 on every class), so both ends of a failed channel must agree on when with L = 2.
     */
    static FaultPlan plan(Topology t) {
        int n = t.nodeCount();
        int[] crash = {n / 3, 2 * n / 3};
        List<int[]> cuts = new ArrayList<>();
        for (int u : new int[] {n / 5, 4 * n / 5}) {
            for (int p = 0; p < t.portCount(); p++) {
                int v = t.neighbour(u, p);
                if (v != Topology.NONE && v != crash[0] && v != crash[1] && u != crash[0] && u != crash[1]) {
                    cuts.add(new int[] {u, p});
                    if (!t.directed()) {
                        cuts.add(new int[] {v, t.arrivalPort(u, p)});
                    }
                    break;
                }
            }
        }
        int classes = LinkClass.values().length;
        return new FaultPlan(1, crash, new long[] {400, 900}, cuts.stream().mapToInt(c -> c[0]).toArray(),
                cuts.stream().mapToInt(c -> c[1]).toArray(), cuts.stream().mapToLong(c -> 600).toArray(),
                cuts.stream().mapToLong(c -> FaultPlan.NEVER).toArray(), new double[classes], delays(classes), new int[0], new long[0], false);
    }

    private static int[] delays(int classes) {
        int[] delay = new int[classes];
        java.util.Arrays.fill(delay, 1);
        return delay;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void everyFlitAndMessageIsAccountedForAndNothingIsStranded(TrafficRuns.Case c) {
        Topology t = c.network();
        int flits = 8;
        FaultPlan plan = plan(t);
        TrafficSpec spec = new TrafficSpec(c.routing(), "uniform", c.vcs(), flits, 4, 0.5 / flits, 13, 3_000, 100_000);
        TrafficPrograms programs = Programs.traffic(t, spec, plan);
        List<WormholeRouter> routers = new ArrayList<>();
        var recording = TrafficRuns.recording(programs, routers);
        var metrics = SequentialEngine.run(t, recording, LinkLatency.SYNCHRONOUS, plan, (step, links) -> {
            // with every link two steps long, flits sent in one step are on their way through the next as well
            long injected = 0;
            long held = 0;
            for (WormholeRouter r : routers) {
                injected += r.injectedFlits();
                held += r.ejectedFlits() + r.bufferedFlits() + r.droppedFlits();
            }
            long onLinks = links.countPending(p -> p instanceof ChannelStep s && s.hasFlit() && !s.kill());
            assertEquals(injected, held + onLinks, c + ", step " + step + ": injected = ejected + in buffers (crashed ones too) + dropped"
                    + " + on links");
        });
        TrafficRuns.Observed run = TrafficRuns.observed(metrics);
        assertEquals(0, metrics.accounting().sent() - metrics.accounting().delivered(), "routers never send into a failed link: "
                + metrics.accounting().describe());
        Set<Long> delivered = new HashSet<>();
        run.delivered().forEach(d -> assertTrue(delivered.add(d.id()), "delivered once: " + d));
        Set<Long> lost = new HashSet<>();
        for (MessageLost l : run.lost()) {
            lost.add(l.id());
        }
        long generated = 0;
        for (RouterState r : run.routers()) {
            generated += r.generated();
            if (r.crashedAt() > 0) {
                for (long id : r.held()) {
                    lost.add(id); // went down with its router
                }
            } else {
                assertEquals(0, r.buffered(), c + ": router " + t.label(r.node()) + " still holds flits after the drain");
                assertEquals(0, r.queued(), c + ": router " + t.label(r.node()) + " still has queued messages");
            }
        }
        for (long id : delivered) {
            assertFalse(lost.contains(id), c + ": message " + id + " both delivered and lost");
        }
        assertEquals(generated, delivered.size() + lost.size(), c + ": every message generated is delivered or lost");
        assertTrue(lost.size() > 0, c + ": the faults broke some messages");
        assertTrue(run.delivered().stream().mapToLong(MessageDelivered::latency).min().orElse(flits) >= flits, c + ": no message faster than its flits");
        assertFalse(DeadlockCheck.of(t, c.vcs(), run.routers()).deadlocked());
    }
}
