package icn.launcher.attack;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.ExtendedActorSystem;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import icn.launcher.cluster.ClusterCertificates;
import icn.launcher.cluster.Tls;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A process that reaches a member's port and sends what it likes: an actor system of its own (never a member), on plain TCP, or on
 * TLS with the stores of a member it stole or is (a rogue worker). With {@code raw}, what it sends is {@link RawFrame}s, their bytes
 * as they are; otherwise the emulator's own messages, serialized as a member would.
 */
public final class Attacker implements AutoCloseable {

    private final ActorSystem system;

    private Attacker(Config config) {
        this.system = ActorSystem.create("icn", config.withFallback(ConfigFactory.load()));
    }

    /** An attacker on plain TCP. */
    public static Attacker plain(boolean raw) {
        return new Attacker(base(raw).withValue("akka.remote.artery.transport", ConfigValueFactory.fromAnyRef("tcp")));
    }

    /** An attacker holding the stores in {@code memberDir} (a member's: {@code keystore.p12}, {@code truststore.p12}, {@code password}). */
    public static Attacker withStores(Path memberDir, boolean raw) {
        Tls.Stores stores = ClusterCertificates.read(memberDir);
        Config tls = ConfigFactory.empty()
                .withValue("akka.remote.artery.transport", ConfigValueFactory.fromAnyRef("tls-tcp"))
                .withValue(Tls.ENGINE + ".key-store", ConfigValueFactory.fromAnyRef(stores.keyStore().toString()))
                .withValue(Tls.ENGINE + ".trust-store", ConfigValueFactory.fromAnyRef(stores.trustStore().toString()))
                .withValue(Tls.ENGINE + ".key-store-password", ConfigValueFactory.fromAnyRef(stores.password()))
                .withValue(Tls.ENGINE + ".key-password", ConfigValueFactory.fromAnyRef(stores.password()))
                .withValue(Tls.ENGINE + ".trust-store-password", ConfigValueFactory.fromAnyRef(stores.password()))
                .withValue(Tls.ENGINE + ".protocol", ConfigValueFactory.fromAnyRef("TLSv1.3"))
                .withValue(Tls.ENGINE + ".enabled-algorithms", ConfigValueFactory.fromIterable(List.of("TLS_AES_256_GCM_SHA384",
                        "TLS_AES_128_GCM_SHA256")))
                .withValue(Tls.ENGINE + ".require-mutual-authentication", ConfigValueFactory.fromAnyRef(true));
        return new Attacker(tls.withFallback(base(raw)));
    }

    private static Config base(boolean raw) {
        Config c = ConfigFactory.empty()
                .withValue("akka.actor.provider", ConfigValueFactory.fromAnyRef("remote"))
                .withValue("akka.remote.artery.canonical.hostname", ConfigValueFactory.fromAnyRef("127.0.0.1"))
                .withValue("akka.remote.artery.canonical.port", ConfigValueFactory.fromAnyRef(0))
                .withValue("akka.loglevel", ConfigValueFactory.fromAnyRef("OFF"));
        if (raw) {
            c = c.withValue("akka.actor.serializers.icn-kryo", ConfigValueFactory.fromAnyRef(RawFrameSerializer.class.getName()))
                    .withValue("akka.actor.serialization-bindings.\"" + RawFrame.class.getName() + "\"",
                            ConfigValueFactory.fromAnyRef("icn-kryo"));
        }
        return c;
    }

    /** Sends {@code message} to the actor at {@code path} (e.g. {@code akka://icn@127.0.0.1:25520/user/hosts}), as no actor. */
    public void send(String path, Object message) {
        ActorRef to = ((ExtendedActorSystem) system).provider().resolveActorRef(path);
        to.tell(message, ActorRef.noSender());
    }

    /** A typed reference to an actor of this attacker (its dead letters), for messages that name whom to answer. */
    @SuppressWarnings("unchecked")
    public <T> akka.actor.typed.ActorRef<T> ownReference() {
        return (akka.actor.typed.ActorRef<T>) (akka.actor.typed.ActorRef<?>) akka.actor.typed.javadsl.Adapter.toTyped(system.deadLetters());
    }

    /** A typed reference to the actor at {@code path}, any system's: what a forged message names as whom to answer. */
    @SuppressWarnings("unchecked")
    public <T> akka.actor.typed.ActorRef<T> reference(String path) {
        ActorRef ref = ((ExtendedActorSystem) system).provider().resolveActorRef(path);
        return (akka.actor.typed.ActorRef<T>) (akka.actor.typed.ActorRef<?>) akka.actor.typed.javadsl.Adapter.toTyped(ref);
    }

    /** This attacker's address. */
    public String address() {
        return ((ExtendedActorSystem) system).provider().getDefaultAddress().toString();
    }

    @Override
    public void close() {
        system.terminate();
        try {
            system.getWhenTerminated().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // the test's JVM ends anyway
        }
    }
}
