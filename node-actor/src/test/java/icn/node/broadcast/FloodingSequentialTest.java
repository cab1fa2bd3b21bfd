package icn.node.broadcast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.LinkLatency;
import icn.node.engine.SequentialEngine;
import icn.node.routing.DirectedChordRing;
import icn.protocols.Bfs;
import icn.protocols.InvalidInputException;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Scc;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.topology.CompleteRotationGraph;
import icn.protocols.topology.CubeConnectedCycles;
import icn.protocols.topology.Hypercube;
import icn.protocols.topology.NecklaceHypercube;
import icn.protocols.topology.Star;
import icn.protocols.topology.Torus;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Flooding on the sequential engine with synchronous links, against BFS from the source: multi-port flooding informs the nodes at
 * distance d at the end of step d, so it covers the network at the source's eccentricity; one-port flooding informs everyone too,
 * never sooner, and within the bounds a one-port schedule allows; both modes step for step as an independent simulation in this test;
 * CR_n covered at 003 Theorem 3.3's n+1 from every node. Networks: SCC, star, hypercube, torus, CCC, directed chord rings and the
 * papers' own: CR_n (003), regular and irregular necklace hypercubes (002), complete and incomplete n:k cubes (004).
 */
class FloodingSequentialTest {

    /** The networks of the papers (003, 002, 004), by the names the command line uses. */
    static final List<String> PAPER_NETWORKS = List.of("cr:3", "cr:4", "cr:5", "rnh:1,5", "rnh:2,3", "rnh:3,4", "inh:2:1,3,2,1",
            "inh:3:1,4,2,5,3,1,6,2,1,3,2,4", "kcube:3,3", "kcube:2,4", "icube:4,3,2", "icube:5,4,3");

    static Stream<Arguments> runs() {
        List<Topology> topologies = List.of(Scc.of(4), Scc.of(5), Scc.of(6), Star.of(4), Star.of(5), Star.of(6), Hypercube.of(1),
                Hypercube.of(4), Hypercube.of(7), Torus.of(2, 3), Torus.of(3, 1), Torus.of(4, 3), Torus.of(5, 2), Torus.of(6, 3),
                CubeConnectedCycles.of(3), CubeConnectedCycles.of(4), CubeConnectedCycles.of(6), new DirectedChordRing(12, 5),
                new DirectedChordRing(31, 7));
        List<Arguments> runs = new ArrayList<>();
        for (Topology t : topologies) {
            runs.add(run(t, 0));
            runs.add(run(t, t.nodeCount() / 2 + 1 < t.nodeCount() ? t.nodeCount() / 2 + 1 : t.nodeCount() - 1));
        }
        for (String name : PAPER_NETWORKS) {
            Topology t = Topologies.parse(name);
            for (int source : sources(t)) {
                runs.add(run(t, source));
            }
        }
        return runs.stream();
    }

    private static Arguments run(Topology t, int source) {
        return Arguments.of(Named.of(t.name(), t), Named.of(t.label(source), source));
    }

    /**
     * Several sources per paper network: on a necklace hypercube two base vertices and three necklace nodes (the first node of the
     * first necklace, the middle of the last one, the last node of all); elsewhere the first, a middle and the last node and one a
     * third of the way.
     */
    static int[] sources(Topology t) {
        int last = t.nodeCount() - 1;
        if (t instanceof NecklaceHypercube nh) {
            int lastEdge = nh.edgeCount() - 1;
            return IntStream.of(0, nh.baseVertexCount() - 1, nh.necklaceNode(0, 1),
                    nh.necklaceNode(lastEdge, (nh.necklaceLength(lastEdge) + 1) / 2), last).distinct().toArray();
        }
        return IntStream.of(0, t.nodeCount() / 3, t.nodeCount() / 2 + 1, last).filter(v -> v <= last).distinct().toArray();
    }

    /** Out-ports that lead somewhere, over all nodes: each is used exactly once by either mode. */
    private static long usablePorts(Topology t) {
        long count = 0;
        for (int v = 0; v < t.nodeCount(); v++) {
            for (int p = 0; p < t.portCount(); p++) {
                count += t.neighbour(v, p) == Topology.NONE ? 0 : 1;
            }
        }
        return count;
    }

