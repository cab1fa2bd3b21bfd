package icn.launcher.cli;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import akka.cluster.Member;
import akka.cluster.MemberStatus;
import akka.cluster.typed.Cluster;
import com.typesafe.config.Config;
import icn.launcher.cluster.ActorSystems;
import icn.launcher.cluster.ClusterCertificates;
import icn.launcher.cluster.ClusterException;
import icn.launcher.cluster.HostPort;
import icn.launcher.cluster.JoinProbe;
import icn.launcher.cluster.Processes;
import icn.launcher.cluster.Tls;
import icn.node.actor.HostManager;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.stream.StreamSupport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code icn worker}: a JVM that joins a coordinator's cluster and hosts node actors until the coordinator goes. */
@Command(name = "worker", mixinStandardHelpOptions = true,
        description = {"Join the cluster whose coordinator listens at --join and host node actors for its runs.",
                "Exits when the coordinator leaves or is lost (0), or if it cannot join (1): as soon as it learns why (TLS on one",
                "side only, a certificate that either side refuses), else after --join-timeout."})
final class WorkerCommand implements Callable<Integer> {

    /** When the first probe of a seed that has not let this worker join yet runs, how often it runs again, and its time limit. */
    private static final Duration PROBE_AFTER = Duration.ofSeconds(1);
    private static final Duration PROBE_EVERY = Duration.ofSeconds(1);
    private static final Duration PROBE_LIMIT = Duration.ofSeconds(3);
    /**
     * How long a worker that has joined stays cut off from every coordinator before it stops on its own. The split-brain resolver
     * downs it well before (failure detection about 5 s, then 3 s of stable-after); this bounds the wait whatever the resolver
     * does, so that a partitioned worker always ends.
     */
    static final Duration CUT_OFF_LIMIT = Duration.ofSeconds(20);

    @Option(names = "--join", required = true, paramLabel = "HOST:PORT", description = "The coordinator's address (the cluster's seed node).")
    String seed;

    @Option(names = "--bind", defaultValue = "127.0.0.1:0", paramLabel = "HOST:PORT",
            description = "The address this worker listens on (default 127.0.0.1:0, loopback on a free port; other hosts need a routable one).")
    String bind;

    @Option(names = "--advertise", paramLabel = "HOST:PORT",
            description = "Where the other members reach this worker when it is not --bind (a relay, a forwarded port).")
    String advertise;

    @Option(names = "--keep-network", paramLabel = "SECONDS", defaultValue = "0",
            description = "Keep the node actors of a completed run this long for a next run on the same network (a standing cluster's"
                    + " workers; default 0: stop them at once).")
    int keepNetwork;

    @Option(names = "--join-timeout", defaultValue = "60", paramLabel = "SECONDS", description = "How long to try to join.")
    int joinTimeout;

    @Option(names = "--tls", description = "Use TLS between members (see docs/clusters.md; keys from ICN_TLS_KEYSTORE, ICN_TLS_TRUSTSTORE, ICN_TLS_PASSWORD).")
    boolean tls;

    @Option(names = "--tls-stores", paramLabel = "DIR",
            description = "Use TLS with the stores 'icn cluster start' made for this worker (DIR holds keystore.p12, truststore.p12 and"
                    + " their password, readable by the owner only); what a standing cluster's head gives its workers.")
    Path tlsStores;

    @Option(names = "--insecure", description = "Join without TLS on an address other than loopback (trusted networks only: anyone who"
            + " reaches the cluster can join it and is given node actors).")
    boolean insecure;

    @Option(names = "--parent-pid", hidden = true, paramLabel = "PID", description = "Stop when this process is gone (local workers).")
    Long parentPid;

