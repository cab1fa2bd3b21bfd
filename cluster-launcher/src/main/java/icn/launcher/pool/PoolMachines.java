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
 * A standing cluster's workers as the machines of one submitted command: taken once when the command starts (the workers then
 * up, in the order of their addresses, with their cores and heaps), so that its runs all see the same. A run takes the first K
 * workers (all of them unless told); its node actors are checked against the workers' own heaps; a run that would kill a worker
 * (a fault plan's kill) is refused; once the submission is cancelled no further run starts.
 */
final class PoolMachines implements Engines.Machines {

    /** A worker: its host manager and what it said of itself when the command started. */
    record Worker(ActorRef<ManagerProtocol.Command> manager, ManagerProtocol.MemberStats stats) {
    }

    private final ActorSystem<?> system;
    private final List<Worker> workers;
    private final BooleanSupplier cancelled;

    PoolMachines(ActorSystem<?> system, List<Worker> workers, BooleanSupplier cancelled) {
        this.system = system;
        this.workers = List.copyOf(workers);
        this.cancelled = cancelled;
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
        int k = Engines.checkJvms(settings.jvms());
        List<ActorRef<ManagerProtocol.Command>> managers = workers.subList(0, k).stream().map(Worker::manager).toList();
        return Engine.of(EngineKind.ACTORS, k, (topology, programs, request) -> start(managers, request));
    }

    private CompletableFuture<RunResult> start(List<ActorRef<ManagerProtocol.Command>> managers, icn.node.engine.RunRequest request) {
        if (request.faults().killJvms().length > 0) {
            throw new InvalidInputException("--kill-jvm would kill a worker of the standing cluster: run it on this machine"
                    + " (without --cluster, with --jvms K)");
        }
        if (cancelled.getAsBoolean()) {
            return CompletableFuture.failedFuture(new CancellationException("the submission was cancelled"));
        }
        return ActorEngine.start(system, managers.subList(0, Math.min(request.jvms(), managers.size())), request);
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
