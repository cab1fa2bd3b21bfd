package icn.node.actor;

import icn.node.engine.HeapEstimate;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.Terminated;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.actor.typed.receptionist.Receptionist;
import akka.actor.typed.receptionist.ServiceKey;
import icn.node.program.ProgramFactory;
import icn.node.kind.Programs;
import icn.protocols.Partition;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.wire.HostProtocol;
import icn.protocols.wire.ManagerProtocol;
import icn.protocols.ProgramSpec;
import icn.protocols.wire.WireCounters;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import akka.actor.Address;

/**
 * One per JVM: spawns the hosts a run supervisor assigns to this JVM and stops them when the run is over. In a cluster it registers
 * with the Receptionist under {@link #KEY}, which is how the coordinator finds the JVMs it can use.
 */
public final class HostManager extends AbstractBehavior<ManagerProtocol.Command> {

    public static final ServiceKey<ManagerProtocol.Command> KEY = ServiceKey.create(ManagerProtocol.Command.class, "icn-host-manager");

    private final Map<Long, List<ActorRef<HostProtocol.Command>>> runs = new HashMap<>();
    private final Map<Long, Long> runNodes = new HashMap<>(); // node actors of each run whose hosts this JVM holds
    private final Map<ActorRef<?>, Long> stoppingNodes = new HashMap<>(); // node actors of hosts being stopped
    private final Map<Long, String> runShapes = new HashMap<>(); // the network of each run, as a kept network is matched
    private final Map<Long, Long> controlKeys = new HashMap<>(); // each run's secret, given by its supervisor (PrepareRun)
    private final Map<Long, Address> supervisors = new HashMap<>(); // where each run's supervisor is

    /** How often the runs are checked for a supervisor that is gone. */
    static final java.time.Duration ORPHANS_EVERY = java.time.Duration.ofSeconds(1);

    /** Time to look for runs whose supervisor's member is gone. Local, never sent. */
    private enum CheckOrphans implements ManagerProtocol.Command {
        NOW
    }
    private long runsServed;
    /** How long hosts of a completed run are kept for a next run on the same network (zero: never). */
    private final java.time.Duration keep;
    private Kept kept;
    private long keptGeneration;

    /** The hosts and node actors of a completed run, kept for a next run of the same {@code shape}; {@code generation} names the keep. */
    private record Kept(String shape, List<ActorRef<HostProtocol.Command>> hosts, long nodes, long generation) {
    }

    /** The keep {@code generation} has lasted its time: its hosts are stopped unless a run took them. Local, never sent. */
    private record ReleaseKept(long generation) implements ManagerProtocol.Command {
    }
    private final java.util.Set<ActorRef<?>> ending = new java.util.HashSet<>(); // hosts of ended runs, being stopped

    /** How a host manager builds the node programs of a run (the fault plan is given for routes computed from it). */
    @FunctionalInterface
    public interface ProgramsOf {
        ProgramFactory of(Topology topology, ProgramSpec spec, icn.protocols.fault.FaultPlan plan);
    }

    private final ProgramsOf programsOf;
    /**
     * Whether a control message whose reply goes to an actor at this address may be obeyed: an actor of this JVM, or, on a cluster
     * member, of the member with the coordinator role. Anyone who reaches the port can send a message; only the coordinator
     * prepares, ends, inspects and halts (docs/security.md says what this does and does not stop).
     */
    private final Predicate<Address> controller;

    private HostManager(ActorContext<ManagerProtocol.Command> context, boolean register, ProgramsOf programsOf, java.time.Duration keep,
            Predicate<Address> controller) {
        super(context);
        this.programsOf = programsOf;
        this.keep = keep;
        this.controller = controller;
        if (register) {
            context.getSystem().receptionist().tell(Receptionist.register(KEY, context.getSelf()));
        }
        context.scheduleOnce(ORPHANS_EVERY, context.getSelf(), CheckOrphans.NOW);
    }

    /** A host manager; {@code register} puts it in the Receptionist for a cluster coordinator to find. */
    public static Behavior<ManagerProtocol.Command> create(boolean register) {
        return create(register, (ProgramsOf) Programs::of);
    }

