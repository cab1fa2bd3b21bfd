package icn.launcher.cli;

import icn.launcher.pool.ClusterClient;
import icn.launcher.pool.SubmitArgs;
import icn.launcher.pool.Upload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Stack;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The one {@code --cluster [ADDRESS]} of every experiment command: the command runs on a standing cluster ({@code icn cluster
 * start}) instead of on this machine, with the same output, results directory and exit code. The files it names (a scenario, a
 * fault list) travel with it. Without ADDRESS, the cluster recorded on this machine.
 */
final class SubmitOptions {

    /** The value of a bare {@code --cluster}: the cluster this machine recorded. */
    static final String RECORDED = "";

    @Option(names = "--cluster", paramLabel = "ADDRESS", arity = "0..1", parameterConsumer = AddressOnly.class,
            description = "Run on a standing cluster (icn cluster start): the one at ADDRESS (its API, HOST:PORT), or without ADDRESS the"
                    + " one recorded on this machine. Output, results directory and exit code are those of a run here.")
    String cluster;

    /** Whether the command is to be submitted. */
    boolean requested() {
        return cluster != null;
    }

    /**
     * Takes the word after {@code --cluster} as its address only if it looks like one ({@code HOST:PORT}, a URL), so that {@code icn
     * run --cluster my-run.conf} keeps its scenario.
     */
    static final class AddressOnly implements CommandLine.IParameterConsumer {
        @Override
        public void consumeParameters(Stack<String> args, CommandLine.Model.ArgSpec argSpec, CommandLine.Model.CommandSpec commandSpec) {
            argSpec.setValue(!args.isEmpty() && SubmitArgs.looksLikeAddress(args.peek()) ? args.pop() : RECORDED);
        }
    }

    /**
     * Submits the parsed command: its words as typed ({@code args}, after {@code icn}), the files its {@code FILE} options and
     * its scenario name, results to its {@code --out} here; returns its exit code.
     */
    static int submit(CommandLine command, List<String> args) {
        SubmitOptions options = command.getCommandSpec().mixins().values().stream().map(m -> m.userObject())
                .filter(SubmitOptions.class::isInstance).map(SubmitOptions.class::cast).findFirst().orElseThrow();
        String address = options.cluster.equals(RECORDED) ? null : options.cluster;
        String out = SubmitArgs.out(args, System.getProperty("icn.results", "results"));
        return ClusterClient.of(address).submit(args, uploads(command), out);
    }

    /** The files the command names: values of its {@code FILE} options and a {@code SCENARIO} that is a file here. */
    private static List<Upload> uploads(CommandLine command) {
        List<String> paths = new ArrayList<>();
        CommandLine.Model.CommandSpec spec = command.getCommandSpec();
        for (CommandLine.Model.OptionSpec o : spec.options()) {
            if (o.paramLabel().contains("FILE") && o.getValue() != null) {
                paths.add(o.getValue().toString());
            }
        }
        for (CommandLine.Model.PositionalParamSpec p : spec.positionalParameters()) {
            if (p.paramLabel().contains("SCENARIO") && p.getValue() != null) {
                paths.add(p.getValue().toString());
            }
        }
        List<Upload> uploads = new ArrayList<>();
        for (String path : paths) {
            Path p = Path.of(path);
            if (Files.isRegularFile(p)) {
                try {
                    uploads.add(new Upload(path, Files.readAllBytes(p)));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
                }
            }
        }
        return uploads;
    }
}
