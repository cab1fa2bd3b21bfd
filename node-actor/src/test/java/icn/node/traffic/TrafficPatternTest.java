package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.InvalidInputException;
import icn.protocols.topology.Topologies;
import icn.protocols.topology.KaryCube;
import icn.protocols.topology.Torus;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Where messages go: every pattern checked against its definition, computed here from the networks' own addresses. */
class TrafficPatternTest {

    @Test
    void transposeSwapsTheHalvesOfAnAddress() {
        TrafficPattern cube = TrafficPattern.parse("transpose", Topologies.parse("hypercube:4"), 1);
        SplittableRandom r = new SplittableRandom(1);
        for (int v = 0; v < 16; v++) {
            assertEquals((v & 3) << 2 | v >> 2, cube.destination(v, r), "bits x3x2x1x0 -> x1x0x3x2 of " + v);
            assertEquals(v != ((v & 3) << 2 | v >> 2), cube.generates(v), "a node on the diagonal sends nothing");
        }
        Torus torus = Torus.of(4, 2);
        TrafficPattern onTorus = TrafficPattern.parse("transpose", torus, 1);
        for (int v = 0; v < torus.nodeCount(); v++) {
            int d = onTorus.destination(v, r);
            assertEquals(torus.digit(v, 0), torus.digit(d, 1));
            assertEquals(torus.digit(v, 1), torus.digit(d, 0));
        }
        KaryCube kcube = KaryCube.complete(2, 3);
        TrafficPattern onKcube = TrafficPattern.parse("transpose", kcube, 1);
        for (int v = 0; v < kcube.nodeCount(); v++) {
            int[] a = kcube.digits(v);
            int[] b = kcube.digits(onKcube.destination(v, r));
            assertEquals(a[0], b[1]);
            assertEquals(a[1], b[0]);
        }
        var square = Topologies.parse("rnh:2,3"); // 16 nodes: a 4 x 4 square of ids
        TrafficPattern onSquare = TrafficPattern.parse("transpose", square, 1);
        assertEquals(1 * 4 + 2, onSquare.destination(2 * 4 + 1, r));
        assertThrows(InvalidInputException.class, () -> TrafficPattern.parse("transpose", Topologies.parse("hypercube:5"), 1));
        assertThrows(InvalidInputException.class, () -> TrafficPattern.parse("transpose", Topologies.parse("star:4"), 1));
    }

    @Test
    void permutationIsOneCycleThroughEveryNodeDrawnFromTheSeed() {
        var t = Topologies.parse("scc:4");
        int n = t.nodeCount();
        TrafficPattern p = TrafficPattern.parse("permutation", t, 42);
        SplittableRandom r = new SplittableRandom(1);
        int at = 0;
        boolean[] seen = new boolean[n];
        for (int k = 0; k < n; k++) {
            assertFalse(seen[at], "one cycle: no node twice before all are visited");
            seen[at] = true;
            int next = p.destination(at, r);
            assertNotEquals(at, next);
            assertTrue(p.generates(at));
            at = next;
        }
        assertEquals(0, at, "the cycle closes after every node");
        TrafficPattern same = TrafficPattern.parse("permutation", t, 42);
        TrafficPattern other = TrafficPattern.parse("permutation", t, 43);
        boolean differs = false;
        for (int v = 0; v < n; v++) {
            assertEquals(p.destination(v, r), same.destination(v, r), "the seed fixes it");
            differs |= p.destination(v, r) != other.destination(v, r);
        }
        assertTrue(differs, "another seed draws another");
    }

    @Test
    void uniformNeverSendsToItselfAndReachesEveryOtherNodeEvenly() {
        var t = Topologies.parse("hypercube:4");
        TrafficPattern u = TrafficPattern.parse("uniform", t, 1);
        SplittableRandom r = new SplittableRandom(9);
        int[] counts = new int[16];
        int draws = 150_000;
        for (int i = 0; i < draws; i++) {
            counts[u.destination(5, r)]++;
        }
        assertEquals(0, counts[5]);
        for (int v = 0; v < 16; v++) {
            if (v != 5) {
                double expected = draws / 15.0;
                assertEquals(expected, counts[v], 4 * Math.sqrt(expected), "node " + v);
            }
        }
    }

    @Test
    void hotspotSendsItsFractionToNodeZero() {
        var t = Topologies.parse("hypercube:6");
        TrafficPattern h = TrafficPattern.parse("hotspot:0.3", t, 1);
        SplittableRandom r = new SplittableRandom(4);
        int draws = 100_000;
        int toZero = 0;
        for (int i = 0; i < draws; i++) {
            toZero += h.destination(7, r) == 0 ? 1 : 0;
        }
        double p = 0.3 + 0.7 / 63; // the hotspot itself, or node 0 drawn uniformly among the others
        assertEquals(p * draws, toZero, 4 * Math.sqrt(draws * p * (1 - p)));
        for (int i = 0; i < 1000; i++) {
            assertNotEquals(0, h.destination(0, r), "the hotspot does not send to itself");
        }
    }
}
