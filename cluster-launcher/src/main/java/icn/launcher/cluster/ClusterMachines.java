package icn.launcher.cluster;

import akka.actor.Address;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.AskPattern;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.receptionist.Receptionist;
import akka.cluster.MemberStatus;
import akka.cluster.typed.Cluster;
import akka.cluster.typed.ClusterSingleton;
import akka.cluster.typed.ClusterSingletonSettings;
import akka.cluster.typed.Join;
import akka.cluster.typed.SingletonActor;
import icn.node.engine.RunResult;
import icn.node.actor.HostManager;
import icn.node.engine.RunRequest;
import icn.node.program.ProgramFactory;
import icn.protocols.Topology;
import icn.protocols.wire.ManagerProtocol;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.stream.StreamSupport;

/**
 * A cluster of JVMs with this one as its coordinator: the coordinator member binds, joins itself, optionally starts local worker
 * JVMs on loopback, and waits (a bounded time) until the expected members are up and each has registered its host manager.
 * Experiments go through the {@link ExperimentCoordinator} singleton.
 */
public final class ClusterMachines implements ActorMachines {

    private final ActorSystem<Void> system;
    private final LocalWorkers workers;
    private final List<ActorRef<ManagerProtocol.Command>> managers;
    private final ActorRef<ExperimentCoordinator.Command> coordinator;

    private ClusterMachines(ActorSystem<Void> system, LocalWorkers workers, List<ActorRef<ManagerProtocol.Command>> managers,
            ActorRef<ExperimentCoordinator.Command> coordinator) {
        this.system = system;
        this.workers = workers;
        this.managers = managers;
        this.coordinator = coordinator;
    }

    /**
     * Starts the coordinator on {@code bind}, starts {@code localWorkers} worker JVMs on loopback (0 when the workers come from other
     * hosts), and waits up to {@code timeout} for {@code expect} members in all.
     */
    public static ClusterMachines form(HostPort bind, int expect, int localWorkers, Duration timeout, boolean tls, Consumer<String> progress) {
        // Local workers start first, on a port chosen for the coordinator now: their JVMs start while this one starts its actor
        // system (about a second of each on 2 cores), instead of after it. Until the coordinator listens, a worker's join is retried.
        HostPort seed = localWorkers > 0 && bind.port() == 0 ? new HostPort(bind.host(), freePort(bind.host())) : bind;
        LocalWorkers workers = localWorkers > 0 ? LocalWorkers.start(localWorkers, seed) : null;
        ActorSystem<Void> system;
        try {
            system = ActorSystems.member(Behaviors.setup(context -> {
                context.spawn(HostManager.create(true), "hosts");
                return Behaviors.empty();
            }), "coordinator", seed, null, tls, workers != null);
        } catch (RuntimeException e) {
            if (workers != null) {
                workers.close();
            }
            throw e;
        }
        try {
            Cluster cluster = Cluster.get(system);
            Address self = cluster.selfMember().address();
            cluster.manager().tell(Join.create(self));
            ActorRef<ExperimentCoordinator.Command> coordinator = ClusterSingleton.get(system).init(
                    SingletonActor.of(ExperimentCoordinator.create(), "experiments")
                            .withSettings(ClusterSingletonSettings.create(system).withRole("coordinator")));
            progress.accept(String.format("forming a cluster of %d JVMs at %s:%s", expect, self.getHost().get(), self.getPort().get()));
            List<ActorRef<ManagerProtocol.Command>> managers = awaitMembers(system, expect, timeout, workers);
            return new ClusterMachines(system, workers, managers, coordinator);
        } catch (RuntimeException e) {
            if (workers != null) {
                workers.close();
            }
            ActorSystems.terminate(system);
            throw e;
        }
    }

    /** A port free on {@code host} a moment ago (the operating system's choice), for a coordinator whose workers must know it. */
    public static int freePort(String host) {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName(host))) {
            return socket.getLocalPort();
        } catch (java.io.IOException e) {
            throw new ClusterException("could not find a free port on " + host + ": " + e.getMessage());
        }
    }

    private static List<ActorRef<ManagerProtocol.Command>> awaitMembers(ActorSystem<Void> system, int expect, Duration timeout,
            LocalWorkers workers) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Cluster cluster = Cluster.get(system);
        while (true) {
            long up = StreamSupport.stream(cluster.state().getMembers().spliterator(), false)
                    .filter(m -> m.status() == MemberStatus.up()).count();
            Set<ActorRef<ManagerProtocol.Command>> listed = listing(system);
            if (up >= expect && listed.size() >= expect) {
                List<ActorRef<ManagerProtocol.Command>> sorted = new ArrayList<>(listed);
                Address self = cluster.selfMember().address();
                // this JVM first, the others by address, so runs on k < K JVMs use the same ones every time
                sorted.sort(Comparator.comparing((ActorRef<ManagerProtocol.Command> r) -> !r.path().address().hasLocalScope()
                        && !r.path().address().equals(self)).thenComparing(r -> r.path().address().toString()));
                return List.copyOf(sorted.subList(0, expect));
            }
            if (System.nanoTime() > deadline) {
                String hint = workers != null && workers.processes().stream().anyMatch(p -> !p.isAlive())
                        ? "; a local worker JVM exited:\n" + workers.tails() : "";
                throw new ClusterException(String.format("the cluster did not form within %d s: %d of %d members joined and %d host managers"
                        + " registered%s%s", timeout.toSeconds(), up, expect, listed.size(), Tls.Refusals.ID.get(system).summary(),
                        hint.isEmpty() ? "" : hint.lines().findFirst().orElse("")));
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ClusterException("interrupted while the cluster was forming");
            }
        }
    }

    private static Set<ActorRef<ManagerProtocol.Command>> listing(ActorSystem<Void> system) {
        try {
            Receptionist.Listing listing = AskPattern.<Receptionist.Command, Receptionist.Listing>ask(system.receptionist(),
                    replyTo -> Receptionist.find(HostManager.KEY, replyTo), Duration.ofSeconds(3), system.scheduler())
                    .toCompletableFuture().get();
            return listing.getServiceInstances(HostManager.KEY);
        } catch (Exception e) {
            return Set.of();
        }
    }

    @Override
    public ActorSystem<Void> system() {
        return system;
    }

    LocalWorkers workers() {
        return workers;
    }

    @Override
    public int jvms() {
        return managers.size();
    }

    @Override
    public CompletableFuture<RunResult> start(Topology topology, ProgramFactory programs, RunRequest request) {
        CompletableFuture<RunResult> result = new CompletableFuture<>();
        coordinator.tell(new ExperimentCoordinator.RunExperiment(managers.subList(0, Math.min(request.jvms(), managers.size())), topology, request,
                result));
        return result;
    }

    @Override
    public void close() {
        if (workers != null) {
            // Local workers are this command's own processes and have nothing left to do: they are stopped at once (SIGTERM), and
            // this member then stops without leaving the cluster (it was made with icn.cluster-owner, see ActorSystems.member).
            // A graceful leave took 2 s of every local cluster command: leader rounds, exiting, and flushes to members already gone.
            workers.stop();
            ActorSystems.terminate(system);
            workers.close();
        } else {
            // remote workers see this coordinator leave (CoordinatedShutdown's cluster-leave phase) and stop by themselves
            ActorSystems.terminate(system);
        }
    }
}
