package icn.node.actor;

import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.LinkClass;
import icn.protocols.RunMetrics;
import org.junit.jupiter.api.Test;

/**
 * A host whose counts would not fit in one Artery frame says so, and the run fails with that reason, instead of sending a message
 * Artery drops (the run then waited for it for ever). The estimate is an upper bound: a 66,000-cycle traffic run over one link
 * class is well within the budget, a run of 500,000 cycles over two is not.
 */
class HostFrameBudgetTest {

    private static RunMetrics.Data counts(long steps, LinkClass... classes) {
        RunMetrics m = new RunMetrics(1);
        for (long s = 1; s <= steps; s++) {
            for (LinkClass c : classes) {
                m.countSend(s, c);
            }
        }
        return m.dataWithoutPackets();
    }

    @Test
    void theEstimateBoundsTheFrame() {
        assertTrue(Host.wireBytes(counts(66_000, LinkClass.DIMENSION), 2) < Host.FRAME_BUDGET);
        assertTrue(Host.wireBytes(counts(400_000, LinkClass.LATERAL, LinkClass.LOCAL), 2) < 2 * 400_000 + 1_000, "a byte a small count");
        assertTrue(Host.wireBytes(counts(500_000, LinkClass.LATERAL, LinkClass.LOCAL), 2) > Host.FRAME_BUDGET);
        assertTrue(Host.FRAME_BUDGET < 1 << 20, "under Artery's maximum-frame-size of 1 MiB");
    }
}
