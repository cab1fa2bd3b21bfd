package icn.node.actor;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import icn.protocols.LinkLatency;
import icn.node.engine.FaultModel;
import icn.node.engine.HostBatches;
import icn.node.engine.LinkLayer;
import icn.node.engine.StepTimeline;
import icn.node.program.NodeProgram;
import icn.node.program.ProgramFactory;
import icn.protocols.LinkClass;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.Topology;
import icn.protocols.wire.HostBatch;
import icn.protocols.wire.HostProtocol;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Owns one partition of the network: spawns a {@link NodeActor} per node, runs the step clock, and is the link layer between its
 * nodes. A step ends when every node activated in it has answered; the host then sends one batch (possibly empty, possibly in
 * several parts) to every other host, in this JVM or another, and starts the next step once it has all of theirs. Each batch
 * carries the sender's earliest pending step, so all hosts pick the same next step (skipping steps nobody has work in) and agree
 * on the end without a central round trip.
 */
public final class Host extends AbstractBehavior<HostProtocol.Command> {

    /** Node messages per {@link HostProtocol.PeerBatch} part at most. */
    static final int CHUNK = 16_384;
    /** Messages for one peer that are sent as a part during the step; {@link #CHUNK}, lowered by tests to exercise the path. */
    static volatile int earlyPart = CHUNK;
    /** Estimated serialized bytes per part at most, well under Artery's frame size (packets carry their paths). */
    static final int CHUNK_BYTES = 256 * 1024;
    /** Delivered packets per {@link HostProtocol.PacketsDelivered} part. */
    static final int PACKETS_PER_PART = 8_192;

    /**
     * A node's answer to {@link NodeActor.Step}: sends (a port {@code −1 − q} sends back over the link arriving on in-port q), messages
     * it came to hold, packets delivered and given up, what it observed, what it ignores from now on, when to wake it.
     */
    public record Acted(int local, long step, long wake, long ignored, int[] ports, Object[] payloads, int[] informed,
            Object[] delivered, int gaveUp, int hopLimited, Object[] observed) implements HostProtocol.Command {
    }

    /** A node's final state ({@link icn.node.program.NodeProgram#finalState}), on {@link NodeActor.Finish} or when it crashed. */
    public record FinalState(int local, Object state) implements HostProtocol.Command {
    }

    /** Estimated serialized bytes of observations per {@link HostProtocol.Observed} part at most. */
    static final int OBSERVED_PART_BYTES = 256 * 1024;

    private final int index;
    private final Topology topology;
    private final Partition partition;
    private final int hostsPerJvm;
    private final ActorRef<HostProtocol.Event> supervisor;
    private final ActorRef<NodeActor.Command>[] nodes;
    private final int groups;
    private final RunMetrics metrics;
    private final StepTimeline timeline;
    private final LinkLayer links;
    private final long[] ignored;
    private final long[] crossJvm = new long[LinkClass.values().length];
    private final List<HostProtocol.PeerBatch> received = new ArrayList<>();
    private List<ActorRef<HostProtocol.Command>> hosts = List.of();
    private int[] chunks = new int[0]; // parts sent to each host in this step so far
    private int spawnedGroups;
    private long step;
    private int outstanding;
    private boolean stepDone;
    private boolean finished;
    private long myNext;
    private long activations;
    private final FaultModel faults;
    private final int[] crashLocals; // this host's nodes that crash, by crash step
    private final long[] crashSteps;
    private int crashesStopped;
    private int skipped;
    private final long killStep; // the step at which the fault plan kills this host's JVM, 0: never
    private boolean frozen;
    private final boolean[] dead;
    private final long[] receivedFrom;
    private final boolean wantsFinalStates;
    private int finalStates; // final states received from this host's nodes
    private boolean aborted;

