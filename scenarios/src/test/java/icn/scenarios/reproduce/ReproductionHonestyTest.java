package icn.scenarios.reproduce;

import icn.scenarios.printed.Printed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigValueFactory;
import icn.node.engine.Engine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole quick reproduction, twice: once with the papers' printed values and once with every digit of them replaced (nonsense
 * of the same shape, so that the code that reads them still parses them). No cell's value may change: a value that did came from a
 * printed resource, or was copied from one. And every cell has a kind, and the summary's counts add up.
 */
class ReproductionHonestyTest {

    @TempDir
    Path tmp;

    @Test
    void noCellsValueComesFromThePrintedValuesAndEveryCellSaysWhatItIs() throws Exception {
        Reproduction.Result real = reproduce("kinds", Printed.RESOURCES);
        everyCellHasAKindAndTheSummaryAddsUp(real);
        String greedy = Printed.RESOURCES.table("000-table-2").value("6", "greedy");
        Printed nonsense = new Printed(ReproductionHonestyTest::nonsense);
        assertNotNull(greedy);
        assertFalse(greedy.equals(nonsense.table("000-table-2").value("6", "greedy")), "the printed values are others now");
        Reproduction.Result swapped = reproduce("nonsense", nonsense);
        Map<String, Object> before = values(real);
        Map<String, Object> after = values(swapped);
        assertEquals(before.size(), after.size(), "as many cells");
        assertTrue(before.keySet().equals(after.keySet()), () -> "other cells: " + before.keySet().stream()
                .filter(k -> !after.containsKey(k)).limit(10).toList() + " became " + after.keySet().stream()
                .filter(k -> !before.containsKey(k)).limit(10).toList());
        List<String> changed = new ArrayList<>();
        before.forEach((key, value) -> {
            if (!String.valueOf(value).equals(String.valueOf(after.get(key)))) {
                changed.add(key + ": " + value + " -> " + after.get(key));
            }
        });
        assertTrue(changed.isEmpty(), () -> changed.size() + " cells changed with the printed values: " + changed.stream().limit(20).toList());
        Map<String, Object> printedBefore = printed(real);
        Map<String, Object> printedAfter = printed(swapped);
        long printedChanged = printedBefore.keySet().stream()
                .filter(k -> printedBefore.get(k) != null && !printedBefore.get(k).equals(printedAfter.get(k))).count();
        assertTrue(printedChanged > 300, "the swapped run set its cells beside other printed values: " + printedChanged);
    }

    private void everyCellHasAKindAndTheSummaryAddsUp(Reproduction.Result r) throws Exception {
        for (Artifact a : r.artifacts()) {
            assertFalse(a.notes().stream().anyMatch(n -> n.startsWith("FAILED")), () -> a.id() + " failed: " + a.notes());
            a.cells().forEach(c -> assertNotNull(c.kind(), a.id() + " " + c.row() + "/" + c.column()));
        }
        long measured = r.ofKind(Cell.Kind.MEASURED);
        assertEquals(r.cells(), measured + r.ofKind(Cell.Kind.FORMULA) + r.ofKind(Cell.Kind.MODEL) + r.ofKind(Cell.Kind.GIVEN)
                + r.notMeasured(), r.summaryText());
        assertEquals(measured, r.agreeing() + r.disagreeing() + r.measuredNotCompared(), r.summaryText());
        for (Cell.Kind k : Cell.Kind.values()) {
            assertTrue(r.ofKind(k) > 0, "some cells are " + k.key());
        }
        JsonNode json = new ObjectMapper().readTree(Files.readString(tmp.resolve("kinds").resolve(Reproduction.RESULT_JSON)));
        JsonNode s = json.get("summary");
        assertEquals(s.get("cells").asLong(), s.get("measured").asLong() + s.get("formula").asLong() + s.get("model").asLong()
                + s.get("given").asLong() + s.get("notMeasured").asLong());
        assertEquals(s.get("measured").asLong(), s.get("agreeing").asLong() + s.get("disagreeing").asLong()
                + s.get("measuredNotCompared").asLong());
        long agreeing = 0;
        for (JsonNode a : json.get("artifacts")) {
            for (JsonNode c : a.get("cells")) {
                String kind = c.get("kind").asText();
                assertTrue(List.of("measured", "formula", "model", "given").contains(kind), kind);
                agreeing += kind.equals("measured") && c.get("agrees").asBoolean(false) ? 1 : 0;
            }
        }
        assertEquals(s.get("agreeing").asLong(), agreeing, "only measured cells are counted as agreeing");
        String md = Files.readString(tmp.resolve("kinds").resolve(Reproduction.REPORT_MD));
        assertTrue(md.contains("[formula]") && md.contains("[model]") && md.contains("[given]"), "report.md shows the kinds");
        String html = Files.readString(tmp.resolve("kinds").resolve(Reproduction.REPORT_HTML));
        assertTrue(html.contains("data-kind=\"formula\"") && html.contains("data-kind=\"given\""), "report.html shows the kinds");
    }

