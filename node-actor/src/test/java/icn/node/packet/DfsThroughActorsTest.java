package icn.node.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import icn.node.actor.ActorEngine;
import icn.node.engine.RunResult;
import icn.node.engine.RunRequest;
import icn.node.engine.SequentialEngine;
import icn.node.kind.Programs;
import icn.node.routing.DfsRouting;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.PacketLog;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.fault.FaultSpec;
import icn.protocols.wire.RoutingSpec;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * dfs through the node actors under faults: whatever the hosts and the partitioning (so whichever order a node's inbox
 * fills in), the actor engine delivers the same packets along the same walks at the same steps as the sequential engine, gives up the
 * same packets, drops the same messages, and accounts for every one.
 */
class DfsThroughActorsTest {

    private static final ActorTestKit TESTKIT = ActorTestKit.create();

    @AfterAll
    static void shutdown() {
        TESTKIT.shutdownTestKit();
    }

    static Stream<Arguments> runs() {
        return Stream.of(
                Arguments.of("scc:5", 2, Partition.Kind.SUPERNODE, 0),
                Arguments.of("scc:5", 3, Partition.Kind.ROUND_ROBIN, 0),
                Arguments.of("scc:5", 3, Partition.Kind.BLOCK, 12),
                Arguments.of("star:5", 3, Partition.Kind.ROUND_ROBIN, 0),
                Arguments.of("torus:4,3", 2, Partition.Kind.BLOCK, 0),
                Arguments.of("rnh:3,3", 3, Partition.Kind.ROUND_ROBIN, 0));
    }

    /** Random crashes and cuts anywhere (endpoints too), a timed crash, a cut restored later, and light loss on every link. */
    static FaultPlan faults(Topology t, long seed) {
        double[] loss = new double[LinkClass.values().length];
        java.util.Arrays.fill(loss, 0.01);
        List<FaultSpec.Event> events = List.of(new FaultSpec.CrashNode(t.label(t.nodeCount() - 1), 3),
                new FaultSpec.CutLink(t.label(1), t.portName(0), true, 2, 6));
        return new FaultSpec(seed, 4, 5, false, loss, new int[LinkClass.values().length], events, false).resolve(t, new int[0], 1);
    }

    @ParameterizedTest(name = "{0} hosts={1} {2} hop limit {3}")
    @MethodSource("runs")
    void actorsRouteAsTheSequentialEngineDoes(String name, int hosts, Partition.Kind kind, int hopLimit) throws Exception {
        Topology t = Topologies.parse(name);
        long gaveUp = 0;
        long hopLimited = 0;
        for (long seed : new long[] {1, 2, 3}) {
            RoutingSpec spec = new RoutingSpec(DfsRouting.KEY, "distributed", "sample:400", seed, hopLimit);
            FaultPlan plan = faults(t, seed);
            RunMetrics expected = SequentialEngine.run(t, Programs.of(t, spec, plan), LinkLatency.SYNCHRONOUS, plan);
            RunResult result = ActorEngine.runLocal(TESTKIT.system(), new RunRequest(name, spec, kind, hosts, false).withFaults(plan))
                    .get(60, TimeUnit.SECONDS);
            RunMetrics actual = result.metrics();
            String where = name + " seed " + seed;
            assertTrue(result.completed(), where);
            assertEquals(walks(expected.packets()), walks(actual.packets()), where + ": the same packets delivered along the same walks");
            assertEquals(expected.gaveUp(), actual.gaveUp(), where + ": given up");
            assertEquals(expected.hopLimited(), actual.hopLimited(), where + ": cut off at the hop limit");
            assertEquals(expected.accounting(), actual.accounting(), where + ": accounting");
            assertTrue(actual.accounting().balanced(), where + ": " + actual.accounting().describe());
            assertEquals(expected.steps(), actual.steps(), where + ": steps");
            gaveUp += actual.gaveUp();
            hopLimited += actual.hopLimited();
        }
        assertTrue(gaveUp > 0, name + ": packets to crashed destinations are given up");
        if (hopLimit > 0) {
            assertTrue(hopLimited > 0, name + ": a hop limit of " + hopLimit + " cuts packets off");
        }
    }

    /** Delivered packets by id: the step they arrived after and the fingerprint of their walk. */
    private static Map<Integer, List<Long>> walks(PacketLog log) {
        Map<Integer, List<Long>> m = new TreeMap<>();
        for (int i = 0; i < log.size(); i++) {
            m.put(log.id(i), List.of(log.step(i), log.fingerprint(i)));
        }
        return m;
    }
}
