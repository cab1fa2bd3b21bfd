package icn.scenarios.network;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.engine.Engine;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.scenarios.claims.NetworkClaims;
import icn.scenarios.claims.NetworkFormulas;
import icn.scenarios.claims.PaperFormulas;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The closed forms beside {@code icn compare}'s columns, checked against independent computations (enumeration, brute-force sums,
 * the other printed form of the same quantity), and the comparison's marking: ✗ exactly where a measurement disagrees.
 */
class NetworkClaimsTest {

    // ---- formula values against independent computation

    @Test
    void starSizeAndDiametersBothPrintedForms() {
        for (int n = 3; n <= 9; n++) {
            assertEquals(permutations(n), PaperFormulas.factorial(n), "n! by enumeration, n=" + n);
            // 001 §2's ceiling and Theorem 8's floor agree for odd n and differ by one for even n
            assertEquals(n % 2 == 0 ? 1 : 0, PaperFormulas.starDiameterCeiling(n) - PaperFormulas.starDiameter(n), "n=" + n);
        }
        assertEquals(8, PaperFormulas.starDiameterCeiling(6));
        assertEquals(7, PaperFormulas.starDiameter(6));
    }

    @Test
    void completeRotationGraphEdgesAreGEdgesPlusTheCompleteGraphsOfTheFCycles() {
        for (int n = 3; n <= 10; n++) {
            long fCycles = 1L << n; // 003 Lemma 2.4: 2^n f-cycles of n nodes, each a K_n (Lemma 2.5)
            long kn = (long) n * (n - 1) / 2;
            long gEdges = (long) n << n; // one g-arc per node, Lemma 2.3: g-cycles of length 2n, no 2-cycles
            assertEquals(gEdges + fCycles * kn, NetworkFormulas.crEdges(n), "n=" + n);
            assertEquals(n * Math.pow(2, n), NetworkFormulas.crNodes(n), 0, "n=" + n);
        }
    }

    @Test
    void necklaceSizesAgreeWithTheOtherPrintedForm() {
        for (int n = 1; n <= 10; n++) {
            for (int k = 1; k <= 8; k++) {
                // 002 §1: 2^(n−1)(nk+2)
                assertEquals((1L << (n - 1)) * (n * k + 2), NetworkFormulas.rnhNodes(n, k), "n=" + n + " k=" + k);
                int[] vector = new int[n << (n - 1)];
                java.util.Arrays.fill(vector, k);
                assertEquals(NetworkFormulas.rnhNodes(n, k), NetworkFormulas.inhNodes(n, vector), "INH with equal necklaces is the RNH");
                // edges: the n·2^(n−1) cube edges, and a path of k nodes has k+1 edges
                assertEquals((long) (n << (n - 1)) + (long) (n << (n - 1)) * (k + 1), NetworkFormulas.rnhEdges(n, k));
            }
        }
    }

    @Test
    void incompleteCubeRecurrenceCountsTheStringsOfDefinition43() {
        for (int n = 1; n <= 7; n++) {
            for (int k = 2; k <= 5; k++) {
                for (int beta = 1; beta <= n; beta++) {
                    if (beta * (k - 1) <= 1) {
                        continue;
                    }
                    assertEquals(seedStrings(n, k, beta).size(), NetworkFormulas.incompleteCubeNodes(n, k, beta), "n=" + n + " k=" + k + " β=" + beta);
                }
            }
        }
        // Theorem 5.1(1) says k^n for n ≤ β; Definition 4.3 gives fewer (no string ends in k−1)
        assertEquals(18, NetworkFormulas.incompleteCubeNodes(3, 3, 3));
        assertEquals(27, NetworkFormulas.karyNodes(3, 3));
    }

    @Test
    void hypercubeAverageDistanceIsTheMeanHammingDistance() {
        for (int n = 1; n <= 10; n++) {
            long sum = 0;
            for (int v = 0; v < 1 << n; v++) {
                sum += Integer.bitCount(v); // distance from 0; vertex-transitive
            }
            assertEquals((double) sum / (1 << n), NetworkFormulas.hypercubeAverageDistance(n), 1e-12, "n=" + n);
        }
    }

    @Test
    void cccClosedFormsAgreeWithTable7() {
        // 001 Table 7, n-CCC rows: size and diameter for n = 4..8 (formula side against the printed table)
        long[] size = {64, 160, 384, 896, 2048};
        int[] diameter = {8, 10, 13, 15, 18};
        for (int n = 4; n <= 8; n++) {
            assertEquals(size[n - 4], NetworkFormulas.cccNodes(n));
            assertEquals(diameter[n - 4], NetworkFormulas.cccDiameter(n));
        }
        assertEquals(6, NetworkFormulas.cccDiameter(3));
        assertEquals(20, NetworkFormulas.cccOnePortSteps(5)); // Table 7: n-CCC, n = 5, total steps 20
        assertEquals(35, NetworkFormulas.cccOnePortSteps(7));
    }

