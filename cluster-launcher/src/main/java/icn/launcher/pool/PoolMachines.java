package icn.launcher.pool;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import icn.launcher.cluster.Engines;
import icn.node.actor.ActorEngine;
import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.HeapEstimate;
import icn.node.engine.RunResult;
import icn.node.engine.RunSettings;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import icn.protocols.wire.ManagerProtocol;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

/**
 * A standing cluster's workers as the machines of one job: the workers the head gave it (the first K for a run of K JVMs, all of
 * them unless told), and, for a sweep of runs of one JVM each, the workers it may borrow from the head while they are free
 * ({@link Leases}): each such run takes a worker of its own, its own if free, else one borrowed for that run and given back after
 * it. A run's node actors are checked against the workers' own heaps; a run that would kill a worker (a fault plan's kill) is
 * refused; once the job is cancelled no further run starts.
 */
final class PoolMachines implements Engines.Machines {

    /** Where a job borrows free workers from, for one run at a time (its head), and gives them back. */
    interface Leases {
        /** Up to {@code n} free workers now, perhaps none; never waits for one. */
        List<Worker> lease(int n);

        void release(Worker worker);

        /** How many workers the cluster has: the most runs a sweep may have at once. */
        int clusterSize();
    }

    /** A worker: its host manager and what it said of itself when the command started. */
    record Worker(ActorRef<ManagerProtocol.Command> manager, ManagerProtocol.MemberStats stats) {
    }

    private final ActorSystem<?> system;
    private final List<Worker> workers;
    private final BooleanSupplier cancelled;
    private final Leases leases;
    /** The job's own workers not running a run of one JVM now. */
    private final java.util.Deque<Worker> idle = new java.util.ArrayDeque<>();

    PoolMachines(ActorSystem<?> system, List<Worker> workers, BooleanSupplier cancelled) {
        this(system, workers, cancelled, null);
    }

    PoolMachines(ActorSystem<?> system, List<Worker> workers, BooleanSupplier cancelled, Leases leases) {
        this.system = system;
        this.workers = List.copyOf(workers);
        this.cancelled = cancelled;
        this.leases = leases;
        idle.addAll(this.workers);
    }

    List<Worker> workers() {
        return workers;
    }

    @Override
    public boolean standing() {
        return true;
    }

    @Override
    public Engine open(RunSettings settings) {
        int k = Engines.on(this).checkJvms(settings.jvms());
        if (k == 1 && leases != null) {
            return spread();
        }
        List<ActorRef<ManagerProtocol.Command>> managers = workers.subList(0, k).stream().map(Worker::manager).toList();
        return Engine.of(EngineKind.ACTORS, k, (topology, programs, request) -> start(managers, topology, request));
    }

    /** Runs of one JVM each, as many at once as there are workers to take: the job's own, and those it borrows. */
    private Engine spread() {
        return new Engine() {
            @Override
            public EngineKind kind() {
                return EngineKind.ACTORS;
            }

            @Override
            public int jvms() {
                return 1;
            }

            @Override
            public int parallelRuns() {
                return Math.max(workers.size(), leases.clusterSize());
            }

            @Override
            public CompletableFuture<RunResult> start(Topology topology, icn.node.program.ProgramFactory programs,
                    icn.node.engine.RunRequest request) {
                Worker w = take();
                CompletableFuture<RunResult> run;
                try {
                    run = PoolMachines.this.start(List.of(w.manager()), topology, request);
                } catch (RuntimeException e) {
                    giveBack(w);
                    throw e;
                }
                return run.whenComplete((r, e) -> giveBack(w));
            }
        };
    }

    /** A worker for one run: one of the job's own that is free, else one borrowed, else the first of its own to come free. */
    private Worker take() {
        while (true) {
            synchronized (idle) {
                Worker own = idle.poll();
                if (own != null) {
                    return own;
                }
            }
            List<Worker> borrowed = leases.lease(1);
            if (!borrowed.isEmpty()) {
                return borrowed.get(0);
            }
            synchronized (idle) {
                if (idle.isEmpty()) {
                    try {
                        idle.wait(1000); // a worker of its own comes free, or the head may have one to lend by then
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new CancellationException("interrupted while waiting for a worker");
                    }
                }
            }
        }
    }

    private void giveBack(Worker w) {
        if (workers.contains(w)) {
            synchronized (idle) {
                idle.push(w);
                idle.notifyAll();
            }
        } else {
            leases.release(w);
        }
    }

    private CompletableFuture<RunResult> start(List<ActorRef<ManagerProtocol.Command>> managers, Topology topology,
            icn.node.engine.RunRequest request) {
        if (request.faults().killJvms().length > 0) {
            throw new InvalidInputException("--kill-jvm would kill a worker of the standing cluster: run it on this machine"
                    + " (without --cluster, with --jvms K)");
        }
        if (cancelled.getAsBoolean()) {
            return CompletableFuture.failedFuture(new CancellationException("the submission was cancelled"));
        }
        return ActorEngine.start(system, managers.subList(0, Math.min(request.jvms(), managers.size())), topology, request);
    }

    @Override
    public int parallelRuns(int jvms) {
        return jvms == 1 && leases != null ? Math.max(workers.size(), leases.clusterSize()) : 1;
    }

    @Override
    public int defaultJvms() {
        return Math.max(1, workers.size());
    }

    @Override
    public int maxJvms() {
        return workers.size();
    }

    @Override
    public int defaultHosts(int jvms) {
        int cores = workers.stream().limit(Math.max(1, jvms)).mapToInt(w -> w.stats().cores()).min().orElse(1);
        return Math.max(1, Math.min(cores, RunSettings.MAX_HOSTS));
    }

    @Override
    public void requireHeap(Topology network, int jvms) {
        for (Worker w : workers.subList(0, Math.min(Math.max(1, jvms), workers.size()))) {
            String refusal = HeapEstimate.refusal(network.name(), network.nodeCount(), jvms, w.stats().usableHeap(), w.stats().maxHeap());
            if (refusal != null) {
                throw new InvalidInputException("on worker " + w.stats().member() + ": " + refusal
                        + " (a standing cluster's heaps are set when it starts: icn cluster start with ICN_HEAP, or heap= in its host file)");
            }
        }
    }
}
