package icn.node.routing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.topology.Scc;
import icn.protocols.topology.SccLabel;
import icn.protocols.topology.SccPort;
import java.util.Arrays;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The worked examples of 000 §3 and §4.1 and of 001 §5.3, with the costs worked out by hand from Eqs. 7, 8 and 15. */
class WorkedExamplesTest {

    private static final int LAT = SccPort.LATERAL.index();
    private static final int LEFT = SccPort.LEFT.index();
    private static final int RIGHT = SccPort.RIGHT.index();

    private static byte[] perm(String digits) {
        byte[] p = new byte[digits.length()];
        for (int k = 0; k < p.length; k++) {
            p[k] = (byte) (digits.charAt(k) - '0');
        }
        return p;
    }

    @Test
    void cyclesOf265431() {
        // 000 §3.1: 265431 = (1 2 6)(3 5)(4).
        byte[] p = perm("265431");
        assertEquals(1 << 2 | 1 << 3 | 1 << 5, RCycles.bsymbols(p), "𝓑: i1 = 2 of (1 2 6), and 3, 5");
        assertEquals(1 << 6 | 1 << 3 | 1 << 5, RCycles.fsymbols(p), "𝓕: i_{r−1} = 6 of (1 2 6), and 3, 5");
        assertEquals(2 + 5 - 2, RCycles.lateral(p), "Eq. 4: c = 2, m = 5, first symbol not 1");
        // Eq. 8, n = 6: (1 2 6) → d(2,6) = min(4, 1) = 1; (3 5) → d(3,5) + d(5,3) = 2 + 2.
        assertEquals(1 + 4, RCycles.miLocal(p));
    }

    @Test
    void lemma1ExampleCycle264InScc7() {
        // 000 §3.3: C = (2 6 4), n = 7, R = (2, 6, 4, 2), MI(loc, C) = 2 + 2 + 2 = 6. π: 2→6→4→2 is 1632547.
        Scc scc = Scc.of(7);
        int source = scc.id(SccLabel.parse("<2,1632547>"));
        int destination = scc.id(SccLabel.parse("<2,1234567>"));
        Route r = SccRouting.along(scc, source, destination, new int[] {2, 6, 4, 2});
        assertEquals(4, r.lateral());
        assertEquals(6, r.miLocal());
        assertEquals(0, r.mbLocal());
        for (RoutingAlgorithm a : RoutingAlgorithm.papers()) {
            assertEquals(6, SccRouting.route(scc, a, source, destination, new SplittableRandom(7)).miLocal(), a.key());
        }
    }

    @Test
    void route34125ToIdentityCosts9Or11() {
        // 000 §3.1 and §4.1: ⟨3,34125⟩ → ⟨2,12345⟩ in SCC_5, 34125 = (1 3)(2 4)(5).
        Scc scc = Scc.of(5);
        int source = scc.id(SccLabel.parse("<3,34125>"));
        int destination = scc.id(SccLabel.parse("<2,12345>"));
        // R(2 ↦ 3) = (2, 4, 2, 3): d(3,2) + d(2,4) + d(4,2) + d(2,3) + d(3,2) = 1 + 2 + 2 + 1 + 1 = 7 local: 4 + 4 + 3 = 11.
        Route worse = SccRouting.along(scc, source, destination, new int[] {2, 4, 2, 3});
        assertEquals(List3.of(4, 4, 3), List3.of(worse.lateral(), worse.miLocal(), worse.mbLocal()));
        assertEquals(11, worse.total());
        // R(3 ↦ 2) = (3, 2, 4, 2): 0 + 1 + 2 + 2 + 0 = 5 local: 4 + 4 + 1 = 9.
        Route best = SccRouting.along(scc, source, destination, new int[] {3, 2, 4, 2});
        assertEquals(List3.of(4, 4, 1), List3.of(best.lateral(), best.miLocal(), best.mbLocal()));
        // The walk: lateral 3 at position 3; LEFT to 2; lateral 2; 2→4 and 4→2 are ties on the ring of 4, taken RIGHT.
        assertArrayEquals(new int[] {LAT, LEFT, LAT, RIGHT, RIGHT, LAT, RIGHT, RIGHT, LAT}, best.ports());
        for (RoutingAlgorithm a : new RoutingAlgorithm[] {RoutingAlgorithm.MINIMAL, RoutingAlgorithm.GREEDY, RoutingAlgorithm.OPTIMAL_001}) {
            Route r = SccRouting.route(scc, a, source, destination, null);
            assertArrayEquals(new int[] {3, 2, 4, 2}, r.lateralLinks(), a.key());
            assertEquals(9, r.total(), a.key());
            assertEquals(1, r.mbLocal(), a.key());
        }
        assertEquals(9, Bfs.distances(scc, destination)[source], "9 is the distance");
    }

