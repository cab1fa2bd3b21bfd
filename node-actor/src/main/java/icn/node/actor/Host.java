package icn.node.actor;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.ExtensibleBehavior;
import akka.actor.typed.Signal;
import akka.actor.typed.TypedActorContext;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import icn.protocols.LinkLatency;
import icn.node.engine.FaultModel;
import icn.node.engine.LinkLayer;
import icn.node.engine.StepTimeline;
import icn.node.program.NodeProgram;
import icn.node.program.ProgramFactory;
import icn.protocols.LinkClass;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.Topology;
import icn.protocols.wire.HostProtocol;

/**
 * Owns one partition of the network: spawns a {@link NodeActor} per node, runs the step clock, and is the link layer between its
 * nodes. A step ends when every node activated in it has answered; the host then sends one batch (possibly empty, possibly in
 * several parts) to every other host, in this JVM or another, and starts the next step once it has all of theirs. Each batch
 * carries the sender's earliest pending step, so all hosts pick the same next step (skipping steps nobody has work in) and agree
 * on the end without a central round trip.
 *
 * <p>The batches to and from the other hosts are kept by {@link PeerBatches}, the fault plan's crashes and JVM kill for this host
 * by {@link HostCrashes}; this actor is the step clock and the reports.
 */
public final class Host extends ExtensibleBehavior<HostProtocol.Command> {

    /** Node messages per {@link HostProtocol.PeerBatch} part at most. */
    static final int CHUNK = 16_384;
    /** Messages for one peer that are sent as a part during the step; {@link #CHUNK}, lowered by tests to exercise the path. */
    static volatile int earlyPart = CHUNK;
    /** Delivered packets per {@link HostProtocol.PacketsDelivered} part. */
    static final int PACKETS_PER_PART = 8_192;

    /**
     * A node's answer to {@link NodeActor.Step}: sends (a port {@code −1 − q} sends back over the link arriving on in-port q), messages
     * it came to hold, packets delivered and given up, what it observed, what it ignores from now on, when to wake it.
     */
    public record Acted(int local, long step, long wake, long ignored, int[] ports, Object[] payloads, int[] informed,
            Object[] delivered, int gaveUp, int hopLimited, Object[] observed) implements HostProtocol.Command {
    }

    /**
     * The next run on this host's network, kept from the run before (by its JVM's host manager): the host and its node actors become
     * that run's, reset rather than spawned anew. Only a host whose run completed without crashes gets it. Local, never sent.
     */
    public record Rearm(ProgramFactory programs, LinkLatency latency, FaultModel faults, ActorRef<HostProtocol.Event> supervisor)
            implements HostProtocol.Command {
    }

    /** A node's final state ({@link icn.node.program.NodeProgram#finalState}), on {@link NodeActor.Finish} or when it crashed. */
    public record FinalState(int local, Object state) implements HostProtocol.Command {
    }

    /** Estimated serialized bytes of observations per {@link HostProtocol.Observed} part at most. */
    static final int OBSERVED_PART_BYTES = 256 * 1024;

    private final ActorContext<HostProtocol.Command> context;
    private final int index;
    private final Topology topology;
    private final Partition partition;
    private final ActorRef<HostProtocol.Event> supervisor;
    private final ActorRef<NodeActor.Command>[] nodes;
    private final ActorRef<NodeGroup.Command>[] groupRefs;
    private final int groups;
    private final int hostsPerJvm;
    private final boolean kept;
    private final RunMetrics metrics;
    private final StepTimeline timeline;
    private final LinkLayer links;
    private final PeerBatches peers;
    private final long[] ignored;
    private int spawnedGroups;
    private long step;
    private int outstanding;
    private boolean stepDone;
    private boolean finished;
    private long myNext;
    private long activations;
    private final FaultModel faults;
    private final HostCrashes crashes;
    private int skipped;
    private boolean frozen;
    private final boolean wantsFinalStates;
    private int finalStates; // final states received from this host's nodes
    private boolean aborted;