    private Reproduction.Result reproduce(String name, Printed printed) throws Exception {
        return Reproduction.run(Artifacts.all(), Profile.QUICK, 1, tmp.resolve(name), false, Engine.reference(), printed, "test",
                (i, n, s, e, left) -> { });
    }

    /** Every cell's printed value by artifact, row and column. */
    private static Map<String, Object> printed(Reproduction.Result r) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Artifact a : r.artifacts()) {
            for (Cell c : a.cells()) {
                values.put(a.id() + " | " + c.row() + " | " + c.column(), c.printed() == null ? null : String.valueOf(c.printed()));
            }
        }
        return values;
    }

    /** Every cell's value by artifact, row and column. */
    private static Map<String, Object> values(Reproduction.Result r) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Artifact a : r.artifacts()) {
            for (Cell c : a.cells()) {
                values.put(a.id() + " | " + c.row() + " | " + c.column(), c.measured());
            }
        }
        return values;
    }

    /**
     * The paper's resource file with every digit of its printed values shifted by 3 (mod 10): the values of every table row (not its
     * label, nor the columns, which name places) and both texts of every formula.
     */
    @SuppressWarnings("unchecked")
    static Config nonsense(String id) {
        Map<String, Object> root = new LinkedHashMap<>(Printed.resource(id).root().unwrapped());
        Map<String, Object> tables = new LinkedHashMap<>((Map<String, Object>) root.getOrDefault("tables", Map.of()));
        tables.replaceAll((name, t) -> {
            Map<String, Object> table = new LinkedHashMap<>((Map<String, Object>) t);
            List<Object> rows = new ArrayList<>();
            for (Object row : (List<Object>) table.get("rows")) {
                List<Object> cells = new ArrayList<>((List<Object>) row);
                for (int i = 1; i < cells.size(); i++) {
                    cells.set(i, shifted(String.valueOf(cells.get(i))));
                }
                rows.add(cells);
            }
            table.put("rows", rows);
            return table;
        });
        root.put("tables", tables);
        Map<String, Object> formulas = new LinkedHashMap<>((Map<String, Object>) root.getOrDefault("formulas", Map.of()));
        formulas.replaceAll((graph, props) -> {
            Map<String, Object> p = new LinkedHashMap<>((Map<String, Object>) props);
            p.replaceAll((prop, f) -> ((List<Object>) f).stream().map(x -> shifted(String.valueOf(x))).toList());
            return p;
        });
        root.put("formulas", formulas);
        return ConfigValueFactory.fromMap(root).toConfig();
    }

    private static String shifted(String value) {
        StringBuilder out = new StringBuilder();
        for (char c : value.toCharArray()) {
            out.append(c >= '0' && c <= '9' ? (char) ('0' + (c - '0' + 3) % 10) : c);
        }
        return out.toString();
    }
}
