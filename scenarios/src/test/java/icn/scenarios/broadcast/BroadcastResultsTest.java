package icn.scenarios.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import icn.protocols.InvalidInputException;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BroadcastResultsTest {

    private static final List<BroadcastRun> RUNS =
            List.of(FakeRuns.multiPortScc4(), FakeRuns.incompleteOnePortScc4(), FakeRuns.pipelinedScc4());

    @TempDir
    Path root;

    private static Set<String> list(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        }
    }

    @Test
    void writesAllFiles() throws IOException {
        Path dir = BroadcastResults.write(root.resolve("results"), "demo", RUNS);
        assertEquals(root.resolve("results").resolve("demo"), dir);
        assertEquals(Set.of("result.json", "report.md", "summary.csv", "coverage.png", "coverage.svg", "per-step-scc_4-multi-port-B1.csv",
                "per-step-scc_4-one-port-B1.csv", "per-step-scc_4-multi-port-B2.csv"), list(dir));
        assertEquals(Set.of("demo"), list(root.resolve("results"))); // no temporary directory left behind

        JsonNode result = new ObjectMapper().readTree(dir.resolve("result.json").toFile());
        assertEquals("demo", result.get("scenario").asText());
        assertTrue(result.get("seed").isNull()); // the fake runs used seeds 1 and 7
        assertEquals(3, result.get("runs").size());
        assertEquals("multi-port", result.get("runs").get(0).get("algorithm").asText());
        assertEquals(8, result.get("runs").get(0).get("steps").asLong());

        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains(new SummaryTable(RUNS).renderMarkdown()));
        assertTrue(md.contains("[per-step-scc_4-one-port-B1.csv](per-step-scc_4-one-port-B1.csv)"), md);
        assertTrue(md.contains("`coverage.svg`"), md);

        assertEquals(1 + 11, Files.readAllLines(dir.resolve("per-step-scc_4-multi-port-B2.csv")).size());
        // summary.csv: a row per run, snake_case headers, the figures of each run's JSON object
        List<String> summary = Files.readAllLines(dir.resolve("summary.csv"));
        assertEquals(1 + 3, summary.size(), summary::toString);
        List<String> header = List.of(summary.get(0).split(","));
        assertTrue(header.contains("topology") && header.contains("algorithm") && header.contains("steps"), header::toString);
        assertTrue(header.stream().allMatch(h -> h.matches("[a-z0-9_]+")), header::toString);
        String[] multiPort = summary.get(1).split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", -1);
        assertEquals("multi-port", multiPort[header.indexOf("algorithm")]);
        assertEquals(String.valueOf(FakeRuns.multiPortScc4().metrics().steps()), multiPort[header.indexOf("steps")]);

        BufferedImage png = ImageIO.read(dir.resolve("coverage.png").toFile());
        assertNotNull(png);
        assertTrue(png.getWidth() > 100 && png.getHeight() > 100);
    }

    @Test
    void oneSeedIsReported() throws IOException {
        Path dir = BroadcastResults.write(root, "seeded", List.of(FakeRuns.multiPortScc4(), FakeRuns.pipelinedScc4()));
        assertEquals(1, new ObjectMapper().readTree(dir.resolve("result.json").toFile()).get("seed").asLong());
    }

    @Test
    void existingTargetGetsASuffix() throws IOException {
        Path first = BroadcastResults.write(root, "again", RUNS);
        Path second = BroadcastResults.write(root, "again", RUNS);
        Files.createDirectory(root.resolve("again-3"));
        Path fourth = BroadcastResults.write(root, "again", RUNS);
        assertEquals(root.resolve("again"), first);
        assertEquals(root.resolve("again-2"), second);
        assertEquals(root.resolve("again-4"), fourth);
        assertTrue(Files.exists(second.resolve("coverage.png")));
        assertEquals(Set.of(), list(root.resolve("again-3")));
    }

    @Test
    void duplicateRunsGetDistinctCsvFiles() throws IOException {
        Path dir = BroadcastResults.write(root, "dup", List.of(FakeRuns.multiPortScc4(), FakeRuns.multiPortScc4()));
        assertTrue(Files.exists(dir.resolve("per-step-scc_4-multi-port-B1.csv")));
        assertTrue(Files.exists(dir.resolve("per-step-scc_4-multi-port-B1-2.csv")));
        assertNotNull(ImageIO.read(dir.resolve("coverage.png").toFile()));
    }

    @Test
    void failureMidWriteLeavesNothing() {
        IOException e = assertThrows(IOException.class, () -> BroadcastResults.write(root, "broken", RUNS, file -> {
            if (file.getFileName().toString().equals("report.md")) {
                throw new IOException("disk full (simulated)");
            }
        }));
        assertEquals("disk full (simulated)", e.getMessage());
        assertFalse(Files.exists(root.resolve("broken")));
        assertTrue(listOrFail(root).isEmpty(), "temporary directory left behind");
    }

    @Test
    void failureWhileDrawingLeavesNothing() {
        assertThrows(IllegalStateException.class, () -> BroadcastResults.write(root, "late", RUNS, file -> {
            if (file.getFileName().toString().equals("coverage.png")) {
                throw new IllegalStateException("after the last file");
            }
        }));
        assertFalse(Files.exists(root.resolve("late")));
        assertTrue(listOrFail(root).isEmpty());
    }

    @Test
    void noRunsStillWritesEveryFile() throws IOException {
        Path dir = BroadcastResults.write(root, "empty", List.of());
        assertEquals(Set.of("result.json", "report.md", "summary.csv", "coverage.png", "coverage.svg"), list(dir));
        assertNotNull(ImageIO.read(dir.resolve("coverage.png").toFile()));
    }

    @Test
    void runNameMustNameADirectory() {
        for (String bad : List.of("", "../up", "a/b", ".hidden", "x y")) {
            assertThrows(InvalidInputException.class, () -> BroadcastResults.write(root, bad, RUNS), bad);
        }
    }

    private static Set<String> listOrFail(Path dir) {
        try {
            return list(dir);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