    /**
     * A host manager that keeps the hosts and node actors of a completed run for {@code keep} (a standing cluster's worker): a next
     * run on the same network and partitioning within that time resets them instead of spawning anew.
     */
    public static Behavior<ManagerProtocol.Command> create(boolean register, java.time.Duration keep) {
        return create(register, keep, LOCAL_ONLY);
    }

    /**
     * As {@link #create(boolean, java.time.Duration)}, obeying control messages from actors of this JVM and of addresses that
     * {@code coordinator} accepts (a cluster member: the member with the coordinator role).
     */
    public static Behavior<ManagerProtocol.Command> create(boolean register, java.time.Duration keep, Predicate<Address> coordinator) {
        return Behaviors.setup(context -> new HostManager(context, register, Programs::of, keep, coordinator));
    }

    /** Only actors of this JVM control it. */
    private static final Predicate<Address> LOCAL_ONLY = address -> false;

    /** A host manager that builds node programs with {@code programsOf}, which ignores the fault plan. */
    public static Behavior<ManagerProtocol.Command> create(boolean register, BiFunction<Topology, ProgramSpec, ProgramFactory> programsOf) {
        return create(register, (ProgramsOf) (t, s, plan) -> programsOf.apply(t, s));
    }

    /** A host manager that builds node programs with {@code programsOf} (tests substitute their own route sources). */
    public static Behavior<ManagerProtocol.Command> create(boolean register, ProgramsOf programsOf) {
        return Behaviors.setup(context -> new HostManager(context, register, programsOf, java.time.Duration.ZERO, LOCAL_ONLY));
    }

