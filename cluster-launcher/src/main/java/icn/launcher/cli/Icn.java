package icn.launcher.cli;

import icn.launcher.output.Console;
import icn.launcher.ExitCodes;
import icn.launcher.Version;
import icn.launcher.cluster.ClusterException;
import icn.launcher.cluster.GcWatchdog;
import icn.launcher.output.Logs;
import icn.launcher.output.Results;
import icn.launcher.output.Texts;
import icn.protocols.InvalidInputException;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code icn} command: runs the papers' algorithms as message passing between node actors. */
@Command(name = "icn", mixinStandardHelpOptions = true, version = Version.VERSION,
        description = "Cluster emulator for interconnection-network research: every node of the network is an actor.")
public final class Icn implements Runnable {

    /** The commands, in the order `icn --help` lists them (added by {@link #commandLine(String)}). */
    private static final List<Class<?>> COMMANDS = List.of(RunCommand.class, BroadcastCommand.class, TopologyCommand.class,
            CompareCommand.class, ClaimsCommand.class, FaultsCommand.class, BenchCommand.class, WorkerCommand.class,
            CoordinatorCommand.class, ClusterCommand.class, RouteCommand.class, TrafficCommand.class, ReproduceCommand.class, Icn.Help.class);

    @picocli.CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(Console.out());
    }

    public static void main(String[] args) {
        if (Submit.applies(args)) {
            // a submitter only talks HTTP to a standing cluster: no logging, no collector watchdog, no command model to build
            int code = Submit.run(args);
            Console.out().flush();
            System.exit(code);
        }
        System.setProperty("java.awt.headless", "true");
        // Start logging before Akka does, or SLF4J reports on stderr that it replayed calls made during its own start-up.
        org.slf4j.LoggerFactory.getLogger(Icn.class);
        boolean worker = args.length > 0 && args[0].equals("worker");
        boolean head = args.length > 1 && args[0].equals("cluster") && args[1].equals(ClusterCommand.HEAD);
        GcWatchdog.start(worker ? "icn worker" : head ? "icn cluster head" : "icn");
        if (worker || head) {
            Logs.verbose(); // a worker's or head's stderr is its log (a file when a run started it), read for heartbeat warnings
        }
        int code = execute(args);
        Console.out().flush();
        System.exit(code);
    }

    /** Runs the command line and returns its exit code (tests call this instead of main). */
    public static int execute(String... args) {
        return execute(args, List.of(args));
    }

    /**
     * Runs {@code args} as a command typed as {@code shown} (what the manifests record): a standing cluster's head runs a submitted
     * command with its own results directory and files, as the submitter typed it.
     */
    public static int execute(String[] args, List<String> shown) {
        if (!icn.launcher.cluster.Engines.standing() && Submit.applies(args)) {
            return Submit.run(args); // to a standing cluster, whose head parses and runs it
        }
        CommandLine cli = commandLine(args.length > 0 ? args[0] : null);
        Results.commandLine(shown.toArray(String[]::new));
        int code;
        try {
            code = cli.execute(args);
        } catch (OutOfMemoryError e) {
            code = outOfHeap(cli);
        }
        Results.endOpen(code);
        return code;
    }

    /**
     * A command that ran out of heap outside the runs the estimate checks (a table or a census of a big network built on a small
     * heap): one line naming the heap and what to do, exit 1, instead of the JVM's stack trace. What the command held is
     * unreachable by now, so the line can be written.
     */
    private static int outOfHeap(CommandLine cli) {
        long max = Runtime.getRuntime().maxMemory();
        String why = String.format(java.util.Locale.ROOT, "out of heap (-Xmx %.1f GiB): run with a larger ICN_HEAP, e.g. ICN_HEAP=%dg",
                max / (double) (1L << 30), Math.max(1, 2 * ((max + (1L << 30) - 1) >> 30)));
        cli.getErr().println("icn: " + why);
        cli.getErr().flush();
        Results.failed(why);
        return ExitCodes.RUN_FAILED;
    }

    /** The whole command tree, with its handlers; tests parse the documentation's command lines with it. */
    public static CommandLine commandLine() {
        return commandLine(null);
    }

    /**
     * The command tree {@link #execute} runs for a command line whose first word is {@code first}: when that names a command,
     * the tree holds that command alone (its subcommands included), else every command (for {@code icn --help}, {@code icn help
     * ...}, a mistyped command). Picocli reads every command's options by reflection when it builds the tree, and on a JVM's
     * cold code building all of them took about 0.3 s of every command and of every worker JVM's start.
     */
    public static CommandLine commandLine(String first) {
        CommandLine cli = new CommandLine(new Icn());
        boolean one = first != null && !first.equals("help") && COMMANDS.stream().anyMatch(c -> name(c).equals(first));
        for (Class<?> c : COMMANDS) {
            if (!one || name(c).equals(first)) {
                cli.addSubcommand(name(c), c);
            }
        }
        paragraphs(cli);
        cli.setOut(new PrintWriter(Console.out(), true));
        cli.setErr(new PrintWriter(Console.err(), true));
        cli.setUsageHelpAutoWidth(true);
        cli.setParameterExceptionHandler(Icn::badParameter);
        cli.setExecutionExceptionHandler(Icn::failed);
        cli.setExecutionStrategy(parseResult -> {
            // the command that runs (the last of the parsed chain), for the manifests: "faults coverage", "run"
            List<CommandLine> chain = parseResult.asCommandLineList();
            Results.command(chain.get(chain.size() - 1).getCommandSpec().qualifiedName(" "));
            return new CommandLine.RunLast().execute(parseResult);
        });
        return cli;
    }

    private static String name(Class<?> command) {
        return command.getAnnotation(Command.class).name();
    }

    /**
     * {@code icn help [COMMAND [SUBCOMMAND]]}: picocli's own help command takes one word, so {@code icn help faults coverage} printed
     * the help of {@code faults}. This one follows the words down the command tree and prints the usage of the last.
     */
    @Command(name = "help", helpCommand = true,
            description = "Display help information about the specified command, e.g. 'icn help faults coverage'.")
    static final class Help implements CommandLine.IHelpCommandInitializable2, java.util.concurrent.Callable<Integer> {

        @CommandLine.Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The command (and subcommand) to show the usage of.")
        List<String> commands = List.of();

        private CommandLine self;
        private PrintWriter out;
        private CommandLine.Help.ColorScheme colors;

        @Override
        public void init(CommandLine helpCommandLine, CommandLine.Help.ColorScheme colorScheme, PrintWriter out, PrintWriter err) {
            this.self = helpCommandLine;
            this.colors = colorScheme;
            this.out = out;
        }

        @Override
        public Integer call() {
            CommandLine target = self.getParent();
            for (String word : commands) {
                CommandLine sub = target.getSubcommands().get(word);
                if (sub == null) {
                    // picocli ends a help request with the usage-help exit code whatever the command returns: bad input is thrown
                    throw new InvalidInputException("'" + target.getCommandSpec().qualifiedName() + "' has no command '" + word
                            + "' (see '" + target.getCommandSpec().qualifiedName() + " --help')");
                }
                target = sub;
            }
            target.usage(out, colors);
            out.flush();
            return 0;
        }
    }

    /**
     * Descriptions are written in the sources as arrays of source-width lines; picocli would print every element on a line of its
     * own (ragged once it wraps them at the terminal's width) and list only the first one in a command's list of subcommands. Each
     * becomes one paragraph, wrapped by picocli.
     */
    private static void paragraphs(CommandLine cli) {
        CommandLine.Model.CommandSpec spec = cli.getCommandSpec();
        String[] description = spec.usageMessage().description();
        if (description.length > 1) {
            spec.usageMessage().description(String.join(" ", description));
        }
        for (CommandLine.Model.OptionSpec o : new java.util.ArrayList<>(spec.options())) {
            if (o.description().length > 1) {
                spec.remove(o);
                spec.addOption(o.toBuilder().description(String.join(" ", o.description())).build());
            }
        }
        cli.getSubcommands().values().forEach(Icn::paragraphs);
    }

    private static int badParameter(CommandLine.ParameterException e, String[] args) {
        PrintWriter err = e.getCommandLine().getErr();
        CommandLine.Model.CommandSpec spec = e.getCommandLine().getCommandSpec();
        String option = unknownOption(spec, args);
        List<String> stray = stray(spec, args);
        // in a group of commands (icn, icn faults, icn bench) a stray word is a mistyped command, which comes first
        if (option != null && (spec.subcommands().isEmpty() || stray.isEmpty())) {
            // a mistyped option: its value would otherwise be named as the stray word, or a required option as missing
            List<String> names = spec.options().stream().flatMap(o -> java.util.Arrays.stream(o.names())).toList();
            err.println("icn: unknown option '" + option + "'" + meant(option, names) + " (see '" + spec.qualifiedName() + " --help')");
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
        if (!stray.isEmpty()) {
            // a stray word is the likelier mistake than the option picocli missed: name it, and the option it may have meant
            String word = stray.get(0);
            boolean network = word.contains(":") && spec.findOption("--topology") != null;
            err.println("icn: unexpected argument '" + word + "'" + (network ? " (a network is given as --topology " + word + ")" : "")
                    + meant(word, spec.subcommands().keySet()) + " (see '" + spec.qualifiedName() + " --help')");
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
        err.println("icn: " + Texts.firstLine(e.getMessage()) + " (see '" + spec.qualifiedName() + " --help')");
        err.flush();
        return ExitCodes.BAD_INPUT;
    }

    /** The first word of {@code args} that looks like an option (--name or --name=value) and is none of the command's. */
    static String unknownOption(CommandLine.Model.CommandSpec spec, String[] args) {
        for (String a : args) {
            if (a.equals("--")) {
                return null;
            }
            if (a.startsWith("--") && a.length() > 2) {
                String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
                if (spec.findOption(name) == null) {
                    return name;
                }
            }
        }
        return null;
    }

    /** " (did you mean 'topology'?)": the closest of {@code candidates} if it is within two edits of {@code word}; else nothing. */
    public static String meant(String word, java.util.Collection<String> candidates) {
        String best = null;
        int bestDistance = 3;
        for (String candidate : candidates) {
            int d = editDistance(word, candidate);
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return best == null || best.equals(word) ? "" : " (did you mean '" + best + "'?)";
    }

    /** Levenshtein distance: insertions, deletions and substitutions of one character. */
    public static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }

    /** The words of {@code args} that are neither the command's names, its options, their values, nor positional parameters. */
    static List<String> stray(CommandLine.Model.CommandSpec spec, String[] args) {
        List<String> names = new java.util.ArrayList<>(List.of(spec.qualifiedName(" ").split(" ")));
        names.remove(0); // "icn"
        List<String> stray = new java.util.ArrayList<>();
        boolean positionals = !spec.positionalParameters().isEmpty();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!names.isEmpty() && a.equals(names.get(0))) {
                names.remove(0);
                continue;
            }
            if (a.startsWith("-")) {
                String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
                CommandLine.Model.OptionSpec o = spec.findOption(name);
                if (o != null && !a.contains("=") && o.arity().max() > 0 && !o.typeInfo().isBoolean()) {
                    i++; // its value
                }
                continue;
            }
            if (!positionals) {
                stray.add(a);
            }
        }
        return stray;
    }

    private static int failed(Exception e, CommandLine cli, CommandLine.ParseResult parseResult) {
        PrintWriter err = cli.getErr();
        Throwable cause = e;
        while (!(cause instanceof InvalidInputException) && !(cause instanceof ClusterException)
                && !(cause instanceof icn.node.engine.RunFailedException) && cause.getCause() != null
                && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        if (cause instanceof ClusterException || cause instanceof icn.node.engine.RunFailedException) {
            err.println("icn: " + Texts.firstLine(cause.getMessage()));
            Results.failed(Texts.firstLine(cause.getMessage()));
            err.flush();
            return ExitCodes.RUN_FAILED;
        }
        if (cause instanceof InvalidInputException) {
            err.println("icn: " + Texts.firstLine(cause.getMessage()));
            Results.failed(Texts.firstLine(cause.getMessage()));
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
        err.println("icn: " + e.getClass().getSimpleName() + ": " + Texts.firstLine(String.valueOf(e.getMessage())));
        Results.failed(e.getClass().getSimpleName() + ": " + Texts.firstLine(String.valueOf(e.getMessage())));
        if (System.getenv("ICN_DEBUG") != null) {
            e.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.RUN_FAILED;
    }

}
