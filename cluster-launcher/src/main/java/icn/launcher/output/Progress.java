package icn.launcher.output;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Progress of long runs on stderr (stdout is for results): one line per event, overwritten in place on a terminal. A run of N
 * items says which one it is at, and once one has finished, about how long the rest will take.
 */
public final class Progress {

    /** Runs expected to take less than this in all get no estimate of the time left: it would be gone before it is read. */
    static final double ESTIMATE_FROM_SECONDS = 3;

    private final PrintStream err;
    private final boolean quiet;
    private final boolean terminal;
    private final LongSupplier nanos;
    private final long start;
    // the items' estimate: when the first item this run of items was announced, its number, and how many there are
    private long itemsStart;
    private int firstItem;
    private int lastItem;
    private int items = -1;

    public Progress(boolean quiet) {
        this(quiet, Console.err(), Console.terminal(), System::nanoTime);
    }

    /** For tests: where the lines go, whether they overwrite each other, and the clock. */
    public Progress(boolean quiet, PrintStream err, boolean terminal, LongSupplier nanos) {
        this.quiet = quiet;
        this.err = err;
        this.terminal = terminal;
        this.nanos = nanos;
        this.start = nanos.getAsLong();
    }

    public void step(String line) {
        if (quiet) {
            return;
        }
        String text = String.format(Locale.ROOT, "[%6.1fs] %s", (nanos.getAsLong() - start) / 1e9, line);
        if (terminal) {
            err.print("\r\033[K" + text);
        } else {
            err.println(text);
        }
        err.flush();
    }

    /**
     * Item {@code k} of {@code n} (from 1) starts, or goes on: {@code 3 of 8 · label · ~20 s left}, the time left estimated from
     * the time the items before it took since the first one this progress was told of.
     */
    public void item(int k, int n, String label) {
        long now = nanos.getAsLong();
        if (n != items || k < lastItem) {
            items = n;
            firstItem = k;
            itemsStart = now;
        }
        lastItem = k;
        String left = "";
        int finished = k - firstItem;
        if (finished > 0) {
            double elapsed = (now - itemsStart) / 1e9;
            double remaining = elapsed / finished * (n - k + 1);
            if (elapsed + remaining >= ESTIMATE_FROM_SECONDS) {
                left = " · " + left(remaining);
            }
        }
        step(k + " of " + n + " · " + label + left);
    }

    /** About how long is left, as precisely as is worth saying: {@code ~20 s left}, {@code ~4 min left}, {@code ~1.5 h left}. */
    public static String left(double seconds) {
        long s = Math.max(1, Math.round(seconds));
        if (s < 60) {
            return "~" + s + " s left";
        }
        if (s < 90 * 60) {
            return "~" + Math.round(s / 60.0) + " min left";
        }
        return String.format(Locale.ROOT, "~%.1f h left", s / 3600.0);
    }

    public void done() {
        if (!quiet && terminal) {
            err.print("\r\033[K");
            err.flush();
        }
    }
}
