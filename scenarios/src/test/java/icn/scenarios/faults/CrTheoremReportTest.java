package icn.scenarios.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.node.routing.cr.FaultTolerantCheck;
import icn.node.routing.cr.FaultTolerantCheck.Measurement;
import icn.node.routing.cr.FaultTolerantCheck.Placement;
import icn.protocols.topology.CompleteRotationGraph;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of 003 Theorem 3.4: its rows, JSON and files carry what {@link FaultTolerantCheck} measured, with the two claims apart.
 * The counts are checked against the placements enumerated here: every subset of at most n−1 of the candidates, for every source.
 */
class CrTheoremReportTest {

    @TempDir
    Path dir;

    @Test
    void casesCarryTheMeasurementAndTheCounterexamplesInLabels() throws IOException {
        CompleteRotationGraph cr = CompleteRotationGraph.of(4);
        List<Measurement> ms = List.of(FaultTolerantCheck.measure(cr, Placement.AT_DESTINATION, FaultTolerantCheck.Sampling.exhaustive()),
                FaultTolerantCheck.measure(cr, Placement.AT_SOURCE, FaultTolerantCheck.Sampling.exhaustive()));
        long expectedPlacements = 0;
        for (int source = 1; source < cr.nodeCount(); source++) {
            int c = FaultTolerantCheck.candidates(cr, Placement.AT_DESTINATION, source).length;
            for (int size = 0; size <= Math.min(3, c); size++) {
                expectedPlacements += binomial(c, size);
            }
        }
        assertEquals(expectedPlacements, ms.get(0).placements(), "every subset of at most n−1 candidates, for every source but I");
        JsonNode json = CrTheoremReport.json(ms, 2);
        JsonNode first = json.path("cases").get(0);
        assertEquals("cr:4", first.path("topology").asText());
        assertEquals(ms.get(0).placements(), first.path("placements").asLong());
        assertEquals(ms.get(0).delivered() == ms.get(0).placements(), first.path("toleranceHolds").asBoolean());
        assertEquals(ms.get(0).counterexamples().size(), first.path("counterexampleCount").asInt());
        assertTrue(first.path("counterexamples").size() <= 2, "at most --limit counterexamples in the JSON");
        assertEquals(ms.stream().allMatch(Measurement::claimHolds), json.path("holds").asBoolean());
        for (JsonNode c : json.path("cases")) {
            long failures = 0;
            for (JsonNode f : c.path("failures")) {
                failures += f.asLong();
            }
            assertEquals(c.path("counterexampleCount").asLong(), failures, "every counterexample has one failure kind");
            assertEquals(c.path("placements").asLong() - c.path("delivered").asLong() + c.path("failures").path("LONGER_THAN_CLAIMED").asLong(),
                    failures, "undelivered routes and routes over the bound are the counterexamples");
        }
        Path out = CrTheoremReport.write(dir, "cr-theorem", ms, 2);
        List<String> cases = Files.readAllLines(out.resolve("theorem34.csv"));
        assertEquals(3, cases.size(), "a header and two cases");
        assertTrue(cases.get(1).startsWith("cr:4,AT_DESTINATION,3,"), cases.get(1));
        List<String> examples = Files.readAllLines(out.resolve("counterexamples.csv"));
        assertEquals(1 + ms.stream().mapToInt(m -> m.counterexamples().size()).sum(), examples.size(), "every counterexample of CR_4 listed");
        if (examples.size() > 1) {
            String[] row = examples.get(1).split(",", -1);
            assertEquals(cr.identity(), cr.parseLabel(row[4]), "the destination is I, as a label");
            cr.parseLabel(row[3]); // the source is a label of CR_4
        }
        String table = CrTheoremReport.table(ms, 1);
        assertTrue(table.contains("cr:4"), table);
        assertFalse(Files.readString(out.resolve("report.md")).isBlank());
    }

    private static long binomial(int n, int k) {
        long r = 1;
        for (int i = 0; i < k; i++) {
            r = r * (n - i) / (i + 1);
        }
        return r;
    }
}
