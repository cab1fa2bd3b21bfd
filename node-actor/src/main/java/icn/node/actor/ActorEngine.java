package icn.node.actor;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Props;
import akka.actor.typed.Terminated;
import akka.actor.typed.javadsl.Behaviors;
import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.HeapEstimate;
import icn.node.engine.RunRequest;
import icn.node.engine.RunResult;
import icn.protocols.Topology;
import icn.protocols.wire.ManagerProtocol;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/** Runs node programs as one actor per node, on the JVMs whose host managers are given, or in this JVM alone. */
public final class ActorEngine {

    private static final AtomicLong RUNS = new AtomicLong();
    private static final AtomicLong LOCAL_MANAGERS = new AtomicLong();

    private ActorEngine() {
    }

    /**
     * Node actors on the JVMs of {@code managers} (one host manager per JVM, this JVM's first), behind the {@link Engine} seam: a run
     * asking for k JVMs takes the first k. The engine does not own the actor system: whoever made it stops it.
     */
    public static Engine on(ActorSystem<?> system, List<ActorRef<ManagerProtocol.Command>> managers) {
        List<ActorRef<ManagerProtocol.Command>> jvms = List.copyOf(managers);
        return Engine.of(EngineKind.ACTORS, jvms.size(),
                (topology, programs, request) -> run(system, jvms.subList(0, Math.min(request.jvms(), jvms.size())), request));
    }

    /**
     * Node actors in this JVM, each run under a host manager of its own that is stopped before the run's result is handed over
     * ({@link #runLocal}): for callers that keep one actor system for runs of many sizes (tests, reproductions in a test's JVM).
     */
    public static Engine inJvm(ActorSystem<?> system) {
        return Engine.of(EngineKind.ACTORS, 1, (topology, programs, request) -> runLocal(system, request));
    }

    /**
     * Runs on the JVMs of {@code managers} (one host manager per JVM, in the order that numbers the JVMs), refusing first (before
     * anything is spawned) a network whose node actors members with this JVM's heap could not hold.
     */
    public static CompletableFuture<RunResult> run(ActorSystem<?> system, List<ActorRef<ManagerProtocol.Command>> managers,
            RunRequest request) {
        return run(system, managers, icn.protocols.topology.Topologies.parse(request.topology()), request);
    }

    /** As above, on {@code topology} as the caller parsed it (the network {@code request} names). */
    public static CompletableFuture<RunResult> run(ActorSystem<?> system, List<ActorRef<ManagerProtocol.Command>> managers,
            Topology topology, RunRequest request) {
        HeapEstimate.require(topology.name(), topology.nodeCount(), managers.size());
        return start(system, managers, topology, request);
    }

    /**
     * Runs on the JVMs of {@code managers} without a check of this JVM's heap: a standing cluster's head, whose members have heaps
     * of their own, checks them itself (and each member refuses a share it cannot hold when asked to spawn it). Cancelling the
     * returned future stops the run on every member and releases its node actors.
     */
    public static CompletableFuture<RunResult> start(ActorSystem<?> system, List<ActorRef<ManagerProtocol.Command>> managers,
            RunRequest request) {
        return start(system, managers, icn.protocols.topology.Topologies.parse(request.topology()), request);
    }

    /** As above, on {@code topology} as the caller parsed it (the network {@code request} names). */
    public static CompletableFuture<RunResult> start(ActorSystem<?> system, List<ActorRef<ManagerProtocol.Command>> managers,
            Topology topology, RunRequest request) {
        if (managers.isEmpty()) {
            throw new IllegalArgumentException("a run needs at least one JVM");
        }
        CompletableFuture<RunResult> result = new CompletableFuture<>();
        long runId = RUNS.incrementAndGet();
        ActorRef<icn.protocols.wire.HostProtocol.Event> supervisor = system.systemActorOf(
                RunSupervisor.create(runId, topology, request, managers, result), "run-" + runId, Props.empty());
        result.whenComplete((r, e) -> {
            if (result.isCancelled()) {
                supervisor.tell(new RunSupervisor.Cancel("the run was cancelled"));
            }
        });
        return result;
    }

    /**
     * Runs in this JVM only, with a host manager of its own that is stopped afterwards: the future completes once the manager
     * and every node actor under it have stopped, so that a run that follows (or a heap measurement) starts on an empty JVM.
     */
    public static CompletableFuture<RunResult> runLocal(ActorSystem<?> system, RunRequest request) {
        long id = LOCAL_MANAGERS.incrementAndGet();
        ActorRef<ManagerProtocol.Command> manager = system.systemActorOf(HostManager.create(false), "local-hosts-" + id,
                Props.empty());
        CompletableFuture<RunResult> done = new CompletableFuture<>();
        run(system, List.of(manager), request).whenComplete((r, e) -> {
            CompletableFuture<Void> stopped = new CompletableFuture<>();
            system.systemActorOf(Behaviors.<Void>setup(context -> {
                context.watch(manager);
                // not a child of this watcher: stopped the way a system actor is stopped from outside
                system.classicSystem().stop(akka.actor.typed.javadsl.Adapter.toClassic(manager));
                return Behaviors.<Void>receive(Void.class)
                        .onSignal(Terminated.class, t -> {
                            stopped.complete(null);
                            return Behaviors.stopped();
                        })
                        .build();
            }), "local-hosts-" + id + "-stopper", Props.empty());
            stopped.whenComplete((ok, never) -> {
                if (e != null) {
                    done.completeExceptionally(e);
                } else {
                    done.complete(r);
                }
            });
        });
        return done;
    }
}
