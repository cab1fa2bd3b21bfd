package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import icn.launcher.cli.Icn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

/**
 * Every {@code icn} command line the documentation shows, parsed as {@link Icn#execute} parses it: the lines of ```sh, ```console,
 * ```bash and plain ``` blocks of README.md, CONTRIBUTING.md and docs/*.md that start with {@code ./icn} or {@code icn} (after a
 * prompt such as {@code $ } or {@code host1$ }, and after {@code VAR=value} prefixes). A line that refers to a shell variable is
 * skipped; the rest of a line after an unquoted {@code #}, {@code |}, {@code >}, {@code ;} or {@code &&} is not part of the command.
 * A flag that was renamed, a network given positionally, an option a command does not have: each fails with the file, the line and
 * picocli's message.
 */
class DocsCommandLinesTest {

    private static final List<String> SHELL_BLOCKS = List.of("sh", "console", "bash", "shell", "");
    private static final Pattern PROMPT = Pattern.compile("^[A-Za-z0-9_.@-]*\\$\\s+");
    private static final Pattern ENV = Pattern.compile("^[A-Za-z_][A-Za-z0-9_]*=\\S*\\s+");

    /** One command line of the documentation: where it is, as written, and its words after {@code icn}. */
    record Line(Path file, int line, String text, List<String> args) {
        String where() {
            return file.getFileName() + ":" + line;
        }
    }

    /** README.md, CONTRIBUTING.md, CHANGELOG.md and every page of docs/, relative to this module. */
    static List<Path> documents() throws IOException {
        List<Path> files = new ArrayList<>(List.of(Path.of("../README.md"), Path.of("../CONTRIBUTING.md"), Path.of("../CHANGELOG.md")));
        Path docs = Path.of("../docs");
        if (Files.isDirectory(docs)) {
            try (Stream<Path> s = Files.list(docs)) {
                s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
            }
        }
        return files.stream().filter(Files::isRegularFile).toList();
    }

    static List<Line> commandLines(List<Path> files) throws IOException {
        List<Line> out = new ArrayList<>();
        for (String language : SHELL_BLOCKS) {
            for (DocExamples.Example block : DocExamples.of(language, files)) {
                if (!block.language().equalsIgnoreCase(language)) {
                    continue;
                }
                String[] lines = block.text().split("\n", -1);
                for (int i = 0; i < lines.length; i++) {
                    int at = block.line() + 1 + i;
                    String text = lines[i].strip();
                    commandLine(text).ifPresent(args -> out.add(new Line(block.file(), at, text, args)));
                }
            }
        }
        return out;
    }

    /** The words after {@code icn} of a shell line that runs icn, or nothing. */
    static Optional<List<String>> commandLine(String line) {
        String s = line.strip();
        s = PROMPT.matcher(s).replaceFirst("");
        Matcher env;
        while ((env = ENV.matcher(s)).find()) {
            s = s.substring(env.end());
        }
        if (!s.startsWith("./icn ") && !s.startsWith("icn ") && !s.equals("./icn") && !s.equals("icn")) {
            return Optional.empty();
        }
        List<String> words = words(s);
        if (words == null) {
            return Optional.empty(); // a shell variable: its value is not known here
        }
        return Optional.of(words.subList(1, words.size()));
    }

