package icn.node.actor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import icn.node.engine.RunResult;
import icn.node.engine.RunRequest;
import icn.node.program.ProgramFactory;
import icn.node.kind.Programs;
import icn.protocols.LinkLatency;
import icn.protocols.RunMetrics;
import icn.node.engine.SequentialEngine;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkClass;
import icn.protocols.Partition;
import icn.protocols.topology.Scc;
import icn.protocols.wire.BroadcastSpec;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The actor engine and the sequential engine agree step by step: nodes informed per message and link messages per class. */
class ActorEngineMatchesSequentialTest {

    private static final ActorTestKit TESTKIT = ActorTestKit.create();

    @AfterAll
    static void shutdown() {
        TESTKIT.shutdownTestKit();
    }

    static Stream<Arguments> runs() {
        Stream.Builder<Arguments> runs = Stream.builder();
        Partition.Kind[] kinds = Partition.Kind.values();
        int i = 0;
        for (int n = 4; n <= 7; n++) {
            for (BroadcastAlgorithm algorithm : BroadcastAlgorithm.values()) {
                for (int b : algorithm.anyTopology() || algorithm.starSequence() ? new int[] {1} : new int[] {1, 3}) { // one message: flooding, 001 §8 sequences
                    // cycle through partitionings and host counts so every combination is exercised somewhere
                    runs.add(Arguments.of(n, algorithm, b, 1 + i % 3, kinds[i % kinds.length]));
                    i++;
                }
            }
        }
        return runs.build();
    }

    /**
     * The same runs with hosts sending a part to a peer as soon as 3 messages for it have gathered during a step (instead of 16,384):
     * parts sent early, during the step, change nothing.
     */
    @ParameterizedTest(name = "scc:{0} {1} B={2} hosts={3} {4}, parts of 3 sent during the step")
    @MethodSource("runs")
    void sameRunWithPartsSentDuringTheStep(int n, BroadcastAlgorithm algorithm, int b, int hosts, Partition.Kind kind) throws Exception {
        int before = Host.earlyPart;
        Host.earlyPart = 3;
        try {
            sameRunStepByStep(n, algorithm, b, hosts == 1 ? 2 : hosts, kind);
        } finally {
            Host.earlyPart = before;
        }
    }

    @ParameterizedTest(name = "scc:{0} {1} B={2} hosts={3} {4}")
    @MethodSource("runs")
    void sameRunStepByStep(int n, BroadcastAlgorithm algorithm, int b, int hosts, Partition.Kind kind) throws Exception {
        Scc scc = Scc.of(n);
        int source = scc.nodeCount() / 3 + 1;
        ProgramFactory programs = Programs.of(scc, new BroadcastSpec(algorithm, b, source));
        RunMetrics expected = SequentialEngine.run(scc, programs, LinkLatency.SYNCHRONOUS, false);
        RunResult result = ActorEngine.runLocal(TESTKIT.system(),
                new RunRequest(scc.name(), new BroadcastSpec(algorithm, b, source), kind, hosts, false)).get(60, TimeUnit.SECONDS);
        RunMetrics actual = result.metrics();
        assertEquals(expected.steps(), actual.steps(), "steps");
        for (int k = 0; k < b; k++) {
            assertArrayEquals(expected.informedAfterEachStep(k), actual.informedAfterEachStep(k), "informed per step, message " + k);
        }
        for (long s = 0; s <= expected.horizon(); s++) {
            for (LinkClass c : LinkClass.values()) {
                assertEquals(expected.linkMessagesAt(s, c), actual.linkMessagesAt(s, c), c + " messages in step " + s);
            }
        }
        if (hosts > 1 && kind == Partition.Kind.SUPERNODE) {
            assertEquals(0, result.crossHostLocal(), "whole supernodes per host keep local links inside a host");
        }
        assertEquals(0, result.crossJvm(), "one JVM: nothing crosses JVMs");
        assertTrue(result.completed());
    }
}
