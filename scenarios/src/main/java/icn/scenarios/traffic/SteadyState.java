package icn.scenarios.traffic;

import java.util.Objects;

/**
 * Steady-state statistics for a latency measurement taken under load: a series of message latencies (or of per-interval mean
 * latencies), in the order they were observed.
 *
 * <ul>
 *   <li>{@link #mser5(double[])} says how many leading observations belong to the warm-up transient (queues filling from empty)
 *       and should be discarded before anything is estimated. It is MSER-5, the Marginal Standard Error Rule applied to batches of
 *       5 (K. P. White Jr., "An effective truncation heuristic for bias reduction in simulation output", Simulation 69(6), 1997;
 *       K. P. White Jr., M. J. Cobb and S. C. Spratt, "A comparison of five steady-state truncation heuristics for simulation",
 *       Proc. Winter Simulation Conference 2000).</li>
 *   <li>{@link #batchMeans(double[], int)} gives the mean latency of the (truncated) series with a 95 % confidence interval. The
 *       observations of one run are correlated, so the interval is built from the means of B consecutive batches, which are
 *       nearly independent and nearly normal when the batches are long: the nonoverlapping batch-means method of A. M. Law and
 *       W. D. Kelton, <i>Simulation Modeling and Analysis</i> (chapter 9, output data analysis for a single system), with the Student t quantile
 *       {@link #t975(int)} on B − 1 degrees of freedom.</li>
 *   <li>{@link #risesWithoutBound(double[])} flags saturation: offered load above what the network carries, so that queues and
 *       latency grow for as long as the run lasts and there is no steady state (and no meaningful mean) to report. It asks for
 *       a significantly positive least-squares trend in the batch means and a rise of more than 25 % from the first third of the
 *       batches to the last.</li>
 * </ul>
 *
 * <p>All arithmetic is in doubles; variances are computed with Welford's update or in two passes, never as E[X²] − E[X]². Inputs
 * must be finite: a NaN or infinite observation is an {@link IllegalArgumentException}, a null array a {@link NullPointerException}.
 */
public final class SteadyState {

    /** MSER batch size (the "5" of MSER-5). */
    private static final int MSER_BATCH = 5;

    private SteadyState() {
    }

    /**
     * MSER-5 warm-up truncation (White 1997; White, Cobb &amp; Spratt 2000): average the series in consecutive batches of 5 (a last
     * partial batch is dropped), then choose the number d of leading batches to discard, 0 &lt;= d &lt;= (batches)/2, that minimises
     * MSER(d) = Σ_{i&gt;d} (z_i − z̄_d)² / (b − d)², where b is the number of batches and z̄_d the mean of the batches after d. Ties:
     * the smallest d. Returns the number of leading observations to discard, 5·d. Series shorter than 10 observations: 0.
     *
     * <p>The bound d &lt;= b/2 is integer division; for 10 to 14 observations (b = 2) it allows d = 1, which leaves a single batch
     * whose MSER is 0, so such a short series is truncated by 5 unless it is constant. Runs in O(n).
     */
    public static int mser5(double[] series) {
        requireFinite(series, "series");
        int n = series.length;
        if (n < 2 * MSER_BATCH) {
            return 0;
        }
        int b = n / MSER_BATCH;
        double[] z = new double[b];
        for (int j = 0; j < b; j++) {
            double sum = 0;
            for (int k = 0; k < MSER_BATCH; k++) {
                sum += series[j * MSER_BATCH + k];
            }
            z[j] = sum / MSER_BATCH;
        }
        // Welford over the tail z[d..b-1], growing it backwards from the last batch, so every MSER(d) costs O(1).
        double mean = 0;
        double m2 = 0;
        int count = 0;
        int maxD = b / 2;
        int best = maxD;
        double bestValue = Double.POSITIVE_INFINITY;
        for (int d = b - 1; d >= 0; d--) {
            count++;
            double delta = z[d] - mean;
            mean += delta / count;
            m2 += delta * (z[d] - mean);
            if (d <= maxD) {
                double value = m2 / ((double) count * count);
                if (value <= bestValue) { // going down in d, "<=" keeps the smallest d among ties
                    bestValue = value;
                    best = d;
                }
            }
        }
        return MSER_BATCH * best;
    }

