package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code icn claims} and {@code icn compare} through the command line: exit codes, one JSON document, the text's marks. */
class ClaimsCommandTest {

    @Test
    void failingClaimsAreFindingsNotErrors() {
        Cli.Result r = Cli.run("claims", "--topology", "cr:4", "--json");
        JsonNode j = r.json();
        assertAll(r.toString(),
                () -> assertEquals(0, r.exit(), "exit 0: the measurement ran"),
                () -> assertEquals(List.of("Results: " + j.get("resultsDirectory").asText()), r.errLines(),
                        "--json: on stderr only where the results are"),
                () -> assertEquals("cr:4", j.get("topology").asText()),
                () -> assertEquals(64, j.get("nodes").asInt()),
                () -> assertFalse(j.get("holds").asBoolean(), "003 Lemma 3.3 fails on CR_4"),
                () -> assertTrue(j.get("shortestRouting").asText().contains("--algorithm shortest")));
        for (JsonNode c : j.get("claims")) {
            for (String field : new String[] {"paper", "statement", "holds", "checked", "failing", "detail", "counterexamples"}) {
                assertTrue(c.has(field), field + " in " + c);
            }
            assertEquals(c.get("failing").asLong() == 0, c.get("holds").asBoolean(), c.toString());
        }
    }

    @Test
    void textNamesEveryClaimAndTheShortestRouting() {
        Cli.Result r = Cli.run("claims", "--topology", "icube:3,3,3");
        assertAll(r.toString(),
                () -> assertEquals(0, r.exit()),
                () -> assertTrue(r.out().contains("FAILS  004 Theorem 5.1(1)"), "Theorem 5.1(1) fails"),
                () -> assertTrue(r.out().contains("holds  004 Lemma 5.3(3)"), "Lemma 5.3(3) holds"),
                () -> assertTrue(r.out().contains("e.g. measured 18, claimed 27")),
                () -> assertTrue(r.out().contains("icn route --topology icube:3,3,3 --algorithm shortest")));
    }

    @Test
    void everyClaimHoldsOnTheNecklace() {
        Cli.Result r = Cli.run("claims", "--topology", "rnh:2,3");
        assertAll(r.toString(), () -> assertEquals(0, r.exit()), () -> assertTrue(r.out().contains("Every claim holds.")));
    }

    @Test
    void compareMarksDisagreementsAndListsFormulas() {
        Cli.Result r = Cli.run("compare", "--topology", "star:5", "--topology", "star:6", "--no-flooding");
        assertAll(r.toString(),
                () -> assertEquals(0, r.exit(), "disagreeing with a paper is a finding"),
                () -> assertTrue(r.out().contains("6/6 "), "star:5: ⌊3·4/2⌋ = ⌈3·4/2⌉ = 6, no mark"),
                () -> assertTrue(r.out().contains("7/7,8✗"), "star:6: the ceiling of 001 §2 disagrees"),
                () -> assertTrue(r.out().contains("Formulas used:")),
                () -> assertTrue(r.out().contains("star:6: diameter measured 7, but 001 §2")));
        Cli.Result json = Cli.run("compare", "--topology", "star:6", "--no-flooding", "--json");
        JsonNode n = json.json().get("networks").get(0);
        assertEquals(0, json.exit());
        assertFalse(json.json().get("agrees").asBoolean());
        JsonNode first = n.get("formulas").get(0);
        for (String field : new String[] {"metric", "measured", "formula", "relation", "source", "agrees"}) {
            assertTrue(first.has(field), field + " in " + first);
        }
    }

    /** CR_n is directed: the row gives the out-degree and, beside 003 Theorem 2.1(1)'s n+1, the degree over arcs both ways. */
    @Test
    void compareGivesCrOutDegreeAndUndirectedDegree() {
        int n = 5;
        Cli.Result r = Cli.run("compare", "--topology", "cr:" + n, "--no-flooding");
        assertAll(r.toString(), () -> assertEquals(0, r.exit()),
                () -> assertTrue(r.out().contains(n + "/" + n + "; undirected " + (n + 1) + "/" + (n + 1)), "degree cell"),
                () -> assertTrue(r.out().contains("maxUndirectedDegree")), () -> assertTrue(r.out().contains("Every measurement agrees")));
        Cli.Result json = Cli.run("compare", "--topology", "cr:" + n, "--no-flooding", "--json");
        JsonNode row = json.json().get("networks").get(0);
        assertEquals(n, row.get("degree").get("max").asInt(), "out-degree");
        assertEquals(n + 1, row.get("undirectedDegree").get("min").asInt(), row.toString());
        assertEquals(n + 1, row.get("undirectedDegree").get("max").asInt(), row.toString());
    }
}
