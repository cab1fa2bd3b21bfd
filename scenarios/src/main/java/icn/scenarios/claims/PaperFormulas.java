package icn.scenarios.claims;

import icn.protocols.BroadcastAlgorithm;

/**
 * The papers' closed forms for SCC_n, transcribed as printed: diameters (000 Eq. 1, 001 Theorem 1), average distance (000
 * Eqs. 6, 9, 12, 14) and the step counts of one-port and multi-port broadcasting, with and without message pipelining (001
 * Theorems 9 and 10 and the "Message Pipelining" parts after Algorithms 4 and 5). Reports put these beside measured values, never
 * in their place.
 *
 * <p>d_star below is the diameter of the quotient star graph S_n, ⌊3(n−1)/2⌋.
 */
public final class PaperFormulas {

    private PaperFormulas() {
    }

    /**
     * Diameter of the star graph S_n, ⌊3(n−1)/2⌋ (000 §2.1; 001 §6 and Theorem 8). 001 §2 prints a ceiling, ⌈3(n−1)/2⌉, which
     * differs for even n; the floor is the one 001 uses everywhere else and the one its Tables 3 and 5 follow (4 lateral steps for n = 4).
     */
    public static int starDiameter(int n) {
        return 3 * (n - 1) / 2;
    }

    /** Diameter of SCC_n by 001 Theorem 1 (Eq. 2): 2⌊(n−1)/2⌋² + ⌊3(n−1)/2⌋ + 2⌊n/2⌋ − 2 for n ≠ 3, and 6 for n = 3. */
    public static int sccDiameter(int n) {
        if (n == 3) {
            return 6;
        }
        int h = (n - 1) / 2;
        return 2 * h * h + starDiameter(n) + 2 * (n / 2) - 2;
    }

    /** Diameter of SCC_n by 000 Eq. 1: 6 for n = 3, (n² + n − 4)/2 for even n, (n² + 3n − 8)/2 for odd n ≥ 5. */
    public static int sccDiameterEq1(int n) {
        if (n == 3) {
            return 6;
        }
        return n % 2 == 0 ? (n * n + n - 4) / 2 : (n * n + 3 * n - 8) / 2;
    }

    /** The n-th harmonic number H_n = Σ_{k=1..n} 1/k (000, after Eq. 6). */
    public static double harmonic(int n) {
        double h = 0;
        for (int k = n; k >= 1; k--) {
            h += 1.0 / k;
        }
        return h;
    }

    /**
     * Average number of lateral links in a route, 000 Eq. 6: n + H_n + 2/n − 4 (the average distance of S_n). Like all of 000's
     * averages (Table 1) it is taken over all nodes, the distance 0 from a node to itself included.
     */
    public static double averageLateral(int n) {
        return n + harmonic(n) + 2.0 / n - 4;
    }

    /** Average number of move-in (MI) local links, 000 Eq. 9 (Theorem 1): (n−1)⌊n/2⌋⌊(n−1)/2⌋ / n. */
    public static double averageMiLocal(int n) {
        return (double) (n - 1) * ringFactor(n) / n;
    }

    /**
     * Average number of move-between (MB) local links under a random ordering of r-cycles, 000 Eq. 12 (Theorem 2):
     * ⌊n/2⌋⌊(n−1)/2⌋ (H_n(n−1) − 2) / (n² − 3n + 2). An upper bound for minimal routing (Eq. 13).
     */
    public static double averageMbLocalRandom(int n) {
        return ringFactor(n) * (harmonic(n) * (n - 1) - 2) / (n * n - 3 * n + 2);
    }

    /**
     * Upper bound on the average distance of SCC_n, 000 Eq. 14 (Theorem 3): n + H_n + 2/n − 4 + ⌊n/2⌋⌊(n−1)/2⌋ ((n²+1)/(n²−n) +
     * (H_n−2)/(n−2)). Algebraically Eq. 6 + Eq. 9 + Eq. 12; it is the "Random routing, Theor." column of 000 Table 2.
     */
    public static double averageDistanceBound(int n) {
        double h = harmonic(n);
        return n + h + 2.0 / n - 4 + ringFactor(n) * ((n * n + 1.0) / (n * n - n) + (h - 2) / (n - 2));
    }

    // ⌊n/2⌋⌊(n−1)/2⌋, the sum of ring distances d(i, 2) over i = 3..n (000 Eq. 10)
    private static double ringFactor(int n) {
        return (double) (n / 2) * ((n - 1) / 2);
    }

    /** Lateral-link steps of one-port broadcasting, 001 Theorem 9: σ_SCC(C, lat) = d_star. */
    public static int onePortLateralSteps(int n) {
        return starDiameter(n);
    }

