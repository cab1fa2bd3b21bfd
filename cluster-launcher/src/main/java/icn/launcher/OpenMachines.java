package icn.launcher;

import akka.actor.typed.ActorSystem;
import icn.scenarios.Machines;
import java.time.Duration;

/** Machines a command has opened and must close: this JVM alone, or a local cluster of JVMs on loopback. */
interface OpenMachines extends Machines, AutoCloseable {

    ActorSystem<?> system();

    @Override
    void close();

    /**
     * As {@link #open(int, Duration, Progress)}, after refusing (exit 2, one line, within the second) a {@code network} whose node
     * actors the {@code jvms} JVMs' heaps (each this JVM's) cannot hold: before any worker JVM is started or any actor spawned.
     */
    static OpenMachines open(int jvms, Duration formationTimeout, Progress progress, icn.protocols.Topology network) {
        EngineOptions.checkJvms(jvms);
        icn.node.engine.HeapEstimate.require(network.name(), network.nodeCount(), jvms);
        return open(jvms, formationTimeout, progress);
    }

    /** One JVM, or a cluster of {@code jvms} on loopback (this JVM as coordinator, {@code jvms − 1} worker JVMs it starts). */
    static OpenMachines open(int jvms, Duration formationTimeout, Progress progress) {
        EngineOptions.checkJvms(jvms);
        if (jvms == 1) {
            return new LocalMachines();
        }
        return ClusterMachines.form(new HostPort("127.0.0.1", 0), jvms, jvms - 1, formationTimeout, false, progress);
    }
}
