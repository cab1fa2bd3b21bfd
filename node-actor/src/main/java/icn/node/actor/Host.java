package icn.node.actor;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import icn.node.engine.HostBatch;
import icn.node.engine.LinkLatency;
import icn.node.engine.LinkLayer;
import icn.node.engine.RunMetrics;
import icn.node.engine.StepTimeline;
import icn.node.program.NodeProgram;
import icn.node.program.ProgramFactory;
import icn.protocols.LinkClass;
import icn.protocols.Partition;
import icn.protocols.Topology;
import java.util.ArrayList;
import java.util.List;

/**
 * Owns one partition of the network: spawns a {@link NodeActor} per node, runs the step clock, and is the link layer between its
 * nodes. A step ends when every node activated in it has answered; the host then sends one batch (possibly empty) to every other
 * host and starts the next step once it has all of theirs. Each batch carries the sender's earliest pending step, so all hosts
 * pick the same next step (skipping steps nobody has work in) and agree on the end without a central round trip.
 */
public final class Host extends AbstractBehavior<Host.Command> {

    public interface Command {
    }

    /** Start stepping; {@code hosts} holds every host of the run by index, this one included. */
    public record Start(List<ActorRef<Command>> hosts) implements Command {
    }

    /** A node's answer to {@link NodeActor.Step}: its sends, the messages it came to hold, and when to wake it (0: never). */
    public record Acted(int local, long step, long wake, long ignored, int[] ports, Object[] payloads, int[] informed)
            implements Command {
    }

    /** Another host's messages for this host's nodes, sent at the end of {@code step}, and its earliest pending step (0: none). */
    public record PeerBatch(long step, int from, long nextWork, HostBatch batch) implements Command {
    }

    /** What a host tells its run supervisor. */
    public interface Event {
    }

    public record Ready(int host, int nodes) implements Event {
    }

    public record Finished(int host, RunMetrics metrics, long lastStep, long activations, long ignoredDeliveries, long[] crossHost)
            implements Event {
    }

    private final int index;
    private final Topology topology;
    private final Partition partition;
    private final ActorRef<Event> supervisor;
    private final ActorRef<NodeActor.Command>[] nodes;
    private final int groups;
    private int spawnedGroups;
    private final RunMetrics metrics;
    private final StepTimeline timeline;
    private final LinkLayer links;
    private final long[] ignored;
    private final List<PeerBatch> received = new ArrayList<>();
    private List<ActorRef<Command>> hosts = List.of();
    private long step;
    private int outstanding;
    private boolean stepDone;
    private long myNext;
    private long activations;

    private Host(ActorContext<Command> context, int index, Topology topology, Partition partition, ProgramFactory programs,
            LinkLatency latency, ActorRef<Event> supervisor) {
        super(context);
        this.index = index;
        this.topology = topology;
        this.partition = partition;
        this.supervisor = supervisor;
        int size = partition.size(index);
        this.metrics = new RunMetrics(programs.messages());
        this.timeline = new StepTimeline(size);
        this.links = new LinkLayer(topology, partition, index, latency, metrics, timeline);
        this.ignored = new long[size];
        links.skipIgnoredDeliveries(programs, ignored);
        this.groups = (size + NodeGroup.SIZE - 1) / NodeGroup.SIZE;
        @SuppressWarnings({"unchecked", "rawtypes"})
        ActorRef<NodeActor.Command>[] refs = new ActorRef[size];
        this.nodes = refs;
        for (int g = 0; g < groups; g++) {
            int first = g * NodeGroup.SIZE;
            int count = Math.min(NodeGroup.SIZE, size - first);
            context.spawnAnonymous(NodeGroup.create(g, index, first, count, topology, partition, programs, context.getSelf()));
        }
        if (groups == 0) {
            supervisor.tell(new Ready(index, 0));
        }
    }

