package icn.protocols.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The text forms of names and labels, and every port's neighbour checked by rewriting the label text as the definitions say. */
class ClassicTopologyLabelsTest {

    private static String swap(String s, int a, int b) {
        char[] c = s.toCharArray();
        char t = c[a];
        c[a] = c[b];
        c[b] = t;
        return new String(c);
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6})
    void starGeneratorExchangesFirstAndIthSymbol(int n) {
        Star s = Star.of(n);
        for (int v = 0; v < s.nodeCount(); v++) {
            for (int i = 2; i <= n; i++) {
                assertEquals(swap(s.label(v), 0, i - 1), s.label(s.neighbour(v, Star.port(i))), "g" + i + " of " + s.label(v));
                assertEquals("g" + i, s.portName(Star.port(i)));
            }
        }
        assertEquals(0, s.parseLabel("123456".substring(0, n)), "the identity is node 0");
    }

    @ParameterizedTest
    @ValueSource(ints = {5, 6, 7})
    void starNeighboursComputedOnTheFlyMatchTheTable(int n) {
        Star table = Star.of(n);
        Star computed = Star.untabulated(n);
        for (int v = 0; v < table.nodeCount(); v++) {
            for (int p = 0; p < table.portCount(); p++) {
                assertEquals(table.neighbour(v, p), computed.neighbour(v, p));
            }
        }
    }

    @Test
    void star10WritesSymbolTenAsA() {
        Star s = Star.of(10);
        assertEquals(3_628_800, s.nodeCount());
        assertEquals("123456789A", s.label(0));
        assertEquals(s.nodeCount() - 1, s.parseLabel("A987654321"));
        assertEquals(s.parseLabel("a987654321"), s.parseLabel("A987654321"));
        int v = s.parseLabel("3A21987654");
        assertEquals("3A21987654", s.label(v));
        for (int i = 2; i <= 10; i++) {
            assertEquals(swap("3A21987654", 0, i - 1), s.label(s.neighbour(v, Star.port(i))));
        }
    }

    @Test
    void hypercubeDimensionFlipsOneBit() {
        Hypercube q = Hypercube.of(5);
        for (int v = 0; v < q.nodeCount(); v++) {
            for (int d = 0; d < 5; d++) {
                String label = q.label(v);
                char[] c = label.toCharArray();
                c[4 - d] = c[4 - d] == '0' ? '1' : '0';
                assertEquals(new String(c), q.label(q.neighbour(v, d)), "DIM" + d + " of " + label);
            }
        }
        assertEquals(6, Hypercube.of(4).parseLabel("0110"));
        assertEquals("DIM3", Hypercube.of(4).portName(3));
    }

    @Test
    void torusPortsMoveOneDigitRoundItsRing() {
        Torus t = Torus.of(4, 3);
        assertEquals(64, t.nodeCount());
        assertEquals(3 * 16 + 0 * 4 + 2, t.parseLabel("302"));
        assertEquals(t.parseLabel("302"), t.parseLabel("3,0,2"), "commas are accepted for any K");
        assertEquals("300", t.label(t.neighbour(t.parseLabel("303"), Torus.port(0, true))), "3 + 1 wraps to 0");
        assertEquals("333", t.label(t.neighbour(t.parseLabel("033"), Torus.port(2, false))), "0 − 1 wraps to 3");
        assertEquals("312", t.label(t.neighbour(t.parseLabel("302"), Torus.port(1, true))));
        assertEquals("DIM1+", t.portName(Torus.port(1, true)));
        assertEquals("DIM1-", t.portName(Torus.port(1, false)));
        Torus wide = Torus.of(12, 2);
        assertEquals("11,0", wide.label(11 * 12));
        assertEquals(11 * 12 + 3, wide.parseLabel("11,3"));
        Torus pair = Torus.of(2, 3);
        for (int v = 0; v < pair.nodeCount(); v++) {
            for (int d = 0; d < 3; d++) {
                assertEquals(pair.neighbour(v, Torus.port(d, true)), pair.neighbour(v, Torus.port(d, false)),
                        "K = 2: both ports of a dimension lead to the same node");
            }
        }
    }

    @Test
    void cccLinksAreCubeAndRingLinks() {
        CubeConnectedCycles c = CubeConnectedCycles.of(4);
        assertEquals(4, c.groupSize());
        int v = c.parseLabel("<2,0110>");
        assertEquals(6 * 4 + 2, v);
        assertEquals("<2,0010>", c.label(c.neighbour(v, CubeConnectedCycles.LATERAL)), "the cube link flips bit i = 2");
        assertEquals("<1,0110>", c.label(c.neighbour(v, CubeConnectedCycles.LEFT)));
        assertEquals("<3,0110>", c.label(c.neighbour(v, CubeConnectedCycles.RIGHT)));
        assertEquals("<3,1111>", c.label(c.neighbour(c.parseLabel("<0,1111>"), CubeConnectedCycles.LEFT)), "0 − 1 wraps to n − 1");
        assertEquals("<0,1111>", c.label(c.neighbour(c.parseLabel("<3,1111>"), CubeConnectedCycles.RIGHT)), "n − 1 + 1 wraps to 0");
        assertEquals(v, c.parseLabel("⟨2, 0110⟩"));
        for (int u = 0; u < c.nodeCount(); u++) {
            assertEquals(u / 4, c.neighbour(u, CubeConnectedCycles.LEFT) / 4, "a ring's ids are contiguous");
            assertEquals(u / 4, c.neighbour(u, CubeConnectedCycles.RIGHT) / 4, "a ring's ids are contiguous");
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"star|5|star:5|120", "hypercube|6|hypercube:6|64", "torus|4,3|torus:4,3|64",
            "torus| 12 , 2 |torus:12,2|144", "ccc|4|ccc:4|64"})
    void parsesParameters(String kind, String params, String name, int nodes) {
        Topology t = parser(kind).apply(params);
        assertEquals(name, t.name());
        assertEquals(nodes, t.nodeCount());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"star|2", "star|11", "star|", "star|x", "star|5,1", "star|-3", "star|99999999999",
            "hypercube|0", "hypercube|25", "hypercube|6.0", "torus|4", "torus|1,3", "torus|4,0", "torus|2,25", "torus|4,3,2",
            "torus|4;3", "torus|5000,2", "ccc|2", "ccc|21", "ccc|four"})
    void rejectsBadParametersInOneLine(String kind, String params) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> parser(kind).apply(params == null ? "" : params));
        assertOneLine(e);
        assertTrue(e.getMessage().contains(kind), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"star|4|12", "star|4|1224", "star|4|1250", "star|4|12A4", "star|10|123456789B",
            "hypercube|4|012", "hypercube|4|01101", "hypercube|4|0120", "torus|4,3|304", "torus|4,3|3x0", "torus|4,3|30",
            "torus|12,2|11", "torus|12,2|11,12", "torus|12,2|1102", "ccc|4|<4,0110>", "ccc|4|<1,011>", "ccc|4|1,0110",
            "ccc|4|<1,0120>", "ccc|4|<99999999999,0110>"})
    void rejectsBadLabelsInOneLine(String kind, String params, String label) {
        Topology t = parser(kind).apply(params);
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> t.parseLabel(label));
        assertOneLine(e);
    }

    private static void assertOneLine(InvalidInputException e) {
        assertFalse(e.getMessage().isBlank());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    private static Function<String, Topology> parser(String kind) {
        switch (kind) {
            case "star":
                return Star::parse;
            case "hypercube":
                return Hypercube::parse;
            case "torus":
                return Torus::parse;
            case "ccc":
                return CubeConnectedCycles::parse;
            default:
                throw new IllegalArgumentException(kind);
        }
    }
}
