package icn.scenarios.traffic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every expected number here is computed in the test (closed forms, brute force) or is a published quantile, never one the class
 * printed.
 */
class SteadyStateTest {

    /** Standard normal 0.975 quantile, as published (e.g. Abramowitz &amp; Stegun Table 26.5): 1.959963984540054. */
    private static final double Z975 = 1.959963984540054;

    // ---- t975 ------------------------------------------------------------------------------------------------------------

    @Test
    void t975MatchesPublishedQuantiles() {
        int[] df = {1, 2, 5, 10, 19, 30, 120};
        double[] published = {12.7062, 4.3027, 2.5706, 2.2281, 2.0930, 2.0423, 1.9799};
        for (int i = 0; i < df.length; i++) {
            assertEquals(published[i], SteadyState.t975(df[i]), 1e-4, "df " + df[i]);
        }
    }

    @Test
    void t975MatchesClosedFormsForOneTwoAndFourDegreesOfFreedom() {
        double p = 0.975;
        // df 1 is Cauchy: tan(π(p − ½)).
        assertEquals(Math.tan(Math.PI * (p - 0.5)), SteadyState.t975(1), 1e-10);
        // df 2: (2p − 1) / √(2p(1 − p)).
        assertEquals((2 * p - 1) / Math.sqrt(2 * p * (1 - p)), SteadyState.t975(2), 1e-11);
        // df 4: 2√(q − 1), q = cos(⅓ arccos √α) / √α, α = 4p(1 − p).
        double alpha = 4 * p * (1 - p);
        double q = Math.cos(Math.acos(Math.sqrt(alpha)) / 3) / Math.sqrt(alpha);
        assertEquals(2 * Math.sqrt(q - 1), SteadyState.t975(4), 1e-11);
    }

    @Test
    void t975TendsToTheNormalQuantile() {
        // Cornish–Fisher expansion (Abramowitz & Stegun 26.7.5); from df 1e4 on the omitted terms are below 1e-15. df near 2³¹ is
        // where x = ν/(ν + t²) lies within 2e-9 of 1 and an incomplete beta evaluated in x rather than 1 − x loses digits.
        double z = Z975;
        double g1 = (Math.pow(z, 3) + z) / 4;
        double g2 = (5 * Math.pow(z, 5) + 16 * Math.pow(z, 3) + 3 * z) / 96;
        double g3 = (3 * Math.pow(z, 7) + 19 * Math.pow(z, 5) + 17 * Math.pow(z, 3) - 15 * z) / 384;
        for (int df : new int[] {10_000, 100_000, 1_000_000, 100_000_000, Integer.MAX_VALUE}) {
            double nu = df;
            double expected = z + g1 / nu + g2 / (nu * nu) + g3 / (nu * nu * nu);
            assertEquals(expected, SteadyState.t975(df), 1e-12, "df " + df);
        }
        assertEquals(1.95996, SteadyState.t975(100_000), 1e-4);
    }

    @Test
    void t975DecreasesTowardsTheNormalQuantile() {
        double previous = Double.POSITIVE_INFINITY;
        for (int df = 1; df <= 300; df++) {
            double t = SteadyState.t975(df);
            assertTrue(t < previous && t > Z975, "df " + df + ": " + t);
            previous = t;
        }
    }

    // ---- mser5 -----------------------------------------------------------------------------------------------------------

    /** MSER-5 by brute force: batch, then for every allowed d a fresh two-pass mean and sum of squares; first minimum wins. */
    private static int bruteMser5(double[] series) {
        if (series.length < 10) {
            return 0;
        }
        int b = series.length / 5;
        double[] z = new double[b];
        for (int j = 0; j < b; j++) {
            z[j] = (series[5 * j] + series[5 * j + 1] + series[5 * j + 2] + series[5 * j + 3] + series[5 * j + 4]) / 5;
        }
        int best = -1;
        double bestValue = Double.POSITIVE_INFINITY;
        for (int d = 0; d <= b / 2; d++) {
            double mean = 0;
            for (int i = d; i < b; i++) {
                mean += z[i];
            }
            mean /= b - d;
            double ss = 0;
            for (int i = d; i < b; i++) {
                ss += (z[i] - mean) * (z[i] - mean);
            }
            double value = ss / ((double) (b - d) * (b - d));
            if (value < bestValue) {
                bestValue = value;
                best = d;
            }
        }
        return 5 * best;
    }

