package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.launcher.cli.Icn;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command line a help text prints ('icn …' in any command's description or any option's) parses as icn parses it. */
class HelpCommandLinesTest {

    @Test
    void everyCommandLineOfEveryHelpTextParses() {
        List<String> lines = new ArrayList<>();
        collect(Icn.commandLine(), lines);
        assertTrue(lines.size() >= 2, "the help texts print command lines: " + lines);
        List<String> refused = PrintedCommandLines.refused(lines);
        assertTrue(refused.isEmpty(), () -> "help texts print command lines icn refuses: " + refused);
    }

    @Test
    void theCheckCanFail() {
        assertEquals(1, PrintedCommandLines.refused(PrintedCommandLines.inHelp("see 'icn topology scc:4' and 'icn topology --topology scc:4'"))
                .size());
        assertEquals(List.of("icn faults cr-theorem --n 4"), PrintedCommandLines.inReport("Reproduce: `icn faults cr-theorem --n 4`."));
        assertEquals(1, PrintedCommandLines.refused(List.of("icn faults cr-theorem --n 4")).size());
    }

    private static void collect(CommandLine cli, List<String> lines) {
        CommandLine.Model.CommandSpec spec = cli.getCommandSpec();
        StringBuilder text = new StringBuilder(String.join(" ", spec.usageMessage().description()));
        spec.options().forEach(o -> text.append(' ').append(String.join(" ", o.description())));
        spec.positionalParameters().forEach(p -> text.append(' ').append(String.join(" ", p.description())));
        text.append(' ').append(String.join(" ", spec.usageMessage().footer()));
        lines.addAll(PrintedCommandLines.inHelp(text.toString()));
        cli.getSubcommands().values().forEach(sub -> collect(sub, lines));
    }
}
