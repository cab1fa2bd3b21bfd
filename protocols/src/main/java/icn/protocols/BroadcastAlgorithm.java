package icn.protocols;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The broadcast algorithms: those of 001 for SCC_n, and flooding for every topology. New values are only appended (the wire). */
public enum BroadcastAlgorithm {
    /** 001 Algorithm 4: one-port broadcasting with the cyclic sequence σ_SCC(C) (§8.3, Theorem 9). */
    ONE_PORT("one-port"),
    /** 001 Algorithm 5: multiple-port broadcasting with σ^m_SCC(C) (§9.2, Theorem 10). */
    MULTI_PORT("multi-port"),
    /** Multi-port flooding, any topology: every node sends on all its out-ports once, in the step after it is informed. */
    FLOODING("flooding"),
    /** One-port flooding, any topology: an informed node sends on one out-port per step, in ascending port order. */
    FLOODING_ONE_PORT("flooding-one-port");

    private final String key;

    BroadcastAlgorithm(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    /** Whether the algorithm runs on any topology (flooding) rather than on SCC_n only (001 Algorithms 4 and 5). */
    public boolean anyTopology() {
        return this == FLOODING || this == FLOODING_ONE_PORT;
    }

    public static BroadcastAlgorithm parse(String text) {
        for (BroadcastAlgorithm a : values()) {
            if (a.key.equals(text)) {
                return a;
            }
        }
        throw new InvalidInputException("unknown algorithm '" + text + "': expected one of "
                + Arrays.stream(values()).map(BroadcastAlgorithm::key).collect(Collectors.joining(", ")));
    }
}