    private static double[] noise(long seed, int n, double mean, double sd) {
        Random random = new Random(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = mean + sd * random.nextGaussian();
        }
        return x;
    }

    @Test
    void mser5CutsAnObviousTransient() {
        double[] series = new double[1200];
        double[] tail = noise(11, 1000, 10, 1);
        for (int i = 0; i < 200; i++) {
            series[i] = 100;
        }
        System.arraycopy(tail, 0, series, 200, 1000);
        int cut = SteadyState.mser5(series);
        assertTrue(cut >= 200 && cut <= 225, "truncation " + cut);
        assertEquals(bruteMser5(series), cut);
    }

    @Test
    void mser5CutsLittleFromAStationarySeries() {
        for (long seed = 1; seed <= 5; seed++) {
            double[] series = noise(seed, 1000, 10, 1);
            int cut = SteadyState.mser5(series);
            assertTrue(cut < 100, "seed " + seed + ": truncation " + cut);
            assertEquals(bruteMser5(series), cut, "seed " + seed);
        }
    }

    @Test
    void mser5AgreesWithBruteForceOnManySeries() {
        Random random = new Random(7);
        for (int trial = 0; trial < 300; trial++) {
            int n = 10 + random.nextInt(300);
            double[] series = new double[n];
            double level = 50 * random.nextDouble();
            double decay = 0.9 + 0.09 * random.nextDouble();
            for (int i = 0; i < n; i++) { // a decaying transient of random size on noise
                series[i] = 5 + level * Math.pow(decay, i) + random.nextGaussian();
            }
            assertEquals(bruteMser5(series), SteadyState.mser5(series), "trial " + trial + ", n " + n);
        }
    }

    @Test
    void mser5EdgeCases() {
        assertEquals(0, SteadyState.mser5(new double[0]));
        assertEquals(0, SteadyState.mser5(new double[] {9, 1, 1, 1, 1, 1, 1, 1, 1}), "fewer than 10 observations");
        double[] constant = new double[100];
        java.util.Arrays.fill(constant, 3.7);
        assertEquals(0, SteadyState.mser5(constant), "all MSER(d) are 0: the smallest d");
        // A partial last batch is ignored: 12 observations are 2 batches; batch means 1 and 3, d may be 0 or 1 (b/2 = 1).
        // MSER(0) = ((1 − 2)² + (3 − 2)²) / 4 = 0.5, MSER(1) = 0 / 1 = 0, so d = 1: 5 observations.
        assertEquals(5, SteadyState.mser5(new double[] {1, 1, 1, 1, 1, 3, 3, 3, 3, 3, 1000, -1000}));
    }

    // ---- batchMeans ------------------------------------------------------------------------------------------------------

    @Test
    void batchMeansMatchesADirectComputation() {
        double[] x = noise(21, 1003, 4, 3); // 1003 = 20·50 + 3: the first 3 are dropped
        int batches = 20;
        double[] expectedMeans = new double[batches];
        for (int j = 0; j < batches; j++) {
            double sum = 0;
            for (int k = 0; k < 50; k++) {
                sum += x[3 + 50 * j + k];
            }
            expectedMeans[j] = sum / 50;
        }
        double grand = 0;
        for (int i = 3; i < 1003; i++) {
            grand += x[i];
        }
        grand /= 1000;
        double ss = 0;
        for (double m : expectedMeans) {
            ss += (m - grand) * (m - grand);
        }
        double sOverRootB = Math.sqrt(ss / (batches - 1)) / Math.sqrt(batches);

        SteadyState.BatchMeans result = SteadyState.batchMeans(x, batches);
        assertArrayEquals(expectedMeans, result.batchMeans(), 1e-12);
        assertEquals(grand, result.mean(), 1e-12);
        // t_{0.975,19} = 2.0930 (published, 4 decimals).
        assertEquals(2.0930 * sOverRootB, result.halfWidth(), 1e-4 * sOverRootB);
    }

