package icn.node.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import java.util.function.Predicate;

/**
 * The independent runs of a sweep (seeds, sources, rates, rows), run as many at once as their engine can ({@link
 * Engine#parallelRuns}) and handed back in their order, so that what a sweep computes from them is what it computes when they run
 * one after another: the same points, aggregated in the same order, printed in the same order.
 */
public final class Sweeps {

    private Sweeps() {
    }

    /** The points {@code 0..n-1}, each computed by {@code point}, in order. */
    public static <T> List<T> map(Engine engine, int n, IntFunction<T> point) {
        return map(engine.parallelRuns(), n, point, t -> false, t -> { });
    }

    /**
     * As {@link #map(Engine, int, IntFunction)}, the sweep ending with the first point that is {@code last} (a saturated rate):
     * the points after it are not run, or, if they had started already beside it, their results are dropped, so that the result is
     * what the one-after-another sweep gives. A point that fails fails the sweep, unless an earlier point ended it.
     */
    public static <T> List<T> map(Engine engine, int n, IntFunction<T> point, Predicate<T> last) {
        return map(engine.parallelRuns(), n, point, last, t -> { });
    }

    /**
     * As above, at most {@code parallelRuns} at once; {@code inOrder} is handed each point kept, in their order, as soon as it and
     * every point before it are done (what a sweep records as measured so far).
     */
    public static <T> List<T> map(int parallelRuns, int n, IntFunction<T> point, Predicate<T> last, java.util.function.Consumer<T> inOrder) {
        int parallel = Math.min(n, Math.max(1, parallelRuns));
        List<T> out = new ArrayList<>();
        if (parallel <= 1) {
            for (int i = 0; i < n; i++) {
                T t = point.apply(i);
                out.add(t);
                inOrder.accept(t);
                if (last.test(t)) {
                    break;
                }
            }
            return out;
        }
        ExecutorService pool = Executors.newFixedThreadPool(parallel, r -> {
            Thread t = new Thread(r, "icn-sweep");
            t.setDaemon(true);
            return t;
        });
        List<Future<T>> futures = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                int index = i;
                futures.add(pool.submit(() -> point.apply(index)));
            }
            for (int i = 0; i < n; i++) {
                T t = futures.get(i).get();
                out.add(t);
                inOrder.accept(t);
                if (last.test(t)) {
                    break;
                }
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException("interrupted while the sweep's runs were going on", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new RunFailedException("a run of the sweep failed: " + cause, cause);
        } finally {
            futures.forEach(f -> f.cancel(true)); // the points after the last one, and any still running after a failure
            pool.shutdownNow();
        }
    }
}
