package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;
import icn.launcher.ExitCodes;
import icn.launcher.Version;
import icn.launcher.cluster.ClusterException;
import icn.launcher.cluster.GcWatchdog;
import icn.launcher.output.Logs;
import icn.launcher.output.Session;
import icn.launcher.output.Texts;
import icn.protocols.InvalidInputException;
import java.io.PrintStream;
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
            CoordinatorCommand.class, ClusterCommand.class, JobsCommand.class, RouteCommand.class, TrafficCommand.class, ReproduceCommand.class, HelpCommand.class);

    private final CommandContext ctx;

    @picocli.CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    Icn(CommandContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void run() {
        spec.commandLine().usage(ctx.out());
    }

    public static void main(String[] args) {
        CommandContext ctx = CommandContext.thisMachine(List.of(args));
        if (Submit.applies(args)) {
            // a submitter only talks HTTP to a standing cluster: no logging, no collector watchdog, no command model to build
            int code = Submit.run(ctx, args);
            ctx.out().flush();
            System.exit(code);
        }
        System.setProperty("java.awt.headless", "true");
        // Start logging before Akka does, or SLF4J reports on stderr that it replayed calls made during its own start-up.
        org.slf4j.LoggerFactory.getLogger(Icn.class);
        boolean worker = args.length > 0 && args[0].equals("worker");
        boolean head = args.length > 1 && args[0].equals("cluster") && args[1].equals(ClusterCommand.HEAD);
        GcWatchdog.start(worker ? "icn worker" : head ? "icn cluster head" : "icn");
        Interrupts interrupts = null;
        if (worker || head) {
            Logs.verbose(); // a worker's or head's stderr is its log (a file when a run started it), read for heartbeat warnings
        } else {
            interrupts = Interrupts.install(ctx.session());
        }
        int code = execute(ctx, args);
        ctx.out().flush();
        if (interrupts != null) {
            interrupts.ended();
        }
        System.exit(code);
    }

    /** Runs the command line on this machine, writing to System.out and System.err as they are now, and returns its exit code. */
    public static int execute(String... args) {
        return execute(CommandContext.thisMachine(List.of(args)), args);
    }

    /**
     * Runs the command line with {@code ctx} (its console, results and machines: this machine's for {@code icn}, a job's in a job
     * runner) and returns its exit code; the manifest records the arguments that ran.
     */
    public static int execute(CommandContext ctx, String... args) {
        if (!ctx.engines().standing() && Submit.applies(args)) {
            return Submit.run(ctx, args); // to a standing cluster, whose head checks it and has it run
        }
        CommandLine cli = commandLine(ctx, args.length > 0 ? args[0] : null);
        int code;
        try {
            code = cli.execute(args);
        } catch (OutOfMemoryError e) {
            code = outOfHeap(ctx, cli);
        }
        ctx.session().endOpen(code);
        return code;
    }

    /**
     * Refuses a command line this parser refuses, with the line the command would print (an InvalidInputException, without its
     * "icn: "), running nothing: a standing cluster's head checks a submission so before it queues it.
     */
    public static void refuseUnparsable(List<String> args) {
        String[] words = args.toArray(String[]::new);
        CommandLine cli = commandLine(words.length > 0 ? words[0] : null);
        java.io.StringWriter said = new java.io.StringWriter();
        cli.setErr(new PrintWriter(said, true));
        try {
            cli.parseArgs(words);
        } catch (CommandLine.ParameterException e) {
            badParameter(e, words);
            String line = said.toString().strip();
            throw new icn.protocols.InvalidInputException(line.startsWith("icn: ") ? line.substring("icn: ".length()) : line);
        }
    }

    /**
     * A command that ran out of heap outside the runs the estimate checks (a table or a census of a big network built on a small
     * heap): one line naming the heap and what to do, exit 1, instead of the JVM's stack trace. What the command held is
     * unreachable by now, so the line can be written.
     */
    private static int outOfHeap(CommandContext ctx, CommandLine cli) {
        if (ctx.session().console().silenced()) {
            return ExitCodes.CANCELLED;
        }
        long max = Runtime.getRuntime().maxMemory();
        String why = String.format(java.util.Locale.ROOT, "out of heap (-Xmx %.1f GiB): run with a larger ICN_HEAP, e.g. ICN_HEAP=%dg",
                max / (double) (1L << 30), Math.max(1, 2 * ((max + (1L << 30) - 1) >> 30)));
        cli.getErr().println("icn: " + why);
        cli.getErr().flush();
        ctx.session().failed(why);
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
        return commandLine(CommandContext.thisMachine(List.of()), first);
    }

    /** As {@link #commandLine(String)}, each command made with {@code ctx} ({@link #factory}). */
    static CommandLine commandLine(CommandContext ctx, String first) {
        CommandLine cli = new CommandLine(new Icn(ctx), factory(ctx));
        boolean one = first != null && !first.equals("help") && COMMANDS.stream().anyMatch(c -> name(c).equals(first));
        for (Class<?> c : COMMANDS) {
            if (!one || name(c).equals(first)) {
                cli.addSubcommand(name(c), c);
            }
        }
        // the routings of every kind, listed in --help from the registries: this command tree's own bundle, read only for help
        cli.setResourceBundle(new java.util.ListResourceBundle() {
            @Override
            protected Object[][] getContents() {
                return new Object[][] {{"icn.help.traffic-routings", icn.node.kind.RoutingLists.traffic()},
                    {"icn.help.route-routings", icn.node.kind.RoutingLists.route()}};
            }
        });
        paragraphs(cli);
        // No @FILE expansion (issue 36): a standing cluster's head runs submitted command lines through this same tree, and
        // "@/path" read a file of the head's as arguments, echoed back in the errors. Off for local runs too: the shell already
        // reads a file into arguments for whoever wants that, no documented command line uses it, and '@' may start a word that
        // is meant as it is (a node of a file network may be named "@a").
        cli.setExpandAtFiles(false);
        cli.setOut(new PrintWriter(ctx.out(), true));
        cli.setErr(new PrintWriter(ctx.err(), true));
        cli.setUsageHelpAutoWidth(true);
        cli.setParameterExceptionHandler(Icn::badParameter);
        cli.setExecutionExceptionHandler((e, c, parsed) -> failed(ctx, e, c));
        cli.setExecutionStrategy(parseResult -> {
            // the command that runs (the last of the parsed chain), for the manifests: "faults coverage", "run"
            List<CommandLine> chain = parseResult.asCommandLineList();
            CommandLine last = chain.get(chain.size() - 1);
            ctx.session().command(last.getCommandSpec().qualifiedName(" "));
            checkOut(chain, last);
            return new CommandLine.RunLast().execute(parseResult);
        });
        return cli;
    }

    /**
     * Refuses an {@code --out} that cannot hold results directories (a file) before the command runs: bad input, one line and exit
     * 2, instead of a run that is lost when its directory cannot be made.
     */
    private static void checkOut(List<CommandLine> chain, CommandLine last) {
        if (chain.stream().anyMatch(c -> c.isUsageHelpRequested() || c.isVersionHelpRequested())) {
            return;
        }
        CommandLine.Model.OptionSpec out = last.getCommandSpec().findOption("--out");
        String problem = out != null && out.getValue() instanceof java.nio.file.Path p ? icn.launcher.output.Results.outProblem(p) : null;
        if (problem != null) {
            throw new CommandLine.ParameterException(last, problem);
        }
    }

    /**
     * Makes each command, subcommand and mixin of the tree: one with a constructor that takes a {@link CommandContext} gets
     * {@code ctx} (its console, results and machines: nothing is looked up in process-wide state); others as picocli would.
     */
    public static CommandLine.IFactory factory(CommandContext ctx) {
        CommandLine.IFactory fallback = CommandLine.defaultFactory();
        return new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> cls) throws Exception {
                for (java.lang.reflect.Constructor<?> c : cls.getDeclaredConstructors()) {
                    if (c.getParameterCount() == 1 && c.getParameterTypes()[0] == CommandContext.class) {
                        c.setAccessible(true);
                        return cls.cast(c.newInstance(ctx));
                    }
                }
                return fallback.create(cls);
            }
        };
    }

    private static String name(Class<?> command) {
        return command.getAnnotation(Command.class).name();
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
        String option = Suggestions.unknownOption(spec, args);
        List<String> stray = Suggestions.stray(spec, args);
        // in a group of commands (icn, icn faults, icn bench) a stray word is a mistyped command, which comes first
        if (option != null && (spec.subcommands().isEmpty() || stray.isEmpty())) {
            // a mistyped option: its value would otherwise be named as the stray word, or a required option as missing
            List<String> names = spec.options().stream().flatMap(o -> java.util.Arrays.stream(o.names())).toList();
            err.println("icn: unknown option '" + option + "'" + Suggestions.meant(option, names) + " (see '" + spec.qualifiedName() + " --help')");
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
        if (!stray.isEmpty()) {
            // a stray word is the likelier mistake than the option picocli missed: name it, and the option it may have meant
            String word = stray.get(0);
            boolean network = word.contains(":") && spec.findOption("--topology") != null;
            err.println("icn: unexpected argument '" + word + "'" + (network ? " (a network is given as --topology " + word + ")" : "")
                    + Suggestions.meant(word, spec.subcommands().keySet()) + " (see '" + spec.qualifiedName() + " --help')");
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
        err.println("icn: " + Texts.firstLine(e.getMessage()) + " (see '" + spec.qualifiedName() + " --help')");
        err.flush();
        return ExitCodes.BAD_INPUT;
    }

    private static int failed(CommandContext ctx, Exception e, CommandLine cli) {
        if (ctx.session().console().silenced()) {
            return ExitCodes.CANCELLED; // the process is being ended: its one line is the interruption's, the hook's
        }
        PrintWriter err = cli.getErr();
        Throwable cause = e;
        while (!(cause instanceof InvalidInputException) && !(cause instanceof ClusterException)
                && !(cause instanceof icn.node.engine.RunFailedException) && cause.getCause() != null
                && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        if (cause instanceof ClusterException || cause instanceof icn.node.engine.RunFailedException) {
            err.println("icn: " + Texts.firstLine(cause.getMessage()));
            ctx.session().failed(Texts.firstLine(cause.getMessage()));
            err.flush();
            return ExitCodes.RUN_FAILED;
        }
        if (cause instanceof InvalidInputException) {
            err.println("icn: " + Texts.firstLine(cause.getMessage()));
            ctx.session().failed(Texts.firstLine(cause.getMessage()));
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
        err.println("icn: " + e.getClass().getSimpleName() + ": " + Texts.firstLine(String.valueOf(e.getMessage())));
        ctx.session().failed(e.getClass().getSimpleName() + ": " + Texts.firstLine(String.valueOf(e.getMessage())));
        if (System.getenv("ICN_DEBUG") != null) {
            e.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.RUN_FAILED;
    }

    /**
     * Ctrl-C (SIGINT), SIGTERM and SIGHUP end a command as the JVM would, with exit code 128 + the signal's number (130, 143, 129),
     * but first mark the results directory of the command interrupted and end with one line on stderr, {@code icn: interrupted
     * (SIGINT) after 12.3 s; results/x is marked interrupted} ({@link Results#interrupted}). The signals are caught through
     * {@code sun.misc.Signal} (module jdk.unsupported), reached by reflection so that the build's -Werror has no internal API to warn
     * of; where that fails (-Xrs) the JVM's own handling stays and the shutdown hook still marks the directory, naming no signal. The
     * hook does nothing after a command that ended by itself ({@link #ended}), and gives up after {@link #LIMIT_MILLIS}: a stuck disk
     * must not keep a process someone asked to stop. Local worker JVMs stop as before, by their own hook.
     */
    static final class Interrupts {

        /** The longest the shutdown hook waits for the directory to be marked. */
        static final long LIMIT_MILLIS = 3_000;

        /** The session of this process's command: its results directories, and those of the jobs it runs, are what is marked. */
        private final Session session;
        private volatile boolean ended;
        private volatile boolean caught;
        private volatile String signal;
        private volatile Integer exitCode;

        private Interrupts(Session session) {
            this.session = session;
        }

        static Interrupts install(Session session) {
            Interrupts i = new Interrupts(session);
            Runtime.getRuntime().addShutdownHook(new Thread(i::atExit, "icn-interrupted"));
            i.catchSignals();
            return i;
        }

        /**
         * The command ended by itself: the exit that follows is no interruption. Not after a signal: a command that fails as its
         * machines stop under it ends too, and its directory is the interruption's to mark.
         */
        void ended() {
            if (signal == null) {
                ended = true;
            }
        }

        private void catchSignals() {
            try {
                Class<?> signalClass = Class.forName("sun.misc.Signal");
                Class<?> handlerClass = Class.forName("sun.misc.SignalHandler");
                java.lang.reflect.Method handle = signalClass.getMethod("handle", signalClass, handlerClass);
                java.lang.reflect.Method name = signalClass.getMethod("getName");
                java.lang.reflect.Method number = signalClass.getMethod("getNumber");
                Object handler = java.lang.reflect.Proxy.newProxyInstance(Icn.class.getClassLoader(), new Class<?>[] {handlerClass},
                        (proxy, method, a) -> switch (method.getName()) {
                            case "handle" -> {
                                signalled("SIG" + name.invoke(a[0]), (Integer) number.invoke(a[0]));
                                yield null;
                            }
                            case "equals" -> proxy == a[0];
                            case "hashCode" -> System.identityHashCode(proxy);
                            default -> "icn's signal handler";
                        });
                for (String s : List.of("INT", "TERM", "HUP")) {
                    try {
                        handle.invoke(null, signalClass.getConstructor(String.class).newInstance(s), handler);
                        caught = true;
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        // this JVM does not let the signal be handled (-Xrs, or the signal is its own): its handling stays
                    }
                }
            } catch (ReflectiveOperationException | RuntimeException e) {
                // no sun.misc.Signal: the JVM ends the process as before, and the hook marks the directory without the signal's name
            }
        }

        /** A caught signal: ends the process as the JVM's own handler would, the hook knowing why. */
        private void signalled(String name, int number) {
            exitCode = 128 + number;
            signal = name; // after the exit code: the hook reads the signal first
            System.exit(128 + number);
        }

        /**
         * The shutdown hook: unless the command ended by itself, silences what the dying command would still print, marks its results
         * directory (on a thread of its own, waited for at most {@link #LIMIT_MILLIS}) and prints the one line. An exit that was no
         * signal's (the collector watchdog's, which says why itself) marks the directory without a line.
         */
        private void atExit() {
            if (ended) {
                return;
            }
            String by = signal;
            boolean tell = by != null || !caught;
            if (!tell && !session.anyRunning()) {
                return;
            }
            boolean lineOpen = session.lineOpen(); // on a terminal, after a progress line (and the ^C the terminal echoed)
            PrintStream err = session.silence();
            java.util.concurrent.atomic.AtomicReference<String> line = new java.util.concurrent.atomic.AtomicReference<>();
            Thread mark = new Thread(() -> line.set(session.interrupted(by, exitCode)), "icn-mark-interrupted");
            mark.setDaemon(true);
            mark.start();
            try {
                mark.join(LIMIT_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (tell) {
                String text = line.get() != null ? line.get()
                        : session.interruptedLine(by) + "; its results directory could not be marked within " + LIMIT_MILLIS / 1000 + " s";
                err.println((lineOpen ? System.lineSeparator() : "") + text);
                err.flush();
            }
        }
    }
}