    /** Local-link steps of one-port broadcasting, 001 Theorem 9: σ_SCC(C, loc) = ⌊n/2⌋ d_star. */
    public static int onePortLocalSteps(int n) {
        return n / 2 * starDiameter(n);
    }

    /** Total steps of one-port broadcasting, 001 Theorem 9: ⌊(n+2)/2⌋ d_star. */
    public static int onePortSteps(int n) {
        return (n + 2) / 2 * starDiameter(n);
    }

    /** Lateral-link steps of multi-port broadcasting, 001 Theorem 10: σ^m_SCC(C, lat) = d_star. */
    public static int multiPortLateralSteps(int n) {
        return starDiameter(n);
    }

    /** Local-link steps of multi-port broadcasting, 001 Theorem 10: σ^m_SCC(C, loc) = ⌊(n−1)/2⌋ d_star. */
    public static int multiPortLocalSteps(int n) {
        return (n - 1) / 2 * starDiameter(n);
    }

    /** Total steps of multi-port broadcasting, 001 Theorem 10: ⌊(n+1)/2⌋ d_star. */
    public static int multiPortSteps(int n) {
        return (n + 1) / 2 * starDiameter(n);
    }

    /** Steps per message once the pipeline is full: ⌊(n+2)/2⌋ (001, Message Pipelining with Algorithm 4). */
    public static int onePortRate(int n) {
        return (n + 2) / 2;
    }

    /** Steps per message once the pipeline is full: ⌊(n+1)/2⌋ (001, Message Pipelining Algorithm 5). */
    public static int multiPortRate(int n) {
        return (n + 1) / 2;
    }

    /** Total steps for B pipelined messages, one-port: ⌊(n+2)/2⌋ (B − 1 + d_star) (001, Message Pipelining with Algorithm 4). */
    public static int onePortPipelinedSteps(int n, int b) {
        return onePortRate(n) * (b - 1 + starDiameter(n));
    }

    /** Total steps for B pipelined messages, multi-port: ⌊(n+1)/2⌋ (B − 1 + d_star) (001, Message Pipelining Algorithm 5). */
    public static int multiPortPipelinedSteps(int n, int b) {
        return multiPortRate(n) * (b - 1 + starDiameter(n));
    }

    /**
     * Step after which message k (1-based) has reached every node, one-port: ⌊(n+2)/2⌋ (d_star + k − 1): a latency of ⌊(n+2)/2⌋
     * d_star for the first message, then one message per ⌊(n+2)/2⌋ steps (001, Message Pipelining with Algorithm 4).
     */
    public static int onePortCompletionStep(int n, int k) {
        return onePortRate(n) * (starDiameter(n) + k - 1);
    }

    /** Step after which message k (1-based) has reached every node, multi-port: ⌊(n+1)/2⌋ (d_star + k − 1) (001, Message Pipelining Algorithm 5). */
    public static int multiPortCompletionStep(int n, int k) {
        return multiPortRate(n) * (starDiameter(n) + k - 1);
    }

    /** Lateral-link steps with B pipelined messages, both algorithms: the outer loop runs d_star + B − 1 times (001, Message Pipelining with Algorithm 4). */
    public static int pipelinedLateralSteps(int n, int b) {
        return starDiameter(n) + b - 1;
    }

    /** Local-link steps with B pipelined messages, one-port: ⌊n/2⌋ (d_star + B − 1) (001, Algorithm 4 with its pipelined outer loop). */
    public static int onePortPipelinedLocalSteps(int n, int b) {
        return n / 2 * pipelinedLateralSteps(n, b);
    }

    /** Local-link steps with B pipelined messages, multi-port: ⌊(n−1)/2⌋ (d_star + B − 1) (001, Algorithm 5 with its pipelined outer loop). */
    public static int multiPortPipelinedLocalSteps(int n, int b) {
        return (n - 1) / 2 * pipelinedLateralSteps(n, b);
    }

    /** Total steps of an algorithm for B messages (Theorem 9 or 10 when B = 1). */
    public static int steps(BroadcastAlgorithm algorithm, int n, int b) {
        if (algorithm.starSequence()) {
            return sequenceSteps(algorithm, n);
        }
        return algorithm == BroadcastAlgorithm.ONE_PORT ? onePortPipelinedSteps(n, b) : multiPortPipelinedSteps(n, b);
    }

    /** Lateral-link steps of an algorithm for B messages. */
    public static int lateralSteps(BroadcastAlgorithm algorithm, int n, int b) {
        if (algorithm.starSequence()) {
            return sequenceLateralSteps(algorithm, n);
        }
        return pipelinedLateralSteps(n, b);
    }

