package icn.node.actor;

/** The heap in use after a full collection, once it has settled (actors just spawned may still be starting on other threads). */
public final class LiveHeap {

    private static final java.util.concurrent.atomic.AtomicLong INDUCED_MILLIS = new java.util.concurrent.atomic.AtomicLong();

    private LiveHeap() {
    }

    /**
     * Milliseconds this JVM has spent in the full collections these measurements asked for: a collector watchdog leaves them out
     * (a full collection of millions of live actors takes seconds, and is the benchmark's doing, not a heap too small).
     */
    public static long inducedMillis() {
        return INDUCED_MILLIS.get();
    }

    /**
     * Collects until two readings 50 ms apart differ by less than 0.5 % (at most 4 collections): the bytes live in this JVM's
     * heap. For benchmarks only: it stops the world, and on millions of live actors a full collection takes seconds.
     */
    public static long settled() {
        long last = collect();
        for (int i = 0; i < 3; i++) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return last;
            }
            long now = collect();
            if (Math.abs(now - last) < last / 200) {
                return now;
            }
            last = now;
        }
        return last;
    }

    private static long collect() {
        long t0 = System.nanoTime();
        System.gc();
        INDUCED_MILLIS.addAndGet((System.nanoTime() - t0) / 1_000_000);
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}
