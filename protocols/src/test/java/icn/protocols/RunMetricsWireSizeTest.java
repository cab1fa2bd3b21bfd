package icn.protocols;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A host's counts cross JVMs in one Artery frame (1 MiB): the link messages per step travel packed, only the classes that carried
 * any and only up to the last step that did (issue 39: three link classes more made a 66,000-cycle traffic run's counts too big, and
 * Artery dropped them). The packed form gives back every count.
 */
class RunMetricsWireSizeTest {

    @Test
    void aLongRunOverOneClassTravelsSmallAndWhole() {
        RunMetrics m = new RunMetrics(1);
        for (long step = 1; step <= 66_000; step++) {
            m.countSend(step, LinkClass.DIMENSION);
            if (step % 7 == 0) {
                m.countSend(step, LinkClass.GLOBAL);
            }
        }
        RunMetrics.Data d = m.dataWithoutPackets();
        assertTrue(d.sent().length <= 1 + 2 * 66_001, "two classes of 66,001 steps, not the capacity of every class: " + d.sent().length);
        RunMetrics back = RunMetrics.of(d);
        for (long step = 0; step <= 66_002; step++) {
            for (LinkClass c : LinkClass.values()) {
                assertEquals(m.linkMessagesAt(step, c), back.linkMessagesAt(step, c), c + " at " + step);
            }
        }
        assertEquals(66_000 + 66_000 / 7, back.linkMessages(LinkClass.DIMENSION) + back.linkMessages(LinkClass.GLOBAL));
        RunMetrics empty = RunMetrics.of(new RunMetrics(1).dataWithoutPackets());
        assertEquals(0, empty.linkMessages(LinkClass.LOCAL));
    }
}