    /**
     * Batch means over observations in order: B consecutive batches of equal size (the first n mod B observations are dropped),
     * their means, the grand mean of those batch means, and a two-sided 95 % confidence half-width t_{0.975, B−1}·s/√B where s is
     * the sample standard deviation of the batch means.
     *
     * @param mean the grand mean of the batch means (equal to the mean of the observations used)
     * @param halfWidth the 95 % confidence half-width; 0 when all batch means are equal
     * @param batchMeans the B batch means, in order (the record keeps and hands out copies)
     */
    public record BatchMeans(double mean, double halfWidth, double[] batchMeans) {

        public BatchMeans {
            batchMeans = batchMeans.clone();
        }

        @Override
        public double[] batchMeans() {
            return batchMeans.clone();
        }
    }

    /**
     * Batch means of {@code observations} in {@code batches} batches, as documented on {@link BatchMeans}. Needs B &gt;= 2 and
     * n &gt;= B; otherwise {@link IllegalArgumentException}.
     */
    public static BatchMeans batchMeans(double[] observations, int batches) {
        requireFinite(observations, "observations");
        int n = observations.length;
        if (batches < 2) {
            throw new IllegalArgumentException("batch means need at least 2 batches, got " + batches);
        }
        if (n < batches) {
            throw new IllegalArgumentException("batch means need at least one observation per batch: " + n + " observations for "
                    + batches + " batches");
        }
        int size = n / batches;
        int skip = n % batches;
        double[] means = new double[batches];
        for (int j = 0; j < batches; j++) {
            int from = skip + j * size;
            // Two passes within the batch: a rough mean, then the mean of the deviations from it (corrects rounding in the sum).
            double sum = 0;
            for (int k = 0; k < size; k++) {
                sum += observations[from + k];
            }
            double rough = sum / size;
            double correction = 0;
            for (int k = 0; k < size; k++) {
                correction += observations[from + k] - rough;
            }
            means[j] = rough + correction / size;
        }
        boolean constant = true;
        for (int j = 1; j < batches && constant; j++) {
            constant = means[j] == means[0];
        }
        if (constant) {
            return new BatchMeans(means[0], 0.0, means);
        }
        double grand = 0;
        for (double m : means) {
            grand += m;
        }
        grand /= batches;
        double ss = 0;
        double dev = 0;
        for (double m : means) {
            double e = m - grand;
            ss += e * e;
            dev += e;
        }
        ss -= dev * dev / batches; // corrected two-pass (Chan, Golub & LeVeque): removes the rounding left in the grand mean
        grand += dev / batches;
        double s = Math.sqrt(Math.max(ss, 0.0) / (batches - 1));
        double halfWidth = t975(batches - 1) * s / Math.sqrt(batches);
        return new BatchMeans(grand, halfWidth, means);
    }

    /**
     * The 0.975 quantile of Student's t distribution with df degrees of freedom (df &gt;= 1, otherwise
     * {@link IllegalArgumentException}), to about 12 significant digits: 12.7062 for df 1, 2.0930 for df 19, tending to 1.95996 as
     * df grows.
     *
     * <p>Computed, not tabulated: the two-sided tail P(|T| &gt; t) = I_{ν/(ν+t²)}(ν/2, 1/2), with I the regularized incomplete beta
     * function (continued fraction by the modified Lentz method, Numerical Recipes §6.4), is solved for 0.05 by bisection on t.
     */
    public static double t975(int df) {
        return tQuantile(0.05, df); // two-sided tail beyond the 0.975 quantile
    }

