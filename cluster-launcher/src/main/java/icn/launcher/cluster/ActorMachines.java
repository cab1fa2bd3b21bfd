package icn.launcher.cluster;

import akka.actor.typed.ActorSystem;
import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import java.time.Duration;
import java.util.function.Consumer;

/** Node actors on JVMs a command has opened and must close: this JVM alone, or a local cluster of JVMs on loopback. */
public interface ActorMachines extends Engine {

    /** The actor system of this JVM (benchmarks probe it). */
    ActorSystem<?> system();

    @Override
    default EngineKind kind() {
        return EngineKind.ACTORS;
    }

    @Override
    void close();

    /**
     * One JVM, or a cluster of {@code jvms} on loopback (this JVM as coordinator, {@code jvms − 1} worker JVMs it starts); a command
     * opens them through {@link Engines#openHere}, which checks that it may.
     */
    static ActorMachines open(int jvms, Duration formationTimeout, Consumer<String> progress) {
        if (jvms == 1) {
            return new LocalMachines();
        }
        return ClusterMachines.form(new HostPort("127.0.0.1", 0), jvms, jvms - 1, formationTimeout, false, progress);
    }
}
