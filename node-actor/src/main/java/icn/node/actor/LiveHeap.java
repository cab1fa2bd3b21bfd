package icn.node.actor;

/** The heap in use after a full collection, once it has settled (actors just spawned may still be starting on other threads). */
public final class LiveHeap {

    private LiveHeap() {
    }

    /**
     * Collects until two readings 50 ms apart differ by less than 0.5 % (at most 2 s of waiting): the bytes live in this JVM's heap.
     * For benchmarks only: it stops the world and takes time.
     */
    public static long settled() {
        long last = collect();
        for (int i = 0; i < 40; i++) {
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
        System.gc();
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}
