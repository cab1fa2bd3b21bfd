package icn.launcher.cli;

import icn.launcher.ExitCodes;
import icn.launcher.cluster.ClusterException;
import icn.launcher.cluster.CommandContext;
import icn.launcher.output.Texts;
import icn.launcher.pool.ClusterClient;
import icn.launcher.pool.SubmitArgs;
import icn.launcher.pool.Upload;
import icn.protocols.InvalidInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A command given {@code --cluster}: sent as typed to the standing cluster's head, which parses it, checks it and runs it as it
 * would run here; its output, results directory and exit code come back. The submitter does not parse it first: building the
 * command's picocli model took most of a submission's time on this side (0.2-0.3 s of a JVM whose whole life is 0.4 s), and the
 * head's parse gives the same one-line refusals. The files the command line names (a scenario, a fault list) travel with it.
 */
final class Submit {

    /** The commands that take {@code --cluster} (those with {@link SubmitOptions}); {@code SubmitTest} holds the list to them. */
    static final Set<String> COMMANDS = Set.of("broadcast", "route", "traffic", "compare", "run", "reproduce", "faults coverage",
            "faults routing", "faults cr-theorem", "topology");

    private Submit() {
    }

    /** Whether {@code args} are a command to submit: one of {@link #COMMANDS} with {@code --cluster}, not asking for help. */
    static boolean applies(String[] args) {
        if (args.length == 0 || !(COMMANDS.contains(args[0]) || args.length > 1 && COMMANDS.contains(args[0] + " " + args[1]))) {
            return false;
        }
        boolean cluster = false;
        for (String a : args) {
            if (a.equals("--")) {
                break;
            }
            if (a.equals("--help") || a.equals("-h") || a.equals("--version") || a.equals("-V")) {
                return false;
            }
            cluster |= a.equals("--cluster") || a.startsWith("--cluster=");
        }
        return cluster;
    }

    /** Submits {@code args} and returns the exit code; bad input or a cluster that does not answer is one line. */
    static int run(CommandContext ctx, String[] args) {
        List<String> words = List.of(args);
        try {
            return ClusterClient.of(address(words)).submit(ctx.session().console(), words, uploads(words), SubmitArgs.out(words, System.getProperty("icn.results",
                    "results")));
        } catch (InvalidInputException e) {
            ctx.err().println("icn: " + Texts.firstLine(e.getMessage()));
            return ExitCodes.BAD_INPUT;
        } catch (ClusterException | UncheckedIOException e) {
            ctx.err().println("icn: " + Texts.firstLine(e.getMessage()));
            return ExitCodes.RUN_FAILED;
        }
    }

    /** The address after {@code --cluster} (a word that looks like one, or {@code --cluster=ADDRESS}), or null: the recorded one. */
    static String address(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                break;
            }
            if (a.startsWith("--cluster=")) {
                return a.substring("--cluster=".length());
            }
            if (a.equals("--cluster") && i + 1 < args.size() && SubmitArgs.looksLikeAddress(args.get(i + 1))) {
                return args.get(i + 1);
            }
        }
        return null;
    }

    /**
     * Every argument (or {@code --option=value}'s value, or {@code file:PATH} network) that names a file here, with its bytes: the
     * head reads no file a submission did not send.
     */
    static List<Upload> uploads(List<String> args) {
        List<Upload> uploads = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (String path : SubmitArgs.withoutClusterAndOut(args).stream().flatMap(a -> SubmitArgs.named(a).stream()).toList()) {
            if (path.isEmpty() || path.startsWith("-") || seen.contains(path)) {
                continue;
            }
            try {
                Path p = Path.of(path);
                if (Files.isRegularFile(p)) {
                    uploads.add(new Upload(path, Files.readAllBytes(p)));
                    seen.add(path);
                }
            } catch (java.nio.file.InvalidPathException e) {
                // not a path
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
            }
        }
        return uploads;
    }
}
