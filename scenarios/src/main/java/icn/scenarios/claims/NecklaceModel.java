package icn.scenarios.claims;

import java.util.Optional;
import java.util.function.DoubleFunction;

/**
 * The analytical latency model of adaptive wormhole routing in the (n,k)-RNH necklace hypercube, 002 §4, Eqs. 1–23, with V
 * virtual channels per physical channel, messages of M flits and a Poisson generation rate of λ_g messages per node per cycle.
 * Pure computation: no actors, no I/O.
 *
 * <p>A message crosses three sub-networks: its source necklace, the base hypercube Q_n and its destination necklace, so
 * Latency = Latency_H + 2·Latency_N (Eq. 1) with Latency_x = (S̄_x + W̄_s,x)·V̄_x in each sub-network (Eq. 2). The equations are
 * read as follows where the printed text leaves a choice:
 * <ul>
 * <li>Eq. 3: d_N = (1/k)·Σ_{i=1}^{⌊k/2⌋} 2i, plus (1/k)·⌈k/2⌉ when k is odd (k = 5 gives 1.8, the mean of 1, 2, 3, 2, 1).
 * Eq. 4: d_H = (n/2)·2^n/(2^n − 1).</li>
 * <li>Eq. 7: λ_cN = (k/2 + 1)·λ_g/2 and Eq. 8: λ_b = λ_g + n·(k/2)·λ_g, both with the real quotient k/2. Eq. 9:
 * λ_cH = λ_b·N/(2(N − 1)) with N = 2^n, the number of base hypercube nodes (in the hypercube model of Boura, Das and Jacob,
 * 002 ref. [6], the per-channel rate is λ·d̄/n = λN/(2(N − 1))).</li>
 * <li>Eq. 10: S̄ = M − 1 + d + d·T_b; Eq. 11: T_b = P_block·w.</li>
 * <li>Eqs. 12 and 14: P_a&amp;d_N = P_a_H = P_V + P_{V−1}/C(V, V−1) = P_V + P_{V−1}/V; Eq. 15: P_a&amp;d_H = P_V.</li>
 * <li>Eqs. 13 and 16 sum over the hops of a message, but d is not an integer: they sum over h = max(1, round(d)) hops and divide
 * by h, so Eq. 13 gives P_block_N = P_a&amp;d_N and Eq. 16 gives P_block_H = (1/h)·Σ_{i=0}^{h−1} P_a_H^{h−i−1}·P_a&amp;d_H. The real
 * d is kept everywhere else (Eqs. 4 and 10).</li>
 * <li>Eqs. 17–20: w = λ_c·S̄²·(1 + (1 − M/S̄)²)/(2(1 − λ_c·S̄)), with λ_c of the sub-network (Eq. 7 or 9) and its own S̄.
 * Eq. 21: W̄_s = (λ_g/V)·S̄²·(1 + (1 − M/S̄)²)/(2(1 − (λ_g/V)·S̄)), with S̄ of the same sub-network.</li>
 * <li>Eq. 22: with ρ = λ_c·S̄, P_v = (1 − ρ)·ρ^v for 0 ≤ v &lt; V and P_V = ρ^V. Eq. 23: V̄ = Σ_{v=1}^{V} v²P_v / Σ_{v=1}^{V} vP_v.</li>
 * </ul>
 *
 * <p>The two sub-networks do not depend on each other; each is a fixed point found by the iteration 002 §4 asks for:
 * S̄_0 = M − 1 + d (zero load), then S̄_{t+1} = M − 1 + d + d·P_block(S̄_t)·w(S̄_t) (Eqs. 10, 11) until
 * |S̄_{t+1} − S̄_t| ≤ 10⁻¹⁰·S̄_t. The model has no solution (saturation) as soon as ρ = λ_c·S̄ ≥ 1, or (λ_g/V)·S̄ ≥ 1 (Eq. 21's
 * source queue is unstable), or S̄ &gt; 10⁹, or the iteration has not converged after 100,000 steps, or a value is NaN.
 *
 * <p>{@link #necklace} is the model as printed. {@link #necklaceCountedOnce} is our reading, not the paper's: Eq. 1 as printed
 * counts the transmission time M − 1 and a source queue in each of the three sub-networks, so at zero load it gives
 * 3(M − 1) + d_H + 2d_N, whereas a message crosses the whole network in M − 1 + d cycles at zero load. The variant keeps every
 * equation and the same fixed points but counts them once: network latency S̄_H·V̄_H + 2·(S̄_N − (M − 1))·V̄_N and the single
 * source queue W̄_s,H·V̄_H. {@link #hypercube} applies the base-cube part alone to a plain binary n-cube.
 */
