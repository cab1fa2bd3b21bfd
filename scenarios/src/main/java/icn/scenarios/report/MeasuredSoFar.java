package icn.scenarios.report;

/**
 * What a long command has measured so far, row by row as each row is measured (a fault curve's point, a traffic rate, a broadcast
 * run, a reproduced artifact): the results directory keeps these rows while the command runs, so that a run interrupted by Ctrl-C
 * or SIGTERM still holds what it measured up to then; a command that ends normally writes its whole results instead and the rows
 * are dropped. Nothing is kept where no results directory listens.
 */
public final class MeasuredSoFar {

    /** Where rows go: the results directory of the command running in this process, or nowhere. */
    @FunctionalInterface
    public interface Sink {
        void row(String file, String header, String row);
    }

    private static final Sink NOWHERE = (file, header, row) -> { };
    private static volatile Sink sink = NOWHERE;

    private MeasuredSoFar() {
    }

    /** Records one measured row of {@code file}, a CSV whose first line is {@code header}. */
    public static void row(String file, String header, String row) {
        sink.row(file, header, row);
    }

    /** Rows go to {@code to} from now on (null: nowhere). */
    public static void listen(Sink to) {
        sink = to == null ? NOWHERE : to;
    }
}
