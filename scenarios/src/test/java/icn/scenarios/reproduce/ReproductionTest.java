package icn.scenarios.reproduce;

import icn.scenarios.printed.Printed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import icn.protocols.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproductionTest {

    @TempDir
    Path tmp;

    @Test
    void idsAreUniqueAndNamed() {
        Set<String> seen = new HashSet<>();
        for (ArtifactSpec s : Artifacts.all()) {
            assertTrue(seen.add(s.id()), "twice: " + s.id());
            assertTrue(s.id().matches("00[0-4]-(table|fig)-[0-9.]+[a-f]?|00[0-4]-claims|00[0-4]-lemma-[0-9.]+|00[0-4]-algorithm-[0-9]+"
                    + "|ext-[a-z0-9-]+"), s.id());
            assertTrue(s.kind().equals("table") || s.kind().equals("figure"), s.id());
            assertEquals(s.id().substring(0, 3), s.paper());
        }
    }

    /** Every numbered table and figure of the five papers (as their texts number them) has an artifact. */
    @Test
    void everyNumberedTableAndFigureIsThere() {
        Set<String> ids = new HashSet<>();
        Artifacts.all().forEach(s -> ids.add(s.id()));
        List<String> expected = new ArrayList<>();
        for (int f = 1; f <= 6; f++) {
            expected.add("000-fig-" + f);
        }
        expected.addAll(List.of("000-table-1", "000-table-2"));
        for (int f = 1; f <= 13; f++) {
            expected.add("001-fig-" + f);
        }
        for (int t = 1; t <= 7; t++) {
            expected.add("001-table-" + t);
        }
        expected.addAll(List.of("002-fig-1", "002-fig-2"));
        for (char c = 'a'; c <= 'f'; c++) {
            expected.add("002-fig-3" + c);
        }
        expected.addAll(List.of("003-fig-2.1", "003-fig-2.2", "003-fig-2.3", "003-fig-2.4", "003-fig-3.1", "003-fig-3.2", "003-table-4.1",
                "003-table-4.2"));
        for (int f = 1; f <= 4; f++) {
            expected.add("004-fig-" + f);
        }
        for (String id : expected) {
            assertTrue(ids.contains(id), "missing " + id);
        }
    }

    @Test
    void anUnknownIdIsRefusedWithTheValidOnes() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Reproduction.select(List.of("001-table-99")));
        assertTrue(e.getMessage().contains("unknown artifact '001-table-99'"), e.getMessage());
        assertTrue(e.getMessage().contains("001-table-3"), e.getMessage());
        assertEquals(List.of("001-table-3", "001-table-5"),
                Reproduction.select(List.of("001-table-5", "001-table-3")).stream().map(ArtifactSpec::id).toList(), "the papers' order");
    }

    @Test
    void anUnknownProfileIsRefused() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Profile.parse("huge"));
        assertTrue(e.getMessage().contains("quick, standard, full"), e.getMessage());
    }

    @Test
    void aNonEmptyOutputIsRefusedUnlessForced() throws Exception {
        Path out = tmp.resolve("out");
        Files.createDirectories(out);
        Files.writeString(out.resolve("keep.txt"), "mine");
        assertThrows(InvalidInputException.class, () -> Reproduction.checkOutput(out, false));
        Reproduction.checkOutput(out, true);
        Reproduction.checkOutput(tmp.resolve("new"), false);
        Files.createDirectories(tmp.resolve("empty"));
        Reproduction.checkOutput(tmp.resolve("empty"), false);
    }

    @Test
    void aFailingArtifactIsReportedAndTheOthersGoOn() throws Exception {
        ArtifactSpec broken = ArtifactSpec.table("001-table-3", "broken on purpose", 0, 0, 0, (c, out) -> {
            out.equal("4", "size", 72);
            throw new IllegalStateException("lost");
        });
        ArtifactSpec fine = ArtifactSpec.figure("001-fig-3", "a drawing", 0, 0, 0, (c, out) -> out.note("drawn"));
        Path out = tmp.resolve("report");
        List<Integer> told = new ArrayList<>();
        Reproduction.Result r = Reproduction.run(List.of(broken, fine), Profile.QUICK, 7, out, false, null, "test", (i, n, s, e, left) -> told.add(i));
        assertEquals(List.of(1, 2), told);
        Artifact a = r.artifacts().get(0);
        assertTrue(a.notes().get(0).startsWith("FAILED"), a.notes().toString());
        assertEquals(1, a.agreeing());
        long printedCells = Printed.RESOURCES.table("001-table-3").rows().size() * (Printed.RESOURCES.table("001-table-3").columns().size() - 1L);
        assertEquals(printedCells, a.cells().size(), "every printed cell is listed, measured or not");
        assertEquals(printedCells - 1, a.notMeasured());
        for (String f : List.of(Reproduction.REPORT_HTML, Reproduction.REPORT_MD, Reproduction.RESULT_JSON)) {
            assertTrue(Files.exists(out.resolve(f)), f);
        }
        try (var left = Files.list(tmp)) {
            assertEquals(List.of(out), left.toList(), "no temporary directory is left beside the report");
        }
    }

    @Test
    void nothingIsWrittenWhenTheReportCannotBeMade() throws Exception {
        ArtifactSpec png = ArtifactSpec.figure("001-fig-3", "a figure whose PNG is missing", 0, 0, 0, (c, out) -> out.file("missing.png"));
        Path out = tmp.resolve("report");
        assertThrows(java.io.IOException.class, () -> Reproduction.run(List.of(png), Profile.QUICK, 1, out, false, null, "test",
                (i, n, s, e, left) -> { }));
        try (var left = Files.list(tmp)) {
            assertEquals(0, left.count(), "nothing half-written");
        }
    }

    @Test
    void theJsonFollowsTheOutputContract() throws Exception {
        Path out = tmp.resolve("report");
        Reproduction.Result r = Reproduction.run(Reproduction.select(List.of("001-table-3", "001-fig-1")), Profile.QUICK, 3, out, false,
                null, "test", (i, n, s, e, left) -> { });
        JsonNode json = new ObjectMapper().readTree(Files.readString(out.resolve(Reproduction.RESULT_JSON)));
        assertEquals("quick", json.get("profile").asText());
        assertEquals(3, json.get("seed").asLong());
        for (String key : List.of("artifacts", "summary", "wallSeconds")) {
            assertTrue(json.has(key), key);
        }
        JsonNode table = json.get("artifacts").get(1);
        assertEquals("001-table-3", table.get("id").asText());
        for (String key : List.of("id", "paper", "title", "kind", "command", "cells", "files", "disagreements", "notes")) {
            assertTrue(table.has(key), key);
        }
        assertEquals("icn reproduce --only 001-table-3 --profile quick --seed 3", table.get("command").asText());
        JsonNode cell = table.get("cells").get(0);
        for (String key : List.of("row", "column", "measured", "printed", "agrees", "kind")) {
            assertTrue(cell.has(key), key);
        }
        JsonNode summary = json.get("summary");
        assertEquals(2, summary.get("artifacts").asInt());
        assertEquals(r.cells(), summary.get("cells").asLong());
        assertEquals(r.agreeing() + r.disagreeing(), summary.get("agreeing").asLong() + summary.get("disagreeing").asLong());
        assertFalse(json.get("artifacts").get(0).get("cells").isEmpty());
    }
}