public final class NecklaceModel {

    /** Relative change of S̄ between two iterations at which the fixed point is taken as reached. */
    private static final double TOLERANCE = 1e-10;
    private static final int MAX_ITERATIONS = 100_000;
    /** Service times beyond this are taken as saturation. */
    private static final double MAX_SERVICE_TIME = 1e9;
    /** Relative precision of {@link #saturationRate}. */
    private static final double SATURATION_PRECISION = 1e-6;

    private NecklaceModel() {
    }

    /** One sub-network's fixed point. */
    public record SubNetwork(double hops /* d */, double channelRate /* λ_c */, double serviceTime /* S̄, Eq. 10 */,
            double blocking /* P_block */, double waiting /* w, Eq. 20 */, double sourceWait /* W_s, Eq. 21 */,
            double multiplexing /* V̄, Eq. 23 */, int iterations) {
    }

    /** The model's values at one generation rate; latency = networkLatency + sourceQueue. */
    public record Solution(double latency, double networkLatency, double sourceQueue, SubNetwork hypercube,
            SubNetwork necklace /* null for the plain hypercube model */) {
    }

    /**
     * 002's model of the (n,k)-RNH with V virtual channels, messages of M flits, λ_g messages per node per cycle; empty where it
     * has no solution (saturation). Latency = (S̄_H + W̄_s,H)·V̄_H + 2·(S̄_N + W̄_s,N)·V̄_N (Eqs. 1, 2).
     */
    public static Optional<Solution> necklace(int n, int k, int vcs, int flits, double rate) {
        return necklaceHypercube(n, k, vcs, flits, rate, false, Blocking.HYPERCUBE);
    }

    /**
     * The same with the transmission time M − 1 and the source queue counted once (our reading, see the class comment): network
     * latency S̄_H·V̄_H + 2·(S̄_N − (M − 1))·V̄_N, source queue W̄_s,H·V̄_H; empty where no solution.
     */
    public static Optional<Solution> necklaceCountedOnce(int n, int k, int vcs, int flits, double rate) {
        return necklaceHypercube(n, k, vcs, flits, rate, true, Blocking.HYPERCUBE);
    }

    /**
     * The model as printed with Eq. 16 read another way: over h = ⌈d_H⌉ hops with the real exponents d_H − i − 1 (the last one
     * negative where d_H is not whole) and divided by the real d_H, P_block_H = (1/d_H)·Σ_{i=0}^{⌈d_H⌉−1}
     * P_a_H^{d_H−i−1}·P_a&amp;d_H. 002 does not say how to sum over a mean hop count that is not whole; this reading and
     * {@link #necklace}'s (h = round(d_H), whole exponents, divided by h) are both defensible, and they put the model's
     * saturation apart (002-fig-3's notes give both).
     */
    public static Optional<Solution> necklaceCeiling(int n, int k, int vcs, int flits, double rate) {
        return necklaceHypercube(n, k, vcs, flits, rate, false, Blocking.HYPERCUBE_CEILING);
    }

    /**
     * The hypercube model of Boura, Das and Jacob (002 ref. [6]) as 002 uses it for the base cube, applied to a plain binary
     * n-cube Q_n: λ_b = λ_g (no necklaces) and Latency = (S̄_H + W̄_s,H)·V̄_H (Eq. 2); the necklace field is null.
     */
    public static Optional<Solution> hypercube(int n, int vcs, int flits, double rate) {
        checkArguments(n, 1, vcs, flits, rate);
        return hypercubeSubNetwork(n, rate, vcs, flits, rate, Blocking.HYPERCUBE).map(h -> {
            double network = h.serviceTime() * h.multiplexing();
            double source = h.sourceWait() * h.multiplexing();
            return new Solution(network + source, network, source, h, null);
        });
    }

