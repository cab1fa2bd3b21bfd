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
import icn.protocols.Scc;
import icn.protocols.Topology;
import icn.protocols.topology.CubeConnectedCycles;
import icn.protocols.topology.Hypercube;
import icn.protocols.topology.Star;
import icn.protocols.topology.Torus;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Flooding on the sequential engine with synchronous links, against BFS from the source: multi-port flooding informs the nodes at
 * distance d at the end of step d, so it covers the network at the source's eccentricity; one-port flooding informs everyone too,
 * never sooner, and within the bounds a one-port schedule allows.
 */
class FloodingSequentialTest {

    static Stream<Arguments> runs() {
        List<Topology> topologies = List.of(Scc.of(4), Scc.of(5), Scc.of(6), Star.of(4), Star.of(5), Star.of(6), Hypercube.of(1),
                Hypercube.of(4), Hypercube.of(7), Torus.of(2, 3), Torus.of(3, 1), Torus.of(4, 3), Torus.of(5, 2), Torus.of(6, 3),
                CubeConnectedCycles.of(3), CubeConnectedCycles.of(4), CubeConnectedCycles.of(6), new DirectedChordRing(12, 5),
                new DirectedChordRing(31, 7));
        List<Arguments> runs = new ArrayList<>();
        for (Topology t : topologies) {
            runs.add(Arguments.of(t, 0));
            runs.add(Arguments.of(t, t.nodeCount() / 2 + 1 < t.nodeCount() ? t.nodeCount() / 2 + 1 : t.nodeCount() - 1));
        }
        return runs.stream();
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

    @Test
    void modesAndSources() {
        assertEquals(FloodingPrograms.Mode.ONE_PORT, FloodingPrograms.Mode.parse("one-port"));
        assertEquals(FloodingPrograms.Mode.MULTI_PORT, FloodingPrograms.Mode.parse("multi-port"));
        assertThrows(InvalidInputException.class, () -> FloodingPrograms.Mode.parse("all-port"));
        assertThrows(InvalidInputException.class, () -> new FloodingPrograms(Hypercube.of(3), 8, FloodingPrograms.Mode.ONE_PORT));
    }
}