    private Host(ActorContext<HostProtocol.Command> context, int index, Topology topology, Partition partition, int hostsPerJvm,
            ProgramFactory programs, LinkLatency latency, FaultModel faults, ActorRef<HostProtocol.Event> supervisor) {
        super(context);
        this.faults = faults;
        this.index = index;
        this.topology = topology;
        this.partition = partition;
        this.hostsPerJvm = hostsPerJvm;
        this.supervisor = supervisor;
        int size = partition.size(index);
        this.metrics = new RunMetrics(programs.messages());
        this.timeline = new StepTimeline(size);
        this.links = new LinkLayer(topology, partition, index, latency, metrics, timeline);
        this.ignored = new long[size];
        this.wantsFinalStates = programs.wantsFinalStates();
        links.skipIgnoredDeliveries(programs, ignored);
        links.applyFaults(faults, programs.wantsSendFailures());
        long[][] crashes = java.util.stream.IntStream.range(0, faults.plan().crashNodes().length)
                .filter(i -> partition.hostOf(faults.plan().crashNodes()[i]) == index)
                .mapToObj(i -> new long[] {faults.plan().crashSteps()[i], partition.localIndex(faults.plan().crashNodes()[i])})
                .sorted(java.util.Comparator.comparingLong(c -> c[0])).toArray(long[][]::new);
        this.crashSteps = java.util.Arrays.stream(crashes).mapToLong(c -> c[0]).toArray();
        this.crashLocals = java.util.Arrays.stream(crashes).mapToInt(c -> (int) c[1]).toArray();
        long kill = 0;
        for (int i = 0; i < faults.plan().killJvms().length; i++) {
            if (faults.plan().killJvms()[i] == index / hostsPerJvm) {
                kill = kill == 0 ? faults.plan().killSteps()[i] : Math.min(kill, faults.plan().killSteps()[i]);
            }
        }
        this.killStep = kill;
        this.dead = new boolean[partition.hosts()];
        this.receivedFrom = new long[partition.hosts()];
        this.groups = (size + NodeGroup.SIZE - 1) / NodeGroup.SIZE;
        @SuppressWarnings({"unchecked", "rawtypes"})
        ActorRef<NodeActor.Command>[] refs = new ActorRef[size];
        this.nodes = refs;
        for (int g = 0; g < groups; g++) {
            int first = g * NodeGroup.SIZE;
            int count = Math.min(NodeGroup.SIZE, size - first);
            context.spawnAnonymous(NodeGroup.create(g, index, first, count, partition, programs, context.getSelf()), NodeGroup.PROPS);
        }
        if (groups == 0) {
            supervisor.tell(new HostProtocol.HostReady(index, 0, context.getSelf()));
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
        return Behaviors.setup(context -> new Host(context, index, topology, partition, hostsPerJvm, programs, latency, faults, supervisor));
    }

    @Override
    public Receive<HostProtocol.Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(NodeGroup.Spawned.class, this::onSpawned)
                .onMessage(HostProtocol.StartStepping.class, this::onStart)
                .onMessage(Acted.class, this::onActed)
                .onMessage(FinalState.class, this::onFinalState)
                .onMessage(HostProtocol.PeerBatch.class, this::onPeerBatch)
                .onMessage(HostProtocol.AbortRun.class, this::onAbort)
                .onMessage(HostProtocol.MemberLost.class, this::onMemberLost)
                .build();
    }

    private Behavior<HostProtocol.Command> onSpawned(NodeGroup.Spawned spawned) {
        System.arraycopy(spawned.nodes(), 0, nodes, spawned.group() * NodeGroup.SIZE, spawned.nodes().length);
        for (int i = 0; i < spawned.wakeLocals().length; i++) {
            timeline.wake(spawned.wakeSteps()[i], spawned.wakeLocals()[i]);
        }
        if (++spawnedGroups == groups) {
            supervisor.tell(new HostProtocol.HostReady(index, nodes.length, getContext().getSelf()));
        }
        return this;
    }

    private Behavior<HostProtocol.Command> onStart(HostProtocol.StartStepping start) {
        hosts = start.hosts();
        chunks = new int[hosts.size()];
        beginStep(1);
        return this;
    }

