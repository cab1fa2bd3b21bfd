package icn.protocols.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.InvalidInputException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The traffic mix's grammar (issue 32): what the command line writes, the canonical text that travels, and the refusals. */
class TrafficMixTest {

    @Test
    void classesAndSizesMakeOneCanonicalText() {
        TrafficMix m = TrafficMix.of("uniform", 32, "4:0.8,64:0.2", List.of("uniform@0.9", "hotspot:0.5@0.1@16"));
        assertEquals("uniform@0.9@4:0.8+64:0.2;hotspot:0.5@0.1@16:1", m.text());
        assertEquals(m, TrafficMix.parse(m.text(), "ignored", 1), "the text parses back to the same mix");
        assertEquals(0.9 * (0.8 * 4 + 0.2 * 64) + 0.1 * 16, m.meanFlits(), 1e-12);
        assertEquals(64, m.maxFlits());
        assertFalse(m.single());
        assertEquals("uniform 90%, 4 flits 80% + 64 flits 20%; hotspot:0.5 10%, M = 16", m.describe());
    }

    @Test
    void oneClassOfOneLengthIsThePlainRun() {
        TrafficMix m = TrafficMix.of("transpose", 8, null, List.of());
        assertTrue(m.single());
        assertEquals("", m.text(), "nothing travels: the run is the one without a mix");
        assertEquals(8, m.meanFlits());
        assertEquals(TrafficMix.parse("", "transpose", 8), m);
        assertTrue(TrafficMix.of("uniform", 8, null, List.of("tornado@1@3")).single());
    }

    @Test
    void drawsFollowTheShares() {
        TrafficMix m = TrafficMix.of("uniform", 1, "2:0.25,3:0.75", List.of("uniform@0.5", "transpose@0.3", "tornado@0.2"));
        assertEquals(0, m.draw(0.0));
        assertEquals(0, m.draw(0.4999));
        assertEquals(1, m.draw(0.5));
        assertEquals(1, m.draw(0.7999));
        assertEquals(2, m.draw(0.8));
        assertEquals(2, m.draw(0.9999999));
        assertEquals(2, m.classes().get(0).size(0.2499));
        assertEquals(3, m.classes().get(0).size(0.25));
    }

    @ParameterizedTest(name = "{0} / {1}")
    @CsvSource(delimiter = '|', value = {
        "4:0.8,64:0.3 | | the shares of the message sizes must sum to 1, not 1.1",
        "4 | | malformed message sizes '4': expected M:SHARE,M:SHARE, e.g. 4:0.8,64:0.2",
        "0:1 | | a message needs a whole number of flits, at least 1: '0' in '0:1'",
        "4:0.5,4:0.5 | | a message size is given twice in uniform@1@4:0.5+4:0.5",
        "4:x | | a share is a fraction in (0, 1]: 'x' in '4:x'",
        " | uniform@0.5 | the shares of the traffic classes must sum to 1, not 0.5",
        " | uniform | malformed traffic class 'uniform': expected PATTERN@SHARE or PATTERN@SHARE@M, e.g. uniform@0.9 or hotspot:0.5@0.1@64",
        " | uniform@1.5 | a share is a fraction in (0, 1]: '1.5' in 'uniform@1.5'",
        " | uniform@1@2.5 | a message needs a whole number of flits, at least 1: '2.5' in 'uniform@1@2.5'",
    })
    void badMixesAreRefusedInOneLine(String sizes, String klass, String message) {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> TrafficMix.of("uniform", 8, sizes, klass == null ? List.of() : List.of(klass)));
        assertEquals(message, e.getMessage());
    }

    @Test
    void sizesThatApplyToNothingAreRefused() {
        assertEquals("--sizes is empty: expected M:SHARE,M:SHARE, e.g. 4:0.8,64:0.2",
                assertThrows(InvalidInputException.class, () -> TrafficMix.of("uniform", 8, " ", List.of())).getMessage());
        assertEquals("--sizes given, but every class has its own M (PATTERN@SHARE@M): the sizes would apply to none of them",
                assertThrows(InvalidInputException.class, () -> TrafficMix.of("uniform", 8, "4:1", List.of("uniform@0.5@8",
                        "transpose@0.5@16"))).getMessage());
        assertEquals(2, TrafficMix.of("uniform", 8, "4:0.5,8:0.5", List.of("uniform@0.5", "transpose@0.5@16")).classes().get(0).sizes().length,
                "one class takes the sizes");
    }

    @Test
    void atMostFourClasses() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> TrafficMix.of("uniform", 8, null,
                List.of("uniform@0.2", "uniform@0.2", "uniform@0.2", "uniform@0.2", "uniform@0.2")));
        assertEquals("at most 4 traffic classes (--class), not 5", e.getMessage());
    }

    @Test
    void aSpecWithAMixCarriesItsLongestLength() {
        assertEquals(64, new TrafficSpec("adaptive", "uniform", 4, 64, 4, 0.01, 1, 10, 20, "poisson", "uniform@1@4:0.5+64:0.5").mixture()
                .maxFlits());
        assertThrows(IllegalArgumentException.class,
                () -> new TrafficSpec("adaptive", "uniform", 4, 32, 4, 0.01, 1, 10, 20, "poisson", "uniform@1@4:0.5+64:0.5"));
    }
}
