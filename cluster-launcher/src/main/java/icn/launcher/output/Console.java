package icn.launcher.output;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Where a command writes: its results and tables on {@link #out()}, progress and one-line errors on {@link #err()}. Normally this
 * process's stdout and stderr; while a standing cluster's head runs a submitted command, the streams that carry them back to the
 * submitter ({@link #redirect}). The head runs one submission at a time, so there is one pair of streams at a time.
 */
public final class Console {

    private static volatile PrintStream out = System.out;
    private static volatile PrintStream err = System.err;
    private static volatile boolean terminal = System.console() != null;
    private static volatile boolean silenced;

    private Console() {
    }

    public static PrintStream out() {
        return out;
    }

    public static PrintStream err() {
        return err;
    }

    /** Whether stderr is a terminal (progress lines then overwrite each other); never while redirected. */
    public static boolean terminal() {
        return terminal;
    }

    /**
     * Ends what commands write, for a process that is being ended (Ctrl-C): from now on {@link #out()} and {@link #err()}, and
     * System.out and System.err (where the log's terminal lines go), write nowhere, so that a command failing as its machines stop
     * adds nothing to the one line the interruption ends with. Returns the stderr in place before, for that line.
     */
    public static PrintStream silence() {
        PrintStream before = err;
        out.flush();
        PrintStream sink = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        silenced = true;
        out = sink;
        err = sink;
        terminal = false;
        System.setOut(sink);
        System.setErr(sink);
        return before;
    }

    /** Whether {@link #silence} was called: writers that hold a stream of their own (progress, picocli's) then write nothing. */
    public static boolean silenced() {
        return silenced;
    }

    /** Sends what commands write to {@code newOut} and {@code newErr} until the returned handle is closed. */
    public static Redirect redirect(PrintStream newOut, PrintStream newErr) {
        Redirect previous = new Redirect(out, err, terminal);
        out = newOut;
        err = newErr;
        terminal = false;
        return previous;
    }

    /** Puts the streams that were in place before a {@link #redirect} back. */
    public static final class Redirect implements AutoCloseable {
        private final PrintStream out;
        private final PrintStream err;
        private final boolean terminal;

        private Redirect(PrintStream out, PrintStream err, boolean terminal) {
            this.out = out;
            this.err = err;
            this.terminal = terminal;
        }

        @Override
        public void close() {
            Console.out.flush();
            Console.err.flush();
            Console.out = out;
            Console.err = err;
            Console.terminal = terminal;
        }
    }
}
