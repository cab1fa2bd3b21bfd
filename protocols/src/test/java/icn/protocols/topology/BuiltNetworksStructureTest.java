package icn.protocols.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.Topology;
import icn.protocols.TopologyCensus;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntBinaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The networks machines are built from (issue 39): meshes, fat-trees (K-ary N-trees) and dragonflies, each against closed forms
 * derived from its definition: node and terminal counts, links per class, degrees, links that lead back, and every distance
 * between terminals by BFS against a formula of where the two terminals sit.
 */
class BuiltNetworksStructureTest {

    /** A network, what its definition says of it, and the distance between two terminals by that definition. */
    record Expected(Topology topology, long nodes, long terminals, int minDegree, int maxDegree, Map<LinkClass, Long> links,
            int diameter, IntBinaryOperator distance) {
        @Override
        public String toString() {
            return topology.name();
        }
    }

    static Expected mesh(int k, int n) {
        long nodes = Math.round(Math.pow(k, n));
        Mesh m = Mesh.of(k, n);
        // N·K^(N−1) lines of K − 1 links; a corner has N neighbours, an inner node 2N (none for K = 2)
        IntBinaryOperator d = (x, y) -> {
            int sum = 0;
            for (int i = 0; i < n; i++) {
                sum += Math.abs(m.digit(x, i) - m.digit(y, i));
            }
            return sum;
        };
        return new Expected(m, nodes, nodes, n, k == 2 ? n : 2 * n, Map.of(LinkClass.DIMENSION, nodes / k * n * (k - 1)), n * (k - 1), d);
    }

    static Expected fatTree(int k, int n) {
        long terminals = Math.round(Math.pow(k, n));
        FatTree f = FatTree.of(k, n);
        // K^N terminal links and K^N links between each two adjacent levels; leaves' words differ first (from the top) in digit m
        IntBinaryOperator d = (x, y) -> {
            if (x == y) {
                return 0;
            }
            int top = -1;
            for (int i = 0; i < n - 1; i++) {
                if (f.digit(x / k, i) != f.digit(y / k, i)) {
                    top = i;
                }
            }
            return top < 0 ? 2 : 2 * top + 4;
        };
        return new Expected(f, terminals + n * terminals / k, terminals, 1, n == 1 ? k : 2 * k, Map.of(LinkClass.TREE, n * terminals),
                2 * n, d);
    }

    static Expected dragonfly(int p, int a, int h) {
        Dragonfly df = Dragonfly.of(p, a, h);
        long groups = (long) a * h + 1;
        IntBinaryOperator d = (x, y) -> {
            if (x == y) {
                return 0;
            }
            int gx = df.group(x);
            int gy = df.group(y);
            int rx = df.router(x);
            int ry = df.router(y);
            if (gx == gy) {
                return rx == ry ? 2 : 3;
            }
            // Kim et al.'s minimal route, local-global-local, under the consecutive arrangement (channel c of gx leads to gy)
            int lgl = 3 + (channel(df, gx, gy) / h == rx ? 0 : 1) + (arrival(df, gx, gy) == ry ? 0 : 1);
            // a route over two global links and no local one is shorter still where one exists: rx's channel to some group g2
            // arrives at the router of g2 that holds g2's channel to gy, which arrives at ry
            for (int g2 = 0; g2 < groups && lgl == 5; g2++) {
                if (g2 != gx && g2 != gy && channel(df, gx, g2) / h == rx && arrival(df, gx, g2) == channel(df, g2, gy) / h
                        && arrival(df, g2, gy) == ry) {
                    return 4;
                }
            }
            return lgl;
        };
        int diameter = a == 1 ? 3 : 5;
        return new Expected(df, groups * a * (p + 1), groups * a * p, 1, p + a - 1 + h,
                a == 1 ? Map.of(LinkClass.TERMINAL, groups * a * p, LinkClass.GLOBAL, groups * (groups - 1) / 2)
                        : Map.of(LinkClass.TERMINAL, groups * a * p, LinkClass.LOCAL, groups * a * (a - 1) / 2, LinkClass.GLOBAL,
                                groups * (groups - 1) / 2),
                diameter, d);
    }

    private static int channel(Dragonfly df, int from, int to) {
        return Math.floorMod(to - from - 1, df.groups());
    }

    /** The router of group {@code to} where the global link from group {@code from} arrives. */
    private static int arrival(Dragonfly df, int from, int to) {
        return (df.a() * df.h() - 1 - channel(df, from, to)) / df.h();
    }

