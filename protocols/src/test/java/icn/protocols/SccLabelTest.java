package icn.protocols;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.topology.Scc;
import icn.protocols.topology.SccLabel;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Labels ⟨i, π⟩ in text form ⇄ dense ids, and the one-line errors a user gets for bad labels and sizes. */
class SccLabelTest {

    private static final long SEED = 9_2903_040L;

    @Test
    void everyIdOfScc5RoundTripsThroughItsLabel() {
        Scc t = Scc.of(5);
        for (int id = 0; id < t.nodeCount(); id++) {
            String text = t.label(id);
            assertEquals(id, t.parseLabel(text), text);
            assertEquals(text, SccLabel.parse(text).toString());
            assertEquals(t.sccLabel(id), SccLabel.parse(text));
        }
    }

    @Test
    void randomIdsOfScc9RoundTripThroughTheirLabels() {
        Scc t = SccStructureTest.scc(9);
        Random random = new Random(SEED);
        for (int k = 0; k < 100_000; k++) {
            int id = random.nextInt(t.nodeCount());
            String text = t.label(id);
            assertEquals(id, t.parseLabel(text), () -> text + " (seed " + SEED + ")");
        }
        assertEquals("<2,123456789>", t.label(0));
        assertEquals("<9,987654321>", t.label(t.nodeCount() - 1));
    }

    @Test
    void labelsOfTheIdentitySupernodeAreTheFirstIds() {
        Scc t = Scc.of(5);
        for (int i = 2; i <= 5; i++) {
            assertEquals(i - 2, t.parseLabel("<" + i + ",12345>"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"<2;123>", "2,123", "<x,123>", "", "<2,>", "<,123>", "<2,123", "<2,12345678901>"})
    void malformedTextIsRefused(String text) {
        assertOneLineRefusal(() -> SccLabel.parse(text), "malformed");
        assertOneLineRefusal(() -> Scc.of(3).parseLabel(text), "malformed");
    }

    @Test
    void aNonPermutationIsRefused() {
        String message = assertOneLineRefusal(() -> Scc.of(4).parseLabel("<2,1224>"), "not a permutation");
        assertTrue(message.contains("1224"), message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"<7,12345>", "<1,12345>", "<0,12345>"})
    void aPositionOutOfRangeIsRefused(String text) {
        String message = assertOneLineRefusal(() -> Scc.of(5).parseLabel(text), "position");
        assertTrue(message.contains("2..5"), message);
    }

    @Test
    void aLabelOfAnotherSizeIsRefused() {
        String message = assertOneLineRefusal(() -> Scc.of(5).parseLabel("<2,1234>"), "scc:5");
        assertTrue(message.contains("<2,1234>"), message);
    }

    @Test
    void scc11IsRefusedWithItsSizeAndMemory() {
        String message = assertOneLineRefusal(() -> Scc.of(11), "scc:11");
        assertTrue(message.contains("399,168,000"), message); // (11−1)·11!
        assertTrue(message.contains("GiB"), message);
        assertTrue(message.contains("3..10"), message);
    }

    @Test
    void scc10LabelsWriteTheSymbolTenAsA() {
        SccLabel label = SccLabel.parse("<10,A123456789>");
        assertEquals(10, label.n());
        assertEquals(10, label.position());
        assertEquals(10, label.symbol(1));
        assertEquals("<10,A123456789>", label.toString());
        assertEquals(label, SccLabel.parse("<10,a123456789>"));
        assertEquals(32_659_200L, Scc.nodeCount(10)); // (10−1)·10!: whether it runs is the heap's to say, not the topology's
    }

    @Test
    void scc2IsRefused() {
        String message = assertOneLineRefusal(() -> Scc.of(2), "scc:2");
        assertTrue(message.contains("3..10"), message);
    }

    private static String assertOneLineRefusal(Runnable action, String mustContain) {
        InvalidInputException e = assertThrows(InvalidInputException.class, action::run);
        String message = e.getMessage();
        assertFalse(message.isBlank());
        assertFalse(message.contains("\n") || message.contains("\r"), () -> "not one line: " + message);
        assertTrue(message.contains(mustContain), () -> "'" + message + "' does not mention " + mustContain);
        return message;
    }
}
