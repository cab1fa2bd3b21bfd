package icn.launcher;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** The ActorSystem a command runs its node actors in, closed when the command ends. */
final class Systems implements AutoCloseable {

    private final ActorSystem<Void> system;

    private Systems(Config config) {
        this.system = ActorSystem.create(Behaviors.empty(), "icn", config);
    }

    static Systems local() {
        return new Systems(ConfigFactory.load());
    }

    ActorSystem<Void> system() {
        return system;
    }

    @Override
    public void close() {
        system.terminate();
        try {
            system.getWhenTerminated().toCompletableFuture().get(Duration.ofSeconds(60).toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            // the JVM exits right after; an unfinished shutdown is not a result
        }
    }
}
