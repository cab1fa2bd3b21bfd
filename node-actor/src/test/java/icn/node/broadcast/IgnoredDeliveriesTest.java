package icn.node.broadcast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import icn.protocols.LinkLatency;
import icn.protocols.RunMetrics;
import icn.node.engine.SequentialEngine;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkClass;
import icn.protocols.topology.Scc;
import icn.protocols.wire.BroadcastSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Sparing nodes the activations for messages they declared they ignore changes nothing a run measures: the same run with every
 * message put into every inbox gives the same counts step by step.
 */
class IgnoredDeliveriesTest {

    @ParameterizedTest(name = "scc:{0} {1} B={2}")
    @CsvSource({"4,ONE_PORT,1", "5,ONE_PORT,3", "6,ONE_PORT,2", "7,ONE_PORT,1", "4,MULTI_PORT,3", "5,MULTI_PORT,1", "6,MULTI_PORT,4",
            "7,MULTI_PORT,1", "3,ONE_PORT,2", "3,MULTI_PORT,1"})
    void skippingIgnoredDeliveriesChangesNothing(int n, BroadcastAlgorithm algorithm, int b) {
        Scc scc = Scc.of(n);
        BroadcastPrograms programs = new BroadcastPrograms(scc, new BroadcastSpec(algorithm, b, scc.nodeCount() / 2));
        RunMetrics every = SequentialEngine.run(scc, programs, LinkLatency.SYNCHRONOUS, false);
        RunMetrics skipping = SequentialEngine.run(scc, programs, LinkLatency.SYNCHRONOUS, true);
        assertEquals(every.horizon(), skipping.horizon(), "horizon");
        for (int k = 0; k < b; k++) {
            assertArrayEquals(every.informedAfterEachStep(k), skipping.informedAfterEachStep(k), "informed per step, message " + k);
        }
        for (long s = 0; s <= every.horizon(); s++) {
            for (LinkClass c : LinkClass.values()) {
                assertEquals(every.linkMessagesAt(s, c), skipping.linkMessagesAt(s, c), c + " messages in step " + s);
            }
        }
    }
}
