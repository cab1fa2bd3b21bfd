package icn.protocols;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The broadcast algorithms of 001 for SCC_n. */
public enum BroadcastAlgorithm {
    /** 001 Algorithm 4: one-port broadcasting with the cyclic sequence σ_SCC(C) (§8.3, Theorem 9). */
    ONE_PORT("one-port"),
    /** 001 Algorithm 5: multiple-port broadcasting with σ^m_SCC(C) (§9.2, Theorem 10). */
    MULTI_PORT("multi-port");

    private final String key;

    BroadcastAlgorithm(String key) {
        this.key = key;
    }

    public String key() {
        return key;
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
