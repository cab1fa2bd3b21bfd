package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code icn run SCENARIO}: the table on stdout and the reports in one new directory under {@code --out}. */
class RunCommandTest {

    private static final String SCENARIO = String.join("\n",
            "name = cli-test",
            "kind = broadcast",
            "topologies = [\"scc:4\", \"scc:5\"]",
            "algorithms = [one-port, multi-port]",
            "messages = [1, 2]",
            "seed = 3",
            "engine = actor",
            "hosts-per-jvm = 2",
            "");

    @TempDir
    Path tmp;

    @BeforeAll
    static void headless() {
        // as Icn.main does: the coverage chart is drawn without a display
        System.setProperty("java.awt.headless", "true");
    }

    @Test
    void aRoutingScenarioPrintsTables1And2AndWritesItsReports() throws IOException {
        Path file = tmp.resolve("tables.conf");
        Files.writeString(file, String.join("\n", "kind = routing", "topologies = [\"scc:4\", \"scc:5\"]",
                "algorithms = [minimal, greedy, random]", "modes = [source]", "seed = 5", ""));
        Path out = tmp.resolve("results");
        Cli.Result r = Cli.run("run", file.toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r::toString);
        assertAll(r.toString(),
                () -> assertTrue(r.out().contains("Routing scenario 'tables': 6 sweeps (to-identity), seed 5, actor engine"), "heading"),
                () -> assertTrue(r.out().contains("000 Table 1"), "table 1"),
                () -> assertTrue(r.out().contains("000 Table 2"), "table 2"),
                () -> assertTrue(r.out().contains("6 of 6 sweeps delivered every packet"), "verdict"));
        // the minimal rows: measured averages of routes to the identity, beside Eq. 6 and BFS computed here
        for (int n : new int[] {4, 5}) {
            icn.protocols.topology.Scc scc = icn.protocols.topology.Scc.of(n);
            String bfs = String.format(java.util.Locale.ROOT, "%.3f", icn.protocols.Bfs.profile(scc, scc.id(0, 2)).mean());
            String eq6 = String.format(java.util.Locale.ROOT, "%.3f", icn.scenarios.claims.PaperFormulas.averageLateral(n));
            assertTrue(r.out().lines().anyMatch(l -> l.startsWith(n + " ") && l.contains(eq6) && l.contains(bfs)), "row n=" + n + " in " + r);
        }
        try (var dirs = Files.list(out)) {
            Path dir = dirs.findFirst().orElseThrow();
            assertTrue(Files.exists(dir.resolve("histogram-scc5.png")));
            assertTrue(Files.readString(dir.resolve("report.md")).contains("000 Table 2"));
        }
    }

