package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;

import icn.launcher.cluster.Engines;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.protocols.Partition;
import icn.protocols.Topology;
import java.util.function.Consumer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Options shared by the commands that run node programs: the engine, and the JVMs, hosts and partitioning of node actors. */
final class EngineOptions {
    private final CommandContext ctx;

    EngineOptions(CommandContext ctx) {
        this.ctx = ctx;
    }


    @Option(names = "--engine", defaultValue = EngineKind.ACTORS_KEY, paramLabel = EngineKind.ACTORS_KEY + "|" + EngineKind.SEQUENTIAL_KEY,
            description = "actor: one actor per node (default); sequential: the single-threaded reference engine.")
    String engine;

    @Option(names = "--hosts", paramLabel = "H",
            description = "Host actors per JVM, each owning a partition of the nodes (default: one per core, shared among local JVMs).")
    Integer hosts;

    @Option(names = "--partitioning", defaultValue = "supernode", paramLabel = "supernode|block|round-robin",
            description = "How nodes are split among hosts (default: whole supernodes per host).")
    String partitioning;

    @Mixin
    ClusterOptions cluster;

    /** The JVMs given (default 1: this JVM alone; on a standing cluster, all its workers). */
    int jvms() {
        return cluster.jvms(ctx.engines().defaultJvms());
    }

    /**
     * The settings, after refusing (one line, exit 2, before anything is printed or started) a {@code network} whose node actors
     * the JVMs' heaps cannot hold (or, on the sequential engine, this JVM's heap).
     */
    RunSettings settings(Topology network, long seed, Consumer<String> progress) {
        RunSettings settings = settings(seed, progress);
        ctx.engines().requireHeap(settings.engine(), network, settings.jvms());
        return settings;
    }

    /** The settings, progress lines going to {@code progress}. */
    RunSettings settings(long seed, Consumer<String> progress) {
        EngineKind kind = EngineKind.parse(engine);
        int jvms = kind.actors() || cluster.jvmsGiven() ? ctx.engines().checkJvms(jvms()) : 1;
        int h = hosts != null ? hosts : ctx.engines().defaultHosts(jvms);
        return new RunSettings(kind, jvms, h, Partition.Kind.parse(partitioning), seed, cluster.formationTimeout(),
                progress);
    }
}