    @Override
    public Integer call() throws InterruptedException {
        HostPort seedAddress = HostPort.parse("--seed", seed);
        HostPort bindAddress = HostPort.parse("--bind", bind);
        HostPort advertised = advertise == null ? null : HostPort.parse("--advertise", advertise);
        Tls.requireOffLoopback("icn worker", tls || tlsStores != null, insecure, addresses(seedAddress, bindAddress, advertised));
        Tls.Stores stores = tlsStores != null ? ClusterCertificates.read(tlsStores) : tls ? Tls.Stores.OWN : null;
        ActorSystem<Void> system = ActorSystems.member(Behaviors.setup(context -> {
            context.spawn(HostManager.create(true, java.time.Duration.ofSeconds(Math.max(0, keepNetwork)),
                    ActorSystems.coordinatorAt(context.getSystem())), "hosts");
            return Behaviors.empty();
        }), "worker", bindAddress, advertised, seedAddress, stores, false);
        Cluster cluster = Cluster.get(system);
        try {
            awaitJoin(system, cluster, seedAddress);
            System.err.println("icn worker: joined " + seedAddress + " as " + cluster.selfMember().address());
            // Joined means the coordinator (the seed) was there: from now on, no live coordinator in this member's view of the
            // cluster means it left or was lost, whether or not this loop ever looked while it was up.
            long reachableAt = System.nanoTime();
            while (!system.whenTerminated().isCompleted()) {
                long now = System.nanoTime();
                if (cluster.state().getUnreachable().stream().noneMatch(WorkerCommand::isLiveCoordinator)) {
                    reachableAt = now;
                }
                String reason = stopReason(cluster.state().getMembers(), parentPid, Duration.ofNanos(now - reachableAt));
                if (reason != null) {
                    System.err.println("icn worker: " + reason + "; stopping");
                    break;
                }
                Thread.sleep(250);
            }
            return 0;
        } finally {
            // a worker cut off from the others cannot leave cleanly (Akka's terminate phase waited 10 s and more for unreachable
            // members in MultiHostClusterIT); it has nothing left to hand over, so it exits after a short wait
            ActorSystems.terminate(system, java.time.Duration.ofSeconds(5));
        }
    }

    /**
     * Waits until this member is up. Akka retries the join for as long as it is let; from {@link #PROBE_AFTER} on, a probe of the
     * seed (a connection of its own, {@link JoinProbe}) runs every {@link #PROBE_EVERY} to learn why the join takes so long, and
     * a finding that waiting cannot help with (TLS on one side only, a refused certificate) ends the wait at once.
     */
    private void awaitJoin(ActorSystem<Void> system, Cluster cluster, HostPort seedAddress) throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + joinTimeout * 1_000_000_000L;
        Config engine = tls || tlsStores != null ? system.settings().config().getConfig(Tls.ENGINE) : null;
        long nextProbe = start + PROBE_AFTER.toNanos();
        CompletableFuture<JoinProbe.Finding> probe = null;
        JoinProbe.Finding last = null;
        while (cluster.selfMember().status() != MemberStatus.up()) {
            long now = System.nanoTime();
            if (probe != null && probe.isDone()) {
                last = probe.join();
                probe = null;
                nextProbe = now + PROBE_EVERY.toNanos();
                if (last != null && last.certain()) {
                    throw new ClusterException("could not join the cluster at " + seedAddress + ": " + last.reason());
                }
            }
            if (now > deadline || system.whenTerminated().isCompleted()) {
                throw new ClusterException("could not join the cluster at " + seedAddress + " within " + joinTimeout + " s"
                        + (last == null ? "" : ": " + last.reason()));
            }
            if (probe == null && now >= nextProbe) {
                Duration left = Duration.ofNanos(Math.max(0, deadline - now));
                Duration limit = left.compareTo(PROBE_LIMIT) < 0 ? left : PROBE_LIMIT;
                probe = CompletableFuture.supplyAsync(() -> JoinProbe.probe(seedAddress, engine, limit), WorkerCommand::daemon);
            }
            Thread.sleep(100);
        }
    }

    private static Map<String, HostPort> addresses(HostPort seed, HostPort bind, HostPort advertised) {
        Map<String, HostPort> all = new LinkedHashMap<>();
        all.put("--join", seed);
        all.put("--bind", bind);
        all.put("--advertise", advertised);
        return all;
    }

    private static void daemon(Runnable task) {
        Thread t = new Thread(task, "icn-join-probe");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Why a worker that has joined stops now, or null: the process that started it is gone, or no member with the coordinator role
     * is joining or up in {@code members} (it left, was downed or removed; a worker that joined after it left sees none at all), or
     * the coordinator has been unreachable for {@code cutOff}, {@link #CUT_OFF_LIMIT} or more.
     */
    static String stopReason(Iterable<Member> members, Long parentPid, Duration cutOff) {
        if (parentPid != null && !Processes.alive(parentPid)) {
            return "the process that started this worker is gone";
        }
        if (cutOff.compareTo(CUT_OFF_LIMIT) >= 0) {
            return "cut off from the coordinator for " + cutOff.toSeconds() + " s";
        }
        if (StreamSupport.stream(members.spliterator(), false).noneMatch(WorkerCommand::isLiveCoordinator)) {
            return "the coordinator left";
        }
        return null;
    }

    private static boolean isLiveCoordinator(Member m) {
        return m.hasRole("coordinator") && (m.status() == MemberStatus.up() || m.status() == MemberStatus.joining()
                || m.status() == MemberStatus.weaklyUp());
    }
}
