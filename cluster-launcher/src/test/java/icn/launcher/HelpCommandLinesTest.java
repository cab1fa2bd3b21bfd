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

    /** A help text names a command line only between single quotes, where the test above finds and parses it. */
    @Test
    void noHelpTextPrintsACommandLineOutsideQuotes() {
        List<String> texts = new ArrayList<>();
        texts(Icn.commandLine(), texts);
        List<String> unquoted = new ArrayList<>();
        for (String text : texts) {
            java.util.regex.Matcher m = UNQUOTED.matcher(text.replaceAll("'[^']*'", "''"));
            while (m.find()) {
                unquoted.add(m.group().strip());
            }
        }
        assertTrue(unquoted.isEmpty(), () -> "command lines outside quotes in help texts: " + unquoted);
    }

    private static final java.util.regex.Pattern UNQUOTED = java.util.regex.Pattern.compile("(?<![\\w'./-])(\\./)?icn [a-z][a-z-]*");

    @Test
    void theCheckCanFail() {
        assertEquals(1, PrintedCommandLines.refused(PrintedCommandLines.inHelp("see 'icn topology scc:4' and 'icn topology --topology scc:4'"))
                .size());
        assertEquals(List.of("icn faults cr-theorem --n 4"), PrintedCommandLines.inReport("Reproduce: `icn faults cr-theorem --n 4`."));
        assertEquals(1, PrintedCommandLines.refused(List.of("icn faults cr-theorem --n 4")).size());
    }

    private static void collect(CommandLine cli, List<String> lines) {
        List<String> texts = new ArrayList<>();
        texts(cli, texts);
        texts.forEach(t -> lines.addAll(PrintedCommandLines.inHelp(t)));
    }

    /** The words of every command's help: its description, its options' and parameters' descriptions and its footer. */
    private static void texts(CommandLine cli, List<String> texts) {
        CommandLine.Model.CommandSpec spec = cli.getCommandSpec();
        StringBuilder text = new StringBuilder(String.join(" ", spec.usageMessage().description()));
        spec.options().forEach(o -> text.append(' ').append(String.join(" ", o.description())));
        spec.positionalParameters().forEach(p -> text.append(' ').append(String.join(" ", p.description())));
        text.append(' ').append(String.join(" ", spec.usageMessage().footer()));
        texts.add(text.toString().replaceAll("\\s+", " "));
        cli.getSubcommands().values().forEach(sub -> texts(sub, texts));
    }
}
