package icn.node.engine;

import icn.protocols.LinkLatency;
import icn.protocols.RunMetrics;

import icn.node.program.Inbox;
import icn.node.program.NodeProgram;
import icn.node.program.Outbox;
import icn.node.program.ProgramFactory;
import icn.protocols.Partition;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import java.util.concurrent.CompletableFuture;

/**
 * Runs the node programs of a whole network in one thread, step by step, with the same timeline and link layer as the actor
 * hosts: the reference the actor engine is tested against, and the lower bound of the broadcast benchmark.
 */
public final class SequentialEngine {

    /** This engine behind the {@link Engine} seam: runs in the calling thread, one JVM, one host. */
    private static final Engine ENGINE = new Engine() {
        @Override
        public EngineKind kind() {
            return EngineKind.SEQUENTIAL;
        }

        @Override
        public int jvms() {
            return 1;
        }

        @Override
        public CompletableFuture<RunResult> start(Topology topology, ProgramFactory programs, RunRequest request) {
            try {
                return CompletableFuture.completedFuture(run(topology, programs, request));
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }

        @Override
        public RunResult run(Topology topology, ProgramFactory programs, RunRequest request) {
            long start = System.nanoTime();
            RunMetrics metrics = SequentialEngine.run(topology, programs, request.latency(), request.faults());
            return RunResult.sequential(metrics, (System.nanoTime() - start) / 1e9);
        }
    };

    private SequentialEngine() {
    }

    /** The sequential engine as an {@link Engine}, for the one place that chooses engines by {@link EngineKind}. */
    public static Engine engine() {
        return ENGINE;
    }

    /** Looks at the run after each step it executed (tests: invariants that must hold at every step). */
    @FunctionalInterface
    public interface StepListener {
        /** Step {@code step} is done; {@code links} holds what is on its way to later inboxes. */
        void afterStep(long step, StepTimeline links);
    }

    /** As {@link #run(Topology, ProgramFactory, LinkLatency, FaultPlan)}, calling {@code listener} after every step it executes. */
    public static RunMetrics run(Topology topology, ProgramFactory programs, LinkLatency latency, FaultPlan faults, StepListener listener) {
        return run(topology, programs, latency, faults, true, Long.MAX_VALUE, new long[1], listener);
    }

    public static RunMetrics run(Topology topology, ProgramFactory programs, LinkLatency latency) {
        return run(topology, programs, latency, true);
    }

    /**
     * As {@link #run}; with {@code skipIgnoredDeliveries} off every message reaches its node's inbox even where the node has
     * declared it will not look at it (tests use this to show that skipping changes nothing).
     */
    public static RunMetrics run(Topology topology, ProgramFactory programs, LinkLatency latency, boolean skipIgnoredDeliveries) {
        return run(topology, programs, latency, FaultPlan.NONE, skipIgnoredDeliveries);
    }

    /** As {@link #run}, with the faults of {@code faults}: crashed nodes do not act, the link layer drops what the plan says. */
    public static RunMetrics run(Topology topology, ProgramFactory programs, LinkLatency latency, FaultPlan faults) {
        return run(topology, programs, latency, faults, true);
    }

    /**
     * How far the run of {@code programs} with {@code faults} gets, looked at up to {@code step}: {@code step} as soon as the timeline
     * has work (an inbox to hand over or a node to wake, a crashed node's turn included) at {@code step} or later, where the run stops;
     * otherwise the last step that had work (0 if none). The steps with work are the steps the actor engine's hosts begin: a crash at
     * step s stops its node's actor, and a JVM kill at step s happens, when the hosts begin step s or a later one.
     */
    public static long reach(Topology topology, ProgramFactory programs, LinkLatency latency, FaultPlan faults, long step) {
        long[] reached = new long[1];
        run(topology, programs, latency, faults, true, step, reached);
        return reached[0];
    }

    private static RunMetrics run(Topology topology, ProgramFactory programs, LinkLatency latency, FaultPlan plan,
            boolean skipIgnoredDeliveries) {
        return run(topology, programs, latency, plan, skipIgnoredDeliveries, Long.MAX_VALUE, new long[1]);
    }

    /** The run, stopped before step {@code stopAt} if it gets there; {@code reached[0]}: as {@link #reach}. */
    private static RunMetrics run(Topology topology, ProgramFactory programs, LinkLatency latency, FaultPlan plan,
            boolean skipIgnoredDeliveries, long stopAt, long[] reached) {
        return run(topology, programs, latency, plan, skipIgnoredDeliveries, stopAt, reached, null);
    }

    private static RunMetrics run(Topology topology, ProgramFactory programs, LinkLatency latency, FaultPlan plan,
            boolean skipIgnoredDeliveries, long stopAt, long[] reached, StepListener listener) {
        HeapEstimate.requireSequential(topology.name(), topology.nodeCount());
        if (plan.killJvms().length > 0) {
            throw new IllegalArgumentException("the sequential engine has no JVMs to kill");
        }
        FaultModel faults = FaultModel.of(plan, topology);
        int n = topology.nodeCount();
        RunMetrics metrics = RunMetrics.forNetwork(programs.messages(), topology.nodeCount());
        StepTimeline timeline = new StepTimeline(n);
        LinkLayer links = new LinkLayer(topology, Partition.single(n), 0, latency, metrics, timeline);
        links.applyFaults(faults, programs.wantsSendFailures());
        NodeProgram[] nodes = new NodeProgram[n];
        long[] ignored = new long[n];
        if (skipIgnoredDeliveries) {
            links.skipIgnoredDeliveries(programs, ignored);
        }
        for (int id = 0; id < n; id++) {
            nodes[id] = programs.create(id);
            long wake = nodes[id].initialWake();
            if (faults.crashedBy(id, wake)) {
                continue;
            }
            if (wake != NodeProgram.NO_WAKE) {
                timeline.wake(wake, id);
            }
        }
        Context context = new Context(topology, nodes, ignored, timeline, links, metrics, faults);
        while (!timeline.isEmpty()) {
            long next = timeline.nextStep();
            if (next >= stopAt) {
                reached[0] = stopAt;
                return metrics;
            }
            context.step = next;
            timeline.drain(context.step, context);
            if (listener != null) {
                listener.afterStep(context.step, timeline);
            }
        }
        reached[0] = context.step;
        if (programs.wantsFinalStates()) {
            for (int id = 0; id < n; id++) {
                Object state = nodes[id].finalState(faults.crashedBy(id, context.step) ? faults.crashStep(id) : 0);
                if (state != null) {
                    metrics.observe(state);
                }
            }
        }
        return metrics;
    }

    private static final class Context implements StepTimeline.Activation, Inbox, Outbox {
        private final Topology topology;
        private final NodeProgram[] nodes;
        private final long[] ignored;
        private final StepTimeline timeline;
        private final LinkLayer links;
        private final RunMetrics metrics;
        private final FaultModel faults;
        long step;
        private int rank;
        private int node;
        private int count;
        private int[] ports;
        private Object[] payloads;

        Context(Topology topology, NodeProgram[] nodes, long[] ignored, StepTimeline timeline, LinkLayer links, RunMetrics metrics,
                FaultModel faults) {
            this.faults = faults;
            this.topology = topology;
            this.nodes = nodes;
            this.ignored = ignored;
            this.timeline = timeline;
            this.links = links;
            this.metrics = metrics;
        }

        @Override
        public void activate(int local, int count, int[] ports, Object[] payloads) {
            if (faults.crashedBy(local, step)) {
                return; // a crashed node does nothing; nothing but send-failure notices can be in its inbox
            }
            this.node = local;
            this.rank = 0;
            this.count = count;
            this.ports = ports;
            this.payloads = payloads;
            long wake = nodes[local].step(step, this, this);
            ignored[local] = nodes[local].ignoredMessages();
            if (wake != NodeProgram.NO_WAKE) {
                if (wake <= step) {
                    throw new IllegalStateException("node " + local + " asked to be woken at step " + wake + " during step " + step);
                }
                timeline.wake(wake, local);
            }
        }

        @Override
        public int size() {
            return count;
        }

        @Override
        public int port(int i) {
            return ports[i];
        }

        @Override
        public Object payload(int i) {
            return payloads[i];
        }

        @Override
        public void send(int port, Object payload) {
            links.send(step, node, port, payload, rank++);
        }

        @Override
        public void sendBack(int inPort, Object payload) {
            links.sendBack(step, node, inPort, payload, rank++);
        }

        @Override
        public void observe(Object observation) {
            metrics.observe(observation);
        }

        @Override
        public void informed(int message, long afterStep) {
            metrics.countInformed(afterStep, message, node);
            if (message == 0 && faults.crashStep(node) != 0) {
                metrics.countInformedDead(1); // informed before the plan crashes it: not live at the end
            }
        }

        @Override
        public void delivered(Object packet, long afterStep) {
            metrics.countDelivered(afterStep, (icn.protocols.Packet) packet, topology);
        }

        @Override
        public void gaveUp(Object packet, long step, boolean hopLimit) {
            metrics.countGaveUp(step, hopLimit);
        }
    }
}