    @Test
    void runWritesTableAndReports() throws IOException {
        Path file = tmp.resolve("cli-test.conf");
        Files.writeString(file, SCENARIO);
        Path out = tmp.resolve("results");
        Cli.Result r = Cli.run("run", file.toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r::toString);
        assertAll(r.toString(),
                () -> assertTrue(r.out().contains("Scenario 'cli-test': 8 runs, seed 3, actor engine"), "heading"),
                () -> assertTrue(r.out().contains("steps (paper)") && r.out().contains("lat/loc (paper)"), "table header"),
                () -> assertEquals(List.of(), r.outLines().stream().filter(l -> l.length() > 120 && !l.startsWith("Reports: ")).toList(),
                        "lines longer than 120 characters"),
                () -> assertEquals(8, r.outLines().stream().filter(l -> l.startsWith("scc:")).count(), "8 table rows"),
                () -> assertTrue(r.out().contains("8 of 8 runs agree"), "summary"));

        List<Path> dirs;
        try (Stream<Path> list = Files.list(out)) {
            dirs = list.toList();
        }
        assertEquals(1, dirs.size(), () -> "one results directory, no temporary leftovers: " + dirs);
        Path dir = dirs.get(0);
        assertTrue(dir.getFileName().toString().startsWith("cli-test-"), dir::toString);
        assertTrue(r.out().contains("Reports: " + dir), "stdout names the directory");

        JsonNode result = Cli.JSON.readTree(dir.resolve("result.json").toFile());
        assertTrue(result.get("scenario").asText().startsWith("cli-test"), () -> result.get("scenario").asText());
        assertEquals(3, result.get("seed").asLong());
        JsonNode runs = result.get("runs");
        assertEquals(8, runs.size());
        Set<String> combinations = new HashSet<>();
        for (JsonNode run : runs) {
            String topology = run.get("topology").asText();
            int n = Integer.parseInt(topology.substring("scc:".length()));
            String algorithm = run.get("algorithm").asText();
            int b = run.get("messages").asInt();
            combinations.add(topology + " " + algorithm + " " + b);
            assertEquals("actor", run.get("engine").asText());
            assertEquals(BroadcastJsonTest.steps(algorithm, n, b), run.get("steps").asLong(), topology + " " + algorithm + " B=" + b);
            assertEquals(BroadcastJsonTest.nodes(n), run.get("informed").asLong());
            for (Iterator<Map.Entry<String, JsonNode>> it = run.get("agrees").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> agrees = it.next();
                assertTrue(agrees.getValue().asBoolean(false), topology + " " + algorithm + " B=" + b + ": agrees." + agrees.getKey());
            }
        }
        assertEquals(8, combinations.size(), combinations::toString);

        String report = Files.readString(dir.resolve("report.md"));
        assertTrue(report.contains("| topology |"), "report.md holds the table");
        List<Path> csv;
        try (Stream<Path> list = Files.list(dir)) {
            csv = list.filter(p -> p.getFileName().toString().startsWith("per-step-")).toList();
        }
        assertEquals(8, csv.size(), csv::toString);
        assertEquals(1 + 8, Files.readAllLines(dir.resolve("summary.csv")).size(), "summary.csv: a row per run");
        for (Path c : csv) {
            List<String> lines = Files.readAllLines(c);
            assertTrue(lines.size() > 2 && lines.get(0).startsWith("step,"), c::toString);
        }
        BufferedImage png = ImageIO.read(dir.resolve("coverage.png").toFile());
        assertNotNull(png, "coverage.png is an image ImageIO can read");
        assertTrue(png.getWidth() > 0 && png.getHeight() > 0);
    }

    @Test
    void runJsonPrintsResultJson() throws IOException {
        Path file = tmp.resolve("cli-json.conf");
        Files.writeString(file, SCENARIO.replace("cli-test", "cli-json").replace("engine = actor", "engine = sequential"));
        Path out = tmp.resolve("results");
        Cli.Result r = Cli.run("run", file.toString(), "--out", out.toString(), "--json");
        assertEquals(0, r.exit(), r::toString);
        JsonNode j = r.json();
        assertEquals(8, j.get("runs").size());
        List<Path> dirs;
        try (Stream<Path> list = Files.list(out)) {
            dirs = list.toList();
        }
        assertEquals(1, dirs.size(), dirs::toString);
        assertEquals(Cli.JSON.readTree(dirs.get(0).resolve("result.json").toFile()), j, "stdout is the run's result.json");
    }

    @Test
    void runJsonWithoutReportsWritesNothing() throws IOException {
        Path file = tmp.resolve("cli-none.conf");
        Files.writeString(file, SCENARIO.replace("cli-test", "cli-none").replace("engine = actor", "engine = sequential")
                .replace("messages = [1, 2]", "messages = [2]"));
        Path out = tmp.resolve("results");
        Cli.Result r = Cli.run("run", file.toString(), "--out", out.toString(), "--json", "--no-reports");
        assertEquals(0, r.exit(), r::toString);
        JsonNode j = r.json();
        assertEquals("cli-none", j.get("scenario").asText());
        assertEquals(3, j.get("seed").asLong());
        assertEquals(4, j.get("runs").size());
        for (JsonNode run : j.get("runs")) {
            assertEquals(2, run.get("fullCoverageStep").size(), "B = 2: one completion step per message");
        }
        assertTrue(!Files.exists(out), "--no-reports writes no directory");
    }
}
