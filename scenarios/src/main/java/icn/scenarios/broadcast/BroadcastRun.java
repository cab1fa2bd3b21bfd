package icn.scenarios.broadcast;

import icn.protocols.RunMetrics;
import icn.protocols.BroadcastAlgorithm;
import java.util.Objects;

/**
 * One finished broadcast run as the experiment runner hands it to the reports: what was run (topology {@code scc:N} with its n
 * and node count, algorithm key, B pipelined messages, source label, seed, engine, JVMs and hosts) and what it measured, with
 * how every link message ended ({@code accounting}: the actor engine's where a member was lost).
 */
public record BroadcastRun(String topology, int n, long nodes, String algorithm, int messages, String source, long seed, String engine,
        int jvms, int hosts, RunMetrics metrics, double wallSeconds, String partitioning, long crossJvmLateral, long crossJvmLocal,
        icn.protocols.Accounting accounting) {

    /** A run whose accounting is its metrics' (no member was lost). */
    public BroadcastRun(String topology, int n, long nodes, String algorithm, int messages, String source, long seed, String engine,
            int jvms, int hosts, RunMetrics metrics, double wallSeconds, String partitioning, long crossJvmLateral, long crossJvmLocal) {
        this(topology, n, nodes, algorithm, messages, source, seed, engine, jvms, hosts, metrics, wallSeconds, partitioning, crossJvmLateral,
                crossJvmLocal, metrics.accounting());
    }

    /** A run in one JVM, nodes split by whole supernodes among its hosts. */
    public BroadcastRun(String topology, int n, long nodes, String algorithm, int messages, String source, long seed, String engine,
            int jvms, int hosts, RunMetrics metrics, double wallSeconds) {
        this(topology, n, nodes, algorithm, messages, source, seed, engine, jvms, hosts, metrics, wallSeconds, "supernode", 0, 0);
    }

    public BroadcastRun {
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(partitioning, "partitioning");
        Objects.requireNonNull(metrics, "metrics");
        Objects.requireNonNull(accounting, "accounting");
        if (BroadcastAlgorithm.parse(algorithm).anyTopology()) {
            throw new IllegalArgumentException(algorithm + " is reported by FloodingRun, not as a run of 001 Algorithm 4 or 5");
        }
        if (messages != metrics.messages()) {
            throw new IllegalArgumentException("run of " + messages + " messages has metrics of " + metrics.messages());
        }
        if (n < 2 || nodes < 1) {
            throw new IllegalArgumentException("run on " + topology + " has n = " + n + " and " + nodes + " nodes");
        }
    }

    /** The algorithm as the enum of {@code protocols}. */
    public BroadcastAlgorithm broadcastAlgorithm() {
        return BroadcastAlgorithm.parse(algorithm);
    }
}
