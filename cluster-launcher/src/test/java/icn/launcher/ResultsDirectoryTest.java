package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command that produces a result: with --json it prints exactly one JSON object, and it leaves one results directory named
 * after it that explains itself (manifest.json with the command line, seed, version, commit, JVMs, cores, start and end; result.json
 * the very object printed; report.md). {@code faults kill-jvm} starts JVMs and is checked the same way in KillJvmIT.
 */
class ResultsDirectoryTest {

    @TempDir
    Path tmp;

    static Stream<Arguments> commands() {
        return Stream.of(
                Arguments.of("broadcast", List.of("broadcast", "--topology", "scc:4", "--algorithm", "one-port")),
                Arguments.of("broadcast", List.of("broadcast", "--topology", "scc:4,torus:4,3", "--algorithm", "flooding", "--engine",
                        "sequential")),
                Arguments.of("route", List.of("route", "--topology", "scc:4", "--from", "<2,1234>", "--to", "<3,4321>")),
                Arguments.of("route", List.of("route", "--topology", "scc:4", "--sweep", "sample:20", "--engine", "sequential")),
                Arguments.of("topology", List.of("topology", "--topology", "cr:4")),
                Arguments.of("compare", List.of("compare", "--topology", "scc:4,cr:4", "--no-flooding")),
                Arguments.of("claims", List.of("claims", "--topology", "cr:4")),
                Arguments.of("faults-coverage", List.of("faults", "coverage", "--topology", "scc:4", "--algorithm", "one-port",
                        "--max-faults", "2", "--seeds", "3", "--engine", "sequential")),
                Arguments.of("faults-routing", List.of("faults", "routing", "--topology", "torus:4,3", "--max-faults", "2", "--seeds", "2",
                        "--sweep", "sample:10", "--engine", "sequential")),
                Arguments.of("faults-cr-theorem", List.of("faults", "cr-theorem", "--topology", "cr:4", "--placement", "destination")),
                Arguments.of("traffic", List.of("traffic", "--topology", "hypercube:3", "--algorithm", "e-cube", "--vcs", "2", "--engine",
                        "sequential", "--rates", "0.01", "--cycles", "500", "--flits", "4")),
                Arguments.of("reproduce", List.of("reproduce", "--profile", "quick", "--only", "001-table-3")),
                Arguments.of("bench-broadcast", List.of("bench", "broadcast", "--topology", "scc:4", "--no-fresh-spawn")),
                Arguments.of("bench-route", List.of("bench", "route", "--topology", "scc:4", "--pure-routes", "100", "--no-packets")),
                Arguments.of("bench-start", List.of("bench", "start")),
                Arguments.of("default", List.of("run", "default", "--jvms", "1")));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("commands")
    void jsonPrintsOneObjectAndTheResultsDirectoryExplainsItself(String dirPrefix, List<String> args) throws Exception {
        Path out = tmp.resolve("out");
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--seed", "7", "--out", out.toString(), "--json"));
        Cli.Result r = Cli.run(all.toArray(String[]::new));
        assertEquals(0, r.exit(), r::toString);
        JsonNode printed = r.json(); // exactly one object: trailing tokens fail it

        Path dir = Cli.resultsDir(out);
        assertTrue(dir.getFileName().toString().matches(dirPrefix + "-\\d{8}-\\d{6}(-\\d+)?"), dir.toString());
        JsonNode manifest = Cli.JSON.readTree(Files.readString(dir.resolve("manifest.json")));
        List<String> line = new ArrayList<>();
        manifest.get("commandLine").forEach(a -> line.add(a.asText()));
        List<String> expected = new ArrayList<>(List.of("icn"));
        expected.addAll(all);
        assertEquals(expected, line, "the command line as given");
        List<String> words = args.stream().takeWhile(a -> !a.startsWith("-")).toList();
        assertEquals("icn " + String.join(" ", args.get(0).equals("run") ? List.of("run") : words), manifest.get("command").asText());
        assertEquals(7, manifest.get("seed").asLong(), "the seed");
        assertEquals(Version.VERSION, manifest.get("version").asText());
        assertFalse(manifest.get("gitCommit").asText().isBlank());
        assertTrue(manifest.get("jvms").asInt() >= 1);
        assertEquals(Runtime.getRuntime().availableProcessors(), manifest.get("cores").asInt());
        assertTrue(manifest.get("started").asText().compareTo(manifest.get("ended").asText()) <= 0, manifest.toString());
        assertEquals(0, manifest.get("exitCode").asInt());
        if (args.get(0).equals("run")) {
            assertEquals("builtin:default", manifest.get("scenario").get("file").asText());
            assertTrue(manifest.get("scenario").get("text").asText().contains("topologies"), "the built-in scenario's text");
        } else {
            assertTrue(manifest.get("scenario").isNull(), manifest.toString());
        }
        assertEquals(printed, Cli.JSON.readTree(Files.readString(dir.resolve("result.json"))), "result.json is what --json printed");
        assertTrue(Files.size(dir.resolve("report.md")) > 0, "report.md");
    }

    /** Scenario files of the kinds whose runners write their own reports: --json prints result.json, and the manifest has the file. */
    static Stream<Arguments> scenarios() {
        return Stream.of(
                Arguments.of("r1", String.join("\n", "name = r1", "kind = routing", "topologies = [\"scc:4\", \"torus:4,3\"]",
                        "sweep = \"sample:20\"", "engine = sequential", "")),
                Arguments.of("f1", String.join("\n", "name = f1", "kind = faults", "experiment = coverage", "topologies = [\"scc:4\"]",
                        "algorithms = [one-port]", "max-faults = 1", "seeds = 2", "engine = sequential", "")),
                Arguments.of("b1", String.join("\n", "name = b1", "topologies = [\"scc:4\", \"torus:4,3\"]", "algorithms = [flooding]",
                        "engine = sequential", "")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void aScenarioRunsResultJsonIsWhatItPrints(String name, String text) throws Exception {
        Path file = tmp.resolve(name + ".conf");
        Files.writeString(file, text);
        Path out = tmp.resolve("out");
        Cli.Result r = Cli.run("run", file.toString(), "--seed", "9", "--out", out.toString(), "--json");
        assertEquals(0, r.exit(), r::toString);
        JsonNode printed = r.json();
        Path dir = Cli.resultsDir(out);
        assertTrue(dir.getFileName().toString().startsWith(name + "-"), dir.toString());
        assertEquals(printed, Cli.JSON.readTree(Files.readString(dir.resolve("result.json"))), "result.json is what --json printed");
        JsonNode manifest = Cli.JSON.readTree(Files.readString(dir.resolve("manifest.json")));
        assertEquals(file.toString(), manifest.get("scenario").get("file").asText());
        assertEquals("icn run", manifest.get("command").asText());
        assertEquals(text, manifest.get("scenario").get("text").asText(), "the scenario file as given");
        assertEquals(9, manifest.get("seed").asLong());
        assertEquals(0, manifest.get("exitCode").asInt());
        assertTrue(printed.toString().contains("\"seed\":9"), "--seed replaced the scenario's seed: " + printed);
    }

    /** reproduce and run name their report directory in their own words (checked in their tests). */
    static Stream<Arguments> textCommands() {
        return commands().filter(a -> !List.of("reproduce", "run").contains(((List<?>) a.get()[1]).get(0)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("textCommands")
    void withoutJsonTheTextEndsWithWhereTheResultsAre(String dirPrefix, List<String> args) throws Exception {
        Path out = tmp.resolve("out");
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--out", out.toString()));
        Cli.Result r = Cli.run(all.toArray(String[]::new));
        assertEquals(0, r.exit(), r::toString);
        List<String> lines = r.outLines();
        assertEquals("Results: " + Cli.resultsDir(out), lines.get(lines.size() - 1), r::toString);
    }
}
