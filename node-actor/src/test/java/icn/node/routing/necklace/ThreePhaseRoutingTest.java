package icn.node.routing.necklace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.Topology;
import icn.protocols.topology.NecklaceHypercube;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The three-phase route of 002 §3 in RNH and INH, for all pairs of small networks: a walk of the graph that ends at the destination,
 * never shorter than BFS, of the length the three steps give when written from the labels; and its stretch against BFS.
 */
class ThreePhaseRoutingTest {

    private static final long SEED = 20240807L;
    private static final Pattern LABEL = Pattern.compile("\\(([01]+),(\\d+),(\\d+)\\)");

    static List<NecklaceHypercube> networks() {
        Random random = new Random(SEED);
        List<NecklaceHypercube> list = new ArrayList<>();
        for (int n = 1; n <= 4; n++) {
            for (int k = 1; k <= 4; k++) {
                list.add(NecklaceHypercube.regular(n, k));
            }
        }
        list.add(NecklaceHypercube.regular(5, 2));
        list.add(NecklaceHypercube.regular(3, 7));
        list.add(NecklaceHypercube.irregular(2, new int[] {1, 2, 3, 4}));
        for (int n = 2; n <= 4; n++) {
            int[] k = new int[n << (n - 1)];
            for (int e = 0; e < k.length; e++) {
                k[e] = 1 + random.nextInt(5);
            }
            list.add(NecklaceHypercube.irregular(n, k));
        }
        return list;
    }

