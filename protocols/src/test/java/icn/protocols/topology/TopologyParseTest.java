package icn.protocols.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.InvalidInputException;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Bad parameters and labels give {@link InvalidInputException} with a message of one line. */
class TopologyParseTest {

    static void assertOneLine(Function<String, ?> parse, String text) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> parse.apply(text), text);
        String message = e.getMessage();
        assertFalse(message.isBlank(), text);
        assertFalse(message.contains("\n"), text + ": " + message);
        assertTrue(message.length() < 300, text + ": " + message);
    }

    @Test
    void goodParameters() {
        assertEquals("rnh:3,4", NecklaceHypercube.parseRegular("3,4").name());
        assertEquals("rnh:14,8", NecklaceHypercube.parseRegular(" 14 , 8 ").name());
        assertEquals("inh:1:5", NecklaceHypercube.parseIrregular("1:5").name());
        assertEquals("inh:2:1,2,3,4", NecklaceHypercube.parseIrregular("2:1, 2,3 ,4").name());
        assertEquals("kcube:3,4", KaryCube.parseComplete("3,4").name());
        assertEquals("icube:5,4,3", KaryCube.parseIncomplete("5,4,3").name());
        assertEquals(3, KaryCube.parseIncomplete("5,4,3").beta());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "3", "3,", "3,4,5", "a,b", "-1,2", "0,3", "19,1", "3,0", "18,9", "17,40", "3;4", "99999999999,1"})
    void badRegular(String params) {
        assertOneLine(NecklaceHypercube::parseRegular, params);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "2", "2:", "2:1,2,3", "2:1,2,3,4,5", "2:1,2,0,4", "1:1,1", "x:1", "2:1,,3,4", "0:1", "19:1", "1:5000000"})
    void badIrregular(String params) {
        assertOneLine(NecklaceHypercube::parseIrregular, params);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "3", "3,1", "0,3", "3,37", "23,2", "12,4", "33,2", "3,4,5", "three,4"})
    void badComplete(String params) {
        assertOneLine(KaryCube::parseComplete, params);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "5,4", "5,4,0", "5,4,6", "5,2,1", "5,1,2", "5,37,2", "40,3,2", "30,4,3", "5,4,3,2", "5;4;3"})
    void badIncomplete(String params) {
        assertOneLine(KaryCube::parseIncomplete, params);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "(01,0,0)", "(012,0,0)", "(010,4,1)", "(010,2,1)", "(000,1,3)", "(000,1,0)", "(000,0,1)",
        "(000,-1,1)", "010", "(010,1)", "<1,011>", "(0a0,1,1)", "313302"})
    void badNecklaceLabels(String label) {
        NecklaceHypercube t = NecklaceHypercube.regular(3, 2);
        assertOneLine(t::parseLabel, label);
    }

    @Test
    void goodNecklaceLabels() {
        NecklaceHypercube t = NecklaceHypercube.regular(3, 2);
        assertEquals(0b101, t.parseLabel("(101,0,0)"));
        assertEquals("(010,1,2)", t.label(t.parseLabel(" ( 010 , 1 , 2 ) ")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "31330", "3133020", "313304", "31330x", "313333", "313303", "(000,0,0)", "<1,0123>"})
    void badCubeLabels(String label) {
        // icube:6,4,3: symbols 0..3; no label ends in 3 or has a run of three 3s (004 Def. 4.3)
        KaryCube t = KaryCube.incomplete(6, 4, 3);
        assertOneLine(t::parseLabel, label);
    }

    @Test
    void completeCubeTakesEveryString() {
        KaryCube t = KaryCube.complete(6, 4);
        assertEquals("313333", t.label(t.parseLabel("313333")));
        assertOneLine(t::parseLabel, "313334");
        KaryCube wide = KaryCube.complete(2, 16);
        assertEquals("fa", wide.label(wide.parseLabel("FA")));
    }
}