    @Test
    void batchMeansDropsTheFirstObservationsNotTheLast() {
        // 5 observations in 2 batches: the first is dropped; batches {1, 2} and {3, 4}.
        SteadyState.BatchMeans result = SteadyState.batchMeans(new double[] {100, 1, 2, 3, 4}, 2);
        assertArrayEquals(new double[] {1.5, 3.5}, result.batchMeans(), 0);
        assertEquals(2.5, result.mean(), 1e-15);
        // s = √2, half-width = t_{0.975,1}·√2/√2 = tan(0.475π).
        assertEquals(Math.tan(0.475 * Math.PI), result.halfWidth(), 1e-9);
    }

    @Test
    void batchMeansOfAConstantSeriesHasZeroHalfWidth() {
        double[] x = new double[97];
        java.util.Arrays.fill(x, 0.1);
        SteadyState.BatchMeans result = SteadyState.batchMeans(x, 8);
        assertEquals(0.0, result.halfWidth());
        assertEquals(0.1, result.mean());
    }

    @Test
    void batchMeansIntervalCoversTheTrueMeanAbout95PercentOfTheTime() {
        double trueMean = 5;
        int trials = 2000;
        int covered = 0;
        for (int trial = 0; trial < trials; trial++) {
            double[] x = noise(1000 + trial, 200, trueMean, 2);
            SteadyState.BatchMeans result = SteadyState.batchMeans(x, 20);
            if (Math.abs(result.mean() - trueMean) <= result.halfWidth()) {
                covered++;
            }
        }
        double coverage = (double) covered / trials;
        assertTrue(coverage >= 0.93 && coverage <= 0.97, "coverage " + coverage);
    }

    @Test
    void batchMeansRecordDoesNotShareItsArray() {
        double[] means = {1, 2, 3};
        SteadyState.BatchMeans record = new SteadyState.BatchMeans(2, 1, means);
        means[0] = 99;
        record.batchMeans()[1] = 99;
        assertArrayEquals(new double[] {1, 2, 3}, record.batchMeans(), 0);
    }

    // ---- risesWithoutBound -----------------------------------------------------------------------------------------------

    @Test
    void risesWithoutBoundOnALinearGrowthWithNoise() {
        double[] y = noise(31, 30, 0, 1);
        for (int i = 0; i < y.length; i++) {
            y[i] += 10 + 2 * i;
        }
        assertTrue(SteadyState.risesWithoutBound(y));
        assertTrue(SteadyState.risesWithoutBound(new double[] {10, 20, 30, 40, 50, 60}), "a noiseless line");
    }

    @Test
    void risesWithoutBoundIsFalseForStationaryNoise() {
        for (long seed = 41; seed < 46; seed++) {
            assertFalse(SteadyState.risesWithoutBound(noise(seed, 30, 10, 1)), "seed " + seed);
        }
        double[] constant = new double[12];
        java.util.Arrays.fill(constant, 7);
        assertFalse(SteadyState.risesWithoutBound(constant));
    }

    @Test
    void risesWithoutBoundIsFalseForARiseOfLessThan25Percent() {
        // An exact line 100 + 0.5·i over 30 batches: the slope's t statistic is unbounded, but the first ten batches average
        // 102.25 and the last ten 112.25, a rise of under 10 %.
        double[] y = new double[30];
        for (int i = 0; i < y.length; i++) {
            y[i] = 100 + 0.5 * i;
        }
        assertFalse(SteadyState.risesWithoutBound(y));
    }

