package icn.launcher.cli;

import icn.protocols.InvalidInputException;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code icn help [COMMAND [SUBCOMMAND]]}: picocli's own help command takes one word, so {@code icn help faults coverage} printed
 * the help of {@code faults}. This one follows the words down the command tree and prints the usage of the last.
 */
@Command(name = "help", helpCommand = true,
        description = "Display help information about the specified command, e.g. 'icn help faults coverage'.")
final class HelpCommand implements CommandLine.IHelpCommandInitializable2, java.util.concurrent.Callable<Integer> {

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
