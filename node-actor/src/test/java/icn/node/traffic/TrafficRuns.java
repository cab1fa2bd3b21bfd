package icn.node.traffic;

import icn.node.engine.SequentialEngine;
import icn.node.kind.Programs;
import icn.protocols.LinkLatency;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.traffic.MessageDelivered;
import icn.protocols.traffic.MessageLost;
import icn.protocols.traffic.RouterState;
import icn.protocols.traffic.TrafficSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Traffic runs on the sequential engine for the tests of this package, and what they observed, sorted. */
final class TrafficRuns {

    /** One case: a network, a routing and the virtual channels it needs. */
    record Case(String topology, String routing, int vcs) {
        Topology network() {
            return Topologies.parse(topology);
        }

        @Override
        public String toString() {
            return topology + " " + routing + " V=" + vcs;
        }
    }

    /** Every routing of the emulator on small networks of every kind. */
    static List<Case> everyRouting() {
        return List.of(
                new Case("rnh:2,3", "adaptive", 4), new Case("rnh:3,2", "adaptive", 3), new Case("inh:2:1,2,3,1", "adaptive", 2),
                new Case("rnh:2,3", "three-phase", 2), new Case("rnh:2,3", "updown", 3),
                new Case("hypercube:5", "adaptive", 3), new Case("hypercube:5", "e-cube", 1),
                new Case("kcube:2,4", "adaptive", 2), new Case("kcube:3,3", "dimension-order", 2),
                new Case("torus:4,2", "dimension-order", 2), new Case("torus:5,2", "dimension-order", 4),
                new Case("torus:4,2", "dimension-order-balanced", 2), new Case("torus:6,2", "dimension-order-balanced", 4),
                new Case("scc:4", "updown", 3), new Case("scc:3", "adaptive", 7), new Case("scc:4", "adaptive", 7),
                new Case("scc:4", "random", 6), new Case("scc:4", "greedy", 6),
                new Case("scc:4", "near-minimal", 6), new Case("star:4", "updown", 2), new Case("star:4", "adaptive", 5), new Case("ccc:3", "updown", 4), new Case("ccc:4", "adaptive", 7),
                new Case("icube:4,3,2", "updown", 3), new Case("icube:4,3,2", "adaptive", 2),
                new Case("icube:3,4,2", "one-to-one", 1), new Case("icube:3,4,3", "adaptive", 3), new Case("cr:4", "hop-class", 5), new Case("cr:3", "hop-class", 6),
                new Case("hypercube:4", "hop-class", 4),
                // issue 39: the networks machines are built from, with the fewest virtual channels each routing takes
                new Case("mesh:4,3", "dimension-order", 1), new Case("mesh:5,2", "adaptive", 2), new Case("fattree:2,3", "nca", 1),
                new Case("fattree:3,2", "nca-random", 1), new Case("dragonfly:1,2,1", "minimal", 2), new Case("dragonfly:2,4,2", "minimal", 2),
                new Case("dragonfly:2,4,2", "valiant", 3), new Case("dragonfly:2,4,2", "ugal", 3), new Case("dragonfly:1,3,2", "ugal", 4));
    }

    record Observed(RunMetrics metrics, List<MessageDelivered> delivered, List<MessageLost> lost, List<RouterState> routers) {
    }

    static Observed observed(RunMetrics m) {
        Observed o = inDeliveryOrder(m);
        o.delivered().sort(Comparator.comparingLong(MessageDelivered::id));
        return o;
    }

    /**
     * {@link #observed} with the deliveries in the order the run made them, not sorted by id: for tests that only count them (a
     * saturated run of 50,000 cycles delivers hundreds of thousands, and sorting them was a twelfth of NoDeadlockTest's samples).
     */
    static Observed inDeliveryOrder(RunMetrics m) {
        List<MessageDelivered> delivered = new ArrayList<>(m.observations().size());
        List<MessageLost> lost = new ArrayList<>();
        List<RouterState> routers = new ArrayList<>();
        for (Object o : m.observations()) {
            if (o instanceof MessageDelivered d) {
                delivered.add(d);
            } else if (o instanceof MessageLost l) {
                lost.add(l);
            } else if (o instanceof RouterState r) {
                routers.add(r);
            } else {
                throw new AssertionError("unexpected observation " + o);
            }
        }
        lost.sort(Comparator.comparingLong(MessageLost::id));
        routers.sort(Comparator.comparingInt(RouterState::node));
        return new Observed(m, delivered, lost, routers);
    }

    static TrafficSpec spec(Case c, int flits, double rate, long generateUntil, long stopAt, long seed) {
        return new TrafficSpec(c.routing(), "uniform", c.vcs(), flits, 4, rate, seed, generateUntil, stopAt);
    }

    /** A factory of {@code programs}' routers that keeps every router it makes in {@code made}, for tests that look inside them. */
    static icn.node.program.ProgramFactory recording(TrafficPrograms programs, List<WormholeRouter> made) {
        return new icn.node.program.ProgramFactory() {
            @Override
            public icn.node.program.NodeProgram create(int node) {
                WormholeRouter r = (WormholeRouter) programs.create(node);
                made.add(r);
                return r;
            }

            @Override
            public int messages() {
                return 1;
            }

            @Override
            public boolean wantsFinalStates() {
                return true;
            }
        };
    }

    static Observed sequential(Topology t, TrafficSpec spec) {
        return observed(SequentialEngine.run(t, Programs.traffic(t, spec, FaultPlan.NONE), LinkLatency.SYNCHRONOUS, FaultPlan.NONE));
    }

    private TrafficRuns() {
    }
}