    static Stream<Expected> networks() {
        return Stream.of(mesh(2, 1), mesh(2, 3), mesh(3, 2), mesh(4, 3), mesh(8, 2), mesh(5, 1), fatTree(2, 1), fatTree(2, 3), fatTree(3, 2),
                fatTree(4, 3), fatTree(2, 5), dragonfly(1, 1, 1), dragonfly(1, 2, 1), dragonfly(2, 4, 2), dragonfly(1, 3, 2),
                dragonfly(3, 2, 3));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("networks")
    void countsDegreesAndLinks(Expected e) {
        Topology t = e.topology();
        TopologyCensus.Census census = TopologyCensus.of(t);
        assertEquals(e.nodes(), t.nodeCount(), "nodes");
        assertEquals(e.terminals(), t.terminalCount(), "terminals");
        assertEquals(e.terminals(), java.util.stream.IntStream.range(0, t.nodeCount()).filter(t::terminal).count(), "terminal(node)");
        assertEquals(e.minDegree(), census.minDegree(), "min degree");
        assertEquals(e.maxDegree(), census.maxDegree(), "max degree");
        assertEquals(e.links(), census.links(), "links per class");
        assertTrue(census.symmetric(), "every link leads back through its arrival port");
        assertFalse(t.directed());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("networks")
    void everyLinkLeadsBackOnItsArrivalPort(Expected e) {
        Topology t = e.topology();
        for (int v = 0; v < t.nodeCount(); v++) {
            for (int p = 0; p < t.portCount(); p++) {
                int w = t.neighbour(v, p);
                if (w == Topology.NONE) {
                    continue;
                }
                int back = t.arrivalPort(v, p);
                assertEquals(v, t.neighbour(w, back), t.label(v) + " " + t.portName(p) + " → " + t.label(w) + " back by " + t.portName(back));
                assertEquals(t.linkClass(p), t.linkClass(back), "a link has one class at both ends");
            }
        }
    }

    /** BFS from every node: connected, the diameter of the definition, and every distance between terminals its formula's. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("networks")
    void distancesByBfsAreTheDefinitions(Expected e) {
        Topology t = e.topology();
        int diameter = 0;
        for (int s = 0; s < t.nodeCount(); s++) {
            int[] dist = Bfs.distances(t, s);
            for (int v = 0; v < t.nodeCount(); v++) {
                assertTrue(dist[v] >= 0, "connected: " + t.label(v) + " from " + t.label(s));
                diameter = Math.max(diameter, dist[v]);
                if (t.terminal(s) && t.terminal(v) && dist[v] != e.distance().applyAsInt(s, v)) {
                    throw new AssertionError(t.label(s) + " to " + t.label(v) + ": BFS " + dist[v] + ", formula " + e.distance().applyAsInt(s, v));
                }
            }
        }
        assertEquals(e.diameter(), diameter, "diameter by BFS");
        t.pairDistances().ifPresent(pd -> {
            for (int s = 0; s < t.nodeCount(); s++) {
                int[] dist = Bfs.distances(t, s);
                for (int v = 0; v < t.nodeCount(); v++) {
                    assertEquals(dist[v], pd.applyAsInt(s, v), "pairDistances " + t.label(s) + " to " + t.label(v));
                }
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("networks")
    void labelsRoundTripAndPortsAreNamed(Expected e) {
        Topology t = e.topology();
        Set<String> seen = new HashSet<>();
        for (int v = 0; v < t.nodeCount(); v++) {
            String label = t.label(v);
            assertEquals(v, t.parseLabel(" " + label + " "), label);
            assertTrue(seen.add(label), "label " + label + " is unique");
        }
        Set<String> names = new HashSet<>();
        for (int p = 0; p < t.portCount(); p++) {
            assertTrue(names.add(t.portName(p)), "port names are distinct");
        }
        assertEquals(t.name(), Topologies.parse(t.name()).name(), "the name parses back");
    }

    @Test
    void refusalsNameTheProblem() {
        for (String[] c : List.of(new String[] {"mesh:1,2", "K must be at least 2"}, new String[] {"mesh:4", "expected mesh:K,N"},
                new String[] {"fattree:4,0", "N must be at least 1"}, new String[] {"fattree:64,5", "at most"},
                new String[] {"dragonfly:0,4,2", "at least 1"}, new String[] {"dragonfly:2,4", "expected dragonfly:P,A,H"},
                new String[] {"dragonfly:64,64,64", "at most"})) {
            InvalidInputException x = assertThrows(InvalidInputException.class, () -> Topologies.parse(c[0]), c[0]);
            assertTrue(x.getMessage().contains(c[1]), x.getMessage());
        }
        assertThrows(InvalidInputException.class, () -> Dragonfly.of(2, 4, 2).parseLabel("9.0"));
        assertThrows(InvalidInputException.class, () -> Dragonfly.of(2, 4, 2).parseLabel("1.2.3.4"));
        assertThrows(InvalidInputException.class, () -> FatTree.of(4, 3).parseLabel("3/00"));
        assertThrows(InvalidInputException.class, () -> FatTree.of(4, 3).parseLabel("0/4"));
        InvalidInputException mesh = assertThrows(InvalidInputException.class, () -> Mesh.of(4, 2).parseLabel("123"));
        assertTrue(mesh.getMessage().contains("mesh:4,2") && !mesh.getMessage().contains("torus"), mesh.getMessage());
    }
}
