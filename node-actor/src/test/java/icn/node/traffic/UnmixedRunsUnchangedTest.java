package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import icn.protocols.Topology;
import icn.protocols.topology.Topologies;
import icn.protocols.traffic.MessageDelivered;
import icn.protocols.traffic.TrafficSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run without a mix is the run it was before traffic classes and message lengths came (issue 32): the same messages at the same
 * steps. The figures below are those of the build before that change (9921578), whose messages.csv for this run (icn traffic
 * --topology scc:4 --routing random --vcs 6 --rates 0.01 --cycles 1500 --injection bursty:3 --engine sequential) the change's
 * build reproduced byte for byte (the digest below was computed from that old messages.csv, apart from this code); any later
 * change to what a plain run draws or how its worms move shows here.
 */
class UnmixedRunsUnchangedTest {

    @Test
    void aPlainRunDeliversWhatItDeliveredBeforeMixesCame() {
        Topology t = Topologies.parse("scc:4");
        TrafficSpec spec = new TrafficSpec("random", "uniform", 6, 32, 4, 0.01, 1, 1_650, 2_250, "bursty:3");
        List<MessageDelivered> all = TrafficRuns.sequential(t, spec).delivered();
        long digest = 17;
        for (MessageDelivered d : all) {
            digest = digest * 31 + d.id();
            digest = digest * 31 + d.generated();
            digest = digest * 31 + d.injected();
            digest = digest * 31 + d.ejected();
            digest = digest * 31 + d.hops();
        }
        assertEquals(EXPECTED_MESSAGES, all.size());
        assertEquals(EXPECTED_DIGEST, digest);
        assertEquals(List.of(32), all.stream().map(MessageDelivered::flits).distinct().toList());
    }

    private static final int EXPECTED_MESSAGES = 1_143;
    private static final long EXPECTED_DIGEST = 6_310_055_795_351_473_585L;
}
