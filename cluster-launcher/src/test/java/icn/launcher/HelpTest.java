package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.launcher.cli.Icn;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code --help} on every command: exit 0, the usage text on stdout, nothing on stderr. */
class HelpTest {

    @ParameterizedTest(name = "{0} --help")
    @CsvSource(delimiter = '|', value = {
            "''                | Usage: icn           | run",
            "run               | Usage: icn run       | SCENARIO",
            "broadcast         | Usage: icn broadcast | --topology",
            "topology          | Usage: icn topology  | KIND:PARAMS",
            "bench             | Usage: icn bench     | broadcast",
            "bench broadcast   | Usage: icn bench broadcast | --topology",
            "compare           | Usage: icn compare   | --jvms",
            "claims            | Usage: icn claims    | KIND:PARAMS",
            "route             | Usage: icn route     | --hop-limit",
            "faults routing    | Usage: icn faults routing | dfs",
            "faults kill-jvm   | Usage: icn faults kill-jvm | --policies",
            "faults cr-theorem | Usage: icn faults cr-theorem | --placement",
            // the list of subcommands gives each one's whole description, not its first source line
            "faults            | Usage: icn faults    | report.md",
    })
    void helpOnEveryCommand(String command, String usage, String mentions) {
        String[] words = command.isBlank() ? new String[0] : command.split(" ");
        String[] args = new String[words.length + 1];
        System.arraycopy(words, 0, args, 0, words.length);
        args[words.length] = "--help";
        Cli.Result r = Cli.run(args);
        assertAll(r.toString(),
                () -> assertEquals(0, r.exit(), "exit code"),
                () -> assertTrue(r.out().startsWith(usage), "stdout starts with '" + usage + "'"),
                () -> assertTrue(r.out().contains(mentions), "usage mentions " + mentions),
                () -> assertTrue(r.out().contains("-h, --help"), "usage lists --help"),
                () -> assertEquals("", r.err(), "stderr"));
    }

    @ParameterizedTest(name = "help {0}")
    @CsvSource({"broadcast", "topology", "run", "bench", "compare", "claims"})
    void helpSubcommand(String command) {
        Cli.Result r = Cli.run("help", command);
        assertAll(r.toString(),
                () -> assertEquals(0, r.exit()),
                () -> assertTrue(r.out().startsWith("Usage: icn " + command)),
                () -> assertEquals("", r.err()));
    }

    /** picocli's own help command took one word: {@code icn help faults coverage} printed the help of {@code faults}. */
    @ParameterizedTest(name = "help {0}")
    @CsvSource({"faults coverage", "faults kill-jvm", "bench broadcast", "bench start"})
    void helpOfASubcommand(String command) {
        Cli.Result r = Cli.run(("help " + command).split(" "));
        assertAll(r.toString(),
                () -> assertEquals(0, r.exit()),
                () -> assertTrue(r.out().startsWith("Usage: icn " + command + " "), "stdout starts with 'Usage: icn " + command + " '"),
                () -> assertEquals("", r.err()));
    }

    @Test
    void helpOfAnUnknownSubcommandSaysWhichOne() {
        Cli.Result r = Cli.run("help", "faults", "nope");
        assertAll(r.toString(),
                () -> assertEquals(2, r.exit()),
                () -> assertEquals("", r.out()),
                () -> assertEquals(List.of("icn: 'icn faults' has no command 'nope' (see 'icn faults --help')"), r.errLines()));
    }

    @Test
    void icnWithoutCommandPrintsUsage() {
        Cli.Result r = Cli.run();
        assertAll(r.toString(),
                () -> assertEquals(0, r.exit()),
                () -> assertTrue(r.out().startsWith("Usage: icn ")),
                () -> assertEquals("", r.err()));
    }

    @Test
    void version() {
        Cli.Result r = Cli.run("--version");
        assertAll(r.toString(),
                () -> assertEquals(0, r.exit()),
                () -> assertTrue(r.out().startsWith("icn-emulator ")),
                () -> assertEquals("", r.err()));
    }