    /**
     * The smallest rate at which the model has no solution, by bisection to a relative precision of 1e-6 (for choosing sweep ranges
     * and marking the model's saturation on plots). The model is taken to have a solution below that rate and none above it. The
     * last solution can have a finite latency: there the fixed point of Eq. 10 vanishes (the iteration then drives S̄ on until
     * ρ ≥ 1) rather than S̄ growing without bound.
     *
     * @throws IllegalArgumentException if the model has a solution at every rate up to 1e300 or at none down to the smallest
     *                                  normal double
     */
    public static double saturationRate(DoubleFunction<Optional<Solution>> model) {
        double high = 1;
        while (model.apply(high).isPresent()) {
            high *= 2;
            if (high > 1e300) {
                throw new IllegalArgumentException("the model has a solution at every rate up to 1e300");
            }
        }
        double low = high / 2;
        while (model.apply(low).isEmpty()) {
            high = low;
            low /= 2;
            if (low < Double.MIN_NORMAL) {
                throw new IllegalArgumentException("the model has no solution at any positive rate");
            }
        }
        while (high - low > SATURATION_PRECISION * high) {
            double middle = low + (high - low) / 2;
            if (model.apply(middle).isPresent()) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return high;
    }

    private static Optional<Solution> necklaceHypercube(int n, int k, int vcs, int flits, double rate, boolean countedOnce,
            Blocking eq16) {
        checkArguments(n, k, vcs, flits, rate);
        double baseRate = rate + n * (k / 2.0) * rate; // Eq. 8
        Optional<SubNetwork> hypercube = hypercubeSubNetwork(n, baseRate, vcs, flits, rate, eq16);
        double necklaceRate = (k / 2.0 + 1) * rate / 2; // Eq. 7
        Optional<SubNetwork> necklace = fixedPoint(necklaceHops(k), necklaceRate, rate, vcs, flits, Blocking.NECKLACE);
        if (hypercube.isEmpty() || necklace.isEmpty()) {
            return Optional.empty();
        }
        SubNetwork h = hypercube.get();
        SubNetwork r = necklace.get();
        double network;
        double source;
        if (countedOnce) {
            network = h.serviceTime() * h.multiplexing() + 2 * (r.serviceTime() - (flits - 1)) * r.multiplexing();
            source = h.sourceWait() * h.multiplexing();
        } else { // Eqs. 1, 2
            network = h.serviceTime() * h.multiplexing() + 2 * r.serviceTime() * r.multiplexing();
            source = h.sourceWait() * h.multiplexing() + 2 * r.sourceWait() * r.multiplexing();
        }
        return Optional.of(new Solution(network + source, network, source, h, r));
    }

    /** The base hypercube Q_n receiving baseRate messages per node per cycle; sources generate at rate for Eq. 21. */
    private static Optional<SubNetwork> hypercubeSubNetwork(int n, double baseRate, int vcs, int flits, double rate, Blocking eq16) {
        double nOverNMinus1 = 1 / (1 - Math.scalb(1.0, -n)); // N/(N − 1) with N = 2^n
        double hops = n / 2.0 * nOverNMinus1; // Eq. 4
        double channelRate = baseRate * nOverNMinus1 / 2; // Eq. 9
        return fixedPoint(hops, channelRate, rate, vcs, flits, eq16);
    }

    /** Eq. 3: (1/k)·Σ_{i=1}^{⌊k/2⌋} 2i, plus (1/k)·⌈k/2⌉ for odd k. */
    private static double necklaceHops(int k) {
        double sum = 0;
        for (int i = 1; i <= k / 2; i++) {
            sum += 2 * i;
        }
        if (k % 2 == 1) {
            sum += (k + 1) / 2;
        }
        return sum / k;
    }

    /** P_block of a sub-network as a function of the busy-channel probabilities of Eq. 22. */
    private enum Blocking {
        /** Eqs. 12, 13: P_block_N = P_a&amp;d_N = P_V + P_{V−1}/V (the mean over the message's hops of a constant). */
        NECKLACE {
            @Override
            double probability(double[] busy, double hops) {
                int v = busy.length - 1;
                return busy[v] + busy[v - 1] / v;
            }
        },
        /** Eqs. 14–16: P_block_H = (1/h)·Σ_{i=0}^{h−1} P_a_H^{h−i−1}·P_a&amp;d_H with h = max(1, round(d_H)). */
        HYPERCUBE {
            @Override
            double probability(double[] busy, double hops) {
                int v = busy.length - 1;
                double adaptive = busy[v] + busy[v - 1] / v; // Eq. 14
                double adaptiveAndDeterministic = busy[v]; // Eq. 15
                long h = Math.max(1, Math.round(hops));
                double sum = 0;
                for (long i = 0; i < h; i++) {
                    sum += Math.pow(adaptive, h - i - 1) * adaptiveAndDeterministic;
                }
                return sum / h;
            }
        },
        /** Eq. 16 over ⌈d_H⌉ hops with real exponents, divided by d_H (see {@link #necklaceCeiling}). */
        HYPERCUBE_CEILING {
            @Override
            double probability(double[] busy, double hops) {
                int v = busy.length - 1;
                double adaptive = busy[v] + busy[v - 1] / v; // Eq. 14
                double adaptiveAndDeterministic = busy[v]; // Eq. 15
                long h = Math.max(1, (long) Math.ceil(hops));
                double sum = 0;
                for (long i = 0; i < h; i++) {
                    sum += Math.pow(adaptive, hops - i - 1) * adaptiveAndDeterministic;
                }
                return sum / Math.max(1, hops);
            }
        };

        abstract double probability(double[] busy, double hops);
    }

    /**
     * One sub-network's fixed point: S̄_0 = M − 1 + d, S̄_{t+1} = M − 1 + d + d·P_block(S̄_t)·w(S̄_t) (Eqs. 10, 11) until the
     * relative change is at most {@link #TOLERANCE}; empty at saturation (see the class comment).
     */
    private static Optional<SubNetwork> fixedPoint(double hops, double channelRate, double rate, int vcs, int flits,
            Blocking blocking) {
        double sourceRate = rate / vcs; // Eq. 21's arrival rate
        double zeroLoad = flits - 1 + hops;
        double s = zeroLoad;
        for (int t = 1; t <= MAX_ITERATIONS; t++) {
            if (!stable(s, channelRate, sourceRate)) {
                return Optional.empty();
            }
            double next = zeroLoad + hops * blocking.probability(busy(channelRate * s, vcs), hops) * waiting(channelRate, s, flits);
            if (Math.abs(next - s) <= TOLERANCE * s) {
                return subNetwork(hops, channelRate, sourceRate, vcs, flits, blocking, next, t);
            }
            s = next;
        }
        return Optional.empty();
    }

    /** False where a queue of Eq. 20 or 21 is unstable, S̄ is beyond {@link #MAX_SERVICE_TIME}, or S̄ is NaN. */
    private static boolean stable(double s, double channelRate, double sourceRate) {
        return s <= MAX_SERVICE_TIME && channelRate * s < 1 && sourceRate * s < 1;
    }

    /** All of a sub-network's values at its fixed point s. */
    private static Optional<SubNetwork> subNetwork(double hops, double channelRate, double sourceRate, int vcs, int flits,
            Blocking blocking, double s, int iterations) {
        if (!stable(s, channelRate, sourceRate)) {
            return Optional.empty();
        }
        double[] busy = busy(channelRate * s, vcs);
        double block = blocking.probability(busy, hops);
        double w = waiting(channelRate, s, flits);
        double ws = waiting(sourceRate, s, flits); // Eq. 21 is Eq. 20 with the arrival rate λ_g/V
        double multiplexing = multiplexing(busy);
        if (Double.isNaN(block) || Double.isNaN(w) || Double.isNaN(ws) || Double.isNaN(multiplexing)) {
            return Optional.empty();
        }
        return Optional.of(new SubNetwork(hops, channelRate, s, block, w, ws, multiplexing, iterations));
    }

    /** Eq. 20 (M/G/1 with σ² = (S̄ − M)²): λ·S̄²·(1 + (1 − M/S̄)²)/(2(1 − λ·S̄)). */
    private static double waiting(double arrivalRate, double s, int flits) {
        double c = 1 - flits / s;
        return arrivalRate * s * s * (1 + c * c) / (2 * (1 - arrivalRate * s));
    }

    /** Eq. 22: P_v = (1 − ρ)ρ^v for 0 ≤ v &lt; V, P_V = ρ^V. */
    private static double[] busy(double rho, int vcs) {
        double[] p = new double[vcs + 1];
        for (int v = 0; v < vcs; v++) {
            p[v] = (1 - rho) * Math.pow(rho, v);
        }
        p[vcs] = Math.pow(rho, vcs);
        return p;
    }

    /** Eq. 23: V̄ = Σ_{v=1}^{V} v²P_v / Σ_{v=1}^{V} vP_v. */
    private static double multiplexing(double[] busy) {
        double squares = 0;
        double plain = 0;
        for (int v = 1; v < busy.length; v++) {
            squares += (double) v * v * busy[v];
            plain += v * busy[v];
        }
        return squares / plain;
    }

    private static void checkArguments(int n, int k, int vcs, int flits, double rate) {
        if (n < 1 || k < 1 || vcs < 2 || flits < 1) {
            throw new IllegalArgumentException("need n ≥ 1, k ≥ 1, V ≥ 2 and M ≥ 1, got n=" + n + ", k=" + k + ", V=" + vcs + ", M=" + flits);
        }
        if (!(rate > 0) || !Double.isFinite(rate)) {
            throw new IllegalArgumentException("the generation rate must be positive and finite, got " + rate);
        }
    }
}
