package icn.node.actor;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.Terminated;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import icn.node.engine.EngineKind;
import icn.node.engine.RunResult;
import icn.node.engine.RunRequest;
import icn.protocols.LinkClass;
import icn.protocols.Partition;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.RunMetrics;
import icn.protocols.wire.HostProtocol;
import icn.protocols.wire.ManagerProtocol;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Runs one experiment on the JVMs whose host managers it is given (this JVM's alone, or a cluster's): asks each manager to spawn
 * its hosts, starts all hosts together once every one has spawned its nodes, merges what they measured, has the managers stop the
 * hosts, and only then completes the result. If a JVM is lost on the way, the other hosts are told to stop and report, and the
 * result names the lost member, the step and the nodes that went with it.
 */
final class RunSupervisor extends AbstractBehavior<HostProtocol.Event> {

    private enum Phase { SPAWNING, RUNNING, ENDING, DONE }

    /**
     * The caller gave up on the run (its future was cancelled: the command was interrupted, a standing cluster's submitter left or
     * cancelled): every host stops, every member stops the run's hosts and releases its node actors. Local only, never sent.
     */
    record Cancel(String reason) implements HostProtocol.Event {
    }

    private final RunRequest request;
    private final List<ActorRef<ManagerProtocol.Command>> managers;
    private final CompletableFuture<RunResult> result;
    private final int totalHosts;
    private final List<ActorRef<HostProtocol.Command>> hosts;
    private final boolean[] hostFinished;
    private final boolean[] jvmLost;
    private final RunMetrics metrics;
    private final long[] crossHost = new long[LinkClass.values().length];
    private final long[] crossJvm = new long[LinkClass.values().length];
    private final List<String> lost = new ArrayList<>();
    private long created = System.nanoTime();
    private long started;
    private long ended;
    private Phase phase = Phase.SPAWNING;
    private int ready;
    private int ends;
    private long lastStep;
    private long activations;
    private long ignoredDeliveries;
    private long wireBytes;
    private long wireNodeMessages;
    private long liveHeapAfterSpawn = -1;
    private long runAllocatedBytes = -1;
    private long allocatedAtStart = -1;
    private boolean allFinishedBeforeLoss;
    private final long[][] sentTo;
    private final long[][] receivedFrom;
    private final int[] killPoints; // per JVM: hosts that reached the step at which the plan kills it
    private final long[] killedAtStep; // per JVM: 0 unless the plan killed it
    private final long[] haltSentAt; // per JVM: nanoTime the coordinator halted it
    private final double[] detectionSeconds; // per JVM: from the halt to the loss being detected, -1 where not killed by the plan
    private boolean continued;
    private String refused;
    private boolean cancelled;
    private int keptHosts; // hosts that reset a kept network instead of spawning one

    private RunSupervisor(ActorContext<HostProtocol.Event> context, long runId, Topology topology, RunRequest request,
            List<ActorRef<ManagerProtocol.Command>> managers, CompletableFuture<RunResult> result) {
        super(context);
        this.request = request;
        this.managers = List.copyOf(managers);
        this.result = result;
        int jvms = managers.size();
        this.totalHosts = jvms * request.hostsPerJvm();
        this.hosts = new ArrayList<>(java.util.Collections.nCopies(totalHosts, null));
        this.hostFinished = new boolean[totalHosts];
        this.jvmLost = new boolean[jvms];
        this.sentTo = new long[totalHosts][];
        this.receivedFrom = new long[totalHosts][];
        this.killPoints = new int[jvms];
        this.killedAtStep = new long[jvms];
        this.haltSentAt = new long[jvms];
        this.detectionSeconds = new double[jvms];
        java.util.Arrays.fill(detectionSeconds, -1);
        this.metrics = new RunMetrics(request.program().messages());
        this.runId = runId;
        this.partition = new Partition(request.partitioning(), totalHosts, topology.nodeCount(), Topologies.groupSize(topology));
        this.controlKeys = new long[jvms];
        java.security.SecureRandom keys = new java.security.SecureRandom();
        for (int j = 0; j < jvms; j++) {
            controlKeys[j] = keys.nextLong();
            context.watch(managers.get(j));
            managers.get(j).tell(new ManagerProtocol.PrepareRun(runId, request.topology(), request.program(), request.partitioning(), request.latency(), request.faults(),
                    totalHosts, j * request.hostsPerJvm(), request.hostsPerJvm(), request.hostsPerJvm(), context.getSelf(), controlKeys[j]));
        }
    }

    private final long runId;
    private final Partition partition;
    /** Each member's secret for this run: what ends the run there or halts it (ManagerProtocol.PrepareRun). */
    private final long[] controlKeys;

