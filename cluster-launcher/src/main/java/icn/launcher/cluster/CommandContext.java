package icn.launcher.cluster;

import icn.launcher.output.Session;
import java.io.PrintStream;
import java.util.List;

/**
 * What a command is handed to run with, instead of reaching for process-wide state: its {@link Session} (console, results,
 * progress, rows measured so far, why it failed) and its {@link Engines} (this machine, or the workers a standing cluster's head
 * gave its job). {@code icn} makes one per command line; a job runner one per job; picocli's factory hands it to each command
 * ({@code Icn.factory}).
 */
public record CommandContext(Session session, Engines engines) {

    /** A command line {@code args} run on this machine, writing to this process's stdout and stderr as they are now. */
    public static CommandContext thisMachine(List<String> args) {
        return new CommandContext(Session.of(icn.launcher.output.Console.system(), args), Engines.thisMachine());
    }

    public PrintStream out() {
        return session.out();
    }

    public PrintStream err() {
        return session.err();
    }
}
