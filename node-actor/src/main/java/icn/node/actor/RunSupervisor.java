package icn.node.actor;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.Terminated;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import icn.node.engine.LinkLatency;
import icn.node.engine.RunMetrics;
import icn.node.program.ProgramFactory;
import icn.protocols.LinkClass;
import icn.protocols.Partition;
import icn.protocols.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Runs one experiment inside one JVM: spawns a {@link Host} per partition, waits until every host has spawned its nodes, starts
 * them together, merges what they measured and completes the result. Stops itself (and with it every host and node) afterwards.
 */
final class RunSupervisor extends AbstractBehavior<Host.Event> {

    private final Partition partition;
    private final CompletableFuture<ActorRunResult> result;
    private final List<ActorRef<Host.Command>> hosts = new ArrayList<>();
    private final RunMetrics metrics;
    private final long[] crossHost = new long[LinkClass.values().length];
    private long created = System.nanoTime();
    private long started;
    private int ready;
    private int finished;
    private long lastStep;
    private long activations;
    private long ignoredDeliveries;
    private ActorRunResult outcome;
    private int stopped;
    private final boolean measureLiveHeap;
    private long liveHeapAfterSpawn = -1;

    private RunSupervisor(ActorContext<Host.Event> context, Topology topology, Partition partition, ProgramFactory programs,
            LinkLatency latency, boolean measureLiveHeap, CompletableFuture<ActorRunResult> result) {
        super(context);
        this.measureLiveHeap = measureLiveHeap;
        this.partition = partition;
        this.result = result;
        this.metrics = new RunMetrics(programs.messages());
        for (int h = 0; h < partition.hosts(); h++) {
            hosts.add(context.spawn(Host.create(h, topology, partition, programs, latency, context.getSelf()), "host-" + h));
        }
    }

    static Behavior<Host.Event> create(Topology topology, Partition partition, ProgramFactory programs, LinkLatency latency,
            boolean measureLiveHeap, CompletableFuture<ActorRunResult> result) {
        return Behaviors.setup(context -> new RunSupervisor(context, topology, partition, programs, latency, measureLiveHeap, result));
    }

    @Override
    public Receive<Host.Event> createReceive() {
        return newReceiveBuilder()
                .onMessage(Host.Ready.class, this::onReady)
                .onMessage(Host.Finished.class, this::onFinished)
                .onSignal(Terminated.class, this::onHostStopped)
                .build();
    }

    private Behavior<Host.Event> onReady(Host.Ready msg) {
        if (++ready == partition.hosts()) {
            if (measureLiveHeap) {
                // benchmarks only: the heap held by the spawned network, measured between spawn and run (neither is timed with it)
                long spawnedAt = System.nanoTime();
                System.gc();
                Runtime rt = Runtime.getRuntime();
                liveHeapAfterSpawn = rt.totalMemory() - rt.freeMemory();
                created += System.nanoTime() - spawnedAt;
            }
            started = System.nanoTime();
            Host.Start start = new Host.Start(List.copyOf(hosts));
            hosts.forEach(h -> h.tell(start));
        }
        return this;
    }

    private Behavior<Host.Event> onFinished(Host.Finished msg) {
        metrics.merge(msg.metrics());
        lastStep = Math.max(lastStep, msg.lastStep());
        activations += msg.activations();
        ignoredDeliveries += msg.ignoredDeliveries();
        for (int c = 0; c < crossHost.length; c++) {
            crossHost[c] += msg.crossHost()[c];
        }
        if (++finished < partition.hosts()) {
            return this;
        }
        long end = System.nanoTime();
        outcome = new ActorRunResult(metrics, partition, (started - created) / 1e9, (end - started) / 1e9, activations, ignoredDeliveries,
                crossHost[LinkClass.LATERAL.ordinal()], crossHost[LinkClass.LOCAL.ordinal()], liveHeapAfterSpawn);
        // The result is handed out once every host and node has stopped, so nothing of this run overlaps what comes next.
        hosts.forEach(h -> {
            getContext().watch(h);
            getContext().stop(h);
        });
        return this;
    }

    private Behavior<Host.Event> onHostStopped(Terminated terminated) {
        if (++stopped == partition.hosts()) {
            result.complete(outcome);
            return Behaviors.stopped();
        }
        return this;
    }
}