    @Override
    public Receive<ManagerProtocol.Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(ManagerProtocol.PrepareRun.class, this::onPrepare)
                .onMessage(ManagerProtocol.RunConfirmed.class, this::onConfirmed)
                .onMessage(PendingExpired.class, this::onPendingExpired)
                .onMessage(ManagerProtocol.EndRun.class, this::onEnd)
                .onMessage(ManagerProtocol.Halt.class, this::onHalt)
                .onMessage(ManagerProtocol.Inspect.class, this::onInspect)
                .onMessage(ReleaseKept.class, this::onReleaseKept)
                .onMessageEquals(CheckOrphans.NOW, this::onCheckOrphans)
                .onSignal(Terminated.class, this::onHostStopped)
                .build();
    }

    /** Runs asked for while an earlier run's hosts were still being stopped: spawned once they are gone. */
    private final java.util.ArrayDeque<ManagerProtocol.PrepareRun> waiting = new java.util.ArrayDeque<>();

    /** A run asked for, until the supervisor it names confirms it sent it ({@code nonce}: the question asked). */
    private record Pending(ManagerProtocol.PrepareRun run, long nonce) {
    }

    /** A run whose supervisor has not confirmed it within {@link #CONFIRM_WITHIN} is forgotten. Local, never sent. */
    private record PendingExpired(long runId, long nonce) implements ManagerProtocol.Command {
    }

    private static final java.time.Duration CONFIRM_WITHIN = java.time.Duration.ofSeconds(60);
    private final Map<Long, Pending> pending = new HashMap<>();
    private final java.security.SecureRandom nonces = new java.security.SecureRandom();

    /**
     * A run is asked for: before anything is spawned, the supervisor it names must confirm it sent it with that key (a message to
     * that supervisor and its answer), since anyone who reaches this member's port can send a PrepareRun naming any supervisor.
     */
    private Behavior<ManagerProtocol.Command> onPrepare(ManagerProtocol.PrepareRun p) {
        if (!fromController(p.supervisor(), "a run")) {
            return this;
        }
        if (pending.containsKey(p.runId()) || controlKeys.containsKey(p.runId())) {
            getContext().getLog().warn("refused a second preparation of run {} from {}", p.runId(), p.supervisor().path().address());
            return this;
        }
        long nonce = nonces.nextLong();
        pending.put(p.runId(), new Pending(p, nonce));
        p.supervisor().tell(new ManagerProtocol.ConfirmRun(p.runId(), p.controlKey(), nonce, getContext().getSelf()));
        getContext().scheduleOnce(CONFIRM_WITHIN, getContext().getSelf(), new PendingExpired(p.runId(), nonce));
        return this;
    }

    private Behavior<ManagerProtocol.Command> onPendingExpired(PendingExpired expired) {
        Pending waitingFor = pending.get(expired.runId());
        if (waitingFor != null && waitingFor.nonce() == expired.nonce()) {
            pending.remove(expired.runId());
            getContext().getLog().warn("forgot run {}: its supervisor did not confirm it within {} s", expired.runId(),
                    CONFIRM_WITHIN.toSeconds());
        }
        return this;
    }

    private Behavior<ManagerProtocol.Command> onConfirmed(ManagerProtocol.RunConfirmed answer) {
        Pending asked = pending.get(answer.runId());
        if (asked == null || asked.nonce() != answer.nonce()) {
            return this; // an answer to no question of ours
        }
        pending.remove(answer.runId());
        if (!answer.confirmed()) {
            getContext().getLog().warn("refused run {}: the supervisor it names did not send it", answer.runId());
            return this;
        }
        ManagerProtocol.PrepareRun p = asked.run();
        controlKeys.put(p.runId(), p.controlKey());
        supervisors.put(p.runId(), p.supervisor().path().address());
        if (ending.isEmpty() && kept != null && kept.shape().equals(shape(p))) {
            return rearm(p);
        }
        if (kept != null) {
            releaseKept(); // another network: the kept one goes first
        }
        if (!ending.isEmpty()) {
            // never two networks in this JVM at once: the heap estimate counts one
            waiting.add(p);
            return this;
        }
        return prepare(p);
    }

    /** What a kept network must match: the network, its partitioning and this JVM's hosts of it. */
    private static String shape(ManagerProtocol.PrepareRun p) {
        return p.topology() + "/" + p.partitioning() + "/" + p.totalHosts() + "/" + p.firstHost() + "/" + p.hosts() + "/" + p.hostsPerJvm();
    }

    /** The run takes the kept hosts: each resets its node actors with the run's programs. */
    private Behavior<ManagerProtocol.Command> rearm(ManagerProtocol.PrepareRun p) {
        try {
            return reset(p);
        } catch (RuntimeException e) {
            if (kept != null) {
                releaseKept();
            }
            refuse(p, e);
            return this;
        }
    }

    private Behavior<ManagerProtocol.Command> reset(ManagerProtocol.PrepareRun p) {
        Topology topology = Topologies.parse(p.topology());
        ProgramFactory programs = programsOf.of(topology, p.program(), p.faults());
        icn.node.engine.FaultModel faults = icn.node.engine.FaultModel.of(p.faults(), topology);
        WireCounters.reset();
        runsServed++;
        runShapes.put(p.runId(), kept.shape());
        runNodes.put(p.runId(), kept.nodes());
        runs.put(p.runId(), kept.hosts());
        for (ActorRef<HostProtocol.Command> host : kept.hosts()) {
            host.tell(new Host.Rearm(programs, p.latency(), faults, p.supervisor()));
        }
        kept = null;
        return this;
    }

    /**
     * Spawns this member's hosts of the run; a run it cannot prepare (a network it cannot read, programs that cannot be built) is
     * refused to its supervisor with the reason, rather than stopping this manager: a stopped manager's supervisor in another JVM
     * would not learn of it (remote death watch is off in untrusted mode) and would wait for its hosts.
     */
    private Behavior<ManagerProtocol.Command> prepare(ManagerProtocol.PrepareRun p) {
        try {
            return spawn(p);
        } catch (RuntimeException e) {
            refuse(p, e);
            return this;
        }
    }

    private void refuse(ManagerProtocol.PrepareRun p, RuntimeException e) {
        String member = getContext().getSystem().address().toString();
        getContext().getLog().warn("could not prepare run {}: {}", p.runId(), e.toString());
        runs.putIfAbsent(p.runId(), List.of());
        p.supervisor().tell(new HostProtocol.RunRefused(member, "member " + member + " could not prepare its share of " + p.topology() + ": "
                + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())));
    }

    private Behavior<ManagerProtocol.Command> spawn(ManagerProtocol.PrepareRun p) {
        Topology topology = Topologies.parse(p.topology());
        ProgramFactory programs = programsOf.of(topology, p.program(), p.faults());
        Partition partition = new Partition(p.partitioning(), p.totalHosts(), topology.nodeCount(), Topologies.groupSize(topology));
        WireCounters.reset();
        icn.node.engine.FaultModel faults = icn.node.engine.FaultModel.of(p.faults(), topology);
        List<ActorRef<HostProtocol.Command>> hosts = new java.util.ArrayList<>();
        long share = 0;
        for (int h = p.firstHost(); h < p.firstHost() + p.hosts(); h++) {
            share += partition.size(h);
        }
        // this member's own heap against its own share, before spawning anything (members of a cluster may have different heaps)
        String refusal = HeapEstimate.refusal(topology.name(), share, 1, HeapEstimate.usableHeap(), Runtime.getRuntime().maxMemory());
        if (refusal != null) {
            String member = getContext().getSystem().address().toString();
            p.supervisor().tell(new HostProtocol.RunRefused(member, "member " + member + ": its share of " + refusal));
            runs.put(p.runId(), hosts);
            return this;
        }
        runsServed++;
        runNodes.put(p.runId(), share);
        runShapes.put(p.runId(), shape(p));
        for (int h = p.firstHost(); h < p.firstHost() + p.hosts(); h++) {
            hosts.add(getContext().spawn(Host.create(h, topology, partition, p.hostsPerJvm(), programs, p.latency(),
                    faults, p.supervisor()), "run-" + p.runId() + "-host-" + h,
                    NodeGroup.PROPS));
        }
        runs.put(p.runId(), hosts);
        return this;
    }

    /** The fault plan kills this JVM: the process ends at once, as a crash would end it (exit status 137, as after SIGKILL). */
    private Behavior<ManagerProtocol.Command> onHalt(ManagerProtocol.Halt halt) {
        if (!fromController(halt.from(), "a halt") || !withKey(halt.runId(), halt.controlKey(), "a halt", halt.from())) {
            return this;
        }
        System.err.println("icn worker: halted by the coordinator: " + halt.reason());
        System.err.flush();
        Runtime.getRuntime().halt(137);
        return this;
    }

    private Behavior<ManagerProtocol.Command> onEnd(ManagerProtocol.EndRun end) {
        if (!fromController(end.replyTo(), "the end of a run")) {
            return this;
        }
        Pending unconfirmed = pending.get(end.runId());
        if (unconfirmed != null && unconfirmed.run().controlKey() == end.controlKey()) {
            pending.remove(end.runId()); // ended before its supervisor's confirmation came: nothing was spawned
            runsServed++; // a run it was asked for and saw to its end, as one it spawned
            reply(end.runId(), end.replyTo());
            return this;
        }
        if (!withKey(end.runId(), end.controlKey(), "the end of a run", end.replyTo())) {
            return this;
        }
        controlKeys.remove(end.runId());
        supervisors.remove(end.runId());
        // a run that ends before its hosts were spawned (cancelled while an earlier run's hosts were stopping) is never spawned
        waiting.removeIf(p -> p.runId() == end.runId());
        List<ActorRef<HostProtocol.Command>> hosts = runs.remove(end.runId());
        if (hosts == null || hosts.isEmpty()) {
            reply(end.runId(), end.replyTo());
            return this;
        }
        // every host has finished and reported (or the run was abandoned): the result does not wait for millions of node actors
        // to stop; the next run does (see onPrepare)
        reply(end.runId(), end.replyTo());
        long nodes = runNodes.getOrDefault(end.runId(), 0L);
        runNodes.remove(end.runId());
        String shape = runShapes.remove(end.runId());
        if (end.keep() && !keep.isZero() && shape != null && kept == null && waiting.isEmpty()) {
            kept = new Kept(shape, hosts, nodes, ++keptGeneration);
            getContext().scheduleOnce(keep, getContext().getSelf(), new ReleaseKept(keptGeneration));
            return this;
        }
        stop(hosts, nodes);
        return this;
    }

    /**
     * Stops the hosts of every run whose supervisor is in another member that no longer controls this one (a standing cluster's
     * job runner that was cancelled, ran out of memory or died mid-run): nobody will end that run, and its node actors would hold
     * this worker's heap, and the next job's network would wait for it.
     */
    private Behavior<ManagerProtocol.Command> onCheckOrphans() {
        for (Long runId : List.copyOf(controlKeys.keySet())) {
            Address at = supervisors.get(runId);
            if (at == null || at.hasLocalScope() || at.equals(getContext().getSystem().address()) || controller.test(at)) {
                continue;
            }
            getContext().getLog().warn("run {}: its supervisor at {} is gone; its hosts are stopped", runId, at);
            controlKeys.remove(runId);
            supervisors.remove(runId);
            waiting.removeIf(p -> p.runId() == runId);
            List<ActorRef<HostProtocol.Command>> hosts = runs.remove(runId);
            long nodes = runNodes.getOrDefault(runId, 0L);
            runNodes.remove(runId);
            runShapes.remove(runId);
            if (hosts != null && !hosts.isEmpty()) {
                stop(hosts, nodes);
            }
        }
        getContext().scheduleOnce(ORPHANS_EVERY, getContext().getSelf(), CheckOrphans.NOW);
        return this;
    }

    private Behavior<ManagerProtocol.Command> onReleaseKept(ReleaseKept release) {
        if (kept != null && kept.generation() == release.generation()) {
            releaseKept();
        }
        return this;
    }

    private void releaseKept() {
        Kept k = kept;
        kept = null;
        stop(k.hosts(), k.nodes());
    }

    /** Stops {@code hosts} (holding {@code nodes} node actors); a run asked for meanwhile is spawned once they are gone. */
    private void stop(List<ActorRef<HostProtocol.Command>> hosts, long nodes) {
        for (ActorRef<HostProtocol.Command> host : hosts) {
            stoppingNodes.put(host, nodes / hosts.size());
            ending.add(host);
            getContext().watch(host);
            getContext().stop(host);
        }
    }

    private Behavior<ManagerProtocol.Command> onHostStopped(Terminated terminated) {
        ending.remove(terminated.getRef());
        stoppingNodes.remove(terminated.getRef());
        while (ending.isEmpty() && !waiting.isEmpty()) {
            prepare(waiting.poll());
        }
        return this;
    }

    /** How this member is now: heap (after a collection, if asked), threads, the hosts and node actors it holds, runs served. */
    private Behavior<ManagerProtocol.Command> onInspect(ManagerProtocol.Inspect inspect) {
        if (!fromController(inspect.replyTo(), "an inspection")) {
            return this;
        }
        long nodes = runNodes.values().stream().mapToLong(Long::longValue).sum()
                + stoppingNodes.values().stream().mapToLong(Long::longValue).sum();
        inspect.replyTo().tell(MemberInspection.stats(getContext().getSystem().address().toString(), inspect.collectGarbage(),
                getContext().getChildren().size() - (kept == null ? 0 : kept.hosts().size()), nodes, kept == null ? 0 : kept.nodes(),
                runsServed));
        return this;
    }

    /**
     * Whether a control message answering to {@code replyTo} comes from this JVM or the coordinator; if not it is dropped with one
     * logged line (the message is refused, the member lives on).
     */
    private boolean fromController(ActorRef<?> replyTo, String what) {
        Address address = replyTo == null ? null : replyTo.path().address();
        if (address != null && (address.hasLocalScope() || address.equals(getContext().getSystem().address()) || controller.test(address))) {
            return true;
        }
        getContext().getLog().warn("refused {} from {}: only the coordinator controls this member", what, address);
        return false;
    }

    /** Whether {@code key} is the control key run {@code runId} was prepared with here; if not, one logged line. */
    private boolean withKey(long runId, long key, String what, ActorRef<?> from) {
        Long expected = controlKeys.get(runId);
        if (expected != null && expected == key) {
            return true;
        }
        getContext().getLog().warn("refused {} of run {} from {}: not the key of a run prepared here", what, runId,
                from == null ? null : from.path().address());
        return false;
    }

    private void reply(long runId, ActorRef<HostProtocol.Event> replyTo) {
        String member = getContext().getSystem().address().toString();
        replyTo.tell(new ManagerProtocol.RunEnded(runId, member, WireCounters.peerBatchBytes(), WireCounters.peerBatchNodeMessages()));
    }
}