    /** A host that spawns its node actors ({@code before} null), or takes over those of {@code before} and resets them. */
    private Host(ActorContext<HostProtocol.Command> context, int index, Topology topology, Partition partition, int hostsPerJvm,
            ProgramFactory programs, LinkLatency latency, FaultModel faults, ActorRef<HostProtocol.Event> supervisor, Host before) {
        this.context = context;
        this.faults = faults;
        this.index = index;
        this.topology = topology;
        this.partition = partition;
        this.supervisor = supervisor;
        this.hostsPerJvm = hostsPerJvm;
        this.kept = before != null;
        int size = partition.size(index);
        this.metrics = RunMetrics.forNetwork(programs.messages(), topology.nodeCount());
        this.timeline = new StepTimeline(size);
        this.links = new LinkLayer(topology, partition, index, latency, metrics, timeline);
        this.ignored = new long[size];
        this.wantsFinalStates = programs.wantsFinalStates();
        links.skipIgnoredDeliveries(programs, ignored);
        links.applyFaults(faults, programs.wantsSendFailures());
        this.crashes = new HostCrashes(faults, partition, index, hostsPerJvm);
        this.peers = new PeerBatches(index, partition.hosts(), hostsPerJvm, topology, links);
        this.groups = (size + NodeGroup.SIZE - 1) / NodeGroup.SIZE;
        if (before != null) {
            this.nodes = before.nodes;
            this.groupRefs = before.groupRefs;
            for (ActorRef<NodeGroup.Command> group : groupRefs) {
                group.tell(new NodeGroup.Rearm(programs, context.getSelf()));
            }
        } else {
            @SuppressWarnings({"unchecked", "rawtypes"})
            ActorRef<NodeActor.Command>[] refs = new ActorRef[size];
            this.nodes = refs;
            @SuppressWarnings({"unchecked", "rawtypes"})
            ActorRef<NodeGroup.Command>[] spawned = new ActorRef[groups];
            this.groupRefs = spawned;
            for (int g = 0; g < groups; g++) {
                int first = g * NodeGroup.SIZE;
                int count = Math.min(NodeGroup.SIZE, size - first);
                groupRefs[g] = context.spawnAnonymous(NodeGroup.create(g, index, first, count, partition, programs, context.getSelf()),
                        NodeGroup.PROPS);
            }
        }
        if (groups == 0) {
            supervisor.tell(new HostProtocol.HostReady(index, 0, context.getSelf(), kept));
        }
    }

    /**
     * Host {@code index} (global, of {@code partition.hosts()}) of a run; hosts {@code h} and {@code g} share a JVM when
     * {@code h / hostsPerJvm == g / hostsPerJvm}.
     */
    public static Behavior<HostProtocol.Command> create(int index, Topology topology, Partition partition, int hostsPerJvm,
            ProgramFactory programs, LinkLatency latency, ActorRef<HostProtocol.Event> supervisor) {
        return create(index, topology, partition, hostsPerJvm, programs, latency, FaultModel.NONE, supervisor);
    }

    /** As {@link #create(int, Topology, Partition, int, ProgramFactory, LinkLatency, ActorRef)}, with faults. */
    public static Behavior<HostProtocol.Command> create(int index, Topology topology, Partition partition, int hostsPerJvm,
            ProgramFactory programs, LinkLatency latency, FaultModel faults, ActorRef<HostProtocol.Event> supervisor) {
        return Behaviors.setup(context -> new Host(context, index, topology, partition, hostsPerJvm, programs, latency, faults, supervisor,
                null));
    }

    @Override
    public Behavior<HostProtocol.Command> receive(TypedActorContext<HostProtocol.Command> ctx, HostProtocol.Command message) {
        // Matched by hand, the per-step messages first: Akka's receive builder allocated while it tried its cases in order (a
        // boxed OptionVal per case tried, for every node's reply; JFR allocation samples of SCC_8's run).
        if (message instanceof Acted acted) {
            return onActed(acted);
        }
        if (message instanceof HostProtocol.PeerBatch batch) {
            return onPeerBatch(batch);
        }
        if (message instanceof FinalState state) {
            return onFinalState(state);
        }
        if (message instanceof NodeGroup.Spawned spawned) {
            return onSpawned(spawned);
        }
        if (message instanceof HostProtocol.StartStepping start) {
            return onStart(start);
        }
        if (message instanceof HostProtocol.AbortRun abort) {
            return onAbort(abort);
        }
        if (message instanceof HostProtocol.MemberLost lost) {
            return onMemberLost(lost);
        }
        if (message instanceof Rearm rearm) {
            return onRearm(rearm);
        }
        return Behaviors.unhandled();
    }

    @Override
    public Behavior<HostProtocol.Command> receiveSignal(TypedActorContext<HostProtocol.Command> ctx, Signal signal) {
        return Behaviors.unhandled();
    }