    /**
     * The supervisor of run {@code runId} of {@code request} on {@code topology} (the network the request names, as its caller
     * parsed it: the request carries the name, which is what crosses to the members).
     */
    static Behavior<HostProtocol.Event> create(long runId, Topology topology, RunRequest request,
            List<ActorRef<ManagerProtocol.Command>> managers, CompletableFuture<RunResult> result) {
        if (!topology.name().equals(request.topology())) {
            throw new IllegalArgumentException("the run request names " + request.topology() + ", not " + topology.name());
        }
        return Behaviors.setup(context -> new RunSupervisor(context, runId, topology, request, managers, result));
    }

    @Override
    public Receive<HostProtocol.Event> createReceive() {
        return newReceiveBuilder()
                .onMessage(HostProtocol.HostReady.class, this::onReady)
                .onMessage(HostProtocol.PacketsDelivered.class, this::onPacketsDelivered)
                .onMessage(HostProtocol.Observed.class, this::onObserved)
                .onMessage(HostProtocol.HostFinished.class, this::onFinished)
                .onMessage(HostProtocol.KillPoint.class, this::onKillPoint)
                .onMessage(HostProtocol.RunRefused.class, this::onRefused)
                .onMessage(ManagerProtocol.RunEnded.class, this::onRunEnded)
                .onMessage(ManagerProtocol.ConfirmRun.class, this::onConfirm)
                .onMessage(Cancel.class, this::onCancel)
                .onSignal(Terminated.class, this::onMemberLost)
                .build();
    }

    /** A host manager asks whether this supervisor sent it run {@code runId} with that key: only its own keys are confirmed. */
    private Behavior<HostProtocol.Event> onConfirm(ManagerProtocol.ConfirmRun ask) {
        boolean ours = ask.runId() == runId && java.util.Arrays.stream(controlKeys).anyMatch(k -> k == ask.controlKey());
        ask.replyTo().tell(new ManagerProtocol.RunConfirmed(ask.runId(), ask.nonce(), ours));
        return this;
    }

    private int jvmOf(int host) {
        return host / request.hostsPerJvm();
    }

    private Behavior<HostProtocol.Event> onReady(HostProtocol.HostReady msg) {
        hosts.set(msg.host(), msg.ref());
        if (msg.kept()) {
            keptHosts++;
        }
        if (++ready == totalHosts && phase == Phase.SPAWNING) {
            if (request.measureLiveHeap()) {
                // benchmarks only: the heap held by the spawned network, between spawn and run (neither is timed with it)
                long at = System.nanoTime();
                liveHeapAfterSpawn = LiveHeap.settled();
                created += System.nanoTime() - at;
            }
            phase = Phase.RUNNING;
            if (request.measureLiveHeap()) {
                allocatedAtStart = allocatedBytes();
            }
            started = System.nanoTime();
            HostProtocol.StartStepping start = new HostProtocol.StartStepping(hosts);
            hosts.forEach(h -> h.tell(start));
        }
        return this;
    }

    private Behavior<HostProtocol.Event> onPacketsDelivered(HostProtocol.PacketsDelivered msg) {
        if (!hostFinished[msg.host()]) {
            metrics.packets().merge(icn.protocols.PacketLog.of(msg.packets()));
        }
        return this;
    }

    private Behavior<HostProtocol.Event> onObserved(HostProtocol.Observed msg) {
        if (!hostFinished[msg.host()]) {
            metrics.observeAll(java.util.Arrays.asList(msg.observations()));
        }
        return this;
    }

    private Behavior<HostProtocol.Event> onFinished(HostProtocol.HostFinished msg) {
        if (hostFinished[msg.host()]) {
            return this;
        }
        hostFinished[msg.host()] = true;
        metrics.merge(RunMetrics.of(msg.metrics()));
        sentTo[msg.host()] = msg.sentTo();
        receivedFrom[msg.host()] = msg.receivedFrom();
        lastStep = Math.max(lastStep, msg.lastStep());
        activations += msg.activations();
        ignoredDeliveries += msg.ignoredDeliveries();
        for (int c = 0; c < crossHost.length; c++) {
            crossHost[c] += msg.crossHost()[c];
            crossJvm[c] += msg.crossJvm()[c];
        }
        if (allLiveHostsFinished()) {
            allFinishedBeforeLoss = lost.isEmpty() && !msg.aborted();
            endRun();
        }
        return this;
    }

