package icn.node.actor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import icn.node.engine.RunResult;
import icn.node.engine.RunRequest;
import icn.node.engine.SequentialEngine;
import icn.node.kind.Programs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkClass;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.wire.BroadcastSpec;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Broadcasts with lateral links of latency R &gt; 1 (001 Theorem 11) and the broadcasts of ccc, hypercube and star: the RunRequest's
 * link latency reaches the hosts, and the node actors run the same run as the sequential engine, tick by tick.
 */
class SlowLateralLinksThroughActorsTest {

    private static final ActorTestKit TESTKIT = ActorTestKit.create();

    @AfterAll
    static void shutdown() {
        TESTKIT.shutdownTestKit();
    }

    @ParameterizedTest(name = "{0} {1} B={2} R={3} hosts={4}")
    @CsvSource({"scc:5,ONE_PORT,1,2,2", "scc:6,MULTI_PORT,2,3,3", "ccc:5,ONE_PORT,1,3,2", "ccc:4,MULTI_PORT,3,2,2",
            "hypercube:7,ONE_PORT,1,1,3", "star:5,ONE_PORT,1,1,2", "star:5,MULTI_PORT,1,1,2"})
    void sameRunTickByTick(String network, BroadcastAlgorithm algorithm, int b, int r, int hosts) throws Exception {
        Topology t = Topologies.parse(network);
        BroadcastSpec spec = new BroadcastSpec(algorithm, b, 1, r);
        RunMetrics expected = SequentialEngine.run(t, Programs.of(t, spec), spec.linkLatency(), false);
        RunResult result = ActorEngine.runLocal(TESTKIT.system(),
                new RunRequest(t.name(), spec, Partition.Kind.SUPERNODE, spec.linkLatency(), hosts, false)).get(60, TimeUnit.SECONDS);
        RunMetrics actual = result.metrics();
        assertTrue(result.completed());
        for (int k = 0; k < b; k++) {
            assertEquals(t.nodeCount(), actual.informed(k), "message " + k + " reaches every node");
            assertArrayEquals(expected.informedAfterEachStep(k), actual.informedAfterEachStep(k), "informed per tick, message " + k);
        }
        for (long s = 0; s <= expected.horizon(); s++) {
            for (LinkClass c : LinkClass.values()) {
                assertEquals(expected.linkMessagesAt(s, c), actual.linkMessagesAt(s, c), c + " messages in tick " + s);
            }
        }
    }
}
