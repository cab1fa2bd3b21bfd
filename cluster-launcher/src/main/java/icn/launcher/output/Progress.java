package icn.launcher.output;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Progress of long runs on stderr (stdout is for results), in one format for every command: {@code [  12.3s] 3 of 8 · what ·
 * ~30 s left}, one line per event, overwritten in place on a terminal. The estimate is the time measured since the first item of
 * this run of items, scaled by the share of the work done since then: items count alike unless the caller gives their weights
 * (a plan's seconds per item, sources done within an item). No estimate is printed before anything has finished or for a run too
 * short to read one; one larger than {@link #MAX_RATIO} times the time measured so far says {@code estimating} instead, so an
 * estimate never exceeds ten times the elapsed time, however badly the first items predict the rest.
 */
public final class Progress {

    /** Runs expected to take less than this in all get no estimate of the time left: it would be gone before it is read. */
    static final double ESTIMATE_FROM_SECONDS = 3;
    /** An estimate of more than this many times the time measured so far rests on too little work: "estimating" instead. */
    static final double MAX_RATIO = 10;
    /** "[3/8] rest": an item count scenario code puts at the start of its own lines (the rates of a traffic curve). */
    private static final Pattern COUNTED = Pattern.compile("\\[(\\d+)/(\\d+)\\] (.*)", Pattern.DOTALL);

    /** The command's session: what it keeps of the lines, and whether its stderr was silenced. */
    private final Session session;
    private final PrintStream err;
    private final boolean quiet;
    private final boolean terminal;
    private final LongSupplier nanos;
    private final long start;
    // this run of items: when it began, how many items it has, the last item told of, and the share of the work done at its start
    private long itemsStart;
    private int items = -1;
    private int lastItem;
    private double itemsFraction;

    /** Progress lines of {@code session}'s command, on its stderr ({@code quiet}: kept only, as with {@code --json}). */
    public Progress(Session session, boolean quiet) {
        this(session, quiet, session.err(), session.console().terminal(), System::nanoTime);
    }

    /** For tests: where the lines go, whether they overwrite each other, and the clock. */
    public Progress(Session session, boolean quiet, PrintStream err, boolean terminal, LongSupplier nanos) {
        this.session = session;
        this.quiet = quiet;
        this.err = err;
        this.terminal = terminal;
        this.nanos = nanos;
        this.start = nanos.getAsLong();
    }

    /**
     * What an experiment of this command tells as it runs: its progress lines to {@code lines}, the rows it measures into the
     * command's results directory (kept as measured so far, for a run that is interrupted).
     */
    public icn.scenarios.report.Observer observing(java.util.function.Consumer<String> lines) {
        return icn.scenarios.report.Observer.of(lines, session::measured);
    }

    /** A row the command measured, kept in its results directory as measured so far ({@link Session#measured}). */
    public void row(String file, String header, String row) {
        session.measured(file, header, row);
    }

    /** One line: {@code [  12.3s] line}. Kept for an interrupted run's report also when quiet ({@code --json}). */
    public void step(String line) {
        String text = String.format(Locale.ROOT, "[%6.1fs] %s", (nanos.getAsLong() - start) / 1e9, line);
        session.remember(text);
        if (quiet || session.console().silenced()) {
            return;
        }
        if (terminal) {
            err.print("\r\033[K" + text);
            session.lineOpen(true);
        } else {
            err.println(text);
        }
        err.flush();
    }

    /** A line of scenario code: one that starts with its own count, {@code [3/8] rest}, is item 3 of 8; any other, a {@link #step}. */
    public void line(String line) {
        Matcher m = COUNTED.matcher(line);
        if (m.matches()) {
            item(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), m.group(3));
        } else {
            step(line);
        }
    }

    /** Lines that are each the next of {@code n} items, all alike: {@code 1 of n · line}, {@code 2 of n · line}, ... */
    public Consumer<String> counted(int n) {
        int[] k = {0};
        return line -> item(Math.min(++k[0], n), n, line);
    }

    /** Item {@code k} of {@code n} (from 1) starts, or goes on, the items counting alike: {@code 3 of 8 · label · ~20 s left}. */
    public void item(int k, int n, String label) {
        item(k, n, label, k - 1, n);
    }

    /**
     * Item {@code k} of {@code n} starts or goes on, {@code done} of the whole work's {@code total} done (in any unit: a plan's
     * seconds, items and the share of this one): {@code 3 of 8 · label · ~20 s left}, the time left estimated from the time since
     * the first item this progress was told of in this run of items, over the work done since.
     */
    public void item(int k, int n, String label, double done, double total) {
        long now = nanos.getAsLong();
        double fraction = total > 0 && done >= 0 ? Math.min(1, done / total) : (k - 1) / (double) Math.max(1, n);
        if (n != items || k < lastItem || fraction < itemsFraction) {
            items = n;
            itemsStart = now;
            itemsFraction = fraction;
        }
        lastItem = k;
        double since = itemsFraction >= 1 ? 0 : (fraction - itemsFraction) / (1 - itemsFraction);
        step(k + " of " + n + " · " + nested(label) + estimate((now - itemsStart) / 1e9, since));
    }

    /**
     * What a progress line says of the time left, {@code elapsed} seconds into a run whose share {@code done} (0..1) is done:
     * nothing before anything is done, when everything is, or when the run is too short to read an estimate; {@code · estimating}
     * while the estimate would exceed {@link #MAX_RATIO} times the time measured; else {@code · ~20 s left}.
     */
    public static String estimate(double elapsed, double done) {
        if (!(done > 0) || done >= 1 || !(elapsed > 0)) {
            return "";
        }
        double remaining = elapsed * (1 - done) / done;
        if (elapsed + remaining < ESTIMATE_FROM_SECONDS) {
            return "";
        }
        if (remaining > MAX_RATIO * elapsed) {
            return " · estimating";
        }
        return " · " + left(remaining);
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

    /** A label that carries its own count, {@code [2/3] rest}, as {@code rest (2 of 3)}: one way of counting on every line. */
    static String nested(String label) {
        Matcher m = COUNTED.matcher(label);
        return m.matches() ? m.group(3) + " (" + m.group(1) + " of " + m.group(2) + ")" : label;
    }

    public void done() {
        if (!quiet && terminal && !session.console().silenced()) {
            err.print("\r\033[K");
            err.flush();
            session.lineOpen(false);
        }
    }
}