    private void beginStep(long s) {
        step = s;
        stepDone = false;
        if (killStep != 0 && s >= killStep) {
            freezeForKill();
            return;
        }
        // a crashed node's actor is stopped: it does nothing from its crash step on (the link layer drops what would reach it)
        while (crashesStopped < crashSteps.length && crashSteps[crashesStopped] <= s) {
            int c = crashesStopped++;
            nodes[crashLocals[c]].tell(new NodeActor.Crash(crashSteps[c], wantsFinalStates));
        }
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
            metrics.countInformed(step - 1, message);
        }
        for (Object packet : acted.delivered()) {
            metrics.countDelivered(step - 1, (icn.protocols.wire.Packet) packet, topology);
        }
        for (int i = 0; i < acted.gaveUp(); i++) {
            metrics.countGaveUp(step, false);
        }
        for (int i = 0; i < acted.hopLimited(); i++) {
            metrics.countGaveUp(step, true);
        }
        if (acted.ports().length > 0 && hosts.size() > 1) {
            sendFullParts();
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

    /**
     * Sends a part to every peer for which a whole {@link #CHUNK} of this step's messages has gathered, while the step goes on: the
     * peer's JVM deserializes it while this host's nodes still work, and the step's end sends only the rest.
     */
    private void sendFullParts() {
        HostBatches outgoing = links.outgoing();
        for (int h = 0; h < hosts.size(); h++) {
            if (h != index && !dead[h] && outgoing.size(h) >= earlyPart) {
                HostBatch part = outgoing.takeEarly(h);
                countCrossJvm(h, part);
                hosts.get(h).tell(new HostProtocol.PeerBatch(step, index, chunks[h]++, false, 0, part));
            }
        }
    }

    private void endStep() {
        stepDone = true;
        myNext = earliest(timeline.nextStep(), links.outgoing().endOfStep());
        for (int h = 0; h < hosts.size(); h++) {
            if (h != index && !dead[h]) {
                send(h, links.outgoing().take(h));
            }
        }
        java.util.Arrays.fill(chunks, 0);
        tryAdvance();
    }

    private void countCrossJvm(int h, HostBatch batch) {
        if (h / hostsPerJvm != index / hostsPerJvm) {
            for (int i = 0; i < batch.size(); i++) {
                crossJvm[topology.linkClass(batch.port()[i]).ordinal()]++; // arrival port has the class of the sending port
            }
        }
    }

    /**
     * Sends the rest of this step's batch for host {@code h} in parts of at most {@link #CHUNK} messages (at least one part, the
     * last), numbered after the parts sent early.
     */
    private void send(int h, HostBatch batch) {
        countCrossJvm(h, batch);
        int from = 0;
        int chunk = chunks[h];
        do {
            int to = from;
            long bytes = 0;
            while (to < batch.size() && to - from < CHUNK && bytes < CHUNK_BYTES) {
                bytes += estimatedBytes(batch.payload()[to]);
                to++;
            }
            HostBatch part = from == 0 && to == batch.size() ? batch : slice(batch, from, to);
            hosts.get(h).tell(new HostProtocol.PeerBatch(step, index, chunk++, to == batch.size(), myNext, part));
            from = to;
        } while (from < batch.size());
    }

    /** Serialized size of one node message or observation, roughly: a small number, a packet with its route and path, a flit. */
    private static int estimatedBytes(Object payload) {
        if (payload instanceof icn.protocols.wire.Packet p) {
            return 32 + 5 * (p.route().length + p.path().length);
        }
        if (payload instanceof icn.protocols.traffic.ChannelStep c) {
            return c.header() == null ? 16 : 64;
        }
        if (payload instanceof icn.protocols.traffic.RouterState r) {
            return 96 + 10 * (r.held().length + r.heldGenerated().length + r.waiting().length + r.optionStart().length
                    + r.options().length + r.since().length + r.feeds().length + r.feedOwners().length);
        }
        return payload instanceof icn.protocols.traffic.MessageDelivered || payload instanceof icn.protocols.traffic.MessageLost ? 64 : 12;
    }

    private static HostBatch slice(HostBatch b, int from, int to) {
        return new HostBatch(Arrays.copyOfRange(b.at(), from, to), Arrays.copyOfRange(b.dest(), from, to),
                Arrays.copyOfRange(b.port(), from, to), Arrays.copyOfRange(b.payload(), from, to));
    }

    private Behavior<HostProtocol.Command> onPeerBatch(HostProtocol.PeerBatch batch) {
        if (!finished && !frozen && !dead[batch.from()]) {
            received.add(batch);
            tryAdvance();
        }
        return this;
    }

    private void tryAdvance() {
        if (!stepDone) {
            return;
        }
        // Parts from one sender arrive in order, so its last part means all of its parts are here. A fast peer may already have
        // sent parts of the next step; only this step's count.
        int complete = 0;
        for (HostProtocol.PeerBatch batch : received) {
            if (batch.step() == step && batch.last()) {
                complete++;
            }
        }
        if (complete < alivePeers()) {
            return;
        }
        long next = myNext;
        for (var it = received.iterator(); it.hasNext();) {
            HostProtocol.PeerBatch batch = it.next();
            if (batch.step() == step) {
                links.receive(batch.batch());
                receivedFrom[batch.from()] += batch.batch().size();
                if (batch.last()) {
                    next = earliest(next, batch.nextWork());
                }
                it.remove();
            }
        }
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

    private int alivePeers() {
        int alive = 0;
        for (int h = 0; h < hosts.size(); h++) {
            if (h != index && !dead[h]) {
                alive++;
            }
        }
        return alive;
    }

    /**
     * The run goes on without the hosts of a lost JVM: the step barrier no longer waits for them, and what this host's nodes send to
     * their nodes from now on is lost with them.
     */
    private Behavior<HostProtocol.Command> onMemberLost(HostProtocol.MemberLost lost) {
        if (finished || frozen) {
            return this;
        }
        for (int h : lost.hosts()) {
            dead[h] = true;
        }
        links.lostHosts(dead);
        received.removeIf(b -> dead[b.from()]);
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
        supervisor.tell(new HostProtocol.KillPoint(index, step, metrics.dataWithoutPackets(), sentTo, receivedFrom.clone()));
    }

    /** The observations, in parts of at most {@link #OBSERVED_PART_BYTES} estimated bytes (the frame is 1 MiB). */
    private void reportObservations() {
        java.util.List<Object> all = metrics.observations();
        int from = 0;
        while (from < all.size()) {
            int to = from;
            long bytes = 0;
            while (to < all.size() && bytes < OBSERVED_PART_BYTES) {
                bytes += estimatedBytes(all.get(to++));
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
            boolean[] crashed = new boolean[nodes.length];
            for (int c = 0; c < crashesStopped; c++) {
                crashed[crashLocals[c]] = true;
            }
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
            // Crashes at steps no host began: usually the crash's own drops (decided at the senders) took the work its step would
            // have had (the run checks admit a crash only at a step the run reaches, though they leave JVM kills out of that
            // reckoning); either way the plan crashed the node, and its actor stops now.
            while (crashesStopped < crashSteps.length) {
                int c = crashesStopped++;
                nodes[crashLocals[c]].tell(new NodeActor.Crash(crashSteps[c], false));
            }
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
        supervisor.tell(new HostProtocol.HostFinished(index, metrics.dataWithoutPackets(), step, activations, links.ignoredDeliveries(),
                cross, crossJvm.clone(), aborted, sentTo, receivedFrom.clone()));
    }

    private static long earliest(long a, long b) {
        if (a == 0) {
            return b;
        }
        return b == 0 ? a : Math.min(a, b);
    }
}
