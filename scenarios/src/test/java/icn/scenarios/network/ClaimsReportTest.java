package icn.scenarios.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.protocols.topology.Topologies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code icn claims}: each paper claim measured, holds or fails with counts and counterexamples, against independent expectations. */
class ClaimsReportTest {

    private static JsonNode claim(ObjectNode r, String paper, String statementPart) {
        for (JsonNode c : r.get("claims")) {
            if (c.get("paper").asText().equals(paper) && c.get("statement").asText().contains(statementPart)) {
                return c;
            }
        }
        throw new AssertionError("no claim " + paper + " '" + statementPart + "' in " + r.toPrettyString());
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7})
    void crOptimalRouteFailsLemma33ForTwoToTheNMinus2MinusOneSources(int n) {
        ObjectNode r = ClaimsReport.measure(Topologies.parse("cr:" + n));
        JsonNode lemma33 = claim(r, "003 Lemma 3.3", "shortest");
        assertEquals(n << n, lemma33.get("checked").asLong() + 0, "every source to I, the identity included");
        assertEquals((1 << (n - 2)) - 1, lemma33.get("failing").asLong(), lemma33.toString());
        assertFalse(lemma33.get("holds").asBoolean());
        assertFalse(lemma33.get("counterexamples").isEmpty());
        assertTrue(claim(r, "003 Lemma 3.2", "one step longer").get("holds").asBoolean());
        assertTrue(claim(r, "003 Theorem 3.3", "diameter").get("holds").asBoolean());
        JsonNode theorem21 = claim(r, "003 Theorem 2.1", "nodes");
        assertTrue(theorem21.get("holds").asBoolean());
        assertTrue(theorem21.get("detail").asText().contains("degree over out- and in-arcs " + (n + 1) + ".." + (n + 1)), theorem21.toString());
        assertFalse(r.get("holds").asBoolean());
        assertTrue(r.get("shortestRouting").asText().contains("--algorithm shortest"));
        assertTrue(ClaimsReport.text(r).contains("FAILS"));
    }

    @Test
    void sccMinimalRoutingIsShortestAnd001OptimalRoutingIsNot() {
        ObjectNode r = ClaimsReport.measure(Topologies.parse("scc:5"));
        JsonNode minimal = claim(r, "000 Algorithm 3", "minimal");
        assertTrue(minimal.get("holds").asBoolean(), minimal.toString());
        assertEquals(479, minimal.get("checked").asLong());
        assertTrue(claim(r, "001 Theorem 1", "diameter").get("holds").asBoolean());
        assertTrue(claim(r, "001 §3", "nodes").get("holds").asBoolean());
    }

    @Test
    void incompleteCubeClaims() {
        ObjectNode r = ClaimsReport.measure(Topologies.parse("icube:3,3,3"));
        assertTrue(claim(r, "004 §6 ONE-TO-ONE ROUTING", "shortest").get("holds").asBoolean());
        assertTrue(claim(r, "004 §6.1", "Hamming distance W").get("holds").asBoolean());
        assertEquals(18 * 17, claim(r, "004 §6.1", "Hamming distance W").get("checked").asLong(), "every ordered pair");
        assertFalse(claim(r, "004 Theorem 5.1(1)", "k^n").get("holds").asBoolean(), "18 nodes, not 27");
        assertFalse(claim(r, "004 Theorem 5.2(2)", "degree").get("holds").asBoolean(), "degree 5 > n = 3");
        assertTrue(claim(r, "004 Lemma 5.3(3)", "diameter").get("holds").asBoolean());
        JsonNode count = claim(r, "004 §6.1", "shortest paths");
        // 001 → 010 differ in two positions, one up and one down: 1!·1! = 1 by 004, but both orders are paths (001-011-010, 001-000-010)
        assertFalse(count.get("holds").asBoolean());
        assertTrue(count.get("counterexamples").get(0).asText().startsWith("001 → 010: 2 shortest paths"), count.toString());
    }

    @Test
    void completeCubeCountsEveryOrderOfTheDifferingPositions() {
        ObjectNode r = ClaimsReport.measure(Topologies.parse("kcube:2,3"));
        JsonNode count = claim(r, "004 §6.1", "shortest paths");
        // in Q(2,3) a pair differing in both positions has 2! = 2 paths; 004's count is 1 when one symbol rises and the other falls
        long mixed = 0;
        for (int a = 0; a < 9; a++) {
            for (int b = 0; b < 9; b++) {
                int a1 = a / 3, a2 = a % 3, b1 = b / 3, b2 = b % 3;
                if (a1 != b1 && a2 != b2 && Integer.signum(a1 - b1) != Integer.signum(a2 - b2)) {
                    mixed++;
                }
            }
        }
        assertEquals(mixed, count.get("failing").asLong(), count.toString());
    }

    @Test
    void necklaceAndStar() {
        ObjectNode rnh = ClaimsReport.measure(Topologies.parse("rnh:3,4"));
        assertTrue(rnh.get("holds").asBoolean(), rnh.toPrettyString());
        assertEquals(56 * 55, claim(rnh, "002 §3 three-phase route", "shortest").get("checked").asLong());
        ObjectNode star = ClaimsReport.measure(Topologies.parse("star:6"));
        assertTrue(claim(star, "001 Algorithm 1", "shortest").get("holds").asBoolean());
        assertTrue(claim(star, "001 Theorem 8, §6", "⌊3(n−1)/2⌋").get("holds").asBoolean());
        assertFalse(claim(star, "001 §2", "⌈3(n−1)/2⌉").get("holds").asBoolean());
        assertTrue(ClaimsReport.text(star).contains("e.g. measured 7, claimed 8"));
    }
}
