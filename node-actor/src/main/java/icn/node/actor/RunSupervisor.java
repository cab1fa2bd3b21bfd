package icn.node.actor;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.Terminated;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import icn.protocols.LinkClass;
import icn.protocols.Partition;
import icn.protocols.Topologies;
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

    private final RunRequest request;
    private final List<ActorRef<ManagerProtocol.Command>> managers;
    private final CompletableFuture<ActorRunResult> result;
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
    private boolean allFinishedBeforeLoss;

    private RunSupervisor(ActorContext<HostProtocol.Event> context, long runId, RunRequest request,
            List<ActorRef<ManagerProtocol.Command>> managers, CompletableFuture<ActorRunResult> result) {
        super(context);
        this.request = request;
        this.managers = List.copyOf(managers);
        this.result = result;
        int jvms = managers.size();
        this.totalHosts = jvms * request.hostsPerJvm();
        this.hosts = new ArrayList<>(java.util.Collections.nCopies(totalHosts, null));
        this.hostFinished = new boolean[totalHosts];
        this.jvmLost = new boolean[jvms];
        this.metrics = new RunMetrics(request.program().messages());
        this.runId = runId;
        Topology topology = Topologies.parse(request.topology());
        this.partition = new Partition(request.partitioning(), totalHosts, topology.nodeCount(), Topologies.groupSize(topology));
        for (int j = 0; j < jvms; j++) {
            context.watch(managers.get(j));
            managers.get(j).tell(new ManagerProtocol.PrepareRun(runId, request.topology(), request.program(), request.partitioning(), request.latency(), request.faults(),
                    totalHosts, j * request.hostsPerJvm(), request.hostsPerJvm(), request.hostsPerJvm(), context.getSelf()));
        }
    }

    private final long runId;
    private final Partition partition;

    static Behavior<HostProtocol.Event> create(long runId, RunRequest request, List<ActorRef<ManagerProtocol.Command>> managers,
            CompletableFuture<ActorRunResult> result) {
        return Behaviors.setup(context -> new RunSupervisor(context, runId, request, managers, result));
    }

    @Override
    public Receive<HostProtocol.Event> createReceive() {
        return newReceiveBuilder()
                .onMessage(HostProtocol.HostReady.class, this::onReady)
                .onMessage(HostProtocol.PacketsDelivered.class, this::onPacketsDelivered)
                .onMessage(HostProtocol.HostFinished.class, this::onFinished)
                .onMessage(ManagerProtocol.RunEnded.class, this::onRunEnded)
                .onSignal(Terminated.class, this::onMemberLost)
                .build();
    }

    private int jvmOf(int host) {
        return host / request.hostsPerJvm();
    }

    private Behavior<HostProtocol.Event> onReady(HostProtocol.HostReady msg) {
        hosts.set(msg.host(), msg.ref());
        if (++ready == totalHosts && phase == Phase.SPAWNING) {
            if (request.measureLiveHeap()) {
                // benchmarks only: the heap held by the spawned network, between spawn and run (neither is timed with it)
                long at = System.nanoTime();
                System.gc();
                Runtime rt = Runtime.getRuntime();
                liveHeapAfterSpawn = rt.totalMemory() - rt.freeMemory();
                created += System.nanoTime() - at;
            }
            phase = Phase.RUNNING;
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

    private Behavior<HostProtocol.Event> onFinished(HostProtocol.HostFinished msg) {
        if (hostFinished[msg.host()]) {
            return this;
        }
        hostFinished[msg.host()] = true;
        metrics.merge(RunMetrics.of(msg.metrics()));
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
        for (int j = 0; j < managers.size(); j++) {
            if (!jvmLost[j]) {
                managers.get(j).tell(new ManagerProtocol.EndRun(runId, getContext().getSelf()));
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
        if (phase == Phase.ENDING) {
            maybeComplete();
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
        long lostNodes = 0;
        for (int h = 0; h < totalHosts; h++) {
            if (jvmLost[jvmOf(h)]) {
                lostNodes += partition.size(h); // the partition says whose nodes they were, spawned yet or not
            }
        }
        double spawnSeconds = started == 0 ? (ended - created) / 1e9 : (started - created) / 1e9;
        double runSeconds = started == 0 ? 0 : (ended - started) / 1e9;
        result.complete(new ActorRunResult(metrics, managers.size(), request.hostsPerJvm(), spawnSeconds, runSeconds, activations,
                ignoredDeliveries, crossHost[LinkClass.LATERAL.ordinal()], crossHost[LinkClass.LOCAL.ordinal()],
                crossJvm[LinkClass.LATERAL.ordinal()], crossJvm[LinkClass.LOCAL.ordinal()], wireBytes, wireNodeMessages,
                liveHeapAfterSpawn, List.copyOf(lost), lastStep, lostNodes, allFinishedBeforeLoss));
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
