package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import icn.node.engine.SequentialEngine;
import icn.node.kind.Programs;
import icn.protocols.LinkLatency;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.topology.Topologies;
import icn.protocols.traffic.MessageDelivered;
import icn.protocols.traffic.TrafficSpec;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Today's results unchanged (issue 39): with the default timing (no pipeline delay, links of one cycle), runs of the routings that
 * existed before the timing became parameters deliver exactly the messages they delivered then, each with its generation,
 * injection and ejection cycles and hops. The digests were taken on the code before issue 39's changes (commit bd41a19) by this same
 * test; a change of the router that moves any message by a cycle changes them.
 */
class PinnedRunsTest {

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "torus:4,2 | dimension-order | 2 | 0.05 | f9849369a914e4e9 (1624 messages)",
            "scc:4 | adaptive | 7 | 0.02 | 38ecf77ec25dcba2 (3007 messages)",
            "hypercube:5 | e-cube | 2 | 0.06 | fef73f09d427d922 (3841 messages)",
            "rnh:3,2 | adaptive | 4 | 0.03 | fe3b1b83d9d05d5f (1940 messages)"})
    void theDefaultTimingDeliversTheMessagesOfBefore(String network, String routing, int vcs, double rate, String digest) throws Exception {
        Topology t = Topologies.parse(network);
        TrafficSpec spec = new TrafficSpec(routing, "uniform", vcs, 8, 4, rate, 17, 2_000, 4_000);
        List<MessageDelivered> delivered = TrafficRuns.observed(SequentialEngine.run(t, Programs.of(t, spec), LinkLatency.SYNCHRONOUS,
                FaultPlan.NONE)).delivered();
        delivered.sort(Comparator.comparingLong(MessageDelivered::id));
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        for (MessageDelivered d : delivered) {
            sha.update((d.id() + " " + d.source() + " " + d.destination() + " " + d.generated() + " " + d.injected() + " " + d.ejected()
                    + " " + d.hops() + "\n").getBytes(StandardCharsets.UTF_8));
        }
        String got = HexFormat.of().formatHex(sha.digest()).substring(0, 16) + " (" + delivered.size() + " messages)";
        assertEquals(digest, got, network + " " + routing);
    }
}
