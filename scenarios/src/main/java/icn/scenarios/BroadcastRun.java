package icn.scenarios;

import icn.node.engine.RunMetrics;
import icn.protocols.BroadcastAlgorithm;
import java.util.Objects;

/**
 * One finished broadcast run as the experiment runner hands it to the reports: what was run (topology {@code scc:N} with its n
 * and node count, algorithm key, B pipelined messages, source label, seed, engine, JVMs and hosts) and what it measured.
 */
public record BroadcastRun(String topology, int n, long nodes, String algorithm, int messages, String source, long seed, String engine,
        int jvms, int hosts, RunMetrics metrics, double wallSeconds) {

    public BroadcastRun {
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(metrics, "metrics");
        BroadcastAlgorithm.parse(algorithm);
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