    @Test
    void risesWithoutBoundIsFalseWithoutASignificantSlope() {
        // Thirds of 2: first (10 + 0)/2 = 5, last (0 + 13)/2 = 6.5, a 30 % rise. Least squares over x = 0..5, x̄ = 2.5,
        // Sxx = 17.5: slope = (−2.5·10 + 2.5·13)/17.5 = 0.4286, SSE = 177.6, se = √(177.6/4/17.5) = 1.593, t = 0.27, far below
        // t_{0.9995, 4} = 8.61.
        assertFalse(SteadyState.risesWithoutBound(new double[] {10, 0, 0, 0, 0, 13}));
    }

    /**
     * A sweep tests dozens of rates, so the trend test must seldom call a stationary series rising: batch means of 25 exponential
     * latencies each (heavy-tailed, as latencies are), 20 batches, 4,000 series: at most 0.25 % flagged (at the 5 % level it was
     * 1 in 100 or so). A latency that quadruples across the window, as a growing source queue makes it, is still found in 99 % of
     * the series at least (one that rises to 2.5 times, in about 94 %: the other signs of saturation, accepted below offered and
     * messages not delivered by the end, do not depend on this test).
     */
    @Test
    void theTrendTestSeldomCallsAStationarySeriesRising() {
        Random random = new Random(5);
        int flagged = 0;
        int found = 0;
        int series = 4_000;
        for (int s = 0; s < series; s++) {
            double[] stationary = new double[20];
            double[] rising = new double[20];
            for (int b = 0; b < 20; b++) {
                double sum = 0;
                for (int k = 0; k < 25; k++) {
                    sum += -Math.log(1 - random.nextDouble());
                }
                stationary[b] = sum / 25;
                rising[b] = stationary[b] * (1 + 3.0 * b / 19.0);
            }
            flagged += SteadyState.risesWithoutBound(stationary) ? 1 : 0;
            found += SteadyState.risesWithoutBound(rising) ? 1 : 0;
        }
        assertTrue(flagged <= series / 400, flagged + " of " + series + " stationary series flagged");
        assertTrue(found >= 0.99 * series, found + " of " + series + " rising series found");
        assertEquals(3.922, SteadyState.tQuantile(SteadyState.TREND_LEVEL, 18), 0.001, "t_{0.9995, 18}");
    }

    @Test
    void risesWithoutBoundNeedsSixBatchMeans() {
        assertFalse(SteadyState.risesWithoutBound(new double[] {1, 10, 100, 1000, 10000}));
        assertFalse(SteadyState.risesWithoutBound(new double[0]));
    }

    // ---- bad arguments ---------------------------------------------------------------------------------------------------

    @Test
    void badArgumentsThrow() {
        assertThrows(IllegalArgumentException.class, () -> SteadyState.t975(0));
        assertThrows(IllegalArgumentException.class, () -> SteadyState.t975(-3));
        assertThrows(IllegalArgumentException.class, () -> SteadyState.batchMeans(new double[] {1, 2, 3}, 1));
        assertThrows(IllegalArgumentException.class, () -> SteadyState.batchMeans(new double[] {1, 2, 3}, 0));
        assertThrows(IllegalArgumentException.class, () -> SteadyState.batchMeans(new double[] {1, 2, 3}, 4));
        assertThrows(IllegalArgumentException.class, () -> SteadyState.batchMeans(new double[] {1, Double.NaN, 3, 4}, 2));
        assertThrows(IllegalArgumentException.class, () -> SteadyState.mser5(new double[] {1, 2, Double.POSITIVE_INFINITY}));
        assertThrows(IllegalArgumentException.class, () -> SteadyState.risesWithoutBound(new double[] {1, 2, 3, 4, 5, Double.NaN}));
        assertThrows(NullPointerException.class, () -> SteadyState.batchMeans(null, 2));
        assertThrows(NullPointerException.class, () -> SteadyState.mser5(null));
        assertThrows(NullPointerException.class, () -> SteadyState.risesWithoutBound(null));
    }
}
