package icn.launcher;

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

    /** One host per core, up to the limit of hosts per JVM. */
    static int defaultHosts() {
        return defaultHosts(1);
    }

    /** For {@code jvms} JVMs sharing this machine: one host per core over all of them, at least one each. */
    static int defaultHosts(int jvms) {
        return Math.max(1, Math.min(Runtime.getRuntime().availableProcessors() / Math.max(1, jvms), RunSettings.MAX_HOSTS));
    }

    /** Refuses a JVM count out of 1..{@value RunSettings#MAX_JVMS} with one line (exit 2), before anything starts. */
    static int checkJvms(int jvms) {
        if (jvms < 1 || jvms > RunSettings.MAX_JVMS) {
            throw new InvalidInputException("--jvms must be 1.." + RunSettings.MAX_JVMS + ", not " + jvms);
        }
        return jvms;
    }

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
        checkJvms(jvms);
        int h = hosts != null ? hosts : defaultHosts(jvms);
        return new RunSettings(EngineKind.parse(engine), jvms, h, Partition.Kind.parse(partitioning), seed,
                Duration.ofSeconds(formationTimeout), progress);
    }
}
