package icn.launcher.cli;

import icn.launcher.cluster.Engines;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.protocols.InvalidInputException;
import icn.protocols.Partition;
import icn.protocols.Topology;
import java.time.Duration;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/** Options shared by the commands that run node programs: the engine, and the JVMs, hosts and partitioning of node actors. */
final class EngineOptions {

    @Option(names = "--engine", defaultValue = EngineKind.ACTORS_KEY, paramLabel = EngineKind.ACTORS_KEY + "|" + EngineKind.SEQUENTIAL_KEY,
            description = "actor: one actor per node (default); sequential: the single-threaded reference engine.")
    String engine;

    @Option(names = "--hosts", paramLabel = "H",
            description = "Host actors per JVM, each owning a partition of the nodes (default: one per core, shared among local JVMs).")
    Integer hosts;

    @Option(names = "--partitioning", defaultValue = "supernode", paramLabel = "supernode|block|round-robin",
            description = "How nodes are split among hosts (default: whole supernodes per host).")
    String partitioning;

    @Option(names = "--jvms", defaultValue = "1", paramLabel = "K",
            description = "Run on a local cluster of K JVMs on loopback (default 1: this JVM alone).")
    int jvms;

    @Option(names = "--formation-timeout", defaultValue = "60", paramLabel = "SECONDS", description = "How long to wait for the cluster to form.")
    int formationTimeout;

    /**
     * The settings, after refusing (one line, exit 2, before anything is printed or started) a {@code network} whose node actors
     * the JVMs' heaps cannot hold (or, on the sequential engine, this JVM's heap).
     */
    RunSettings settings(Topology network, long seed, Consumer<String> progress) {
        RunSettings settings = settings(seed, progress);
        settings.engine().requireHeap(network, settings.jvms());
        return settings;
    }

    /** The settings, progress lines going to {@code progress}. */
    RunSettings settings(long seed, Consumer<String> progress) {
        Engines.checkJvms(jvms);
        int h = hosts != null ? hosts : Engines.defaultHosts(jvms);
        return new RunSettings(EngineKind.parse(engine), jvms, h, Partition.Kind.parse(partitioning), seed,
                Duration.ofSeconds(formationTimeout), progress);
    }
}