    private Behavior<HostProtocol.Command> onSpawned(NodeGroup.Spawned spawned) {
        System.arraycopy(spawned.nodes(), 0, nodes, spawned.group() * NodeGroup.SIZE, spawned.nodes().length);
        for (int i = 0; i < spawned.wakeLocals().length; i++) {
            timeline.wake(spawned.wakeSteps()[i], spawned.wakeLocals()[i]);
        }
        if (++spawnedGroups == groups) {
            supervisor.tell(new HostProtocol.HostReady(index, nodes.length, context.getSelf(), kept));
        }
        return this;
    }

    /** The next run on this network: a new host state over the same node actors, which its groups reset. */
    private Behavior<HostProtocol.Command> onRearm(Rearm rearm) {
        if (!finished || aborted || frozen) {
            throw new IllegalStateException("host " + index + " was given a next run before its run had completed");
        }
        return new Host(context, index, topology, partition, hostsPerJvm, rearm.programs(), rearm.latency(), rearm.faults(),
                rearm.supervisor(), this);
    }

    private Behavior<HostProtocol.Command> onStart(HostProtocol.StartStepping start) {
        peers.start(start.hosts());
        beginStep(1);
        return this;
    }

    private void beginStep(long s) {
        step = s;
        stepDone = false;
        if (crashes.killedBy(s)) {
            freezeForKill();
            return;
        }
        crashes.stopCrashedBy(s, nodes, wantsFinalStates);
        skipped = 0;
        outstanding = timeline.drain(s, this::activate) - skipped;
        activations += outstanding;
        if (outstanding == 0) {
            endStep();
        }
    }

    private void activate(int local, int count, int[] ports, Object[] payloads) {
        if (faults.crashedBy(partition.globalId(index, local), step)) {
            skipped++;
            return;
        }
        nodes[local].tell(new NodeActor.Step(step, count, ports, payloads));
    }