    @Test
    void relationsDecideAgreement() {
        var eq = new NetworkClaims.Formula("diameter", 7, NetworkClaims.Relation.EQUALS, "x");
        var atMost = new NetworkClaims.Formula("maxDegree", 5, NetworkClaims.Relation.AT_MOST, "x");
        var atLeast = new NetworkClaims.Formula("onePortFloodingSteps", 8, NetworkClaims.Relation.AT_LEAST, "x");
        var ref = new NetworkClaims.Formula("onePortFloodingSteps", 18, NetworkClaims.Relation.REFERENCE, "x");
        assertAll(() -> assertTrue(eq.agrees(7)), () -> assertFalse(eq.agrees(8)), () -> assertTrue(atMost.agrees(5)),
                () -> assertFalse(atMost.agrees(14)), () -> assertTrue(atLeast.agrees(36)), () -> assertFalse(atLeast.agrees(7)),
                () -> assertTrue(ref.agrees(26)), () -> assertEquals("≤5", atMost.text()), () -> assertEquals("7", eq.text()));
    }

    // ---- the comparison: measured beside formula, ✗ where they disagree

    @Test
    void starSixDiameterDisagreesOnlyWith001Section2() {
        ObjectNode r = NetworkReport.measure(Topologies.parse("star:6"), Engine.reference());
        List<JsonNode> diameter = rows(r, "diameter");
        assertEquals(2, diameter.size(), r.toPrettyString());
        assertEquals(7, diameter.get(0).get("measured").asInt(), "BFS");
        assertTrue(diameter.get(0).get("agrees").asBoolean(), "Theorem 8's floor");
        assertEquals(8, diameter.get(1).get("formula").asInt());
        assertFalse(diameter.get(1).get("agrees").asBoolean(), "§2's ceiling");
        assertTrue(diameter.get(1).get("source").asText().contains("001 §2"));
        assertFalse(r.get("agrees").asBoolean());
        List<List<String>> table = NetworkReport.table(List.of(r));
        assertEquals("7/7,8✗", table.get(1).get(NetworkReport.HEADERS.indexOf("diam")));
        assertEquals("720/720", table.get(1).get(NetworkReport.HEADERS.indexOf("nodes")));
        List<String> notes = NetworkReport.notes(List.of(r));
        assertTrue(notes.stream().anyMatch(l -> l.contains("star:6: diameter measured 7, but 001 §2") && l.contains("gives 8")), notes.toString());
    }

    @Test
    void incompleteCubeDegreeExceedsTheorem52Bound() {
        ObjectNode r = NetworkReport.measure(Topologies.parse("icube:5,4,3"));
        JsonNode degree = rows(r, "maxDegree").get(0);
        assertEquals("at-most", degree.get("relation").asText());
        assertEquals(5, degree.get("formula").asInt());
        assertTrue(degree.get("measured").asInt() > 5, "measured max degree " + degree.get("measured"));
        assertFalse(degree.get("agrees").asBoolean());
        String cell = NetworkReport.table(List.of(r)).get(1).get(NetworkReport.HEADERS.indexOf("degree"));
        assertTrue(cell.endsWith("/≤5✗"), cell);
        JsonNode diameter = rows(r, "diameter").get(0);
        assertTrue(diameter.get("agrees").asBoolean(), "Lemma 5.3(3): " + diameter);
    }

