package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproduceCommandTest {

    @TempDir
    Path tmp;

    private static void oneLineExit2(Cli.Result r, String expected) {
        assertEquals(2, r.exit(), r.toString());
        assertEquals(1, r.errLines().size(), r.toString());
        assertTrue(r.err().contains(expected), r.toString());
        assertTrue(r.out().isBlank(), r.toString());
    }

    @Test
    void anUnknownArtifactIsRefusedWithTheValidIdsAndNothingIsWritten() throws Exception {
        Path out = tmp.resolve("r");
        Cli.Result r = Cli.run("reproduce", "--only", "001-table-3,001-table-99", "--out", out.toString());
        oneLineExit2(r, "unknown artifact '001-table-99': valid ids are ");
        assertTrue(r.err().contains("000-fig-6") && r.err().contains("003-table-4.2"), r.err());
        assertFalse(Files.exists(out));
        try (var left = Files.list(tmp)) {
            assertEquals(0, left.count());
        }
    }

    @Test
    void anUnknownProfileIsRefused() {
        Path out = tmp.resolve("r");
        oneLineExit2(Cli.run("reproduce", "--profile", "fast", "--out", out.toString()), "unknown profile 'fast': expected one of quick, "
                + "standard, full");
        assertFalse(Files.exists(out));
    }

    @Test
    void whatIsAlreadyUnderOutIsLeftAlone() throws Exception {
        Path out = tmp.resolve("r");
        Files.createDirectories(out);
        Files.writeString(out.resolve("mine.txt"), "keep");
        Cli.Result r = Cli.run("reproduce", "--only", "001-fig-1", "--out", out.toString(), "--profile", "quick");
        assertEquals(0, r.exit(), r.toString());
        assertEquals("keep", Files.readString(out.resolve("mine.txt")), "untouched");
        Path dir = Cli.resultsDir(out);
        assertTrue(dir.getFileName().toString().startsWith("reproduce-"), dir.toString());
        assertTrue(Files.exists(dir.resolve("report.html")));
        assertTrue(Files.exists(dir.resolve("manifest.json")));
    }

    @Test
    void jsonIsTheReportsOneObject() throws Exception {
        Path out = tmp.resolve("r");
        Cli.Result r = Cli.run("reproduce", "--profile", "quick", "--only", "001-table-3,001-fig-1", "--seed", "5", "--out", out.toString(),
                "--json");
        assertEquals(0, r.exit(), r.toString());
        JsonNode json = r.json();
        assertEquals("quick", json.get("profile").asText());
        assertEquals(5, json.get("seed").asLong());
        assertEquals(2, json.get("artifacts").size());
        JsonNode table = json.get("artifacts").get(1);
        assertEquals("001-table-3", table.get("id").asText());
        assertEquals("table", table.get("kind").asText());
        assertEquals("001", table.get("paper").asText());
        long disagreeing = 0;
        for (JsonNode cell : table.get("cells")) {
            disagreeing += cell.get("agrees").isBoolean() && !cell.get("agrees").asBoolean() ? 1 : 0;
        }
        assertEquals(disagreeing, table.get("disagreements").asLong());
        assertTrue(disagreeing > 0, "SCC_7's BFS diameter 30 against the printed 31");
        assertEquals(Cli.JSON.readTree(Files.readString(Cli.resultsDir(out).resolve("result.json"))), json, "stdout is result.json");
        for (String key : List.of("artifacts", "cells", "agreeing", "disagreeing", "notMeasured")) {
            assertTrue(json.get("summary").has(key), key);
        }
        assertTrue(r.err().contains("1 of 2 · 001-fig-1") && r.err().contains("2 of 2 · 001-table-3"), "progress: " + r.err());
    }
}
