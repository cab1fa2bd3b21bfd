package icn.node.actor;

import icn.node.engine.RunResult;
import icn.node.engine.HeapEstimate;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import icn.node.engine.RunRequest;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.Partition;
import icn.protocols.topology.Scc;
import icn.protocols.wire.BroadcastSpec;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The heap estimate that refuses networks before spawning: its arithmetic, its message, and its per-actor figure against a spawn. */
class HeapEstimateTest {

    private static final ActorTestKit TESTKIT = ActorTestKit.create();
    private static final long GIB = 1L << 30;

    @AfterAll
    static void shutdown() {
        TESTKIT.shutdownTestKit();
    }

    @Test
    void theBytesPerNodeActorCoverAMeasuredSpawnWithoutOverstatingIt() throws Exception {
        // SCC_7, 30,240 node actors, in this JVM: the live heap the spawned network holds, measured as the benchmark measures it
        RunResult warm = ActorEngine.runLocal(TESTKIT.system(), request()).get(2, TimeUnit.MINUTES);
        assertTrue(warm.metrics().steps() > 0);
        long before = LiveHeap.settled();
        RunResult run = ActorEngine.runLocal(TESTKIT.system(), request()).get(2, TimeUnit.MINUTES);
        long perActor = (run.liveHeapAfterSpawn() - before) / Scc.of(7).nodeCount();
        System.out.printf("HeapEstimateTest: SCC_7 spawned %d bytes per node actor live; the estimate is %d%n", perActor,
                HeapEstimate.BYTES_PER_NODE_ACTOR);
        assertTrue(perActor <= HeapEstimate.BYTES_PER_NODE_ACTOR, "measured " + perActor + " bytes per node actor, estimate "
                + HeapEstimate.BYTES_PER_NODE_ACTOR + ": the estimate would let a network through that does not fit");
        assertTrue(perActor >= HeapEstimate.BYTES_PER_NODE_ACTOR / 2, "measured " + perActor + " bytes per node actor, estimate "
                + HeapEstimate.BYTES_PER_NODE_ACTOR + ": the estimate would refuse networks that fit twice over");
    }

    private static RunRequest request() {
        return new RunRequest("scc:7", new BroadcastSpec(BroadcastAlgorithm.ONE_PORT, 1, 0), Partition.Kind.SUPERNODE, 2, true);
    }

    @Test
    void aNetworkThatFitsIsNotRefused() {
        assertNull(HeapEstimate.refusal("scc:8", Scc.of(8).nodeCount(), 1, 3 * GIB, 4 * GIB));
    }

    @Test
    void scc9OnOneGibIsRefusedWithBothFiguresAndWhatWouldFit() {
        long nodes = Scc.nodeCount(9);
        String message = HeapEstimate.refusal("scc:9", nodes, 1, (long) (0.66 * GIB), GIB);
        assertNotNull(message);
        assertTrue(message.startsWith("scc:9 needs about 2.5 GiB"), message);
        assertTrue(message.contains("0.7 GiB of live data (-Xmx 1.0 GiB)"), message);
        // 2.5 GiB needed at the same two-thirds usable: a 4 GiB heap; or the same 1 GiB heap on enough JVMs for their shares
        assertTrue(message.contains("ICN_HEAP=4g"), message);
        long jvms = Long.parseLong(message.replaceAll(".*--jvms (\\d+).*", "$1"));
        assertTrue(HeapEstimate.neededPerMember(nodes, (int) jvms) <= (long) (0.66 * GIB), message);
        assertTrue(HeapEstimate.neededPerMember(nodes, (int) jvms - 1) > (long) (0.66 * GIB), message);
        assertTrue(!message.contains("\n"), message);
    }

    @Test
    void aClusterIsJudgedByEachMembersShare() {
        long nodes = Scc.nodeCount(10); // 32,659,200
        String three = HeapEstimate.refusal("scc:10", nodes, 3, 3 * GIB, 4 * GIB);
        assertNotNull(three);
        assertTrue(three.contains("each of the 3 JVMs"), three);
        assertTrue(three.contains("its share of 10,886,400"), three);
        // scc:10 runs on a cluster whose members' heaps together hold it: 12 members of 3 GiB usable, or 3 of 12 GiB
        assertNull(HeapEstimate.refusal("scc:10", nodes, 12, 3 * GIB, 4 * GIB));
        assertNull(HeapEstimate.refusal("scc:10", nodes, 3, 12 * GIB, 16 * GIB));
    }

    @Test
    void requireRefusesAsBadInput() {
        // more node actors than any heap this test JVM could have: refused before anything is spawned
        assertThrows(InvalidInputException.class, () -> HeapEstimate.require("scc:10", Long.MAX_VALUE / 2048, 1));
    }
}
