package icn.launcher;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import akka.cluster.Member;
import akka.cluster.MemberStatus;
import akka.cluster.typed.Cluster;
import icn.node.actor.HostManager;
import java.util.concurrent.Callable;
import java.util.stream.StreamSupport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code icn worker}: a JVM that joins a coordinator's cluster and hosts node actors until the coordinator goes. */
@Command(name = "worker", mixinStandardHelpOptions = true,
        description = {"Join the cluster whose coordinator listens at --seed and host node actors for its runs.",
                "Exits when the coordinator leaves or is lost (0), or if it cannot join within --join-timeout (1)."})
final class WorkerCommand implements Callable<Integer> {

    @Option(names = "--seed", required = true, paramLabel = "HOST:PORT", description = "The coordinator's address.")
    String seed;

    @Option(names = "--bind", defaultValue = "127.0.0.1:0", paramLabel = "HOST:PORT",
            description = "The address this worker listens on (default 127.0.0.1:0, loopback on a free port; other hosts need a routable one).")
    String bind;

    @Option(names = "--join-timeout", defaultValue = "60", paramLabel = "SECONDS", description = "How long to try to join.")
    int joinTimeout;

    @Option(names = "--tls", description = "Use TLS between members (see README; keys from ICN_TLS_KEYSTORE, ICN_TLS_TRUSTSTORE, ICN_TLS_PASSWORD).")
    boolean tls;

    @Option(names = "--parent-pid", hidden = true, paramLabel = "PID", description = "Stop when this process is gone (local workers).")
    Long parentPid;

    @Override
    public Integer call() throws InterruptedException {
        HostPort seedAddress = HostPort.parse("--seed", seed);
        HostPort bindAddress = HostPort.parse("--bind", bind);
        ActorSystem<Void> system = ActorSystems.member(Behaviors.setup(context -> {
            context.spawn(HostManager.create(true), "hosts");
            return Behaviors.empty();
        }), "worker", bindAddress, seedAddress, tls);
        Cluster cluster = Cluster.get(system);
        try {
            long deadline = System.nanoTime() + joinTimeout * 1_000_000_000L;
            while (cluster.selfMember().status() != MemberStatus.up()) {
                if (System.nanoTime() > deadline || system.whenTerminated().isCompleted()) {
                    throw new ClusterException("could not join the cluster at " + seedAddress + " within " + joinTimeout + " s");
                }
                Thread.sleep(100);
            }
            System.err.println("icn worker: joined " + seedAddress + " as " + cluster.selfMember().address());
            boolean sawCoordinator = false;
            while (!system.whenTerminated().isCompleted()) {
                boolean coordinatorUp = StreamSupport.stream(cluster.state().getMembers().spliterator(), false)
                        .anyMatch(WorkerCommand::isLiveCoordinator);
                sawCoordinator |= coordinatorUp;
                boolean parentGone = parentPid != null && ProcessHandle.of(parentPid).map(p -> !p.isAlive()).orElse(true);
                if ((sawCoordinator && !coordinatorUp) || parentGone) {
                    System.err.println("icn worker: " + (parentGone ? "the process that started this worker is gone" : "the coordinator left")
                            + "; stopping");
                    break;
                }
                Thread.sleep(250);
            }
            return 0;
        } finally {
            ActorSystems.terminate(system);
        }
    }

    private static boolean isLiveCoordinator(Member m) {
        return m.hasRole("coordinator") && (m.status() == MemberStatus.up() || m.status() == MemberStatus.joining()
                || m.status() == MemberStatus.weaklyUp());
    }
}