    /**
     * The words of a shell command, as a POSIX shell splits them (single and double quotes, backslash escapes), up to an unquoted
     * {@code #}, {@code |}, {@code >}, {@code <}, {@code ;} or {@code &}; null if an unquoted or double-quoted {@code $} appears.
     */
    static List<String> words(String s) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\'') {
                int end = s.indexOf('\'', i + 1);
                if (end < 0) {
                    throw new IllegalArgumentException("unclosed ' in: " + s);
                }
                word = (word == null ? new StringBuilder() : word).append(s, i + 1, end);
                i = end;
            } else if (c == '"') {
                word = word == null ? new StringBuilder() : word;
                int j = i + 1;
                for (; j < s.length() && s.charAt(j) != '"'; j++) {
                    char d = s.charAt(j);
                    if (d == '$') {
                        return null;
                    }
                    if (d == '\\' && j + 1 < s.length() && "\"\\$`".indexOf(s.charAt(j + 1)) >= 0) {
                        d = s.charAt(++j);
                    }
                    word.append(d);
                }
                if (j == s.length()) {
                    throw new IllegalArgumentException("unclosed \" in: " + s);
                }
                i = j;
            } else if (c == '\\' && i + 1 < s.length()) {
                word = (word == null ? new StringBuilder() : word).append(s.charAt(++i));
            } else if (c == '$') {
                return null;
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else if ("|><;&".indexOf(c) >= 0 || (c == '#' && word == null)) {
                if ((c == '>' || c == '<') && word != null && word.toString().matches("\\d+")) {
                    word = null; // the descriptor of a redirection such as 2>&1
                }
                break;
            } else {
                word = (word == null ? new StringBuilder() : word).append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    /** picocli's message if {@code args} do not parse as icn parses them, or nothing. */
    static Optional<String> parseError(List<String> args) {
        try {
            Icn.commandLine().parseArgs(args.toArray(String[]::new));
            return Optional.empty();
        } catch (CommandLine.ParameterException e) {
            return Optional.of(e.getMessage());
        }
    }

    @Test
    void theDocumentationShowsCommandLines() throws IOException {
        List<Line> lines = commandLines(documents());
        // the README's two commands and its tour at least; a tokenizer or fence reader that lost them would shrink this
        assertTrue(lines.size() >= 10, () -> "found only " + lines.size() + " icn command lines: " + lines);
        assertTrue(lines.stream().anyMatch(l -> l.args().equals(List.of("run"))), "./icn run is shown");
    }

    @TestFactory
    Stream<DynamicTest> everyCommandLineParses() throws IOException {
        return commandLines(documents()).stream().map(l -> DynamicTest.dynamicTest(l.where() + " " + l.text(), () -> {
            Optional<String> error = parseError(l.args());
            if (error.isPresent()) {
                fail(l.where() + ": '" + l.text() + "' does not parse: " + error.get());
            }
        }));
    }

    /** The check can fail: the flags this release renamed are refused, and so is a network given positionally. */
    @Test
    void oldFlagsAndPositionalNetworksAreRefused() {
        for (String old : List.of("./icn faults kill-jvm --kill 2@4", "./icn faults routing --algorithms dfs,greedy",
                "./icn worker --seed 10.0.0.1:25520", "./icn compare scc:5 cr:5", "./icn broadcast scc:6 --algorithm one-port",
                "./icn reproduce --force")) {
            List<String> args = commandLine(old).orElseThrow();
            assertTrue(parseError(args).isPresent(), () -> old + " parsed");
        }
        assertFalse(parseError(commandLine("./icn faults kill-jvm --kill-jvm 2@4").orElseThrow()).isPresent());
    }

    @Test
    void theTokenizerSplitsAsAShellDoes() {
        assertEquals(List.of("route", "--topology", "scc:5", "--from", "<3,34125>", "--to", "<2,12345>"),
                commandLine("$ ./icn route --topology scc:5 --from '<3,34125>' --to \"<2,12345>\"  # one route").orElseThrow());
        assertEquals(List.of("broadcast", "--topology", "scc:9"),
                commandLine("ICN_HEAP=1g ICN_CDS=off ./icn broadcast --topology scc:9 2>&1 | head").orElseThrow());
        assertEquals(List.of("coordinator", "--bind", "10.0.0.1:25520"),
                commandLine("host1$ ./icn coordinator --bind 10.0.0.1:25520").orElseThrow());
        assertEquals(Optional.empty(), commandLine("./icn run $SCENARIO"));
        assertEquals(Optional.empty(), commandLine("mvn verify"));
        assertEquals(Optional.empty(), commandLine("icn: scc:9 needs about 2.5 GiB"));
        assertThrows(IllegalArgumentException.class, () -> words("icn run 'open"));
    }
}