    private Behavior<HostProtocol.Command> onActed(Acted acted) {
        if (finished || frozen) {
            return this;
        }
        int id = partition.globalId(index, acted.local());
        ignored[acted.local()] = acted.ignored();
        for (int i = 0; i < acted.ports().length; i++) {
            int port = acted.ports()[i];
            if (port >= 0) {
                links.send(step, id, port, acted.payloads()[i], i);
            } else {
                links.sendBack(step, id, -1 - port, acted.payloads()[i], i);
            }
        }
        for (Object o : acted.observed()) {
            metrics.observe(o);
        }
        for (int message : acted.informed()) {
            metrics.countInformed(step - 1, message, id);
            if (message == 0 && faults.crashStep(id) != 0) {
                metrics.countInformedDead(1); // informed before the plan crashes it: not live at the end
            }
        }
        for (Object packet : acted.delivered()) {
            metrics.countDelivered(step - 1, (icn.protocols.Packet) packet, topology);
        }
        for (int i = 0; i < acted.gaveUp(); i++) {
            metrics.countGaveUp(step, false);
        }
        for (int i = 0; i < acted.hopLimited(); i++) {
            metrics.countGaveUp(step, true);
        }
        if (acted.ports().length > 0 && peers.hasPeers()) {
            peers.sendFullParts(step);
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
        myNext = PeerBatches.earliest(timeline.nextStep(), links.outgoing().endOfStep());
        peers.endStep(step, myNext);
        tryAdvance();
    }

    private Behavior<HostProtocol.Command> onPeerBatch(HostProtocol.PeerBatch batch) {
        if (!finished && !frozen && peers.received(batch)) {
            tryAdvance();
        }
        return this;
    }

    private void tryAdvance() {
        if (!stepDone || !peers.complete(step)) {
            return;
        }
        long next = peers.deliver(step, myNext);
        if (next == 0) {
            finish(false);
        } else {
            beginStep(next);
        }
    }

    private Behavior<HostProtocol.Command> onAbort(HostProtocol.AbortRun abort) {
        if (!finished && !frozen) {
            finish(true);
        }
        return this;
    }

    /**
     * The run goes on without the hosts of a lost JVM: the step barrier no longer waits for them, and what this host's nodes send to
     * their nodes from now on is lost with them.
     */
    private Behavior<HostProtocol.Command> onMemberLost(HostProtocol.MemberLost lost) {
        if (finished || frozen) {
            return this;
        }
        peers.lost(lost.hosts());
        if (stepDone) {
            tryAdvance();
        }
        return this;
    }

    /** The fault plan kills this JVM at this step: stop here and report what was measured, before the coordinator halts the JVM. */
    private void freezeForKill() {
        frozen = true;
        reportPackets();
        reportObservations();
        long[] sentTo = new long[partition.hosts()];
        for (int h = 0; h < sentTo.length; h++) {
            sentTo[h] = links.sentTo(h);
        }
        supervisor.tell(new HostProtocol.KillPoint(index, step, metrics.dataWithoutPackets(), sentTo, peers.receivedFrom()));
    }

    /** The observations, in parts of at most {@link #OBSERVED_PART_BYTES} estimated bytes (the frame is 1 MiB). */
    private void reportObservations() {
        java.util.List<Object> all = metrics.observations();
        int from = 0;
        while (from < all.size()) {
            int to = from;
            long bytes = 0;
            while (to < all.size() && bytes < OBSERVED_PART_BYTES) {
                bytes += WireSize.estimate(all.get(to++));
            }
            supervisor.tell(new HostProtocol.Observed(index, all.subList(from, to).toArray()));
            from = to;
        }
    }

    private void reportPackets() {
        icn.protocols.PacketLog packets = metrics.packets();
        for (int from = 0; from < packets.size(); from += PACKETS_PER_PART) {
            supervisor.tell(new HostProtocol.PacketsDelivered(index, packets.data(from, Math.min(packets.size(), from + PACKETS_PER_PART))));
        }
    }

    private void finish(boolean aborted) {
        finished = true;
        this.aborted = aborted;
        if (wantsFinalStates) {
            // every node reports once: those that crashed did when they crashed, the others now (a crash planned after the last step
            // did not happen in the run: the node reports as it is, and stops with the host)
            boolean[] crashed = crashes.stoppedNodes(nodes.length);
            for (int local = 0; local < nodes.length; local++) {
                if (!crashed[local]) {
                    nodes[local].tell(NodeActor.Finish.INSTANCE);
                }
            }
            if (finalStates == nodes.length) {
                report();
            }
            return;
        }
        if (!aborted) {
            crashes.stopRest(nodes);
        }
        report();
    }

    private Behavior<HostProtocol.Command> onFinalState(FinalState state) {
        if (state.state() != null) {
            metrics.observe(state.state());
        }
        if (++finalStates == nodes.length && finished) {
            report();
        }
        return this;
    }

    /** Most bytes a host's counts may take, under Artery's frame of 1 MiB with room for the rest of the message. */
    static final long FRAME_BUDGET = 900_000;

    /** About the bytes of a host's counts on the wire: every count a zigzag varint, as the wire's long arrays write them. */
    static long wireBytes(RunMetrics.Data data, int hosts) {
        return varints(data.sent()) + varints(data.informed()) + data.wave().length + 64L * hosts + 256;
    }

    private static long varints(long[] values) {
        long bytes = 0;
        for (long v : values) {
            long z = (v << 1) ^ (v >> 63);
            bytes += Math.max(1, (70 - Long.numberOfLeadingZeros(z)) / 7);
        }
        return bytes;
    }

    /** Sends what this host measured to the supervisor: delivered packets and observations in parts, then its counts. */
    private void report() {
        long[] cross = new long[LinkClass.values().length];
        for (LinkClass c : LinkClass.values()) {
            cross[c.ordinal()] = links.crossHost(c);
        }
        reportPackets();
        reportObservations();
        long[] sentTo = new long[partition.hosts()];
        for (int h = 0; h < sentTo.length; h++) {
            sentTo[h] = links.sentTo(h);
        }
        RunMetrics.Data data = metrics.dataWithoutPackets();
        long bytes = wireBytes(data, sentTo.length);
        if (bytes > FRAME_BUDGET && !supervisor.path().address().hasLocalScope()) { // Artery would drop it, and the run wait for ever
            supervisor.tell(new HostProtocol.RunRefused(context.getSelf().path().address().toString(), String.format(java.util.Locale.ROOT,
                    "host %d's counts of this run (about %,d bytes: a count per step and link class for %,d steps) do not fit in one"
                            + " frame of the cluster (1 MiB); run fewer cycles on the node actors, or use --engine sequential", index,
                    bytes, step)));
            return;
        }
        supervisor.tell(new HostProtocol.HostFinished(index, data, step, activations, links.ignoredDeliveries(),
                cross, peers.crossJvm(), aborted, sentTo, peers.receivedFrom()));
    }
}
