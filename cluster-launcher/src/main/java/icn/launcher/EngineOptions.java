package icn.launcher;

import icn.protocols.InvalidInputException;
import icn.protocols.Partition;
import icn.scenarios.broadcast.BroadcastExperiment;
import picocli.CommandLine.Option;

/** Options shared by the commands that run node programs. */
final class EngineOptions {

    @Option(names = "--engine", defaultValue = "actor", paramLabel = "actor|sequential",
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
        return Math.max(1, Math.min(Runtime.getRuntime().availableProcessors() / Math.max(1, jvms), BroadcastExperiment.Settings.MAX_HOSTS));
    }

    /** Refuses a JVM count out of 1..{@value BroadcastExperiment.Settings#MAX_JVMS} with one line (exit 2), before anything starts. */
    static int checkJvms(int jvms) {
        if (jvms < 1 || jvms > BroadcastExperiment.Settings.MAX_JVMS) {
            throw new InvalidInputException("--jvms must be 1.." + BroadcastExperiment.Settings.MAX_JVMS + ", not " + jvms);
        }
        return jvms;
    }

    /**
     * The settings, after refusing (one line, exit 2, before anything is printed or started) a {@code network} whose node actors
     * the JVMs' heaps cannot hold (or, on the sequential engine, this JVM's heap).
     */
    BroadcastExperiment.Settings settings(icn.protocols.Topology network, long seed) {
        BroadcastExperiment.Settings settings = settings(seed);
        if (settings.actors()) {
            icn.node.engine.HeapEstimate.require(network.name(), network.nodeCount(), settings.jvms());
        } else {
            icn.node.engine.HeapEstimate.requireSequential(network.name(), network.nodeCount());
        }
        return settings;
    }

    BroadcastExperiment.Settings settings(long seed) {
        checkJvms(jvms);
        int h = hosts != null ? hosts : defaultHosts(jvms);
        return new BroadcastExperiment.Settings(engine, jvms, h, Partition.Kind.parse(partitioning), seed);
    }
}
