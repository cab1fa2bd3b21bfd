package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.launcher.output.Progress;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The estimate of the time left, in the one progress format of every command: measured time over the share of the work done
 * (items alike, or weighted by a plan), nothing before anything is done, "estimating" rather than an estimate above ten times the
 * time measured. The clock is the test's.
 */
class ProgressEstimateTest {

    private final AtomicLong nanos = new AtomicLong(5_000_000_000L);
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final Progress progress = new Progress(icn.launcher.output.Session.of(new icn.launcher.output.Console(System.out, System.err, false), java.util.List.of()), false, new PrintStream(bytes, true, StandardCharsets.UTF_8), false, nanos::get);

    private void advance(double seconds) {
        nanos.addAndGet(Math.round(seconds * 1e9));
    }

    private List<String> lines() {
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    private String last() {
        List<String> all = lines();
        return all.get(all.size() - 1);
    }

    @Test
    void theArithmetic() {
        assertEquals(" · ~10 s left", Progress.estimate(10, 0.5), "half done in 10 s: 10 s to go");
        assertEquals(" · ~30 s left", Progress.estimate(10, 0.25));
        assertEquals(" · ~2 min left", Progress.estimate(10, 0.1), "90 s left: nine times the 10 s measured");
        assertEquals(" · estimating", Progress.estimate(10, 0.05), "190 s would be 19 times the time measured");
        assertEquals(" · estimating", Progress.estimate(2, 0.001));
        assertEquals("", Progress.estimate(10, 0), "nothing done: nothing to estimate from");
        assertEquals("", Progress.estimate(10, 1), "everything done");
        assertEquals("", Progress.estimate(0, 0.5), "no time measured");
        assertEquals("", Progress.estimate(0.5, 0.5), "1 s in all: gone before it is read");
        assertEquals("", Progress.estimate(10, Double.NaN));
    }

    /** The trial's "about 229 min left" two thirds into a 37 s reproduction: drawings planned at 0.1 s that took seconds each. */
    @Test
    void aPlanWhoseFirstItemsPlannedAlmostNothingSaysEstimatingNotHours() {
        double[] plan = {0.1, 0.1, 0.1, 30, 30};
        double[] took = {5, 5, 5, 8, 8};
        double total = 0;
        for (double p : plan) {
            total += p;
        }
        double done = 0;
        for (int i = 0; i < plan.length; i++) {
            progress.item(i + 1, plan.length, "artifact " + (i + 1), done, total);
            advance(took[i]);
            done += plan[i];
        }
        List<String> lines = lines();
        assertEquals("[   0.0s] 1 of 5 · artifact 1", lines.get(0));
        assertEquals("[   5.0s] 2 of 5 · artifact 2 · estimating", lines.get(1), "0.1 of 60.3 planned seconds done");
        assertEquals("[  15.0s] 4 of 5 · artifact 4 · estimating", lines.get(3), "0.5 % of the plan in 15 s");
        // 30.3 of 60.3 planned seconds in 23 s: about 23 s more
        assertEquals("[  23.0s] 5 of 5 · artifact 5 · ~23 s left", lines.get(4));
    }

    @Test
    void aPlanThatPredictsWellGivesTheTimeLeftFromTheTimeMeasured() {
        progress.item(1, 3, "a", 0, 30);
        advance(12); // planned 10 s, took 12: the rest takes 20 % longer than planned too
        progress.item(2, 3, "b", 10, 30);
        assertEquals("[  12.0s] 2 of 3 · b · ~24 s left", last());
    }

    @Test
    void noEstimateEverExceedsTenTimesTheTimeMeasured() {
        // a slow first item (a JIT's warm-up, a cluster forming) and then quick ones: the worst case for an estimate
        int n = 40;
        progress.item(1, n, "item");
        advance(30);
        for (int k = 2; k <= n; k++) {
            progress.item(k, n, "item");
            advance(0.5);
        }
        for (String line : lines()) {
            double elapsed = Double.parseDouble(line.substring(1, line.indexOf('s')).strip());
            assertTrue(leftSeconds(line) <= 10 * elapsed + 30, line); // within the rounding of "~N min left"
        }
        // 1 of 40 done in 30 s would say 19.5 min, 39 times the time measured: too little done to say
        assertEquals("[  30.0s] 2 of 40 · item · estimating", lines().get(1));
        // 4 done in 31.5 s: 283.5 s, nine times the time measured
        assertEquals("[  31.5s] 5 of 40 · item · ~5 min left", lines().get(4));
    }

    @Test
    void steadyWorkGivesAnEstimateThatShrinks() {
        int n = 10;
        List<Double> left = new ArrayList<>();
        for (int k = 1; k <= n; k++) {
            progress.item(k, n, "item");
            left.add(leftSeconds(last()));
            advance(6);
        }
        assertEquals(List.of(-1.0, 54.0, 48.0, 42.0, 36.0, 30.0, 24.0, 18.0, 12.0, 6.0), left);
    }

    @Test
    void anItemWithItsOwnShareDoneEstimatesFromIt() {
        // 003 Theorem 3.4's check: sources of one placement done within item 1 of 2
        progress.item(1, 2, "cr:5: 0 of 120 sources", 0, 2);
        advance(30);
        progress.item(1, 2, "cr:5: 64 of 120 sources", 64 / 120.0, 2);
        // 0.267 of the work in 30 s: 82.5 s more
        assertEquals("[  30.0s] 1 of 2 · cr:5: 64 of 120 sources · ~1 min left", last());
    }

    @Test
    void countedLinesAreTheNextItemEach() {
        var point = progress.counted(3);
        point.accept("scc:4 one-port, 0 random node fault(s), 3 seeds");
        point.accept("scc:4 one-port, 1 random node fault(s), 3 seeds");
        assertEquals(List.of("[   0.0s] 1 of 3 · scc:4 one-port, 0 random node fault(s), 3 seeds",
                "[   0.0s] 2 of 3 · scc:4 one-port, 1 random node fault(s), 3 seeds"), lines());
    }

    @Test
    void aLineThatCountsItselfTakesTheOneFormat() {
        progress.line("[2/5] hypercube:4 ecube λ=0.004 V=2 M=4 on the sequential engine");
        progress.line("forming a cluster of 3 JVMs");
        progress.item(1, 4, "[3/3] hypercube:4 ecube λ=0.008");
        assertEquals(List.of("[   0.0s] 2 of 5 · hypercube:4 ecube λ=0.004 V=2 M=4 on the sequential engine",
                "[   0.0s] forming a cluster of 3 JVMs", "[   0.0s] 1 of 4 · hypercube:4 ecube λ=0.008 (3 of 3)"), lines());
    }

    @Test
    void everyLineIsAProgressLineToTheProcessTests() {
        progress.item(1, 2, "x", 0, 10);
        advance(4);
        progress.item(2, 2, "y", 5, 10);
        progress.line("[1/2] z");
        lines().forEach(l -> assertTrue(IcnProcess.PROGRESS.matcher(l).matches(), l));
    }

    private static final Pattern LEFT = Pattern.compile("~([0-9.]+) (s|min|h) left$");

    /** The seconds a line says are left, -1 when it says none (or "estimating"). */
    private static double leftSeconds(String line) {
        Matcher m = LEFT.matcher(line);
        if (!m.find()) {
            return -1;
        }
        double v = Double.parseDouble(m.group(1));
        return switch (m.group(2)) {
            case "s" -> v;
            case "min" -> v * 60;
            default -> v * 3600;
        };
    }
}
