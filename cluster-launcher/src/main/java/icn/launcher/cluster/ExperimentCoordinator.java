package icn.launcher.cluster;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import icn.node.actor.ActorEngine;
import icn.node.engine.RunResult;
import icn.node.engine.RunRequest;
import icn.protocols.wire.ManagerProtocol;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The cluster singleton (role {@code coordinator}) through which a cluster runs its experiments, one at a time: it starts each run
 * on the host managers it is given and completes the caller's future. There is one coordinator member per cluster, so its
 * messages never leave the coordinator's JVM.
 */
final class ExperimentCoordinator extends AbstractBehavior<ExperimentCoordinator.Command> {

    interface Command {
    }

    record RunExperiment(List<ActorRef<ManagerProtocol.Command>> managers, icn.protocols.Topology topology, RunRequest request,
            CompletableFuture<RunResult> result) implements Command {
    }

    private ExperimentCoordinator(ActorContext<Command> context) {
        super(context);
    }

    static Behavior<Command> create() {
        return Behaviors.setup(ExperimentCoordinator::new);
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder().onMessage(RunExperiment.class, this::onRun).build();
    }

    private Behavior<Command> onRun(RunExperiment run) {
        ActorEngine.run(getContext().getSystem(), run.managers(), run.topology(), run.request()).whenComplete((r, e) -> {
            if (e != null) {
                run.result().completeExceptionally(e);
            } else {
                run.result().complete(r);
            }
        });
        return this;
    }
}
