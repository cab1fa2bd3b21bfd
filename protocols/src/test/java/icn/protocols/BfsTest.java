package icn.protocols;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** BFS and the census on small hand-made graphs whose answers are known by hand. */
class BfsTest {

    /** A topology given by its port table; {@code arrival[v][p]} is the port at the far end. */
    record TableTopology(int[][] next, int[][] arrival, LinkClass[] classes) implements Topology {

        @Override
        public String name() {
            return "table";
        }

        @Override
        public int nodeCount() {
            return next.length;
        }

        @Override
        public int portCount() {
            return classes.length;
        }

        @Override
        public String portName(int port) {
            return "p" + port;
        }

        @Override
        public int neighbour(int node, int port) {
            return next[node][port];
        }

        @Override
        public int arrivalPort(int node, int port) {
            return arrival[node][port];
        }

        @Override
        public LinkClass linkClass(int port) {
            return classes[port];
        }

        @Override
        public String label(int node) {
            return Integer.toString(node);
        }

        @Override
        public int parseLabel(String text) {
            return Integer.parseInt(text);
        }
    }

    private static final int X = Topology.NONE;

    /** The path 0 − 1 − 2 − 3 − 4: port 0 goes left, port 1 right. */
    static TableTopology path() {
        int[][] next = {{X, 1}, {0, 2}, {1, 3}, {2, 4}, {3, X}};
        int[][] arrival = {{1, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 0}};
        return new TableTopology(next, arrival, new LinkClass[] {LinkClass.LOCAL, LinkClass.LOCAL});
    }

    @Test
    void distancesOnAPath() {
        assertArrayEquals(new int[] {0, 1, 2, 3, 4}, Bfs.distances(path(), 0));
        assertArrayEquals(new int[] {2, 1, 0, 1, 2}, Bfs.distances(path(), 2));
    }

    @Test
    void profileOfAPath() {
        Bfs.DistanceProfile end = Bfs.profile(path(), 0);
        assertEquals(4, end.eccentricity());
        assertArrayEquals(new long[] {1, 1, 1, 1, 1}, end.histogram());
        assertEquals(2.0, end.mean(), 1e-12); // (0+1+2+3+4)/5
        assertEquals(5, end.reached());
        Bfs.DistanceProfile middle = Bfs.profile(path(), 2);
        assertEquals(2, middle.eccentricity());
        assertArrayEquals(new long[] {1, 2, 2}, middle.histogram());
        assertEquals(6.0 / 5, middle.mean(), 1e-12);
    }

    @Test
    void unreachableNodesAreMarked() {
        int[][] next = {{1}, {0}, {2}};
        TableTopology t = new TableTopology(next, new int[][] {{0}, {0}, {0}}, new LinkClass[] {LinkClass.LOCAL});
        assertArrayEquals(new int[] {0, 1, Bfs.UNREACHED}, Bfs.distances(t, 0));
        assertEquals(2, Bfs.profile(t, 0).reached());
        assertThrows(IllegalArgumentException.class, () -> Bfs.distances(t, 3));
    }

    @Test
    void censusOfAPath() {
        TopologyCensus.Census c = TopologyCensus.of(path());
        assertEquals(5, c.nodes());
        assertEquals(1, c.minDegree());
        assertEquals(2, c.maxDegree());
        assertEquals(Map.of(LinkClass.LOCAL, 4L), c.links(), "only the classes the topology's ports have");
        assertTrue(c.symmetric());
    }

    /** Two nodes joined twice through the same class (the ring of SCC_3) and once through another: two pairs, degree 1. */
    @Test
    void censusCountsNodePairsNotPorts() {
        int[][] next = {{1, 1, 1}, {0, 0, 0}};
        int[][] arrival = {{0, 2, 1}, {0, 2, 1}};
        TableTopology t = new TableTopology(next, arrival, new LinkClass[] {LinkClass.LATERAL, LinkClass.LOCAL, LinkClass.LOCAL});
        TopologyCensus.Census c = TopologyCensus.of(t);
        assertEquals(1, c.minDegree());
        assertEquals(1, c.maxDegree());
        assertEquals(1, c.links(LinkClass.LOCAL));
        assertEquals(1, c.links(LinkClass.LATERAL));
        assertTrue(c.symmetric());
    }

    /** A one-way ring: every arc is counted as one link, but no link has its reverse. */
    @Test
    void censusFindsMissingReverseLinks() {
        int[][] next = {{1}, {2}, {0}};
        TableTopology t = new TableTopology(next, new int[][] {{0}, {0}, {0}}, new LinkClass[] {LinkClass.LOCAL});
        TopologyCensus.Census c = TopologyCensus.of(t);
        assertFalse(c.symmetric());
        assertEquals(3, c.links(LinkClass.LOCAL));
        assertEquals(1, c.minDegree());
    }

    /** The undirected degree counts in-arcs as well; an arc and its reverse are one neighbour; a loop is no neighbour. */
    @Test
    void undirectedDegreeCountsArcsBothWays() {
        int[][] ring = {{1}, {2}, {0}};
        TableTopology oneWay = new TableTopology(ring, new int[][] {{0}, {0}, {0}}, new LinkClass[] {LinkClass.LOCAL});
        assertEquals(new TopologyCensus.Degrees(2, 2, 3), TopologyCensus.undirectedDegree(oneWay, new int[] {0, 1, 2}));
        // 0 → 1, 1 → 0 (antiparallel), 1 → 2, 2 → 2 (a loop), 3 → 0; port 1 of 0, 2, 3 leads nowhere
        int[][] next = {{1, X}, {0, 2}, {2, X}, {0, X}};
        TableTopology t = new TableTopology(next, new int[][] {{0, 0}, {0, 0}, {0, 0}, {0, 0}}, new LinkClass[] {LinkClass.LOCAL, LinkClass.LOCAL});
        assertEquals(new TopologyCensus.Degrees(2, 2, 2), TopologyCensus.undirectedDegree(t, new int[] {0, 1}), "0: {1, 3}; 1: {0, 2}");
        assertEquals(new TopologyCensus.Degrees(1, 2, 3), TopologyCensus.undirectedDegree(t, new int[] {2, 3, 0, 2}), "2: {1}; 3: {0}");
        assertEquals(new TopologyCensus.Degrees(1, 2, 5), TopologyCensus.undirectedDegree(path(), new int[] {0, 1, 2, 3, 4}), "the census degree");
        assertThrows(IllegalArgumentException.class, () -> TopologyCensus.undirectedDegree(t, new int[] {4}));
        assertThrows(IllegalArgumentException.class, () -> TopologyCensus.undirectedDegree(t, new int[0]));
    }
}
