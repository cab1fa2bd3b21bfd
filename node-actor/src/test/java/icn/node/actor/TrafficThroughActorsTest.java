package icn.node.actor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import icn.node.engine.RunResult;
import icn.node.engine.RunRequest;
import icn.node.engine.SequentialEngine;
import icn.node.kind.Programs;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.traffic.MessageDelivered;
import icn.protocols.traffic.RouterState;
import icn.protocols.traffic.TrafficSpec;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Traffic runs through the node actors give the sequential engine's run, message by message (issue 13): the same messages delivered
 * with the same generation, injection and ejection steps and hops, the same final state of every router, the same link messages in
 * every step, however the routers are split among hosts.
 */
class TrafficThroughActorsTest {

    private static final ActorTestKit TESTKIT = ActorTestKit.create();
    /** A network read from a file: a ring of eight with two chords. */
    private static final java.nio.file.Path RING_FILE = ringFile();

    private static java.nio.file.Path ringFile() {
        try {
            java.nio.file.Path f = java.nio.file.Files.createTempFile("ring", ".txt");
            f.toFile().deleteOnExit();
            return java.nio.file.Files.writeString(f, "r0 r1\nr1 r2\nr2 r3\nr3 r4\nr4 r5\nr5 r6\nr6 r7\nr7 r0\nr0 r4\nr2 r6\n");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @AfterAll
    static void shutdown() {
        TESTKIT.shutdownTestKit();
    }

    static Stream<Arguments> runs() {
        return Stream.of(
                Arguments.of("rnh:3,2", "adaptive", 4, 0.012, 3, Partition.Kind.BLOCK),
                Arguments.of("rnh:3,2", "three-phase", 2, 0.02, 2, Partition.Kind.ROUND_ROBIN),
                Arguments.of("cr:4", "hop-class", 5, 0.02, 3, Partition.Kind.SUPERNODE),
                Arguments.of("cr:3", "hop-class", 6, 0.05, 2, Partition.Kind.ROUND_ROBIN),
                Arguments.of("torus:4,2", "dimension-order", 2, 0.05, 3, Partition.Kind.ROUND_ROBIN),
                Arguments.of("torus:6,2", "dimension-order-balanced", 2, 0.05, 3, Partition.Kind.BLOCK),
                Arguments.of("scc:4", "updown", 3, 0.02, 2, Partition.Kind.SUPERNODE),
                // issue 32's routings, each on one host and on three
                Arguments.of("scc:4", "adaptive", 8, 0.02, 3, Partition.Kind.SUPERNODE),
                Arguments.of("scc:4", "adaptive", 7, 0.02, 1, Partition.Kind.BLOCK),
                Arguments.of("scc:4", "random", 6, 0.02, 1, Partition.Kind.BLOCK),
                Arguments.of("scc:4", "random", 6, 0.02, 3, Partition.Kind.ROUND_ROBIN),
                Arguments.of("ccc:4", "adaptive", 7, 0.03, 3, Partition.Kind.SUPERNODE),
                Arguments.of("ccc:4", "adaptive", 7, 0.03, 1, Partition.Kind.BLOCK),
                Arguments.of("icube:5,3,2", "adaptive", 2, 0.03, 3, Partition.Kind.BLOCK),
                Arguments.of("icube:5,3,2", "adaptive", 2, 0.03, 1, Partition.Kind.BLOCK),
                Arguments.of("icube:5,3,2", "one-to-one", 1, 0.02, 3, Partition.Kind.ROUND_ROBIN),
                Arguments.of("icube:5,3,2", "one-to-one", 1, 0.02, 1, Partition.Kind.BLOCK),
                Arguments.of("star:4", "adaptive", 4, 0.03, 3, Partition.Kind.ROUND_ROBIN),
                Arguments.of("star:4", "adaptive", 4, 0.03, 1, Partition.Kind.BLOCK),
                Arguments.of("scc:5", "greedy", 8, 0.005, 3, Partition.Kind.ROUND_ROBIN),
                Arguments.of("scc:5", "greedy", 8, 0.005, 1, Partition.Kind.BLOCK),
                Arguments.of("scc:5", "near-minimal", 8, 0.005, 3, Partition.Kind.SUPERNODE),
                Arguments.of("scc:5", "near-minimal", 8, 0.005, 1, Partition.Kind.BLOCK),
                Arguments.of("file:" + RING_FILE, "updown", 2, 0.03, 3, Partition.Kind.ROUND_ROBIN),
                Arguments.of("hypercube:5", "adaptive", 3, 0.06, 1, Partition.Kind.BLOCK),
                // issue 39's networks and routings, each on one host and on three
                Arguments.of("mesh:4,2", "dimension-order", 2, 0.05, 1, Partition.Kind.BLOCK),
                Arguments.of("mesh:4,2", "dimension-order", 2, 0.05, 3, Partition.Kind.ROUND_ROBIN),
                Arguments.of("mesh:4,2", "adaptive", 3, 0.05, 1, Partition.Kind.BLOCK),
                Arguments.of("mesh:4,2", "adaptive", 3, 0.05, 3, Partition.Kind.BLOCK),
                Arguments.of("fattree:2,3", "nca", 2, 0.05, 1, Partition.Kind.BLOCK),
                Arguments.of("fattree:2,3", "nca", 2, 0.05, 3, Partition.Kind.ROUND_ROBIN),
                Arguments.of("fattree:3,2", "nca-random", 2, 0.05, 1, Partition.Kind.BLOCK),
                Arguments.of("fattree:3,2", "nca-random", 2, 0.05, 3, Partition.Kind.BLOCK),
                Arguments.of("dragonfly:1,2,1", "minimal", 2, 0.05, 1, Partition.Kind.BLOCK),
                Arguments.of("dragonfly:1,2,1", "minimal", 2, 0.05, 3, Partition.Kind.ROUND_ROBIN),
                Arguments.of("dragonfly:2,2,1", "valiant", 3, 0.04, 1, Partition.Kind.BLOCK),
                Arguments.of("dragonfly:2,2,1", "valiant", 3, 0.04, 3, Partition.Kind.SUPERNODE),
                Arguments.of("dragonfly:2,2,1", "ugal", 3, 0.06, 1, Partition.Kind.BLOCK),
                Arguments.of("dragonfly:2,2,1", "ugal", 3, 0.06, 3, Partition.Kind.ROUND_ROBIN));
    }

    @ParameterizedTest(name = "{0} {1} V={2} rate={3} hosts={4} {5}")
    @MethodSource("runs")
    void sameMessagesSameSteps(String network, String routing, int vcs, double rate, int hosts, Partition.Kind kind) throws Exception {
        compare(network, new TrafficSpec(routing, "uniform", vcs, 8, 4, rate, 17, 1_500, 3_000), hosts, kind);
    }

    /** Issue 39's timing through the node actors: a pipeline, slow links and the crossbar's speedup, on one host and on three. */
    @ParameterizedTest(name = "{0} {1} V={2} {3} hosts={4}")
    @CsvSource(delimiter = '|', value = {"mesh:4,2 | dimension-order | 4 | speedup=1 | 3", "torus:4,2 | dimension-order | 2 | pipeline=1,1,1,0 | 1",
            "dragonfly:2,2,1 | minimal | 3 | pipeline=1,0,1,0 speedup=2 links=local:2,global:5 | 3",
            "hypercube:4 | adaptive | 3 | speedup=1 links=dimension:3 | 1"})
    void timedRunsSameMessagesSameSteps(String network, String routing, int vcs, String timing, int hosts) throws Exception {
        TrafficSpec spec = new TrafficSpec(routing, "uniform", vcs, 8, 8, 0.08, 17, 1_500, 3_000)
                .withTiming(icn.protocols.traffic.RouterTiming.parse(timing));
        compare(network, spec, hosts, Partition.Kind.ROUND_ROBIN);
    }

    private static void compare(String network, TrafficSpec spec, int hosts, Partition.Kind kind) throws Exception {
        Topology t = Topologies.parse(network);
        RunMetrics expected = SequentialEngine.run(t, Programs.of(t, spec), LinkLatency.SYNCHRONOUS, FaultPlan.NONE);
        RunResult result = ActorEngine.runLocal(TESTKIT.system(), new RunRequest(network, spec, kind, hosts, false))
                .get(120, TimeUnit.SECONDS);
        RunMetrics actual = result.metrics();
        List<MessageDelivered> want = delivered(expected);
        List<MessageDelivered> got = delivered(actual);
        assertTrue(want.size() > 100, "a loaded run: " + want.size() + " messages");
        assertEquals(want, got, "every message, with its generation, injection and ejection steps and hops");
        assertEquals(states(expected), states(actual), "every router's final state");
        assertEquals(expected.horizon(), actual.horizon());
        for (long s = 0; s <= expected.horizon(); s++) {
            for (LinkClass c : LinkClass.values()) {
                assertEquals(expected.linkMessagesAt(s, c), actual.linkMessagesAt(s, c), c + " link messages in step " + s);
            }
        }
        assertTrue(result.completed());
    }

    /** Under faults (a timed crash, a cut both ways, on other hosts than their neighbours' for some), the same run too. */
    @ParameterizedTest(name = "{0} {1} with faults, hosts={2} {3}")
    @MethodSource("faulty")
    void sameRunUnderFaults(String network, String routing, int hosts, Partition.Kind kind) throws Exception {
        Topology t = Topologies.parse(network);
        int n = t.nodeCount();
        int u = n / 5;
        int p = 0;
        while (t.neighbour(u, p) == Topology.NONE) {
            p++;
        }
        int classes = LinkClass.values().length;
        int[] cutNodes = t.directed() ? new int[] {u} : new int[] {u, t.neighbour(u, p)};
        int[] cutPorts = t.directed() ? new int[] {p} : new int[] {p, t.arrivalPort(u, p)};
        long[] from = new long[cutNodes.length];
        long[] until = new long[cutNodes.length];
        java.util.Arrays.fill(from, 500);
        java.util.Arrays.fill(until, FaultPlan.NEVER);
        FaultPlan plan = new FaultPlan(3, new int[] {n / 2}, new long[] {300}, cutNodes, cutPorts, from, until, new double[classes],
                new int[classes], new int[0], new long[0], false);
        TrafficSpec spec = new TrafficSpec(routing, "uniform", routing.equals("hop-class") ? 6 : 4, 8, 4, 0.04, 23, 1_200, 30_000);
        RunMetrics expected = SequentialEngine.run(t, Programs.of(t, spec, plan), LinkLatency.SYNCHRONOUS, plan);
        RunResult result = ActorEngine.runLocal(TESTKIT.system(), new RunRequest(network, spec, kind, hosts, false).withFaults(plan))
                .get(120, TimeUnit.SECONDS);
        assertEquals(delivered(expected), delivered(result.metrics()), "every message");
        assertEquals(states(expected), states(result.metrics()), "every router's final state, crashed ones included");
        assertTrue(result.metrics().observations().stream().anyMatch(o -> o instanceof icn.protocols.traffic.MessageLost),
                "the faults broke messages");
    }

    static Stream<Arguments> faulty() {
        return Stream.of(Arguments.of("rnh:3,2", "adaptive", 3, Partition.Kind.BLOCK), Arguments.of("cr:4", "hop-class", 2,
                Partition.Kind.ROUND_ROBIN), Arguments.of("torus:5,2", "dimension-order", 3, Partition.Kind.SUPERNODE));
    }

    /**
     * A mixed run (issue 32: two classes, three lengths, one of them a single flit that is head and tail at once) across three hosts:
     * every message with its length and class, every router's state and every step's link messages as the sequential engine's.
     */
    @org.junit.jupiter.api.Test
    void aMixOfClassesAndLengthsCrossesHostsUnchanged() throws Exception {
        Topology t = Topologies.parse("scc:4");
        TrafficSpec spec = new TrafficSpec("adaptive", "uniform", 7, 24, 4, 0.02, 29, 1_500, 4_000, "poisson",
                "uniform@0.75@1:0.5+24:0.5;hotspot:0.3@0.25@6:1");
        RunMetrics expected = SequentialEngine.run(t, Programs.of(t, spec), LinkLatency.SYNCHRONOUS, FaultPlan.NONE);
        RunResult result = ActorEngine.runLocal(TESTKIT.system(), new RunRequest("scc:4", spec, Partition.Kind.SUPERNODE, 3, false))
                .get(120, TimeUnit.SECONDS);
        List<MessageDelivered> want = delivered(expected);
        assertTrue(want.stream().map(MessageDelivered::flits).distinct().count() == 3 && want.stream().anyMatch(d -> d.trafficClass() == 1),
                "every length and both classes delivered");
        assertEquals(want, delivered(result.metrics()), "every message, with its length and class");
        assertEquals(states(expected), states(result.metrics()), "every router's final state");
        for (long s = 0; s <= expected.horizon(); s++) {
            for (LinkClass c : LinkClass.values()) {
                assertEquals(expected.linkMessagesAt(s, c), result.metrics().linkMessagesAt(s, c), c + " link messages in step " + s);
            }
        }
    }

    private static List<MessageDelivered> delivered(RunMetrics m) {
        return m.observations().stream().filter(o -> o instanceof MessageDelivered).map(o -> (MessageDelivered) o)
                .sorted(Comparator.comparingLong(MessageDelivered::id)).toList();
    }

    /** Router states as comparable text, every field (their arrays compare by identity in records). */
    private static List<String> states(RunMetrics m) {
        return m.observations().stream().filter(o -> o instanceof RouterState).map(o -> (RouterState) o)
                .sorted(Comparator.comparingInt(RouterState::node))
                .map(r -> r.node() + " " + r.crashedAt() + " " + r.generated() + " " + r.injected() + " " + r.ejected() + " " + r.dropped()
                        + " " + r.buffered() + " " + r.queued() + " " + java.util.Arrays.toString(r.held()) + " "
                        + java.util.Arrays.toString(r.heldGenerated()) + " " + java.util.Arrays.toString(r.waiting()) + " "
                        + java.util.Arrays.toString(r.optionStart()) + " " + java.util.Arrays.toString(r.options()) + " "
                        + java.util.Arrays.toString(r.since()) + " " + java.util.Arrays.toString(r.feeds()) + " "
                        + java.util.Arrays.toString(r.feedOwners()))
                .toList();
    }
}