    /** {b, d, i} of a label. */
    static int[] parse(String label) {
        Matcher m = LABEL.matcher(label);
        assertTrue(m.matches(), label);
        return new int[] {Integer.parseInt(m.group(1), 2), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))};
    }

    /** The necklace length of the node's necklace, found by asking the label parser for higher indices. */
    static int length(NecklaceHypercube t, int[] u) {
        int k = u[2];
        while (true) {
            try {
                t.parseLabel(t.label(t.parseLabel(label(t.n(), u[0], u[1], k + 1))));
                k++;
            } catch (IllegalArgumentException e) {
                return k;
            }
        }
    }

    static String label(int n, int b, int d, int i) {
        StringBuilder s = new StringBuilder();
        for (int j = n - 1; j >= 0; j--) {
            s.append((b >> j) & 1);
        }
        return "(" + s + "," + d + "," + i + ")";
    }

    /**
     * The three steps' length from the labels: to a nearer end, Hamming distance, from a nearer end; on one necklace the shorter of
     * that and the straight walk.
     */
    static int expectedHops(int[] u, int ku, int[] v, int kv) {
        int best = Integer.MAX_VALUE;
        if (u[1] != 0 && v[1] != 0 && u[0] == v[0] && u[1] == v[1]) {
            best = Math.abs(u[2] - v[2]);
        }
        for (int[] a : nearerEnds(u, ku)) {
            for (int[] b : nearerEnds(v, kv)) {
                best = Math.min(best, a[1] + Integer.bitCount(a[0] ^ b[0]) + b[1]);
            }
        }
        return best;
    }

    static List<int[]> nearerEnds(int[] u, int k) {
        if (u[1] == 0) {
            return List.of(new int[] {u[0], 0});
        }
        int toLower = u[2];
        int toUpper = k + 1 - u[2];
        List<int[]> ends = new ArrayList<>();
        if (toLower <= toUpper) {
            ends.add(new int[] {u[0], toLower});
        }
        if (toUpper <= toLower) {
            ends.add(new int[] {u[0] | 1 << (u[1] - 1), toUpper});
        }
        return ends;
    }

    @Test
    void routesAreWalksToTheDestinationNeverShorterThanBfs() {
        for (NecklaceHypercube t : networks()) {
            ThreePhaseRouting router = new ThreePhaseRouting(t);
            assertEquals("three-phase", router.key());
            int count = t.nodeCount();
            int[][] label = new int[count][];
            int[] length = new int[count];
            for (int v = 0; v < count; v++) {
                label[v] = parse(t.label(v));
                length[v] = label[v][1] == 0 ? 0 : length(t, label[v]);
            }
            int maxHops = 0;
            int maxDistance = 0;
            double worst = 1;
            for (int s = 0; s < count; s++) {
                int[] bfs = Bfs.distances(t, s);
                for (int d = 0; d < count; d++) {
                    String what = t.name() + " " + t.label(s) + " → " + t.label(d);
                    int[] ports = router.ports(s, d);
                    int node = s;
                    for (int port : ports) {
                        node = t.neighbour(node, port);
                        assertNotEquals(Topology.NONE, node, what + ": a port leads nowhere");
                    }
                    assertEquals(d, node, what + ": ends at the destination");
                    assertTrue(ports.length >= bfs[d], what + ": shorter than BFS");
                    // nearer ends lose nothing (the ends differ in one bit), so the route is shortest; see ThreePhaseRouting
                    assertEquals(bfs[d], ports.length, what + ": longer than BFS");
                    assertEquals(expectedHops(label[s], length[s], label[d], length[d]), ports.length, what);
                    maxHops = Math.max(maxHops, ports.length);
                    maxDistance = Math.max(maxDistance, bfs[d]);
                    if (d != s) {
                        worst = Math.max(worst, (double) ports.length / bfs[d]);
                    }
                }
            }
            RouteStretch.Measurement m = RouteStretch.measure(t, router, 3);
            assertEquals(worst, m.maxStretch(), 1e-12, t.name());
            assertEquals((long) count * (count - 1), m.pairs());
            System.out.printf(Locale.ROOT, "%s: %d nodes; three-phase stretch max %.4f mean %.4f; %d of %d pairs shortest; mean route %.4f"
                    + " vs mean distance %.4f; longest route %d vs diameter %d%s%n", t.name(), count, m.maxStretch(), m.meanStretch(),
                    m.shortestPairs(), m.pairs(), m.meanRouteHops(), m.meanDistance(), maxHops, maxDistance,
                    m.worst() == null ? "" : "; worst " + m.worst().sourceLabel() + " → " + m.worst().destinationLabel() + " "
                            + m.worst().routeHops() + " hops vs " + m.worst().distance());
        }
    }

    /** On one necklace of rnh:3,7 the way around through the edge's cube link is shorter than the straight walk (k ≥ 5). */
    @Test
    void onOneLongNecklaceTheRouteGoesAroundThroughTheCubeLink() {
        NecklaceHypercube t = NecklaceHypercube.regular(3, 7);
        int s = t.parseLabel("(000,1,1)");
        int d = t.parseLabel("(000,1,7)");
        int[] ports = new ThreePhaseRouting(t).ports(s, d);
        assertEquals(List.of("TOWARD_LOWER", "CUBE_1", "NECKLACE_1"), List.of(t.portName(ports[0]), t.portName(ports[1]),
                t.portName(ports[2])));
        assertEquals(3, Bfs.distances(t, s)[d]);
        int near = t.parseLabel("(000,1,4)");
        assertEquals(3, new ThreePhaseRouting(t).ports(s, near).length, "straight: 3 hops, around: 1 + 1 + 4 = 6");
    }

    /** rnh:14,8 (933,888 nodes): seeded sample routes from three sources, each a walk of the BFS distance. */
    @Test
    void sampledRoutesInRnh14x8AreShortestWalks() {
        NecklaceHypercube t = NecklaceHypercube.regular(14, 8);
        ThreePhaseRouting router = new ThreePhaseRouting(t);
        Random random = new Random(SEED);
        for (int source : new int[] {0, t.parseLabel("(00000000000000,3,4)"), random.nextInt(t.nodeCount())}) {
            int[] bfs = Bfs.distances(t, source);
            for (int trial = 0; trial < 5_000; trial++) {
                int d = random.nextInt(t.nodeCount());
                int node = source;
                int[] ports = router.ports(source, d);
                for (int port : ports) {
                    node = t.neighbour(node, port);
                    assertNotEquals(Topology.NONE, node);
                }
                assertEquals(d, node);
                assertEquals(bfs[d], ports.length, t.label(source) + " → " + t.label(d));
            }
        }
    }

    @Test
    void sourceEqualsDestinationIsAnEmptyRoute() {
        NecklaceHypercube t = NecklaceHypercube.regular(2, 3);
        for (int v = 0; v < t.nodeCount(); v++) {
            assertEquals(0, new ThreePhaseRouting(t).ports(v, v).length);
        }
    }
}
