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
    FLOODING_ONE_PORT("flooding-one-port"),
    /**
     * 001 §8.3 (Fig. 8): σ^seq_SCC(C), σ_star(C) = (2 3 … n) repeated d_star times, "inserting a local link step between every two
     * adjacent lateral link steps", one lateral link per supernode per lateral step. One-port, SCC_n only.
     */
    CYCLIC_SEQ("cyclic-seq"),
    /**
     * 001 §8.3 (Fig. 9): σ^par_SCC(C), "the information is initially broadcasted inside the supernode and then all lateral links are
     * used simultaneously": d_star lateral and (n−2)·d_star local steps. One-port, SCC_n only.
     */
    CYCLIC_PAR("cyclic-par"),
    /** 001 §8.1 (Theorem 3, Eq. 3, Fig. 6): σ_SCC(T_n), the star operations of the n log n (Beneš-type) switching network T_n. */
    SWITCHING_NLOGN("switching-nlogn"),
    /** 001 §8.2 (Theorems 4–7, Fig. 7): σ_SCC(𝒯_n), the star operations of the n²/2 switching network of adjacent transpositions. */
    SWITCHING_N2("switching-n2");

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

    /**
     * Whether the algorithm is one of the one-port broadcasting sequences of 001 §8.1–8.3 built from a sequence of star operations
     * (run by {@code StarSequencePrograms} on SCC_n only, one message).
     */
    public boolean starSequence() {
        return this == CYCLIC_SEQ || this == CYCLIC_PAR || this == SWITCHING_NLOGN || this == SWITCHING_N2;
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
