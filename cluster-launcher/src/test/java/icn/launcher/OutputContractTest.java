package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/output.md's JSON contract held to the commands ({@link OutputContract} reads it): every contract line's command is run with
 * {@code --out} in a temporary directory, must exit 0 and print one JSON object, and that object must have every field path the
 * contract lists. Every command that prints JSON has a contract; those that need worker JVMs are checked by the integration test
 * named here instead.
 */
class OutputContractTest {

    /** Every command that prints a JSON object. */
    static final List<String> COMMANDS = List.of("run", "broadcast", "route", "topology", "compare", "claims", "faults coverage",
            "faults routing", "faults cr-theorem", "faults kill-jvm", "traffic", "reproduce", "bench broadcast", "bench route",
            "bench traffic", "bench start", "cluster start", "cluster status");

    /** Contracts whose commands start worker JVMs (and wait out a failure detector) are checked by an integration test. */
    static final Map<String, String> CHECKED_BY_IT = Map.of("faults kill-jvm", "KillJvmIT", "cluster start", "StandingClusterIT",
            "cluster status", "StandingClusterIT");

    @TempDir
    static Path tmp;

    @Test
    void everyCommandThatPrintsJsonHasAContract() throws IOException {
        Set<String> documented = OutputContract.read().stream().map(OutputContract.Contract::command).collect(Collectors.toSet());
        List<String> without = COMMANDS.stream().filter(c -> !documented.contains(c)).toList();
        assertTrue(without.isEmpty(), () -> "docs/output.md has no contract for: " + without);
    }

    @TestFactory
    Stream<DynamicTest> everyDocumentedFieldIsInTheCommandsJson() throws IOException {
        return OutputContract.read().stream().filter(c -> !CHECKED_BY_IT.containsKey(c.command()))
                .map(c -> DynamicTest.dynamicTest(c.where() + " " + c.commandLine(), () -> check(c)));
    }

    private static void check(OutputContract.Contract c) throws IOException {
        List<String> args = new ArrayList<>(DocsCommandLinesTest.commandLine(c.commandLine())
                .orElseThrow(() -> new AssertionError(c.where() + ": not an icn command line: " + c.commandLine())));
        assertTrue(String.join(" ", args).startsWith(c.command() + " ") || String.join(" ", args).equals(c.command() + " --json"),
                () -> c.where() + ": the contract of '" + c.command() + "' runs another command: " + c.commandLine());
        assertTrue(args.contains("--json"), () -> c.where() + ": the contract's command line has no --json: " + c.commandLine());
        assertFalse(c.fields().isEmpty(), () -> c.where() + ": no fields");
        Path out = Files.createTempDirectory(tmp, "contract");
        args.add("--out");
        args.add(out.toString());
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), () -> c.where() + ": " + c.commandLine() + " failed: " + r);
        JsonNode json = r.json();
        List<String> missing = OutputContract.missing(json, c.fields());
        assertTrue(missing.isEmpty(), () -> c.where() + ": " + c.commandLine() + " printed no " + missing);
    }

    /** The check can fail: a path the object lacks, a key under a scalar, an element without the key. */
    @Test
    void missingPathsAreFound() throws IOException {
        JsonNode json = Cli.JSON.readTree("{\"a\": 1, \"b\": {\"c\": null}, \"d\": [{\"e\": 1}, {\"f\": 2}], \"g\": []}");
        assertEquals(List.of(), OutputContract.missing(json, List.of("a", "b", "b.c", "d", "d[]", "g", "g[]")));
        assertEquals(4, OutputContract.missing(json, List.of("x", "a.y", "d[].e", "g[].h")).size());
        List<OutputContract.Contract> read = OutputContract.read(List.of("### icn topology", "", "contract: `icn topology --json`",
                "fields: topology, links.lateral,", "  distanceHistogram", ""));
        assertEquals(List.of(new OutputContract.Contract("topology", 3, "icn topology --json",
                List.of("topology", "links.lateral", "distanceHistogram"))), read);
        assertThrows(IllegalArgumentException.class, () -> OutputContract.read(List.of("### icn run", "fields: x")));
    }
}