    @ParameterizedTest(name = "{0} from node {1}")
    @MethodSource("runs")
    void multiPortCoversAtTheEccentricityOfTheSource(Topology t, int source) {
        RunMetrics m = SequentialEngine.run(t, new FloodingPrograms(t, source, FloodingPrograms.Mode.MULTI_PORT), LinkLatency.SYNCHRONOUS);
        Bfs.DistanceProfile bfs = Bfs.profile(t, source);
        assertEquals(t.nodeCount(), m.informed(0), "every node informed");
        assertEquals(bfs.eccentricity(), m.fullCoverageStep(0, t.nodeCount()), "full coverage at the eccentricity of the source");
        long[] expected = new long[bfs.eccentricity() + 1]; // nodes within distance s of the source
        long running = 0;
        for (int d = 0; d <= bfs.eccentricity(); d++) {
            running += bfs.histogram()[d];
            expected[d] = running;
        }
        long[] measured = m.informedAfterEachStep(0);
        assertArrayEquals(expected, java.util.Arrays.copyOf(measured, expected.length), "informed after each step = BFS balls");
        assertEquals(usablePorts(t), m.totalLinkMessages(), "every node sends once on every port that leads somewhere");
    }

    @ParameterizedTest(name = "{0} from node {1}")
    @MethodSource("runs")
    void onePortInformsEveryoneNeverSooner(Topology t, int source) {
        RunMetrics multi = SequentialEngine.run(t, new FloodingPrograms(t, source, FloodingPrograms.Mode.MULTI_PORT),
                LinkLatency.SYNCHRONOUS);
        RunMetrics one = SequentialEngine.run(t, new FloodingPrograms(t, source, FloodingPrograms.Mode.ONE_PORT), LinkLatency.SYNCHRONOUS);
        assertEquals(t.nodeCount(), one.informed(0), "every node informed");
        long onePort = one.fullCoverageStep(0, t.nodeCount());
        long multiPort = multi.fullCoverageStep(0, t.nodeCount());
        assertTrue(onePort >= multiPort, "one-port " + onePort + " < multi-port " + multiPort);
        // one send per informed node per step at most doubles the informed nodes in a step
        int log2 = 64 - Long.numberOfLeadingZeros(t.nodeCount() - 1L);
        assertTrue(onePort >= log2, "one-port " + onePort + " < ⌈log2 N⌉ = " + log2);
        // along a shortest path each hop waits for at most portCount() sends
        assertTrue(onePort <= multiPort * t.portCount(), "one-port " + onePort + " > eccentricity × ports");
        assertEquals(usablePorts(t), one.totalLinkMessages(), "every node sends once on every port that leads somewhere");
        for (long s = 1; s <= one.steps(); s++) {
            long sent = 0;
            for (icn.protocols.LinkClass c : icn.protocols.LinkClass.values()) {
                sent += one.linkMessagesAt(s, c);
            }
            assertTrue(sent <= one.informedAfterEachStep(0)[(int) s - 1], "at most one send per informed node in step " + s);
        }
        System.out.printf(Locale.ROOT, "flooding %s from %s: eccentricity %d, multi-port %d steps, one-port %d steps%n", t.name(),
                t.label(source), Bfs.profile(t, source).eccentricity(), multiPort, onePort);
    }

    @ParameterizedTest(name = "{0} from node {1}")
    @MethodSource("runs")
    void skippingIgnoredCopiesChangesNothing(Topology t, int source) {
        for (FloodingPrograms.Mode mode : FloodingPrograms.Mode.values()) {
            RunMetrics skipping = SequentialEngine.run(t, new FloodingPrograms(t, source, mode), LinkLatency.SYNCHRONOUS, true);
            RunMetrics reading = SequentialEngine.run(t, new FloodingPrograms(t, source, mode), LinkLatency.SYNCHRONOUS, false);
            assertTrue(skipping.sameCountsAs(reading), mode.key());
        }
    }

    /**
     * CR_n is a Cayley graph, so every node's eccentricity along the out-arcs is the diameter, n+1 by 003 Theorem 3.3: multi-port
     * flooding from any node covers CR_n at step n+1, whatever BFS says.
     */
    @ParameterizedTest(name = "cr:{0}")
    @org.junit.jupiter.params.provider.ValueSource(ints = {3, 4, 5, 6})
    void multiPortCoversCrAtNPlusOneFromEveryNode(int n) {
        CompleteRotationGraph cr = CompleteRotationGraph.of(n);
        int step = 0;
        for (int source = 0; source < cr.nodeCount(); source += n == 6 ? 7 : 1) {
            RunMetrics m = SequentialEngine.run(cr, new FloodingPrograms(cr, source, FloodingPrograms.Mode.MULTI_PORT), LinkLatency.SYNCHRONOUS);
            assertEquals(n + 1, m.fullCoverageStep(0, cr.nodeCount()), "003 Theorem 3.3: n+1, from " + cr.label(source));
            step = Math.max(step, (int) m.steps());
        }
        // the last step still sends: nodes informed at step n+1 forward once more, to nodes that already hold the message
        assertEquals(n + 2, step, "nodes informed in step n+1 send in step n+2");
    }

    /** What an independent simulation of flooding measured: nodes informed after each step, messages per step and link class. */
    record Simulated(long[] informedAfterEachStep, long[][] sentPerStepAndClass) {

