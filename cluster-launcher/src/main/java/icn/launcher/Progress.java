package icn.launcher;

import java.io.PrintStream;

/** Progress of long runs on stderr (stdout is for results): one line per event, overwritten in place on a terminal. */
final class Progress {

    private final PrintStream err = System.err;
    private final boolean quiet;
    private final boolean terminal = System.console() != null;
    private final long start = System.nanoTime();

    Progress(boolean quiet) {
        this.quiet = quiet;
    }

    void step(String line) {
        if (quiet) {
            return;
        }
        String text = String.format("[%6.1fs] %s", (System.nanoTime() - start) / 1e9, line);
        if (terminal) {
            err.print("\r\033[K" + text);
        } else {
            err.println(text);
        }
        err.flush();
    }

    void done() {
        if (!quiet && terminal) {
            err.print("\r\033[K");
            err.flush();
        }
    }
}