    @Test
    void randomRoutingDrawsExactlyTheSixSequencesOf23154() {
        // 000 §4.1: from supernode 23154 = (1 2 3)(4 5) to 12345, the minimal lateral sequences are these six; the last two
        // interleave the r-cycles. Algorithm 1 must produce every one of them and nothing else.
        Set<String> expected = new TreeSet<>(Arrays.asList("[2, 3, 4, 5, 4]", "[2, 3, 5, 4, 5]", "[4, 5, 4, 2, 3]", "[5, 4, 5, 2, 3]",
                "[2, 4, 5, 4, 3]", "[2, 5, 4, 5, 3]"));
        Scc scc = Scc.of(5);
        int source = scc.id(SccLabel.parse("<2,23154>"));
        int destination = scc.id(SccLabel.parse("<2,12345>"));
        Set<String> seen = new TreeSet<>();
        for (long seed = 0; seed < 500; seed++) {
            Route r = SccRouting.route(scc, RoutingAlgorithm.RANDOM, source, destination, new SplittableRandom(seed));
            seen.add(Arrays.toString(r.lateralLinks()));
            assertEquals(r, SccRouting.route(scc, RoutingAlgorithm.RANDOM, source, destination, new SplittableRandom(seed)), "seed repeats");
        }
        assertEquals(expected, seen);
        // MI: (1 2 3) → d(2,3) = 1; (4 5) → 2·d(4,5) = 2. Interleaved (2, 4, 5, 4, 3): 0 + 2 + 1 + 1 + 1 + 1 = 6 local.
        Route interleaved = SccRouting.along(scc, source, destination, new int[] {2, 4, 5, 4, 3});
        assertEquals(List3.of(5, 3, 3), List3.of(interleaved.lateral(), interleaved.miLocal(), interleaved.mbLocal()));
        // (2, 3, 4, 5, 4): 0 + 1 + 1 + 1 + 1 + d(4,2) = 2 → 6 local as well.
        Route separate = SccRouting.along(scc, source, destination, new int[] {2, 3, 4, 5, 4});
        assertEquals(List3.of(5, 3, 3), List3.of(separate.lateral(), separate.miLocal(), separate.mbLocal()));
    }

    @Test
    void optimal001ExampleOf001Section53() {
        // 001 §5.3: SCC_8, P_ds = (1 5)(2 3 6)(4 7)(8), I_s = 5, I_d = 6; printed answer (5, 6, 3, 2, 6, 7, 4, 7).
        // In the convention of 000 §3.1 and 001 §5.1 (π(i_j) = i_{j+1}) P_ds = 53671248, and (2 3 6) started at 6 executes as
        // (6, π(6), π(2), 6) = (6, 2, 3, 6): the printed (6, 3, 2, 6) executes (2 6 3), its inverse, and does not reach 12345678.
        Scc scc = Scc.of(8);
        int destination = scc.id(SccLabel.parse("<6,12345678>"));
        int source = scc.id(SccLabel.parse("<5,53671248>"));
        int[] printed = {5, 6, 3, 2, 6, 7, 4, 7};
        assertThrows(IllegalArgumentException.class, () -> SccRouting.along(scc, source, destination, printed));
        Route r = SccRouting.route(scc, RoutingAlgorithm.OPTIMAL_001, source, destination, null);
        assertArrayEquals(new int[] {5, 6, 2, 3, 6, 7, 4, 7}, r.lateralLinks());
        // Eq. 4: c = 3, m = 7, first symbol 5 ≠ 1 → 8 lateral links. Eq. 8 with d on a ring of 7: (1 5) → 0;
        // (2 3 6) → d(2,3) + d(3,6) + d(6,2) = 1 + 3 + 3 = 7; (4 7) → 2·d(4,7) = 6. MB: d(5,5) + d(5,6) + d(6,7) + d(7,6) = 3.
        assertEquals(List3.of(8, 13, 3), List3.of(r.lateral(), r.miLocal(), r.mbLocal()));
        assertEquals(24, r.total());
        // Read with the inverse convention, (2 3 6) is π(2) = 6, π(6) = 3, π(3) = 2: P_ds = 56271348, and the tree gives the
        // printed sequence itself, at the same cost.
        int inverseReading = scc.id(SccLabel.parse("<5,56271348>"));
        Route printedRoute = SccRouting.route(scc, RoutingAlgorithm.OPTIMAL_001, inverseReading, destination, null);
        assertArrayEquals(printed, printedRoute.lateralLinks());
        assertEquals(24, printedRoute.total());
        // Against BFS and the minimal algorithm of 000.
        int[] bfs = Bfs.distances(scc, destination);
        for (int s : new int[] {source, inverseReading}) {
            Route minimal = SccRouting.route(scc, RoutingAlgorithm.MINIMAL, s, destination, null);
            assertEquals(bfs[s], minimal.total(), "minimal = BFS for " + scc.label(s));
            assertTrue(minimal.total() <= 24);
            System.out.printf("001 §5.3 example from %s to <6,12345678>: optimal-001 %d, minimal %d %s, BFS %d%n", scc.label(s), 24,
                    minimal.total(), Arrays.toString(minimal.lateralLinks()), bfs[s]);
        }
    }

    /** A tiny triple for readable assertions on (lateral, MI, MB). */
    private record List3(int a, int b, int c) {
        static List3 of(int a, int b, int c) {
            return new List3(a, b, c);
        }
    }
}