        long steps() {
            return informedAfterEachStep.length - 1;
        }
    }

    /**
     * Flooding as {@link FloodingPrograms} defines it, simulated here step by step without the engine, its programs or its link layer:
     * the source holds the message after step 0; a node informed at the end of step t sends from step t+1 on, in ascending port order,
     * one port per step (one-port) or all ports in that one step (multi-port); a port leading nowhere is passed over without costing a
     * step; the port the message came in by is not skipped (the copy sent back is simply never read); a node sends on every usable
     * port exactly once and then falls silent.
     */
    static Simulated simulate(Topology t, int source, FloodingPrograms.Mode mode) {
        int ports = t.portCount();
        int classes = icn.protocols.LinkClass.values().length;
        boolean[] informed = new boolean[t.nodeCount()];
        int[] nextPort = new int[t.nodeCount()];
        informed[source] = true;
        List<Integer> sending = new ArrayList<>(List.of(source)); // informed before this step, with a usable port left
        List<Long> informedAfter = new ArrayList<>(List.of(1L));
        List<long[]> sent = new ArrayList<>();
        sent.add(new long[classes]); // step 0 sends nothing
        while (!sending.isEmpty()) {
            long[] sentNow = new long[classes];
            List<Integer> next = new ArrayList<>();
            long count = informedAfter.get(informedAfter.size() - 1);
            for (int v : sending) {
                int budget = mode == FloodingPrograms.Mode.ONE_PORT ? 1 : ports;
                for (; budget > 0 && nextPort[v] < ports; nextPort[v]++) {
                    int w = t.neighbour(v, nextPort[v]);
                    if (w == Topology.NONE) {
                        continue;
                    }
                    budget--;
                    sentNow[t.linkClass(nextPort[v]).ordinal()]++;
                    if (!informed[w]) {
                        informed[w] = true;
                        count++;
                        if (hasUsablePortFrom(t, w, 0)) {
                            next.add(w); // sends from the next step on, after the nodes already sending
                        }
                    }
                }
                if (hasUsablePortFrom(t, v, nextPort[v])) {
                    next.add(v);
                }
            }
            sent.add(sentNow);
            informedAfter.add(count);
            sending = next;
        }
        return new Simulated(informedAfter.stream().mapToLong(Long::longValue).toArray(), sent.toArray(new long[0][]));
    }

    private static boolean hasUsablePortFrom(Topology t, int v, int from) {
        for (int p = from; p < t.portCount(); p++) {
            if (t.neighbour(v, p) != Topology.NONE) {
                return true;
            }
        }
        return false;
    }

    /**
     * The engine's flooding against {@link #simulate}: nodes informed after every step, link messages of every class in every step,
     * the step count and the step of full coverage, for both modes.
     */
    @ParameterizedTest(name = "{0} from node {1}")
    @MethodSource("runs")
    void floodingMatchesAnIndependentSimulation(Topology t, int source) {
        for (FloodingPrograms.Mode mode : FloodingPrograms.Mode.values()) {
            RunMetrics m = SequentialEngine.run(t, new FloodingPrograms(t, source, mode), LinkLatency.SYNCHRONOUS);
            Simulated expected = simulate(t, source, mode);
            String what = t.name() + " from " + t.label(source) + ", " + mode.key();
            assertEquals(expected.steps(), m.steps(), what + ": steps");
            assertArrayEquals(expected.informedAfterEachStep(), m.informedAfterEachStep(0), what + ": informed after each step");
            long full = -1;
            for (int s = 0; s < expected.informedAfterEachStep().length && full < 0; s++) {
                full = expected.informedAfterEachStep()[s] == t.nodeCount() ? s : -1;
            }
            assertEquals(full, m.fullCoverageStep(0, t.nodeCount()), what + ": full coverage");
            for (int s = 0; s <= expected.steps(); s++) {
                for (icn.protocols.LinkClass c : icn.protocols.LinkClass.values()) {
                    assertEquals(expected.sentPerStepAndClass()[s][c.ordinal()], m.linkMessagesAt(s, c), what + ": " + c + " messages in step " + s);
                }
            }
        }
    }

    @Test
    void modesAndSources() {
        assertEquals(FloodingPrograms.Mode.ONE_PORT, FloodingPrograms.Mode.parse("one-port"));
        assertEquals(FloodingPrograms.Mode.MULTI_PORT, FloodingPrograms.Mode.parse("multi-port"));
        assertThrows(InvalidInputException.class, () -> FloodingPrograms.Mode.parse("all-port"));
        assertThrows(InvalidInputException.class, () -> new FloodingPrograms(Hypercube.of(3), 8, FloodingPrograms.Mode.ONE_PORT));
    }
}