    /**
     * A host of a JVM the fault plan kills reached the kill step and stopped; once all hosts of that JVM have, the coordinator halts
     * the JVM's process (through its host manager) and the loss is then detected as any other.
     */
    private Behavior<HostProtocol.Event> onKillPoint(HostProtocol.KillPoint msg) {
        int j = jvmOf(msg.host());
        if (jvmLost[j] || phase == Phase.DONE || sentTo[msg.host()] != null) {
            return this;
        }
        RunMetrics killed = RunMetrics.of(msg.metrics());
        metrics.merge(killed);
        // the nodes this host informed go with its JVM; those the plan crashed are counted already
        metrics.countInformedDead(killed.informed(0) - killed.informedDead());
        sentTo[msg.host()] = msg.sentTo();
        receivedFrom[msg.host()] = msg.receivedFrom();
        lastStep = Math.max(lastStep, msg.step() - 1);
        if (++killPoints[j] == request.hostsPerJvm()) {
            killedAtStep[j] = msg.step();
            haltSentAt[j] = System.nanoTime();
            managers.get(j).tell(new ManagerProtocol.Halt("the fault plan kills JVM " + j + " at step " + msg.step(), getContext().getSelf(),
                    runId, controlKeys[j]));
        }
        return this;
    }

    /**
     * A member cannot hold its share, or a host cannot send its counts (they would not fit in a frame): the run ends, and fails with
     * the member's reason (bad input: exit 2).
     */
    private Behavior<HostProtocol.Event> onRefused(HostProtocol.RunRefused msg) {
        if (refused == null && (phase == Phase.SPAWNING || phase == Phase.RUNNING)) {
            refused = msg.reason();
            endRun();
        }
        return this;
    }

    private Behavior<HostProtocol.Event> onCancel(Cancel cancel) {
        if (phase == Phase.ENDING || phase == Phase.DONE) {
            return this;
        }
        cancelled = true;
        HostProtocol.AbortRun abort = new HostProtocol.AbortRun(cancel.reason());
        for (int h = 0; h < totalHosts; h++) {
            if (!jvmLost[jvmOf(h)] && hosts.get(h) != null) {
                hosts.get(h).tell(abort);
            }
        }
        endRun(); // the managers stop the run's hosts; the result is already settled (cancelled), so nothing waits for them
        return this;
    }

    private boolean allLiveHostsFinished() {
        for (int h = 0; h < totalHosts; h++) {
            if (!hostFinished[h] && !jvmLost[jvmOf(h)]) {
                return false;
            }
        }
        return true;
    }

    private void endRun() {
        if (phase == Phase.ENDING || phase == Phase.DONE) {
            return;
        }
        phase = Phase.ENDING;
        ended = System.nanoTime();
        if (allocatedAtStart >= 0) {
            runAllocatedBytes = allocatedBytes() - allocatedAtStart;
        }
        // a run that completed with every node actor alive leaves its network for the next run on it (where members keep networks)
        boolean keep = allFinishedBeforeLoss && lost.isEmpty() && refused == null && !cancelled
                && request.faults().crashNodes().length == 0 && request.faults().killJvms().length == 0;
        for (int j = 0; j < managers.size(); j++) {
            if (!jvmLost[j]) {
                managers.get(j).tell(new ManagerProtocol.EndRun(runId, getContext().getSelf(), keep, controlKeys[j]));
            }
        }
        maybeComplete();
    }

    private Behavior<HostProtocol.Event> onRunEnded(ManagerProtocol.RunEnded msg) {
        if (phase == Phase.DONE) {
            return Behaviors.stopped();
        }
        ends++;
        wireBytes += msg.wireBytes();
        wireNodeMessages += msg.wireNodeMessages();
        maybeComplete();
        return phase == Phase.DONE ? Behaviors.stopped() : this;
    }

    private Behavior<HostProtocol.Event> onMemberLost(Terminated terminated) {
        int j = managers.indexOf(terminated.getRef().unsafeUpcast());
        if (j < 0 || jvmLost[j] || phase == Phase.DONE) {
            return this;
        }
        jvmLost[j] = true;
        lost.add(terminated.getRef().path().address().toString());
        if (haltSentAt[j] != 0) {
            detectionSeconds[j] = (System.nanoTime() - haltSentAt[j]) / 1e9;
        }
        if (phase == Phase.ENDING) {
            maybeComplete();
            return this;
        }
        if (killedAtStep[j] != 0 && request.faults().continueOnMemberLoss() && phase == Phase.RUNNING) {
            // a planned kill: every host of the JVM stopped at the same step and reported, so the survivors can go on without it
            continued = true;
            int[] gone = java.util.stream.IntStream.range(0, totalHosts).filter(h -> jvmLost[jvmOf(h)]).toArray();
            HostProtocol.MemberLost notice = new HostProtocol.MemberLost(gone);
            for (int h = 0; h < totalHosts; h++) {
                if (!jvmLost[jvmOf(h)] && hosts.get(h) != null) {
                    hosts.get(h).tell(notice);
                }
            }
            if (allLiveHostsFinished()) {
                endRun();
            }
            return this;
        }
        // The run cannot go on without the lost hosts' batches: every other host stops and reports what it measured.
        HostProtocol.AbortRun abort = new HostProtocol.AbortRun("member " + lost.get(lost.size() - 1) + " was lost");
        for (int h = 0; h < totalHosts; h++) {
            if (!jvmLost[jvmOf(h)] && hosts.get(h) != null) {
                hosts.get(h).tell(abort);
            }
        }
        if (phase == Phase.SPAWNING || allLiveHostsFinished()) {
            phase = Phase.RUNNING;
            endRun();
        }
        return this;
    }

