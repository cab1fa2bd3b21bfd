package icn.node.routing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.topology.Scc;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.topology.CompleteRotationGraph;
import icn.protocols.topology.CubeConnectedCycles;
import icn.protocols.topology.Hypercube;
import icn.protocols.topology.Star;
import icn.protocols.topology.Torus;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The BFS router against distances computed the other way round: a forward BFS from every source (Bfs follows the arcs), while the
 * router searches from the destination over reversed arcs. Every route must be a walk of the graph to its destination. Networks: SCC,
 * star, hypercube, torus, CCC, directed chord rings, and the papers' CR_n (directed), necklace hypercubes and n:k cubes.
 */
class ShortestPathRouterTest {

    private static final long SEED = 20240613L;

    static Stream<Named<Topology>> topologies() {
        Stream<Topology> classic = Stream.of(Scc.of(4), Scc.of(5), Scc.of(6), Star.of(4), Star.of(5), Hypercube.of(1), Hypercube.of(6),
                Torus.of(2, 3), Torus.of(4, 3), Torus.of(5, 2), CubeConnectedCycles.of(3), CubeConnectedCycles.of(5),
                new DirectedChordRing(12, 5), new DirectedChordRing(15, 4), new DirectedChordRing(31, 7));
        // the papers' networks: CR_n (003, directed), regular and irregular necklace hypercubes (002), n:k cubes (004); all below
        // 1000 nodes, so every ordered pair is routed
        Stream<Topology> papers = Stream.of("cr:3", "cr:4", "cr:5", "rnh:1,5", "rnh:2,3", "rnh:3,4", "inh:2:1,3,2,1",
                "inh:3:1,4,2,5,3,1,6,2,1,3,2,4", "kcube:3,3", "kcube:2,4", "icube:4,3,2", "icube:5,4,3").map(Topologies::parse);
        return Stream.concat(classic, papers).map(t -> Named.of(t.name(), t));
    }

    /** d[s][t], by a forward BFS from every s; bytes, since every distance here is below 128. */
    static byte[][] forwardDistances(Topology t) {
        byte[][] d = new byte[t.nodeCount()][];
        for (int s = 0; s < t.nodeCount(); s++) {
            int[] row = Bfs.distances(t, s);
            d[s] = new byte[row.length];
            for (int v = 0; v < row.length; v++) {
                assertTrue(row[v] >= 0 && row[v] < 128, "strongly connected, small distances");
                d[s][v] = (byte) row[v];
            }
        }
        return d;
    }

    /** Every destination for small networks; a seeded sample of 400 for SCC_6 (seed {@value #SEED}). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("topologies")
    void routesAreShortestWalks(Topology t) {
        byte[][] d = forwardDistances(t);
        ShortestPathRouter router = new ShortestPathRouter(t);
        int[] destinations = t.nodeCount() <= 1000 ? IntStream.range(0, t.nodeCount()).toArray()
                : new Random(SEED).ints(0, t.nodeCount()).distinct().limit(400).toArray();
        for (int dest : destinations) {
            for (int s = 0; s < t.nodeCount(); s++) {
                int[] ports = router.ports(s, dest);
                String what = t.name() + " " + t.label(s) + " → " + t.label(dest);
                Walks.assertWalkTo(t, s, dest, ports, what);
                assertEquals(d[s][dest], ports.length, what + ": hops = forward BFS distance");
            }
        }
        assertEquals(destinations.length, router.searches(), "a sweep to one destination costs one BFS");
    }

    /** On CR_n the longest route is the diameter, n+1 by 003 Theorem 3.3, and it is reached; every pair of cr:3 … cr:6 routed. */
    @ParameterizedTest(name = "cr:{0}")
    @ValueSource(ints = {3, 4, 5, 6})
    void longestRouteOnCrIsNPlusOne(int n) {
        CompleteRotationGraph cr = CompleteRotationGraph.of(n);
        ShortestPathRouter router = new ShortestPathRouter(cr);
        int longest = 0;
        for (int dest = 0; dest < cr.nodeCount(); dest++) {
            for (int s = 0; s < cr.nodeCount(); s++) {
                int[] ports = router.ports(s, dest);
                Walks.assertWalkTo(cr, s, dest, ports, cr.label(s) + " → " + cr.label(dest));
                longest = Math.max(longest, ports.length);
            }
        }
        assertEquals(n + 1, longest, "003 Theorem 3.3: diameter n+1");
    }

    @Test
    void directedRoutesFollowTheArcsNotTheirReverse() {
        DirectedChordRing t = new DirectedChordRing(12, 5);
        ShortestPathRouter router = new ShortestPathRouter(t);
        assertArrayEquals(new int[] {0}, router.ports(3, 4), "3 → 4 is one arc");
        // against the arcs 4 → 3 would be one link; along them: 4 →(chord) 9 → 10 →(chord) 15 mod 12 = 3, and no walk of 2 arcs
        // exists (4 → 5 → 6, 4 → 5 → … odd 5 has no chord; 4 → 9 → 10)
        assertArrayEquals(new int[] {1, 0, 1}, router.ports(4, 3));
    }

    @Test
    void tiesGoToTheLowestPort() {
        Hypercube q = Hypercube.of(3);
        assertArrayEquals(new int[] {0, 1, 2}, new ShortestPathRouter(q).ports(0, 7));
        Scc scc = Scc.of(5);
        int[] ports = new ShortestPathRouter(scc).ports(0, 0);
        assertEquals(0, ports.length, "no hops to itself");
    }

    @Test
    void cachedDestinationsCostNoNewSearch() {
        Scc scc = Scc.of(5);
        ShortestPathRouter router = new ShortestPathRouter(scc);
        for (int round = 0; round < 3; round++) {
            for (int dest = 0; dest < ShortestPathRouter.CACHED_DESTINATIONS; dest++) {
                router.ports(scc.nodeCount() - 1, dest);
            }
        }
        assertEquals(ShortestPathRouter.CACHED_DESTINATIONS, router.searches());
    }

    @Test
    void threadsSharingOneRouterGetTheSameRoutesAndOneSearchPerDestination() {
        Scc scc = Scc.of(6);
        ShortestPathRouter shared = new ShortestPathRouter(scc);
        ShortestPathRouter alone = new ShortestPathRouter(scc);
        List<Integer> destinations = List.of(0, 17, 1234, 3599);
        for (int dest : destinations) {
            int[][] parallel = new int[scc.nodeCount()][];
            IntStream.range(0, scc.nodeCount()).parallel().forEach(s -> parallel[s] = shared.ports(s, dest));
            for (int s = 0; s < scc.nodeCount(); s++) {
                assertArrayEquals(alone.ports(s, dest), parallel[s]);
            }
        }
        assertEquals(destinations.size(), shared.searches());
        assertEquals("shortest", shared.key());
    }
}