    /** The t beyond which Student's t with {@code df} degrees of freedom has two-sided tail {@code target} (0.05: t_{0.975}). */
    static double tQuantile(double target, int df) {
        if (df < 1) {
            throw new IllegalArgumentException("Student's t needs at least 1 degree of freedom, got " + df);
        }
        double lo = 0;
        double hi = 2;
        while (twoSidedTail(hi, df) > target) {
            lo = hi;
            hi *= 2;
        }
        for (int i = 0; i < 200 && hi - lo > 2 * Math.ulp(hi); i++) {
            double mid = 0.5 * (lo + hi);
            if (twoSidedTail(mid, df) > target) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return 0.5 * (lo + hi);
    }

    /**
     * Whether the batch means rise steadily: the least-squares slope of batch mean against batch index is positive and significant
     * at the 0.1 % level (its t statistic exceeds t_{0.9995, B−2}: a sweep tests dozens of rates, and at the 5 % level about one
     * stationary point in a hundred was called saturated, e.g. hypercube:4 at λ = 0.004 over 8,000 cycles, accepting all it was
     * offered) AND the mean of the last third of the batches exceeds the mean of the first third by
     * more than 25 % (of the first third's magnitude). "Third" is ⌊B/3⌋ batches. Used to report "latency grows without bound"
     * (saturation). Needs at least 6 batch means; fewer: false. A constant series is not rising.
     */
    public static boolean risesWithoutBound(double[] batchMeans) {
        requireFinite(batchMeans, "batchMeans");
        int b = batchMeans.length;
        if (b < 6) {
            return false;
        }
        int third = b / 3;
        double first = 0;
        double last = 0;
        for (int i = 0; i < third; i++) {
            first += batchMeans[i];
            last += batchMeans[b - third + i];
        }
        first /= third;
        last /= third;
        if (!(last - first > 0.25 * Math.abs(first))) {
            return false;
        }
        double meanY = 0;
        for (double y : batchMeans) {
            meanY += y;
        }
        meanY /= b;
        double meanX = (b - 1) / 2.0;
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < b; i++) {
            double dx = i - meanX;
            sxx += dx * dx;
            sxy += dx * (batchMeans[i] - meanY);
        }
        double slope = sxy / sxx;
        if (!(slope > 0)) {
            return false;
        }
        double sse = 0;
        for (int i = 0; i < b; i++) {
            double r = batchMeans[i] - meanY - slope * (i - meanX);
            sse += r * r;
        }
        double se = Math.sqrt(sse / (b - 2) / sxx);
        double t = se == 0 ? Double.POSITIVE_INFINITY : slope / se;
        return t > tQuantile(TREND_LEVEL, b - 2);
    }

    /** The two-sided significance the trend of {@link #risesWithoutBound} must reach. */
    static final double TREND_LEVEL = 0.001;

    // ---- numerics -------------------------------------------------------------------------------------------------------

    /** P(|T| &gt; t) for Student's t with df degrees of freedom, t &gt;= 0. */
    private static double twoSidedTail(double t, int df) {
        if (t <= 0) {
            return 1;
        }
        double nu = df;
        double t2 = t * t;
        double x = nu / (nu + t2); // both x and 1 − x computed directly, without cancellation
        double y = t2 / (nu + t2);
        return regularizedBeta(0.5 * nu, 0.5, x, y);
    }

    /**
     * I_x(a, b), the regularized incomplete beta function, given x and y = 1 − x (each computed to full relative precision). The
     * continued fraction is evaluated in whichever of x and y is at most ½ (I_x(a, b) = 1 − I_y(b, a) otherwise), so the variable
     * close to 0 is the one used and none of its digits are lost to rounding next to 1. Numerical Recipes chooses the branch by
     * x &lt; (a + 1)/(a + b + 2) instead, for the fastest convergence; for the t distribution at large df that puts x within 4/df of 1 and costs 1 − x
     * most of its digits (about 1e−8 relative error in t at df 2³¹). With b = ½ as used here the fraction converges in a few
     * dozen terms at every df.
     */
    private static double regularizedBeta(double a, double b, double x, double y) {
        if (x <= 0) {
            return 0;
        }
        if (y <= 0) {
            return 1;
        }
        double lnX = x > 0.5 ? Math.log1p(-y) : Math.log(x);
        double lnY = y > 0.5 ? Math.log1p(-x) : Math.log(y);
        double front = Math.exp(a * lnX + b * lnY - logBeta(a, b));
        if (x <= y) {
            return front * betaContinuedFraction(a, b, x) / a;
        }
        return 1 - front * betaContinuedFraction(b, a, y) / b;
    }

