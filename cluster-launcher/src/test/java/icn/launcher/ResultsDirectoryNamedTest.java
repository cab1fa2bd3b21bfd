package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Where a run's results are is said whatever the output: with {@code --json}, the object's {@code resultsDirectory} (also in
 * result.json) and the line {@code Results: <dir>} on stderr; and an {@code --out} that cannot hold results directories (a file)
 * is bad input, refused in one line before the command runs.
 */
class ResultsDirectoryNamedTest {

    @TempDir
    Path tmp;

    static Stream<Arguments> jsonCommands() {
        return Stream.of(
                Arguments.of(List.of("topology", "--topology", "scc:4")),
                Arguments.of(List.of("broadcast", "--topology", "scc:4", "--algorithm", "one-port", "--engine", "sequential")),
                Arguments.of(List.of("faults", "coverage", "--topology", "scc:4", "--max-faults", "1", "--seeds", "2", "--engine",
                        "sequential")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jsonCommands")
    void jsonNamesTheResultsDirectory(List<String> args) throws Exception {
        Path out = tmp.resolve("out");
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--json", "--out", out.toString()));
        Cli.Result r = Cli.run(all.toArray(String[]::new));
        assertEquals(0, r.exit(), r::toString);
        Path dir = Cli.resultsDir(out);
        JsonNode printed = r.json();
        assertEquals(dir.toString(), printed.path("resultsDirectory").asText(), r::toString);
        assertEquals(List.of("Results: " + dir), r.errLines(), "one line on stderr: where the results are");
        assertEquals(printed, Cli.JSON.readTree(Files.readString(dir.resolve("result.json"))), "result.json is what --json printed");
        JsonNode manifest = Cli.JSON.readTree(Files.readString(dir.resolve("manifest.json")));
        assertEquals("ended", manifest.path("status").asText(), manifest.toString());
    }

    static Stream<Arguments> commandsGivenAFile() {
        return Stream.of(
                Arguments.of(List.of("broadcast", "--topology", "scc:4", "--algorithm", "one-port", "--engine", "sequential")),
                Arguments.of(List.of("topology", "--topology", "scc:4", "--json")),
                Arguments.of(List.of("faults", "coverage", "--topology", "scc:4", "--max-faults", "1", "--seeds", "2")),
                Arguments.of(List.of("run")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commandsGivenAFile")
    void outNamingAFileIsOneLineAndExitCode2(List<String> args) throws IOException {
        Path file = Files.writeString(tmp.resolve("results.txt"), "not a directory\n");
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--out", file.toString()));
        Cli.Result r = Cli.run(all.toArray(String[]::new));
        BadInputTest.assertBadInput(r, "--out", file.toString(), "is a file", "directory");
        assertEquals("not a directory\n", Files.readString(file), "the file is left as it was");
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(file), left.toList(), "nothing else written");
        }
    }

    @Test
    void outUnderAFileIsOneLineAndExitCode2() throws IOException {
        Path file = Files.writeString(tmp.resolve("results.txt"), "x\n");
        Cli.Result r = Cli.run("topology", "--topology", "scc:4", "--out", file.resolve("runs").toString());
        BadInputTest.assertBadInput(r, "--out", file + " is a file");
    }

    @Test
    void outNamingADirectoryToBeMadeIsFine() {
        Path out = tmp.resolve("a").resolve("b");
        Cli.Result r = Cli.run("topology", "--topology", "scc:4", "--out", out.toString());
        assertEquals(0, r.exit(), r::toString);
        assertTrue(Files.isDirectory(out), r::toString);
    }
}
