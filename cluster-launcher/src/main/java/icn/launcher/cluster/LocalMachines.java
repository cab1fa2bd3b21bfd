package icn.launcher.cluster;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import icn.node.actor.ActorEngine;
import icn.node.engine.RunResult;
import icn.node.actor.HostManager;
import icn.node.engine.RunRequest;
import icn.node.program.ProgramFactory;
import icn.protocols.Topology;
import icn.protocols.wire.ManagerProtocol;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** This JVM alone: a local actor system whose guardian is the JVM's host manager. */
final class LocalMachines implements ActorMachines {

    private final ActorSystem<ManagerProtocol.Command> system;

    LocalMachines() {
        this.system = ActorSystems.local(Behaviors.setup(context -> HostManager.create(false)));
    }

    @Override
    public ActorSystem<?> system() {
        return system;
    }

    @Override
    public int jvms() {
        return 1;
    }

    @Override
    public CompletableFuture<RunResult> start(Topology topology, ProgramFactory programs, RunRequest request) {
        return ActorEngine.run(system, List.of(system), topology, request);
    }

    /**
     * Starts the actor system's termination without waiting for it: stopping a network of millions of node actors takes as long
     * as spawning it, and nobody waits for that (the command's results are written; the JVM exits, or a test goes on while the
     * system stops in the background).
     */
    @Override
    public void close() {
        system.terminate();
    }
}
