package icn.scenarios.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.scenarios.claims.NecklaceModel.Solution;
import icn.scenarios.claims.NecklaceModel.SubNetwork;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * NecklaceModel against a plain evaluation of 002 §4, Eqs. 1–23, written here from the paper: one loop per sub-network, with the
 * readings fixed in the class comment (Eq. 9's N = 2^n, Eqs. 13 and 16 over round(d) hops).
 */
class NecklaceModelTest {

    private static final double RELATIVE = 1e-9;

    // ---- a plain evaluation of the equations

    /** Eq. 3 in closed form: Σ_{i=1}^{⌊k/2⌋} 2i = ⌊k/2⌋(⌊k/2⌋ + 1), plus ⌈k/2⌉ for odd k, over k. */
    private static double dN(int k) {
        int half = k / 2;
        double odd = k % 2 == 1 ? Math.ceil(k / 2.0) : 0;
        return (half * (half + 1) + odd) / k;
    }

    /** Eq. 4. */
    private static double dH(int n) {
        double nodes = Math.pow(2, n);
        return n / 2.0 * nodes / (nodes - 1);
    }

    /** What one sub-network's plain evaluation gives. */
    private record Plain(double d, double lambdaC, double s, double pBlock, double w, double ws, double vBar) {
    }

    /** The values at a converged S of one sub-network: Eqs. 20–23. */
    private static Plain plainValues(double d, double lambdaC, double s, double pBlock, double lambdaG, int bigV, int m) {
        double w = lambdaC * s * s * (1 + (1 - m / s) * (1 - m / s)) / (2 * (1 - lambdaC * s)); // Eq. 20
        double src = lambdaG / bigV;
        double ws = src * s * s * (1 + (1 - m / s) * (1 - m / s)) / (2 * (1 - src * s)); // Eq. 21
        double rho = lambdaC * s;
        double num = 0;
        double den = 0;
        for (int v = 1; v <= bigV; v++) {
            double pv = v < bigV ? (1 - rho) * Math.pow(rho, v) : Math.pow(rho, bigV); // Eq. 22
            num += v * v * pv;
            den += v * pv;
        }
        assertTrue(rho < 1 && src * s < 1, "test point beyond saturation");
        return new Plain(d, lambdaC, s, pBlock, w, ws, num / den); // Eq. 23
    }

    /** A necklace of k nodes: Eqs. 3, 7, 10–13, 20, 22 iterated from S = M − 1 + d. */
    private static Plain plainNecklace(int k, int bigV, int m, double lambdaG) {
        double d = dN(k);
        double lambdaC = (k / 2.0 + 1) * lambdaG / 2;
        double s = m - 1 + d;
        for (int step = 0; step < 100_000; step++) {
            double rho = lambdaC * s;
            double pBigV = Math.pow(rho, bigV);
            double pBigVMinus1 = (1 - rho) * Math.pow(rho, bigV - 1);
            double pBlock = pBigV + pBigVMinus1 / bigV; // Eqs. 12, 13
            double w = lambdaC * s * s * (1 + Math.pow(1 - m / s, 2)) / (2 * (1 - rho));
            double next = m - 1 + d + d * pBlock * w;
            boolean converged = Math.abs(next - s) <= 1e-10 * s;
            s = next;
            if (converged) {
                break;
            }
        }
        double rho = lambdaC * s;
        return plainValues(d, lambdaC, s, Math.pow(rho, bigV) + (1 - rho) * Math.pow(rho, bigV - 1) / bigV, lambdaG, bigV, m);
    }

    /** The base cube Q_n receiving λ_b per node: Eqs. 4, 9, 10, 11, 14–16, 20, 22 iterated from S = M − 1 + d. */
    private static Plain plainHypercube(int n, double lambdaB, int bigV, int m, double lambdaG) {
        double d = dH(n);
        double bigN = Math.pow(2, n);
        double lambdaC = lambdaB * bigN / (2 * (bigN - 1));
        int h = (int) Math.max(1, Math.round(d));
        double s = m - 1 + d;
        for (int step = 0; step < 100_000; step++) {
            double next = m - 1 + d + d * hypercubeBlocking(lambdaC * s, bigV, h) * (lambdaC * s * s * (1 + Math.pow(1 - m / s, 2))
                    / (2 * (1 - lambdaC * s)));
            boolean converged = Math.abs(next - s) <= 1e-10 * s;
            s = next;
            if (converged) {
                break;
            }
        }
        return plainValues(d, lambdaC, s, hypercubeBlocking(lambdaC * s, bigV, h), lambdaG, bigV, m);
    }

    /** Eq. 16 read the other way: over ⌈d⌉ hops with the real exponents d − i − 1, divided by d. */
    private static double hypercubeBlockingCeiling(double rho, int bigV, double d) {
        double pA = Math.pow(rho, bigV) + (1 - rho) * Math.pow(rho, bigV - 1) / bigV;
        double pAD = Math.pow(rho, bigV);
        double total = 0;
        for (int i = 0; i < Math.ceil(d); i++) {
            total += Math.pow(pA, d - i - 1) * pAD;
        }
        return total / d;
    }

    /**
     * The other reading of Eq. 16, evaluated plainly on rnh:6,5 (V = 8, M = 32): the same fixed point of the base cube, and a
     * saturation rate below the round(d_H) reading's: the model saturates earlier under it, on both networks of 002-fig-3a/b.
     */
    @Test
    void eq16ReadOverTheCeilingOfTheHopsWithRealExponents() {
        int n = 6;
        int k = 5;
        double lambdaG = 0.0005;
        double lambdaB = lambdaG + n * (k / 2.0) * lambdaG;
        double d = dH(n);
        double bigN = Math.pow(2, n);
        double lambdaC = lambdaB * bigN / (2 * (bigN - 1));
        double s = 32 - 1 + d;
        for (int step = 0; step < 100_000; step++) {
            double next = 32 - 1 + d + d * hypercubeBlockingCeiling(lambdaC * s, 8, d) * (lambdaC * s * s * (1 + Math.pow(1 - 32 / s, 2))
                    / (2 * (1 - lambdaC * s)));
            boolean converged = Math.abs(next - s) <= 1e-10 * s;
            s = next;
            if (converged) {
                break;
            }
        }
        assertClose(s, NecklaceModel.necklaceCeiling(n, k, 8, 32, lambdaG).orElseThrow().hypercube().serviceTime(), "S̄_H, ceiling reading");
        for (int[] c : new int[][] {{6, 5}, {5, 12}}) {
            double round = NecklaceModel.saturationRate(r -> NecklaceModel.necklace(c[0], c[1], 8, 32, r));
            double ceiling = NecklaceModel.saturationRate(r -> NecklaceModel.necklaceCeiling(c[0], c[1], 8, 32, r));
            assertTrue(ceiling < round, "rnh:" + c[0] + "," + c[1] + ": " + ceiling + " below " + round);
        }
    }

    /** Eqs. 14–16 over h hops. */
    private static double hypercubeBlocking(double rho, int bigV, int h) {
        double pA = Math.pow(rho, bigV) + (1 - rho) * Math.pow(rho, bigV - 1) / bigV;
        double pAD = Math.pow(rho, bigV);
        double total = 0;
        for (int i = 0; i <= h - 1; i++) {
            total += Math.pow(pA, h - i - 1) * pAD;
        }
        return total / h;
    }

    private static void assertClose(double expected, double actual, String what) {
        assertEquals(expected, actual, RELATIVE * Math.abs(expected), what);
    }

    private static void assertSame(Plain plain, SubNetwork sub, String what) {
        assertClose(plain.d(), sub.hops(), what + " d");
        assertClose(plain.lambdaC(), sub.channelRate(), what + " λ_c");
        assertClose(plain.s(), sub.serviceTime(), what + " S");
        assertClose(plain.pBlock(), sub.blocking(), what + " P_block");
        assertClose(plain.w(), sub.waiting(), what + " w");
        assertClose(plain.ws(), sub.sourceWait(), what + " W_s");
        assertClose(plain.vBar(), sub.multiplexing(), what + " V̄");
        assertTrue(sub.iterations() >= 1, what + " iterations");
    }

    // ---- the model against the plain evaluation

    @Test
    void necklaceModelsMatchThePlainEvaluation() {
        int[][] shapes = {{6, 5, 8, 32}, {6, 5, 8, 32}, {3, 8, 4, 64}, {4, 7, 6, 32}};
        double[] rates = {0.0005, 0.002, 0.001, 0.002};
        for (int i = 0; i < shapes.length; i++) {
            int n = shapes[i][0];
            int k = shapes[i][1];
            int bigV = shapes[i][2];
            int m = shapes[i][3];
            double rate = rates[i];
            String at = "(" + n + "," + k + "," + bigV + "," + m + ") λ=" + rate;
            Plain hyper = plainHypercube(n, rate + n * (k / 2.0) * rate, bigV, m, rate);
            Plain neck = plainNecklace(k, bigV, m, rate);

            Solution printed = NecklaceModel.necklace(n, k, bigV, m, rate).orElseThrow();
            assertSame(hyper, printed.hypercube(), at + " hypercube");
            assertSame(neck, printed.necklace(), at + " necklace");
            double network = hyper.s() * hyper.vBar() + 2 * neck.s() * neck.vBar();
            double source = hyper.ws() * hyper.vBar() + 2 * neck.ws() * neck.vBar();
            assertClose(network, printed.networkLatency(), at + " network latency");
            assertClose(source, printed.sourceQueue(), at + " source queue");
            // Eqs. 1, 2
            assertClose((hyper.s() + hyper.ws()) * hyper.vBar() + 2 * (neck.s() + neck.ws()) * neck.vBar(), printed.latency(), at);

            Solution once = NecklaceModel.necklaceCountedOnce(n, k, bigV, m, rate).orElseThrow();
            assertEquals(printed.hypercube(), once.hypercube(), at);
            assertEquals(printed.necklace(), once.necklace(), at);
            double onceNetwork = hyper.s() * hyper.vBar() + 2 * (neck.s() - (m - 1)) * neck.vBar();
            double onceSource = hyper.ws() * hyper.vBar();
            assertClose(onceNetwork, once.networkLatency(), at + " counted once network latency");
            assertClose(onceSource, once.sourceQueue(), at + " counted once source queue");
            assertClose(onceNetwork + onceSource, once.latency(), at + " counted once");
        }
    }

    @Test
    void hypercubeModelMatchesThePlainEvaluation() {
        int[][] shapes = {{6, 4, 32}, {6, 4, 32}, {4, 2, 16}};
        double[] rates = {0.005, 0.001, 0.01};
        for (int i = 0; i < shapes.length; i++) {
            int n = shapes[i][0];
            int bigV = shapes[i][1];
            int m = shapes[i][2];
            double rate = rates[i];
            String at = "Q_" + n + " V=" + bigV + " M=" + m + " λ=" + rate;
            Plain hyper = plainHypercube(n, rate, bigV, m, rate);
            Solution model = NecklaceModel.hypercube(n, bigV, m, rate).orElseThrow();
            assertSame(hyper, model.hypercube(), at);
            assertNull(model.necklace(), at);
            assertClose(hyper.s() * hyper.vBar(), model.networkLatency(), at + " network latency");
            assertClose(hyper.ws() * hyper.vBar(), model.sourceQueue(), at + " source queue");
            assertClose((hyper.s() + hyper.ws()) * hyper.vBar(), model.latency(), at); // Eq. 2
        }
    }

    // ---- zero load

    @Test
    void hopCountsAreTheMeanDistancesOfEqs3And4() {
        for (int k = 1; k <= 12; k++) {
            // a necklace with its base node is a ring of k + 1 nodes; Eq. 3 is the mean distance from the base node
            double ring = 0;
            for (int j = 1; j <= k; j++) {
                ring += Math.min(j, k + 1 - j);
            }
            assertEquals(ring / k, dN(k), 1e-12, "k=" + k);
        }
        assertEquals(1.8, dN(5), 1e-12);
        assertEquals((2 + 4) / 4.0, dN(4), 1e-12);
        for (int n = 1; n <= 10; n++) {
            // Eq. 4 is the mean Hamming distance to the other 2^n − 1 nodes
            double sum = 0;
            for (int x = 1; x < 1 << n; x++) {
                sum += Integer.bitCount(x);
            }
            assertEquals(sum / ((1 << n) - 1), dH(n), 1e-12, "n=" + n);
            assertEquals(dH(n), NecklaceModel.hypercube(n, 2, 8, 1e-9).orElseThrow().hypercube().hops(), 1e-12, "n=" + n);
        }
    }

    @Test
    void atZeroLoadThePrintedModelCountsTheTransmissionThreeTimesAndTheVariantOnce() {
        int[][] shapes = {{6, 5, 8, 32}, {3, 4, 4, 64}, {4, 7, 6, 32}, {3, 8, 4, 32}};
        for (int[] shape : shapes) {
            int n = shape[0];
            int k = shape[1];
            int bigV = shape[2];
            int m = shape[3];
            String at = "(" + n + "," + k + "," + bigV + "," + m + ")";
            Solution printed = NecklaceModel.necklace(n, k, bigV, m, 1e-9).orElseThrow();
            assertEquals(dN(k), printed.necklace().hops(), 1e-12, at);
            assertEquals(dH(n), printed.hypercube().hops(), 1e-12, at);
            double printedZero = 3 * (m - 1) + dH(n) + 2 * dN(k);
            assertEquals(printedZero, printed.latency(), 1e-6 * printedZero, at);
            double onceZero = m - 1 + dH(n) + 2 * dN(k);
            Solution once = NecklaceModel.necklaceCountedOnce(n, k, bigV, m, 1e-9).orElseThrow();
            assertEquals(onceZero, once.latency(), 1e-6 * onceZero, at + " counted once");
        }
        assertEquals(1.8, NecklaceModel.necklace(6, 5, 8, 32, 1e-9).orElseThrow().necklace().hops(), 1e-12);
        assertEquals(1.5, NecklaceModel.necklace(3, 4, 4, 64, 1e-9).orElseThrow().necklace().hops(), 1e-12);
        double cube = 32 - 1 + dH(6);
        assertEquals(cube, NecklaceModel.hypercube(6, 4, 32, 1e-9).orElseThrow().latency(), 1e-6 * cube);
    }

    // ---- load and saturation

    private static DoubleFunction<Optional<Solution>> printed(int n, int k, int bigV, int m) {
        return rate -> NecklaceModel.necklace(n, k, bigV, m, rate);
    }

    @Test
    void latencyIncreasesWithTheRate() {
        List<DoubleFunction<Optional<Solution>>> models = List.of(printed(6, 5, 8, 32), printed(3, 8, 4, 64),
                rate -> NecklaceModel.necklaceCountedOnce(6, 5, 8, 32, rate), rate -> NecklaceModel.hypercube(6, 4, 32, rate));
        for (int i = 0; i < models.size(); i++) {
            DoubleFunction<Optional<Solution>> model = models.get(i);
            double saturation = NecklaceModel.saturationRate(model);
            double previous = 0;
            for (int step = 1; step <= 99; step++) {
                double latency = model.apply(saturation * step / 100).orElseThrow().latency();
                assertTrue(latency > previous, "model " + i + " at " + step + "% of saturation");
                previous = latency;
            }
        }
    }

    @Test
    void theModelHasASolutionJustBelowTheSaturationRateAndNoneBeyond() {
        List<DoubleFunction<Optional<Solution>>> models = List.of(printed(6, 5, 8, 32), printed(6, 5, 8, 64),
                printed(4, 7, 6, 32), printed(3, 8, 4, 32), rate -> NecklaceModel.necklaceCountedOnce(3, 8, 4, 32, rate),
                rate -> NecklaceModel.hypercube(6, 4, 32, rate));
        for (int i = 0; i < models.size(); i++) {
            DoubleFunction<Optional<Solution>> model = models.get(i);
            double saturation = NecklaceModel.saturationRate(model);
            assertTrue(saturation > 0 && Double.isFinite(saturation), "model " + i);
            assertTrue(model.apply(saturation * (1 - 1e-5)).isPresent(), "model " + i + " just below saturation");
            assertTrue(model.apply(saturation).isEmpty(), "model " + i + " at saturation");
            assertTrue(model.apply(saturation * (1 + 1e-5)).isEmpty(), "model " + i + " just beyond saturation");
            assertTrue(model.apply(saturation * 2).isEmpty(), "model " + i + " far beyond saturation");
        }
    }

    // ---- arguments

    @Test
    void badArgumentsThrow() {
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.necklace(0, 5, 8, 32, 0.001));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.necklace(6, 0, 8, 32, 0.001));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.necklace(6, 5, 1, 32, 0.001));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.necklace(6, 5, 8, 0, 0.001));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.necklace(6, 5, 8, 32, 0));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.necklace(6, 5, 8, 32, -0.001));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.necklace(6, 5, 8, 32, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.necklace(6, 5, 8, 32, Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.necklaceCountedOnce(0, 5, 8, 32, 0.001));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.necklaceCountedOnce(6, 0, 8, 32, 0.001));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.necklaceCountedOnce(6, 5, 1, 32, 0.001));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.necklaceCountedOnce(6, 5, 8, 0, 0.001));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.necklaceCountedOnce(6, 5, 8, 32, 0));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.necklaceCountedOnce(6, 5, 8, 32, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.hypercube(0, 4, 32, 0.001));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.hypercube(6, 1, 32, 0.001));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.hypercube(6, 4, 0, 0.001));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.hypercube(6, 4, 32, 0));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.hypercube(6, 4, 32, Double.NEGATIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> NecklaceModel.hypercube(6, 4, 32, Double.NaN));
    }
}
