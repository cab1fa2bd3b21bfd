package icn.launcher.cluster;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The actor systems the {@code icn} command starts: one JVM alone, or a member of a cluster. */
public final class ActorSystems {

    static final String NAME = "icn";

    private ActorSystems() {
    }

    /** This JVM alone: without the library extensions a local run never uses (see icn.local in application.conf). */
    public static <T> ActorSystem<T> local(Behavior<T> guardian) {
        Config base = ConfigFactory.load();
        return ActorSystem.create(guardian, NAME, base.getConfig("icn.local").withFallback(base));
    }

    /** A cluster member with {@code role}, bound to {@code bind}, joining {@code seed} (itself, for the first member). */
    public static <T> ActorSystem<T> member(Behavior<T> guardian, String role, HostPort bind, HostPort seed, boolean tls) {
        return member(guardian, role, bind, seed, tls, false);
    }

    /**
     * As above; {@code owner}: the coordinator of local workers it stops itself, which then ends without leaving the cluster
     * (icn.cluster-owner in application.conf).
     */
    public static <T> ActorSystem<T> member(Behavior<T> guardian, String role, HostPort bind, HostPort seed, boolean tls, boolean owner) {
        return member(guardian, role, bind, null, seed, tls, owner);
    }

    /**
     * As above, other members reaching this one at {@code advertise} (null: at {@code bind}): a member behind a relay or a forwarded
     * port listens on {@code bind} and is known to the cluster by {@code advertise} (Akka's canonical address).
     */
    public static <T> ActorSystem<T> member(Behavior<T> guardian, String role, HostPort bind, HostPort advertise, HostPort seed, boolean tls,
            boolean owner) {
        return member(guardian, role, bind, advertise, seed, tls ? Tls.Stores.OWN : null, owner);
    }

    /** As above, with TLS from {@code stores} (null: plain TCP, no TLS). */
    public static <T> ActorSystem<T> member(Behavior<T> guardian, String role, HostPort bind, HostPort advertise, HostPort seed, Tls.Stores stores,
            boolean owner) {
        boolean tls = stores != null;
        Config base = ConfigFactory.load();
        Config cluster = base.getConfig("icn.cluster");
        if (owner) {
            cluster = base.getConfig("icn.cluster-owner").withFallback(cluster);
        }
        if (tls) {
            cluster = stores.config().withFallback(base.getConfig("icn.tls")).withFallback(cluster);
        }
        HostPort canonical = advertise != null ? advertise : bind;
        Config addresses = ConfigFactory.empty()
                .withValue("akka.remote.artery.canonical.hostname", ConfigValueFactory.fromAnyRef(canonical.host()))
                .withValue("akka.remote.artery.canonical.port", ConfigValueFactory.fromAnyRef(canonical.port()));
        if (advertise != null) {
            addresses = addresses.withValue("akka.remote.artery.bind.hostname", ConfigValueFactory.fromAnyRef(bind.host()))
                    .withValue("akka.remote.artery.bind.port", ConfigValueFactory.fromAnyRef(bind.port()));
        }
        Config config = addresses
                .withValue("akka.cluster.roles", ConfigValueFactory.fromIterable(List.of(role)))
                .withValue("akka.cluster.seed-nodes", ConfigValueFactory.fromIterable(seed == null ? List.of()
                        : List.of("akka://" + NAME + "@" + seed.host() + ":" + seed.port())))
                .withFallback(cluster)
                .withFallback(base);
        if (tls) {
            Tls.check(config, stores);
        }
        return ActorSystem.create(guardian, NAME, config);
    }

    /** The role of a standing cluster's job, in a process of its own that the head started: it runs on the workers it was given. */
    public static final String JOB_ROLE = "job";

    /**
     * Whether an address is that of a member of {@code system}'s cluster with the coordinator role or a job's role (a process the
     * head started for one job), as this member sees the cluster now: whom a worker's host manager obeys.
     */
    public static java.util.function.Predicate<akka.actor.Address> coordinatorAt(ActorSystem<?> system) {
        return address -> {
            for (akka.cluster.Member m : akka.cluster.typed.Cluster.get(system).state().getMembers()) {
                if (m.address().equals(address) && (m.hasRole("coordinator") || m.hasRole(JOB_ROLE))
                        && m.status() != akka.cluster.MemberStatus.removed() && m.status() != akka.cluster.MemberStatus.down()) {
                    return true;
                }
            }
            return false;
        };
    }

    public static void terminate(ActorSystem<?> system) {
        terminate(system, java.time.Duration.ofSeconds(30));
    }

    /** As {@link #terminate(ActorSystem)}, waiting at most {@code limit}. */
    public static void terminate(ActorSystem<?> system, java.time.Duration limit) {
        system.terminate();
        try {
            system.getWhenTerminated().toCompletableFuture().get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            // the JVM exits right after; an unfinished shutdown is not a result
        }
    }
}