    @Test
    void theorem511NodeCountDisagreesForIcube333() {
        ObjectNode r = NetworkReport.measure(Topologies.parse("icube:3,3,3"));
        List<JsonNode> nodes = rows(r, "nodes");
        assertEquals(2, nodes.size());
        assertTrue(nodes.get(0).get("agrees").asBoolean(), "the recurrence");
        assertEquals(27, nodes.get(1).get("formula").asInt());
        assertFalse(nodes.get(1).get("agrees").asBoolean(), "Theorem 5.1(1)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"scc:4", "scc:5", "cr:4", "cr:5", "hypercube:6", "ccc:4", "ccc:5", "rnh:2,3", "rnh:3,4", "torus:4,2", "kcube:3,3", "inh:2:1,3,2,1"})
    void networksWithoutKnownDisagreementsAgreeEverywhere(String name) {
        Topology t = Topologies.parse(name);
        ObjectNode r = NetworkReport.measure(t, Engine.reference());
        assertTrue(r.get("agrees").asBoolean(), r.toPrettyString());
        assertFalse(r.get("formulas").isEmpty(), "some formula for " + name);
        for (JsonNode f : r.get("formulas")) {
            assertNotNull(f.get("measured"));
            assertNotNull(f.get("formula"));
            assertFalse(f.get("source").asText().isBlank());
            assertTrue(f.has("agrees"));
        }
        for (List<String> row : NetworkReport.table(List.of(r))) {
            assertFalse(String.join(" ", row).contains("✗"), row.toString());
        }
    }

    /**
     * 003 Theorem 2.1(1) gives CR_n degree n+1 beside out-degree n: the report measures both (distinct neighbours over out-arcs, and
     * over out- and in-arcs) and sets each beside its formula; undirected networks carry no undirected degree.
     */
    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8})
    void crUndirectedDegreeIsMeasuredBesideTheorem21(int n) {
        ObjectNode r = NetworkReport.measure(Topologies.parse("cr:" + n));
        assertEquals(n, r.get("degree").get("min").asInt(), "out-degree");
        assertEquals(n, r.get("degree").get("max").asInt(), "out-degree");
        assertEquals(n + 1, r.get("undirectedDegree").get("min").asInt(), r.toPrettyString());
        assertEquals(n + 1, r.get("undirectedDegree").get("max").asInt(), r.toPrettyString());
        assertEquals("every node", r.get("undirectedDegree").get("from").asText());
        for (String metric : List.of("minUndirectedDegree", "maxUndirectedDegree")) {
            List<JsonNode> rows = rows(r, metric);
            assertEquals(1, rows.size(), metric);
            assertEquals(n + 1, rows.get(0).get("formula").asInt());
            assertEquals(n + 1, rows.get(0).get("measured").asInt());
            assertTrue(rows.get(0).get("agrees").asBoolean());
            assertTrue(rows.get(0).get("source").asText().contains("003 Theorem 2.1(1)"));
        }
        assertTrue(r.get("agrees").asBoolean(), r.toPrettyString());
        String cell = NetworkReport.table(List.of(r)).get(1).get(NetworkReport.HEADERS.indexOf("degree"));
        assertEquals(n + "/" + n + "; undirected " + (n + 1) + "/" + (n + 1), cell);
    }

    @ParameterizedTest
    @ValueSource(strings = {"scc:4", "hypercube:5", "rnh:2,3", "icube:4,3,2"})
    void undirectedNetworksCarryNoUndirectedDegree(String name) {
        ObjectNode r = NetworkReport.measure(Topologies.parse(name));
        assertFalse(r.has("undirectedDegree"), r.toPrettyString());
        assertTrue(rows(r, "minUndirectedDegree").isEmpty());
        assertFalse(NetworkReport.table(List.of(r)).get(1).get(NetworkReport.HEADERS.indexOf("degree")).contains("undirected"));
    }

    @Test
    void measuredSideIsNeverTheFormula() {
        // scc:7: BFS gives 30, 001 Theorem 1 gives 31 (README): the measured side must show the BFS figure
        ObjectNode r = NetworkReport.measure(Topologies.parse("scc:7"));
        JsonNode theorem1 = rows(r, "diameter").get(0);
        assertEquals(30, theorem1.get("measured").asInt());
        assertEquals(31, theorem1.get("formula").asInt());
        assertFalse(theorem1.get("agrees").asBoolean());
    }

    // ---- helpers

    private static List<JsonNode> rows(ObjectNode r, String metric) {
        List<JsonNode> list = new ArrayList<>();
        r.get("formulas").forEach(f -> {
            if (f.get("metric").asText().equals(metric)) {
                list.add(f);
            }
        });
        return list;
    }

    private static long permutations(int n) {
        return permute(new boolean[n], 0);
    }

    private static long permute(boolean[] used, int depth) {
        if (depth == used.length) {
            return 1;
        }
        long count = 0;
        for (int i = 0; i < used.length; i++) {
            if (!used[i]) {
                used[i] = true;
                count += permute(used, depth + 1);
                used[i] = false;
            }
        }
        return count;
    }

    /** V_{n,k}((k−1)^β) built as Definition 4.3 writes it: the union of A_i ∘ V_{n−i} with A_i = (k−1)^{i−1}∘{0..k−2}. */
    private static Set<String> seedStrings(int n, int k, int beta) {
        Set<String> v = new HashSet<>();
        if (n == 0) {
            v.add("");
            return v;
        }
        for (int i = 1; i <= beta && i <= n; i++) {
            String prefix = String.valueOf((char) ('0' + k - 1)).repeat(i - 1);
            for (int s = 0; s <= k - 2; s++) {
                for (String rest : seedStrings(n - i, k, beta)) {
                    v.add(prefix + (char) ('0' + s) + rest);
                }
            }
        }
        return v;
    }
}