    /** Local-link steps of an algorithm for B messages. */
    public static int localSteps(BroadcastAlgorithm algorithm, int n, int b) {
        if (algorithm.starSequence()) {
            return sequenceLocalSteps(algorithm, n);
        }
        return algorithm == BroadcastAlgorithm.ONE_PORT ? onePortPipelinedLocalSteps(n, b) : multiPortPipelinedLocalSteps(n, b);
    }

    /** Step after which message k (1-based) has reached every node. */
    public static int completionStep(BroadcastAlgorithm algorithm, int n, int k) {
        if (algorithm.starSequence()) {
            return sequenceSteps(algorithm, n); // 001 §8 counts the sequence, after which every node is to be informed
        }
        return algorithm == BroadcastAlgorithm.ONE_PORT ? onePortCompletionStep(n, k) : multiPortCompletionStep(n, k);
    }

    /** Where the step formulas of an algorithm come from, for reports. */
    public static String source(BroadcastAlgorithm algorithm, int b) {
        if (algorithm.starSequence()) {
            return sequenceSource(algorithm);
        }
        boolean onePort = algorithm == BroadcastAlgorithm.ONE_PORT;
        String theorem = onePort ? "001 Theorem 9" : "001 Theorem 10";
        if (b <= 1) {
            return theorem;
        }
        return theorem + " and " + (onePort ? "001 Message Pipelining with Algorithm 4" : "001 Message Pipelining Algorithm 5");
    }

    // ---- the one-port broadcasting sequences of 001 §8.1–8.3 (Tables 1, 2 and 4) ----

    /** |σ_star(C)| = (n−1) d_star, the length of the cyclic sequence (2 3 … n) repeated d_star times (001 §8.3). */
    public static int cyclicStarLength(int n) {
        return (n - 1) * starDiameter(n);
    }

    /** Lateral link steps of σ^seq_SCC(C): |σ_star(C)| (001 §8.3). */
    public static int cyclicSeqLateralSteps(int n) {
        return cyclicStarLength(n);
    }

    /** Local link steps of σ^seq_SCC(C): |σ_star(C)| − 1, "a local link step between every two adjacent lateral link steps" (001 §8.3). */
    public static int cyclicSeqLocalSteps(int n) {
        return cyclicStarLength(n) - 1;
    }

    /** Total steps of σ^seq_SCC(C): 2(n−1)⌊3(n−1)/2⌋ − 1 (001 §8.3). */
    public static int cyclicSeqSteps(int n) {
        return 2 * (n - 1) * starDiameter(n) - 1;
    }

    /** Lateral link steps of σ^par_SCC(C): d_star (001 §8.3). */
    public static int cyclicParLateralSteps(int n) {
        return starDiameter(n);
    }

    /** Local link steps of σ^par_SCC(C): (n−2) d_star (001 §8.3). */
    public static int cyclicParLocalSteps(int n) {
        return (n - 2) * starDiameter(n);
    }

    /** Total steps of σ^par_SCC(C): (n−1)⌊3(n−1)/2⌋ (001 §8.3). */
    public static int cyclicParSteps(int n) {
        return (n - 1) * starDiameter(n);
    }

    private static double log2(int n) {
        return Math.log(n) / Math.log(2);
    }

    /** Upper bound on the lateral link steps of σ_SCC(T_n): |σ_star(T_n)| ≤ 3(n log n − n/2) (001 §8.1, log to base 2). */
    public static double benesLateralBound(int n) {
        return 3 * (n * log2(n) - n / 2.0);
    }

    /** Upper bound on the local link steps of σ_SCC(T_n): 4n⌊(n−2)/2⌋ + 2(n−2)(log n − 1) (001, proof of Theorem 3). */
    public static double benesLocalBound(int n) {
        return 4.0 * n * ((n - 2) / 2) + 2.0 * (n - 2) * (log2(n) - 1);
    }

    /** Eq. 3 (001 Theorem 3), a strict upper bound on the steps of σ_SCC(T_n): 4n⌊n/2⌋ + (5n − 4)(log n − 1) − 5n/2. */
    public static double benesStepsBound(int n) {
        return 4.0 * n * (n / 2) + (5.0 * n - 4) * (log2(n) - 1) - 5.0 * n / 2;
    }

    /** Lateral link steps of σ_SCC(𝒯_n), 001 Theorem 6 (Eq. 4): 1.5n² − 3.5n + 2 = (3n − 4)(n − 1)/2 (proved for even n). */
    public static int adjacentLateralSteps(int n) {
        return (3 * n - 4) * (n - 1) / 2;
    }

