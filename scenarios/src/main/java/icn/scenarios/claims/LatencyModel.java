package icn.scenarios.claims;

import java.util.Locale;
import java.util.Optional;
import java.util.function.DoubleFunction;

/**
 * 002's latency model where it applies to a network: the model as printed, our counted-once reading, and what it models; each a
 * function of the generation rate λ_g, empty where the model has no solution (beyond its saturation). {@code twoReadings}: whether
 * the two differ (the hypercube's model of 002 ref. [6] counts everything once already). {@code eq16Ceiling} is the model as
 * printed with Eq. 16 summed over ⌈d_H⌉ hops with real exponents instead of round(d_H) hops ({@link NecklaceModel#necklaceCeiling}):
 * the other defensible reading, which moves the model's saturation.
 */
public record LatencyModel(String name, DoubleFunction<Optional<NecklaceModel.Solution>> printed,
        DoubleFunction<Optional<NecklaceModel.Solution>> countedOnce, boolean twoReadings,
        DoubleFunction<Optional<NecklaceModel.Solution>> eq16Ceiling) {

    /** 002 §4 (Eqs. 1–23) on the (n,k)-RNH with V virtual channels and messages of M flits. */
    public static LatencyModel necklace(int n, int k, int vcs, int flits) {
        return new LatencyModel(String.format(Locale.ROOT, "002 §4, Eqs. 1–23, (%d,%d)-RNH, V = %d, M = %d", n, k, vcs, flits),
                r -> NecklaceModel.necklace(n, k, vcs, flits, r), r -> NecklaceModel.necklaceCountedOnce(n, k, vcs, flits, r), true,
                r -> NecklaceModel.necklaceCeiling(n, k, vcs, flits, r));
    }

    /** 002's ref. [6] (Duato's adaptive routing on the binary hypercube) as 002 §4 uses it: Eqs. 4, 9–11, 14–23. */
    public static LatencyModel hypercube(int n, int vcs, int flits) {
        return new LatencyModel(String.format(Locale.ROOT, "002 ref. [6] as 002 §4 uses it (Eqs. 4, 9–11, 14–23), Q_%d, V = %d,"
                + " M = %d", n, vcs, flits), r -> NecklaceModel.hypercube(n, vcs, flits, r), r -> NecklaceModel.hypercube(n, vcs, flits, r), false,
                r -> NecklaceModel.hypercube(n, vcs, flits, r));
    }
}
