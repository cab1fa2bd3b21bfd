package icn.node.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import icn.node.actor.ActorEngine;
import icn.node.kind.Programs;
import icn.protocols.Bfs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkLatency;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.Topology;
import icn.protocols.topology.Topologies;
import icn.protocols.wire.BroadcastSpec;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A broadcast's wave (the step after which each node holds the message, issue 38's web view): the same on the node actors as on the
 * sequential engine, whatever the partition; no node earlier than its BFS distance from the source allows; its counts those the
 * run measured step by step; and none kept for a network over {@link RunMetrics#WAVE_MAX} nodes.
 */
class WaveTest {

    private static final ActorTestKit TESTKIT = ActorTestKit.create();

    @AfterAll
    static void shutdown() {
        TESTKIT.shutdownTestKit();
    }

    @ParameterizedTest(name = "{0} {1} from {2} on {3} hosts, {4}")
    @CsvSource({"scc:5, ONE_PORT, 17, 3, SUPERNODE", "scc:5, MULTI_PORT, 0, 2, ROUND_ROBIN", "hypercube:6, FLOODING, 5, 3, BLOCK",
        "'torus:5,2', FLOODING_ONE_PORT, 7, 2, ROUND_ROBIN"})
    void theActorsWaveIsTheSequentialEnginesAndNoNodeIsEarlierThanItsDistance(String name, BroadcastAlgorithm algorithm, int source,
            int hosts, Partition.Kind kind) throws Exception {
        Topology t = Topologies.parse(name);
        BroadcastSpec spec = new BroadcastSpec(algorithm, 1, source);
        RunMetrics sequential = SequentialEngine.run(t, Programs.of(t, spec), LinkLatency.SYNCHRONOUS);
        RunResult actors = ActorEngine.runLocal(TESTKIT.system(), new RunRequest(name, spec, kind, hosts, false)).get(60, TimeUnit.SECONDS);
        int[] wave = sequential.wave(t.nodeCount()).orElseThrow();
        assertArrayEquals(wave, actors.metrics().wave(t.nodeCount()).orElseThrow(), "the same wave on both engines");
        int[] distance = Bfs.distances(t, source);
        long[] after = sequential.informedAfterEachStep(0);
        long[] counted = new long[after.length];
        for (int v = 0; v < t.nodeCount(); v++) {
            assertTrue(wave[v] >= distance[v], t.label(v) + " informed after step " + wave[v] + ", " + distance[v] + " hops from the source");
            for (int s = Math.max(0, wave[v]); s < counted.length && wave[v] >= 0; s++) {
                counted[s]++;
            }
        }
        assertEquals(0, wave[source], "the source holds it from the start");
        assertArrayEquals(after, counted, "the wave counts what the run counted step by step");
    }

    @Test
    void aNetworkOverTheLimitKeepsNoWave() {
        assertTrue(RunMetrics.forNetwork(1, RunMetrics.WAVE_MAX + 1L).wave(RunMetrics.WAVE_MAX + 1).isEmpty());
        RunMetrics counts = RunMetrics.forNetwork(1, 8);
        counts.countInformed(0, 0, 3);
        counts.countInformed(2, 0, 5);
        assertArrayEquals(new int[] {-1, -1, -1, 0, -1, 2, -1, -1}, counts.wave(8).orElseThrow());
        RunMetrics other = RunMetrics.forNetwork(1, 8);
        other.countInformed(1, 0, 0);
        counts.merge(other);
        assertArrayEquals(new int[] {1, -1, -1, 0, -1, 2, -1, -1}, counts.wave(8).orElseThrow(), "hosts' waves merge");
        assertArrayEquals(counts.wave(8).orElseThrow(), RunMetrics.of(counts.data()).wave(8).orElseThrow(), "across JVMs, packed");
        RunMetrics.Data d = counts.data();
        RunMetrics.Data cutShort = new RunMetrics.Data(d.messages(), d.sent(), d.informed(), d.lastStep(), d.lastInformedStep(), d.packets(),
                d.fates(), d.gaveUp(), d.hopLimited(), d.observations(), d.informedDead(), new byte[] {(byte) 0x85}, false);
        assertTrue(RunMetrics.of(cutShort).wave(8).isEmpty(), "a malformed wave from the wire is no wave");
        RunMetrics unnamed = RunMetrics.forNetwork(1, 8);
        unnamed.countInformed(0, 0);
        assertTrue(unnamed.wave(8).isEmpty(), "counts made without naming nodes give no wave");
    }
}
