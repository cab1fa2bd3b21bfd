package icn.scenarios.routing000;

import icn.scenarios.claims.PaperFormulas;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs {@link Routing000} alone until the command line wires it in: {@code Routing000Main [--from 3] [--to 9] [--draws 20]
 * [--draws-largest 5] [--seed 1] [--out DIR]}. Prints 000 Table 2 as measured, with the wall time and the heap's peak use of each
 * n, and writes Figs. 4–6 and Table 2 into DIR when given. {@code --draws-largest} applies to n = 9 only.
 */
public final class Routing000Main {

    private Routing000Main() {
    }

    public static void main(String[] args) throws IOException {
        int from = 3;
        int to = 9;
        int draws = 20;
        int drawsLargest = 5;
        long seed = 1;
        Path out = null;
        for (int a = 0; a < args.length; a += 2) {
            if (a + 1 >= args.length) {
                throw new IllegalArgumentException("option " + args[a] + " needs a value");
            }
            String v = args[a + 1];
            switch (args[a]) {
                case "--from" -> from = Integer.parseInt(v);
                case "--to" -> to = Integer.parseInt(v);
                case "--draws" -> draws = Integer.parseInt(v);
                case "--draws-largest" -> drawsLargest = Integer.parseInt(v);
                case "--seed" -> seed = Long.parseLong(v);
                case "--out" -> out = Path.of(v);
                default -> throw new IllegalArgumentException("unknown option " + args[a]
                        + ": expected --from, --to, --draws, --draws-largest, --seed, --out");
            }
        }
        System.out.printf(Locale.ROOT, "max heap %.2f GiB, %d processors, seed %d%n", Runtime.getRuntime().maxMemory() / (double) (1L << 30),
                Runtime.getRuntime().availableProcessors(), seed);
        System.out.println("  n      nodes  minimal   greedy   Eq.14  random mean ± sd (draws) [95% CI]      expected  uniform  worst   wall s  peak heap MiB");
        List<Measurement> all = new ArrayList<>();
        for (int n = from; n <= to; n++) {
            resetPeaks();
            Measurement m = Routing000.measure(n, n == 9 ? drawsLargest : draws, seed);
            all.add(m);
            Measurement.RandomRouting r = m.random();
            System.out.printf(Locale.ROOT, "%3d %10d %8.3f %8.3f %7.3f  %8.4f ± %.4f (%2d) [%.4f, %.4f]  %8.4f %8.4f %7.3f %8.1f %8.0f%s%n",
                    n, m.nodes(), m.minimal().meanCost(), m.greedy().meanCost(), PaperFormulas.averageDistanceBound(n), r.meanOverDraws(),
                    r.stdDev(), r.draws(), r.ci95Low(), r.ci95High(), r.expectedCost(), r.uniformRoutesCost(), m.worstCase().mean(),
                    m.wallSeconds(), peakHeapMiB(), m.checks().minimalNotBest() + m.checks().randomOutsideChoices() == 0 ? ""
                            : "  CHECKS FAILED " + m.checks());
        }
        if (out != null) {
            for (Path p : Routing000.writeFigures(all, out)) {
                System.out.println("wrote " + p);
            }
        }
    }

    private static void resetPeaks() {
        System.gc();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
            }
        }
    }

    // the sum of the heap pools' peaks: an upper bound on the heap in use at any one time
    private static double peakHeapMiB() {
        long bytes = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                bytes += pool.getPeakUsage().getUsed();
            }
        }
        return bytes / (double) (1 << 20);
    }
}