    public static Behavior<Command> create(int index, Topology topology, Partition partition, ProgramFactory programs,
            LinkLatency latency, ActorRef<Event> supervisor) {
        return Behaviors.setup(context -> new Host(context, index, topology, partition, programs, latency, supervisor));
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(NodeGroup.Spawned.class, this::onSpawned)
                .onMessage(Start.class, this::onStart)
                .onMessage(Acted.class, this::onActed)
                .onMessage(PeerBatch.class, this::onPeerBatch)
                .build();
    }

    private Behavior<Command> onSpawned(NodeGroup.Spawned spawned) {
        System.arraycopy(spawned.nodes(), 0, nodes, spawned.group() * NodeGroup.SIZE, spawned.nodes().length);
        for (int i = 0; i < spawned.wakeLocals().length; i++) {
            timeline.wake(spawned.wakeSteps()[i], spawned.wakeLocals()[i]);
        }
        if (++spawnedGroups == groups) {
            supervisor.tell(new Ready(index, nodes.length));
        }
        return this;
    }

    private Behavior<Command> onStart(Start start) {
        hosts = start.hosts();
        beginStep(1);
        return this;
    }

    private void beginStep(long s) {
        step = s;
        stepDone = false;
        outstanding = timeline.drain(s, this::activate);
        activations += outstanding;
        if (outstanding == 0) {
            endStep();
        }
    }

    private void activate(int local, int count, int[] ports, Object[] payloads) {
        int[] p = new int[count];
        Object[] m = new Object[count];
        System.arraycopy(ports, 0, p, 0, count);
        System.arraycopy(payloads, 0, m, 0, count);
        nodes[local].tell(new NodeActor.Step(step, p, m));
    }

    private Behavior<Command> onActed(Acted acted) {
        int id = partition.globalId(index, acted.local());
        ignored[acted.local()] = acted.ignored();
        for (int i = 0; i < acted.ports().length; i++) {
            links.send(step, id, acted.ports()[i], acted.payloads()[i]);
        }
        for (int message : acted.informed()) {
            metrics.countInformed(step - 1, message);
        }
        if (acted.wake() != NodeProgram.NO_WAKE) {
            if (acted.wake() <= step) {
                throw new IllegalStateException("node " + topology.label(id) + " asked to be woken at step " + acted.wake()
                        + " during step " + step);
            }
            timeline.wake(acted.wake(), acted.local());
        }
        if (--outstanding == 0) {
            endStep();
        }
        return this;
    }

    private void endStep() {
        stepDone = true;
        myNext = earliest(timeline.nextStep(), links.outgoing().earliest());
        for (int h = 0; h < hosts.size(); h++) {
            if (h != index) {
                hosts.get(h).tell(new PeerBatch(step, index, myNext, links.outgoing().take(h)));
            }
        }
        tryAdvance();
    }

    private Behavior<Command> onPeerBatch(PeerBatch batch) {
        received.add(batch);
        tryAdvance();
        return this;
    }

    private void tryAdvance() {
        if (!stepDone) {
            return;
        }
        // A fast peer may already have sent its batch of the next step; only this step's batches count here.
        int ofThisStep = 0;
        for (PeerBatch batch : received) {
            if (batch.step() == step) {
                ofThisStep++;
            }
        }
        if (ofThisStep < hosts.size() - 1) {
            return;
        }
        long next = myNext;
        for (var it = received.iterator(); it.hasNext();) {
            PeerBatch batch = it.next();
            if (batch.step() == step) {
                links.receive(batch.batch());
                next = earliest(next, batch.nextWork());
                it.remove();
            }
        }
        if (next == 0) {
            long[] cross = new long[LinkClass.values().length];
            for (LinkClass c : LinkClass.values()) {
                cross[c.ordinal()] = links.crossHost(c);
            }
            supervisor.tell(new Finished(index, metrics, step, activations, links.ignoredDeliveries(), cross));
        } else {
            beginStep(next);
        }
    }

    private static long earliest(long a, long b) {
        if (a == 0) {
            return b;
        }
        return b == 0 ? a : Math.min(a, b);
    }
}
