package icn.launcher.cli;

import icn.launcher.pool.SubmitArgs;
import java.util.Stack;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The one {@code --cluster [ADDRESS]} of every experiment command: the command runs on a standing cluster ({@code icn cluster
 * start}) instead of on this machine, with the same output, results directory and exit code. The files it names (a scenario, a
 * fault list) travel with it. Without ADDRESS, the cluster recorded on this machine. {@link Submit} sends such a command before
 * it is parsed here; this option is its place in the grammar (help, the head's parse).
 */
final class SubmitOptions {

    /** The value of a bare {@code --cluster}: the cluster this machine recorded. */
    static final String RECORDED = "";

    @Option(names = "--cluster", paramLabel = "ADDRESS", arity = "0..1", parameterConsumer = AddressOnly.class,
            description = "Run on a standing cluster (started by 'icn cluster start'): the one at ADDRESS (its API, HOST:PORT), or without ADDRESS the"
                    + " one recorded on this machine. Output, results directory and exit code are those of a run here.")
    String cluster;

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
}
