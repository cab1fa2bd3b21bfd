package icn.launcher.cluster;

import icn.launcher.ExitCodes;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayDeque;
import java.util.Locale;

/**
 * Ends a run whose heap is too small instead of letting the collector thrash for minutes: the heap estimate refuses what will not
 * fit before anything is spawned, but a heap forced small (ICN_HEAP, -Xmx) or a program that holds more than estimated can still
 * leave the JVM collecting nearly all the time. Every second it reads how long the collectors ran; when over the last
 * {@value #WINDOW_SECONDS} s they took more than {@value #LIMIT_PERCENT} % of the time, it prints one line saying so (with the
 * heap's size and how full it stays) and ends the process with exit code 1, well within a minute of the thrashing starting.
 */
public final class GcWatchdog {

    static final int WINDOW_SECONDS = 20;
    static final int LIMIT_PERCENT = 80;

    private GcWatchdog() {
    }

    /** Starts watching this JVM on a daemon thread; {@code who} names the process in the message ("icn", "icn worker"). */
    public static void start(String who) {
        Thread t = new Thread(() -> watch(who), "icn-gc-watchdog");
        t.setDaemon(true);
        t.start();
    }

    private static void watch(String who) {
        ArrayDeque<long[]> samples = new ArrayDeque<>(); // {wall ms, total gc ms}
        while (true) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.currentTimeMillis();
            // the full collections a benchmark asks for to measure the live heap are not thrashing
            samples.addLast(new long[] {now, gcMillis() - icn.node.actor.LiveHeap.inducedMillis()});
            while (samples.size() > 1 && now - samples.peekFirst()[0] > WINDOW_SECONDS * 1000L) {
                samples.removeFirst();
            }
            long[] first = samples.peekFirst();
            long span = now - first[0];
            if (span < (WINDOW_SECONDS - 1) * 1000L) {
                continue;
            }
            long gc = samples.peekLast()[1] - first[1];
            if (gc * 100 > span * LIMIT_PERCENT) {
                Runtime rt = Runtime.getRuntime();
                System.err.printf(Locale.ROOT, "%s: the heap is too small for this run: the collector took %.0f s of the last %.0f s and"
                        + " the heap stays %.1f of %.1f GiB full; run with a bigger ICN_HEAP or on more JVMs (--jvms)%n", who, gc / 1e3,
                        span / 1e3, (rt.totalMemory() - rt.freeMemory()) / (double) (1L << 30), rt.maxMemory() / (double) (1L << 30));
                System.err.flush();
                // exit runs the shutdown hooks (local workers are stopped); if they hang on the starved heap, halt
                Thread halt = new Thread(() -> {
                    try {
                        Thread.sleep(10_000);
                    } catch (InterruptedException e) {
                        return;
                    }
                    Runtime.getRuntime().halt(ExitCodes.RUN_FAILED);
                }, "icn-gc-watchdog-halt");
                halt.setDaemon(true);
                halt.start();
                System.exit(ExitCodes.RUN_FAILED);
            }
        }
    }

    private static long gcMillis() {
        long sum = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            sum += Math.max(0, gc.getCollectionTime());
        }
        return sum;
    }
}