    /** {@code icn bench} alone prints its usage, named as {@code icn bench --help} names it. */
    @Test
    void benchWithoutSubcommandPrintsItsQualifiedUsage() {
        Cli.Result r = Cli.run("bench");
        assertAll(r.toString(),
                () -> assertEquals(0, r.exit()),
                () -> assertTrue(r.out().startsWith("Usage: icn bench "), "stdout starts with 'Usage: icn bench '"),
                () -> assertEquals("", r.err()));
    }

    /**
     * A command line that names a command builds that command alone (picocli reads every command's options when it builds the
     * tree); {@code icn}, {@code icn --help}, {@code icn help ...} and a mistyped command build them all, so that their usage lists
     * every command.
     */
    @Test
    void aNamedCommandIsBuiltAloneAndEveryOtherLineBuildsAll() {
        List<String> all = List.copyOf(Icn.commandLine().getSubcommands().keySet());
        assertTrue(all.size() >= 12 && all.containsAll(List.of("run", "broadcast", "topology", "worker", "help")), all.toString());
        assertAll(
                () -> assertEquals(List.of("topology"), List.copyOf(Icn.commandLine("topology").getSubcommands().keySet())),
                () -> assertEquals(List.of("worker"), List.copyOf(Icn.commandLine("worker").getSubcommands().keySet())),
                () -> assertEquals(all, List.copyOf(Icn.commandLine("help").getSubcommands().keySet())),
                () -> assertEquals(all, List.copyOf(Icn.commandLine("--help").getSubcommands().keySet())),
                () -> assertEquals(all, List.copyOf(Icn.commandLine("topolgy").getSubcommands().keySet())),
                () -> assertEquals(all, List.copyOf(Icn.commandLine(null).getSubcommands().keySet())));
        Cli.Result typo = Cli.run("topolgy", "--topology", "scc:3");
        assertAll(typo.toString(),
                () -> assertEquals(ExitCodes.BAD_INPUT, typo.exit()),
                () -> assertEquals("icn: unexpected argument 'topolgy' (did you mean 'topology'?) (see 'icn --help')",
                        typo.err().strip()));
    }

    /** A mistyped command or option is named with the closest name (within two edits), and the option's value is not blamed. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "brodcast --topology scc:3                                  | icn: unexpected argument 'brodcast' (did you mean 'broadcast'?) (see 'icn --help')",
            "faults coverag --topology scc:3                            | icn: unexpected argument 'coverag' (did you mean 'coverage'?) (see 'icn faults --help')",
            "broadcast --topology scc:3 --algoritm one-port             | icn: unknown option '--algoritm' (did you mean '--algorithm'?) (see 'icn broadcast --help')",
            "broadcast --topology scc:3 --algoritm=one-port             | icn: unknown option '--algoritm' (did you mean '--algorithm'?) (see 'icn broadcast --help')",
            "topology --topology scc:3 --jsn                            | icn: unknown option '--jsn' (did you mean '--json'?) (see 'icn topology --help')",
            "broadcast --topology scc:3 --algorithm one-port --zzz 4    | icn: unknown option '--zzz' (see 'icn broadcast --help')",
            "xyz                                                        | icn: unexpected argument 'xyz' (see 'icn --help')",
    })
    void aMistypedNameIsNamedWithTheClosestOne(String line, String expected) {
        Cli.Result r = Cli.run(line.split(" "));
        assertAll(r.toString(),
                () -> assertEquals(ExitCodes.BAD_INPUT, r.exit()),
                () -> assertEquals(expected, r.err().strip()),
                () -> assertEquals("", r.out()));
    }

    @Test
    void editDistance() {
        assertAll(
                () -> assertEquals(0, icn.launcher.cli.Suggestions.editDistance("json", "json")),
                () -> assertEquals(1, icn.launcher.cli.Suggestions.editDistance("topolgy", "topology")),
                () -> assertEquals(1, icn.launcher.cli.Suggestions.editDistance("--jsn", "--json")),
                () -> assertEquals(2, icn.launcher.cli.Suggestions.editDistance("brodcast", "broadcasts")),
                () -> assertEquals(3, icn.launcher.cli.Suggestions.editDistance("abc", "")),
                () -> assertEquals(" (did you mean 'route'?)", icn.launcher.cli.Suggestions.meant("rute", List.of("run", "route"))),
                () -> assertEquals("", icn.launcher.cli.Suggestions.meant("zzzzz", List.of("run", "route"))));
    }
}
