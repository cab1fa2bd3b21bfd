package icn.scenarios.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CellTest {

    @Test
    void equalRoundsTheMeasurementToThePrintedDecimals() {
        assertTrue(Cell.equal("4", "x", 5.30555, "5.306").agrees());
        assertFalse(Cell.equal("4", "x", 5.3044, "5.306").agrees());
        assertTrue(Cell.equal("4", "x", 72, "72").agrees());
        assertFalse(Cell.equal("4", "x", 30, "31").agrees());
        assertTrue(Cell.equal("4", "x", 2_903_040L, "2,903,040").agrees());
    }

    @Test
    void percentagesCompareAtThePrintedPrecision() {
        assertTrue(Cell.equal("6", "relative", 100.0 * 9 / 19, "47.4%").agrees());
        assertFalse(Cell.equal("7", "relative", 20.0, "16.1%").agrees());
        assertTrue(Cell.equal("4", "relative", 50.0, "50%").agrees());
        assertEquals("50%", Cell.equal("4", "relative", 50.0, "50%").measuredText());
        assertEquals("47.4%", Cell.equal("6", "relative", 100.0 * 9 / 19, "47.4%").measuredText());
    }

    @Test
    void anUpperBoundAgreesWithAnythingBelowIt() {
        assertTrue(Cell.atMost("4", "total", 30, "38").agrees());
        assertTrue(Cell.atMost("4", "total", 38, "38").agrees());
        assertFalse(Cell.atMost("4", "total", 39, "38").agrees());
    }

    @Test
    void aMeanOverDrawsAgreesWithinItsInterval() {
        assertTrue(Cell.within("5", "random", 9.27, 0.01, "9.264").agrees());
        assertFalse(Cell.within("5", "random", 9.30, 0.01, "9.264").agrees());
    }

    @Test
    void nothingToCompareGivesNoVerdict() {
        assertNull(Cell.equal("4", "x", 5, null).agrees());
        assertNull(Cell.equal("4", "x", 5, "-").agrees());
        assertNull(Cell.measuredOnly("4", "x", 5).agrees());
        Cell missing = Cell.notMeasured("4", "x", "7", "why");
        assertNull(missing.agrees());
        assertNull(missing.measured());
    }

    @Test
    void textComparesWithoutSpacesOrCase() {
        assertTrue(Cell.text("r", "c", "yes", "Yes").agrees());
        assertFalse(Cell.text("r", "c", "no", "yes").agrees());
    }

    @Test
    void gridTextShowsBothValuesAndTheMark() {
        assertEquals("30 / 31 ✗", Grid.text(Cell.equal("7", "d", 30, "31")));
        assertEquals("30 / ≤ 38 ✓", Grid.text(Cell.atMost("4", "t", 30, "38")));
        assertEquals("5", Grid.text(Cell.measuredOnly("4", "t", 5)));
        assertEquals("— / 7", Grid.text(Cell.notMeasured("4", "t", "7", "why")));
    }
}
