package icn.node.engine;

import icn.protocols.InvalidInputException;
import icn.protocols.LinkLatency;
import icn.protocols.Partition;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.ProgramSpec;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * How an experiment's runs are executed, read once from a command's options or a scenario: the engine, the JVMs and hosts per JVM
 * the node actors run on, how nodes are split among the hosts, the seed of every random choice, how long a cluster may take to
 * form, and where progress lines go. The sequential engine runs in this JVM with one host: its JVMs and hosts are 1 whatever was
 * asked.
 */
public record RunSettings(EngineKind engine, int jvms, int hosts, Partition.Kind partitioning, long seed, Duration formationTimeout,
        Consumer<String> progress) {

    /** Host actors one JVM may run. */
    public static final int MAX_HOSTS = 64;
    /** JVMs one run may use. */
    public static final int MAX_JVMS = 64;
    /** How long a local cluster may take to form unless told otherwise. */
    public static final Duration FORMATION_TIMEOUT = Duration.ofSeconds(60);
    /** Progress lines nobody reads. */
    public static final Consumer<String> NO_PROGRESS = line -> { };

    public RunSettings {
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(partitioning, "partitioning");
        if (hosts < 1 || hosts > MAX_HOSTS) {
            throw new InvalidInputException("hosts per JVM must be 1.." + MAX_HOSTS + ", not " + hosts);
        }
        if (jvms < 1 || jvms > MAX_JVMS) {
            throw new InvalidInputException("jvms must be 1.." + MAX_JVMS + ", not " + jvms);
        }
        if (!engine.actors()) {
            jvms = 1;
            hosts = 1;
        }
        formationTimeout = formationTimeout == null ? FORMATION_TIMEOUT : formationTimeout;
        progress = progress == null ? NO_PROGRESS : progress;
    }

    /** Settings with the default formation timeout and no progress lines. */
    public RunSettings(EngineKind engine, int jvms, int hosts, Partition.Kind partitioning, long seed) {
        this(engine, jvms, hosts, partitioning, seed, FORMATION_TIMEOUT, NO_PROGRESS);
    }

    /** One JVM. */
    public RunSettings(EngineKind engine, int hosts, Partition.Kind partitioning, long seed) {
        this(engine, 1, hosts, partitioning, seed);
    }

    /** The same settings on {@code k} JVMs. */
    public RunSettings withJvms(int k) {
        return new RunSettings(engine, k, hosts, partitioning, seed, formationTimeout, progress);
    }

    /** The same settings with another partitioning. */
    public RunSettings withPartitioning(Partition.Kind kind) {
        return new RunSettings(engine, jvms, hosts, kind, seed, formationTimeout, progress);
    }

    /** The same settings with another formation timeout. */
    public RunSettings withFormationTimeout(Duration timeout) {
        return new RunSettings(engine, jvms, hosts, partitioning, seed, timeout, progress);
    }

    /** The same settings with progress lines going to {@code lines}. */
    public RunSettings withProgress(Consumer<String> lines) {
        return new RunSettings(engine, jvms, hosts, partitioning, seed, formationTimeout, lines);
    }

    /** A synchronous fault-free run of {@code program} on {@code topology} with these settings. */
    public RunRequest request(Topology topology, ProgramSpec program) {
        return request(topology, program, LinkLatency.SYNCHRONOUS, FaultPlan.NONE);
    }

    /** A run of {@code program} on {@code topology} with these settings, link latencies and faults. */
    public RunRequest request(Topology topology, ProgramSpec program, LinkLatency latency, FaultPlan faults) {
        return new RunRequest(topology.name(), program, partitioning, latency, hosts, false, faults, jvms);
    }
}
