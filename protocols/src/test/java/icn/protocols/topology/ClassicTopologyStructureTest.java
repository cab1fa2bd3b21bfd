package icn.protocols.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.LinkClass;
import icn.protocols.Topology;
import icn.protocols.TopologyCensus;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Structural invariants of the classic networks over several sizes, each against a closed form of the literature: node count (n!,
 * 2^n, K^N, n·2^n), degree, links per class, link symmetry, connectivity and diameter by BFS, and the label round trip.
 */
class ClassicTopologyStructureTest {

    private static final long SEED = 20240612L;

    /** A topology with what the literature says of it. */
    record Expected(Topology topology, long nodes, int degree, Map<LinkClass, Long> links, int diameter) {
        @Override
        public String toString() {
            return topology.name();
        }
    }

    static long factorial(int n) {
        long f = 1;
        for (int k = 2; k <= n; k++) {
            f *= k;
        }
        return f;
    }

    static Expected star(int n) {
        long nodes = factorial(n);
        // S_n is (n−1)-regular with n!(n−1)/2 links; diameter ⌊3(n−1)/2⌋ (Akers and Krishnamurthy; 001 §6)
        return new Expected(Star.of(n), nodes, n - 1, Map.of(LinkClass.LATERAL, nodes * (n - 1) / 2), 3 * (n - 1) / 2);
    }

    static Expected hypercube(int n) {
        long nodes = 1L << n;
        return new Expected(Hypercube.of(n), nodes, n, Map.of(LinkClass.DIMENSION, nodes * n / 2), n);
    }

    static Expected torus(int k, int dims) {
        long nodes = Math.round(Math.pow(k, dims));
        // 2N distinct neighbours for K ≥ 3; for K = 2 the two ports of a dimension reach one node. One ring of K links per line of
        // each dimension (K^(N−1) lines): N·K^N links, or N·K^N/2 for K = 2, whose ring of two is one node pair.
        long links = k == 2 ? dims * nodes / 2 : dims * nodes;
        return new Expected(Torus.of(k, dims), nodes, k == 2 ? dims : 2 * dims, Map.of(LinkClass.DIMENSION, links), dims * (k / 2));
    }

    static Expected ccc(int n) {
        long nodes = (long) n << n;
        // Preparata and Vuillemin; diameter 2n + ⌊n/2⌋ − 2 for n ≥ 4 (001 §12 citing Meliksetian and Chen [19]), and 6 for n = 3
        int diameter = n == 3 ? 6 : 2 * n + n / 2 - 2;
        return new Expected(CubeConnectedCycles.of(n), nodes, 3, Map.of(LinkClass.LATERAL, nodes / 2, LinkClass.LOCAL, nodes), diameter);
    }

    static Stream<Expected> topologies() {
        List<Expected> all = new ArrayList<>();
        for (int n = 3; n <= 8; n++) {
            all.add(star(n));
        }
        for (int n = 1; n <= 12; n++) {
            all.add(hypercube(n));
        }
        int[][] tori = {{2, 1}, {2, 4}, {3, 1}, {3, 2}, {3, 4}, {4, 1}, {4, 3}, {5, 2}, {6, 2}, {7, 3}, {8, 2}, {12, 2}, {13, 1}};
        for (int[] kn : tori) {
            all.add(torus(kn[0], kn[1]));
        }
        for (int n = 3; n <= 10; n++) {
            all.add(ccc(n));
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("topologies")
    void nodeCountDegreeLinksAndSymmetry(Expected e) {
        Topology t = e.topology();
        TopologyCensus.Census census = TopologyCensus.of(t);
        assertEquals(e.nodes(), t.nodeCount(), "node count");
        assertEquals(e.nodes(), census.nodes(), "node count");
        assertEquals(e.degree(), census.minDegree(), "min degree");
        assertEquals(e.degree(), census.maxDegree(), "max degree");
        assertTrue(census.symmetric(), "every link leads back through its arrival port");
        Map<LinkClass, Long> expectedLinks = new EnumMap<>(LinkClass.class);
        for (LinkClass c : LinkClass.values()) {
            if (e.links().getOrDefault(c, 0L) > 0) { // the census lists the classes the topology's ports have
                expectedLinks.put(c, e.links().get(c));
            }
        }
        assertEquals(expectedLinks, census.links(), "links per class");
        assertFalse(t.directed());
        assertEquals(t.portCount(), t.inPortCount());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("topologies")
    void neighbourOfNeighbourThroughArrivalPortComesBack(Expected e) {
        Topology t = e.topology();
        for (int v = 0; v < t.nodeCount(); v++) {
            for (int p = 0; p < t.portCount(); p++) {
                int w = t.neighbour(v, p);
                assertTrue(w >= 0 && w < t.nodeCount(), "every port leads to a node");
                int back = t.arrivalPort(v, p);
                if (t.neighbour(w, back) != v) {
                    throw new AssertionError(t.label(v) + " --" + t.portName(p) + "--> " + t.label(w) + " does not lead back through "
                            + t.portName(back));
                }
                assertEquals(t.linkClass(p), t.linkClass(back), "a link has one class at both ends");
            }
        }
    }

    /** BFS from every node where the network is small, else from a seeded sample: all reached, largest eccentricity = diameter. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("topologies")
    void connectedWithTheKnownDiameter(Expected e) {
        Topology t = e.topology();
        int[] sources = t.nodeCount() <= 2048 ? IntStream.range(0, t.nodeCount()).toArray()
                : IntStream.concat(IntStream.of(0, t.nodeCount() - 1), new Random(SEED).ints(6, 0, t.nodeCount())).toArray();
        int diameter = 0;
        for (int s : sources) {
            Bfs.DistanceProfile p = Bfs.profile(t, s);
            assertEquals(t.nodeCount(), p.reached(), "connected, from " + t.label(s));
            diameter = Math.max(diameter, p.eccentricity());
            // all four networks are vertex-transitive, so every node's eccentricity is the diameter
            assertEquals(e.diameter(), p.eccentricity(), "eccentricity of " + t.label(s));
        }
        assertEquals(e.diameter(), diameter, "diameter by BFS");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("topologies")
    void labelsRoundTripAndAreDistinct(Expected e) {
        Topology t = e.topology();
        Set<String> seen = new HashSet<>();
        for (int v = 0; v < t.nodeCount(); v++) {
            String label = t.label(v);
            assertEquals(v, t.parseLabel(label), label);
            assertEquals(v, t.parseLabel("  " + label + " "), "surrounding blanks are ignored");
            assertTrue(seen.add(label), "label " + label + " is unique");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("topologies")
    void portsAreNamedAndOfTheirClass(Expected e) {
        Topology t = e.topology();
        Set<String> names = new HashSet<>();
        for (int p = 0; p < t.portCount(); p++) {
            assertTrue(names.add(t.portName(p)), "port names are distinct");
            assertTrue(e.links().containsKey(t.linkClass(p)), "class " + t.linkClass(p) + " of port " + t.portName(p));
        }
    }
}