    /** The continued fraction for I_x(a, b) (Numerical Recipes betacf), by the modified Lentz method. */
    private static double betaContinuedFraction(double a, double b, double x) {
        final double tiny = 1e-300;
        final double eps = 1e-16;
        final int maxIterations = 100_000;
        double qab = a + b;
        double qap = a + 1;
        double qam = a - 1;
        double c = 1;
        double d = 1 - qab * x / qap;
        if (Math.abs(d) < tiny) {
            d = tiny;
        }
        d = 1 / d;
        double h = d;
        for (int m = 1; m <= maxIterations; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
            d = 1 + aa * d;
            if (Math.abs(d) < tiny) {
                d = tiny;
            }
            c = 1 + aa / c;
            if (Math.abs(c) < tiny) {
                c = tiny;
            }
            d = 1 / d;
            h *= d * c;
            aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
            d = 1 + aa * d;
            if (Math.abs(d) < tiny) {
                d = tiny;
            }
            c = 1 + aa / c;
            if (Math.abs(c) < tiny) {
                c = tiny;
            }
            d = 1 / d;
            double del = d * c;
            h *= del;
            if (Math.abs(del - 1) <= eps) {
                return h;
            }
        }
        throw new ArithmeticException("incomplete beta continued fraction did not converge for a=" + a + ", b=" + b + ", x=" + x);
    }

    /**
     * ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b) for a, b &gt; 0. When the larger argument is 10 or more, ln Γ(big) − ln Γ(big +
     * small) is taken from Stirling's series as one difference (with log1p), so the large, nearly equal terms never cancel.
     */
    private static double logBeta(double a, double b) {
        double small = Math.min(a, b);
        double big = Math.max(a, b);
        if (big < 10) {
            return logGamma(a) + logGamma(b) - logGamma(a + b);
        }
        double sum = big + small;
        double diff = -(big - 0.5) * Math.log1p(small / big) - small * Math.log(sum) + small
                + stirlingCorrection(big) - stirlingCorrection(sum);
        return logGamma(small) + diff;
    }

    private static final double HALF_LN_TWO_PI = 0.5 * Math.log(2 * Math.PI);

    /** ln Γ(x) − [(x − ½) ln x − x + ½ ln 2π], by its asymptotic series; for x &gt;= 10 the omitted terms are below 1e−14. */
    private static double stirlingCorrection(double x) {
        double r = 1 / x;
        double r2 = r * r;
        return r * (1.0 / 12 - r2 * (1.0 / 360 - r2 * (1.0 / 1260 - r2 * (1.0 / 1680 - r2 / 1188))));
    }

    private static final double[] LANCZOS = {
        0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
        12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
    };

    /** ln Γ(x) for x &gt; 0: Stirling's series from 10 up, the Lanczos approximation (g = 7, 9 terms) below. */
    private static double logGamma(double x) {
        if (!(x > 0)) {
            throw new IllegalArgumentException("logGamma needs x > 0, got " + x);
        }
        if (x >= 10) {
            return (x - 0.5) * Math.log(x) - x + HALF_LN_TWO_PI + stirlingCorrection(x);
        }
        if (x < 0.5) { // Γ(x) = Γ(x + 1) / x keeps the Lanczos sum in its accurate range
            return logGamma(x + 1) - Math.log(x);
        }
        double z = x - 1;
        double sum = LANCZOS[0];
        for (int i = 1; i < LANCZOS.length; i++) {
            sum += LANCZOS[i] / (z + i);
        }
        double t = z + 7.5;
        return HALF_LN_TWO_PI + (z + 0.5) * Math.log(t) - t + Math.log(sum);
    }

    private static void requireFinite(double[] values, String name) {
        Objects.requireNonNull(values, name);
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException(name + "[" + i + "] is not finite: " + values[i]);
            }
        }
    }
}