    private void maybeComplete() {
        long liveJvms = managers.size() - lostCount();
        // After a loss the report is due at once; the surviving hosts are still stopped, but nobody waits for that.
        if (phase != Phase.ENDING || (ends < liveJvms && lost.isEmpty())) {
            return;
        }
        phase = Phase.DONE;
        if (refused != null) {
            result.completeExceptionally(new icn.protocols.InvalidInputException(refused));
            return;
        }
        long lostNodes = 0;
        for (int h = 0; h < totalHosts; h++) {
            if (jvmLost[jvmOf(h)]) {
                lostNodes += partition.size(h); // the partition says whose nodes they were, spawned yet or not
            }
        }
        double spawnSeconds = started == 0 ? (ended - created) / 1e9 : (started - created) / 1e9;
        double runSeconds = started == 0 ? 0 : (ended - started) / 1e9;
        List<RunResult.Kill> kills = new ArrayList<>();
        for (int j = 0; j < managers.size(); j++) {
            if (killedAtStep[j] != 0) {
                kills.add(new RunResult.Kill(j, managers.get(j).path().address().toString(), killedAtStep[j], detectionSeconds[j]));
            }
        }
        result.complete(new RunResult(EngineKind.ACTORS, metrics, managers.size(), request.hostsPerJvm(), spawnSeconds, runSeconds, activations,
                ignoredDeliveries, crossHost[LinkClass.LATERAL.ordinal()], crossHost[LinkClass.LOCAL.ordinal()],
                crossJvm[LinkClass.LATERAL.ordinal()], crossJvm[LinkClass.LOCAL.ordinal()], wireBytes, wireNodeMessages,
                liveHeapAfterSpawn, List.copyOf(lost), lastStep, lostNodes, allFinishedBeforeLoss, accounting(), continued, List.copyOf(kills),
                crossHost, crossJvm, lostNodeIds(), runAllocatedBytes, keptHosts == totalHosts));
    }

    /** The nodes of the hosts of lost JVMs, as the partition placed them (spawned yet or not). */
    private int[] lostNodeIds() {
        if (lost.isEmpty()) {
            return new int[0];
        }
        return java.util.stream.IntStream.range(0, partition.nodeCount()).filter(v -> jvmLost[jvmOf(partition.hostOf(v))]).toArray();
    }

    /**
     * How every link message of the run ended, over what the supervisor knows: the merged counts of every host that finished or
     * reported at its kill step, plus the messages that went with a lost member. A message put into a batch for host B that B never
     * took in (B's JVM was lost, or the run ended for a loss while it was in flight) is lost with the member. A JVM lost without
     * warning reported nothing: its own traffic died with it, and the messages the survivors took in from it count as sent.
     */
    private icn.protocols.Accounting accounting() {
        icn.protocols.Accounting base = metrics.accounting();
        long extraSent = 0;
        long lostWithMember = 0;
        for (int a = 0; a < totalHosts; a++) {
            if (sentTo[a] == null) {
                // no report from a: count what the others took in from it as sent (and delivered, which they counted)
                for (int b = 0; b < totalHosts; b++) {
                    if (receivedFrom[b] != null) {
                        extraSent += receivedFrom[b][a];
                    }
                }
                continue;
            }
            for (int b = 0; b < totalHosts; b++) {
                if (b != a) {
                    long taken = receivedFrom[b] == null ? 0 : receivedFrom[b][a];
                    lostWithMember += sentTo[a][b] - taken;
                }
            }
        }
        return new icn.protocols.Accounting(base.sent() + extraSent, base.delivered(), base.nodeCrashed(), base.linkCut(),
                base.lostInTransit(), base.lostWithMember() + lostWithMember);
    }

    /** Bytes allocated so far by every live thread of this JVM (the dispatchers' threads live through the run). */
    private static long allocatedBytes() {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        if (threads instanceof com.sun.management.ThreadMXBean t && t.isThreadAllocatedMemorySupported()) {
            long sum = 0;
            for (long bytes : t.getThreadAllocatedBytes(t.getAllThreadIds())) {
                sum += Math.max(0, bytes);
            }
            return sum;
        }
        return 0;
    }

    private long lostCount() {
        long count = 0;
        for (boolean b : jvmLost) {
            if (b) {
                count++;
            }
        }
        return count;
    }
}