    /** Local link steps of σ_SCC(𝒯_n), 001 proof of Theorem 7: (n² − 3n + 2) + (n² − 3n + 2) = 2n² − 6n + 4. */
    public static int adjacentLocalSteps(int n) {
        return 2 * n * n - 6 * n + 4;
    }

    /** Total steps of σ_SCC(𝒯_n), 001 Theorem 7: 3.5n² − 9.5n + 6 = (7n − 12)(n − 1)/2. */
    public static int adjacentSteps(int n) {
        return (7 * n - 12) * (n - 1) / 2;
    }

    /** Lateral link steps of a §8 sequence by 001 (for switching-nlogn the bound, rounded down). */
    public static int sequenceLateralSteps(BroadcastAlgorithm algorithm, int n) {
        switch (algorithm) {
            case CYCLIC_SEQ:
                return cyclicSeqLateralSteps(n);
            case CYCLIC_PAR:
                return cyclicParLateralSteps(n);
            case SWITCHING_NLOGN:
                return (int) Math.floor(benesLateralBound(n));
            case SWITCHING_N2:
                return adjacentLateralSteps(n);
            default:
                throw new IllegalArgumentException(algorithm.key() + " is not a sequence of 001 §8");
        }
    }

    /** Local link steps of a §8 sequence by 001 (for switching-nlogn the bound, rounded down). */
    public static int sequenceLocalSteps(BroadcastAlgorithm algorithm, int n) {
        switch (algorithm) {
            case CYCLIC_SEQ:
                return cyclicSeqLocalSteps(n);
            case CYCLIC_PAR:
                return cyclicParLocalSteps(n);
            case SWITCHING_NLOGN:
                return (int) Math.floor(benesLocalBound(n));
            case SWITCHING_N2:
                return adjacentLocalSteps(n);
            default:
                throw new IllegalArgumentException(algorithm.key() + " is not a sequence of 001 §8");
        }
    }

    /** Total steps of a §8 sequence by 001 (for switching-nlogn Eq. 3's bound, rounded down). */
    public static int sequenceSteps(BroadcastAlgorithm algorithm, int n) {
        switch (algorithm) {
            case CYCLIC_SEQ:
                return cyclicSeqSteps(n);
            case CYCLIC_PAR:
                return cyclicParSteps(n);
            case SWITCHING_NLOGN:
                return (int) Math.floor(benesStepsBound(n));
            case SWITCHING_N2:
                return adjacentSteps(n);
            default:
                throw new IllegalArgumentException(algorithm.key() + " is not a sequence of 001 §8");
        }
    }

    /** Whether 001's count for the sequence is an upper bound (Eq. 3) rather than an exact count. */
    public static boolean sequenceCountIsBound(BroadcastAlgorithm algorithm) {
        return algorithm == BroadcastAlgorithm.SWITCHING_NLOGN;
    }

    private static String sequenceSource(BroadcastAlgorithm algorithm) {
        switch (algorithm) {
            case CYCLIC_SEQ:
                return "001 §8.3 (σ^seq_SCC(C))";
            case CYCLIC_PAR:
                return "001 §8.3 (σ^par_SCC(C))";
            case SWITCHING_NLOGN:
                return "001 Theorem 3, Eq. 3 (upper bound)";
            default:
                return "001 Theorems 6 and 7";
        }
    }

    // ---- S_n and SCC_n sizes for icn compare (the other networks: NetworkFormulas) ----

    /** n!, the size of S_n (001 §2). */
    public static long factorial(int n) {
        long f = 1;
        for (int i = 2; i <= n; i++) {
            f *= i;
        }
        return f;
    }

    /** Size of SCC_n: (n−1)·n! nodes, n! supernodes of n−1 nodes (001 §3). */
    public static long sccNodes(int n) {
        return (n - 1) * factorial(n);
    }

    /** The ceiling form of the star graph's diameter that 001 §2 prints, ⌈3(n−1)/2⌉; one more than {@link #starDiameter} for even n. */
    public static int starDiameterCeiling(int n) {
        return (3 * (n - 1) + 1) / 2;
    }

    /** Average distance of S_n over all n! nodes, the node itself included (000 Eq. 6, the lateral part of SCC routes): n + H_n + 2/n − 4. */
    public static double starAverageDistance(int n) {
        return averageLateral(n);
    }

    /** Relative distance to the diameter in percent, (steps − d_SCC) / d_SCC × 100 (001 §8.1, after Table 1). */
    public static double relativeDistanceToDiameter(long steps, long diameter) {
        if (diameter <= 0) {
            throw new IllegalArgumentException("diameter must be positive, got " + diameter);
        }
        return (steps - diameter) * 100.0 / diameter;
    }
}
