package icn.launcher.output;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Where one command writes: its results and tables on {@link #out()}, progress and one-line errors on {@link #err()}. A command run
 * from the shell has this process's stdout and stderr ({@link #system()}); a job runner's job has its job's files. Each command's
 * {@link Session} holds its own, so two commands in one JVM never write into each other's streams.
 */
public final class Console {

    private volatile PrintStream out;
    private volatile PrintStream err;
    private volatile boolean terminal;
    private volatile boolean silenced;

    /** {@code terminal}: whether stderr is a terminal (progress lines then overwrite each other). */
    public Console(PrintStream out, PrintStream err, boolean terminal) {
        this.out = out;
        this.err = err;
        this.terminal = terminal;
    }

    /** This process's stdout and stderr, as they are now. */
    public static Console system() {
        return new Console(System.out, System.err, System.console() != null);
    }

    public PrintStream out() {
        return out;
    }

    public PrintStream err() {
        return err;
    }

    /** Whether stderr is a terminal (progress lines then overwrite each other). */
    public boolean terminal() {
        return terminal;
    }

    /**
     * Ends what the command writes, for a process that is being ended (Ctrl-C): from now on {@link #out()} and {@link #err()} write
     * nowhere, so that a command failing as its machines stop adds nothing to the one line the interruption ends with. Returns the
     * stderr in place before, for that line.
     */
    PrintStream silence() {
        PrintStream before = err;
        out.flush();
        PrintStream sink = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        silenced = true;
        out = sink;
        err = sink;
        terminal = false;
        return before;
    }

    /** Whether {@link #silence} was called: writers that hold a stream of their own (progress, picocli's) then write nothing. */
    public boolean silenced() {
        return silenced;
    }
}
