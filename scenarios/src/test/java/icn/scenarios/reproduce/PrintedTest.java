package icn.scenarios.reproduce;

import icn.scenarios.printed.Printed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class PrintedTest {

    @Test
    void everyPaperHasATitleAndAuthors() {
        for (String id : Printed.PAPER_IDS) {
            Printed.Paper p = Printed.RESOURCES.paper(id);
            assertFalse(p.title().isBlank(), id);
            assertFalse(p.authors().isBlank(), id);
        }
    }

    @Test
    void valuesAreKeptAsPrinted() {
        assertEquals("5.306", Printed.RESOURCES.table("000-table-1").value("average distance", "4"));
        assertEquals("47.4%", Printed.RESOURCES.table("001-table-3").value("6", "relative"));
        assertEquals("-", Printed.RESOURCES.table("001-table-7").value("n-cube, 7", "local"));
        assertNull(Printed.RESOURCES.table("003-table-4.2").value("vertices", "hypercube 6"), "a blank printed cell is no value");
        assertNull(Printed.RESOURCES.table("001-table-3").value("9", "relative"));
        assertNull(Printed.RESOURCES.table("001-table-3").value("6", "no such column"));
    }

    @Test
    void everyRowHasAValuePerColumn() {
        for (String id : Printed.PAPER_IDS) {
            for (var e : Printed.RESOURCES.paper(id).tables().entrySet()) {
                for (var row : e.getValue().rows()) {
                    assertEquals(e.getValue().columns().size(), row.size(), e.getKey() + " row " + row.get(0));
                }
            }
        }
    }

    @Test
    void everyPrintedTableBelongsToAnArtifact() {
        Set<String> ids = Artifacts.all().stream().map(ArtifactSpec::id).collect(Collectors.toSet());
        for (String paper : Printed.PAPER_IDS) {
            for (String table : Printed.RESOURCES.paper(paper).tables().keySet()) {
                assertTrue(ids.contains(table), table + " has printed values but no artifact measures it");
            }
        }
    }
}
