package icn.node.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.engine.SequentialEngine;
import icn.node.kind.Programs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Scc;
import icn.protocols.topology.Topologies;
import icn.protocols.wire.BroadcastSpec;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The one-port broadcasting sequences of 001 §8.1–8.3 on the sequential engine: every node informed, and the sequence's lateral and
 * local steps against the closed forms of §8.3 (σ^seq, σ^par), Theorems 6 and 7 (𝒯_n) and Eq. 3 (T_n, an upper bound).
 */
class StarSequenceBroadcastTest {

    private static int dStar(int n) {
        return 3 * (n - 1) / 2; // 001 §6
    }

    private static double log2(int n) {
        return Math.log(n) / Math.log(2);
    }

    /** A run from ⟨2, 12…n⟩ (node 0), with the measured sequence counts. */
    private record Run(RunMetrics metrics, StarSequenceSchedule schedule, long nodes, long lateral, long local, long coverage) {
    }

    private static Run run(int n, BroadcastAlgorithm algorithm) {
        Scc scc = Scc.of(n);
        StarSequencePrograms programs = (StarSequencePrograms) Programs.of(scc, new BroadcastSpec(algorithm, 1, 0));
        RunMetrics m = SequentialEngine.run(scc, programs, LinkLatency.SYNCHRONOUS);
        StarSequenceSchedule plan = programs.schedule();
        long lateral = 0;
        long silent = 0;
        for (long s = 1; s <= plan.sequenceSteps(); s++) {
            if (m.linkMessagesAt(s, LinkClass.LATERAL) > 0) {
                lateral++;
            } else if (m.linkMessagesAt(s, LinkClass.LOCAL) == 0) {
                silent++;
            }
        }
        if (algorithm != BroadcastAlgorithm.CYCLIC_PAR) {
            // a carrier sends in every step of a sequential sequence (σ^par's later local steps may find every ring full)
            assertEquals(0, silent, "steps of the sequence without traffic");
        }
        // the local steps of the sequence: its steps that used no lateral link, as 001 counts them
        return new Run(m, plan, scc.nodeCount(), lateral, plan.sequenceSteps() - lateral, m.fullCoverageStep(0, scc.nodeCount()));
    }

    private static void everyNodeInformed(Run r) {
        assertEquals(r.nodes(), r.metrics().informed(0), "every node informed");
        assertTrue(r.coverage() > 0 && r.coverage() <= r.schedule().totalSteps(), "coverage within the plan");
        assertEquals(0, r.metrics().linkMessages(LinkClass.LATERAL) - lateralSentInSequence(r), "no lateral send after the sequence");
    }

    private static long lateralSentInSequence(Run r) {
        long sent = 0;
        for (long s = 1; s <= r.schedule().sequenceSteps(); s++) {
            sent += r.metrics().linkMessagesAt(s, LinkClass.LATERAL);
        }
        return sent;
    }

    @ParameterizedTest(name = "scc:{0}")
    @ValueSource(ints = {3, 4, 5, 6, 7, 8})
    void cyclicSeqCountsAreThoseOfSection83(int n) {
        Run r = run(n, BroadcastAlgorithm.CYCLIC_SEQ);
        everyNodeInformed(r);
        int star = (n - 1) * dStar(n); // 001 §8.3: |σ_star(C)| = (n−1) d_star
        assertEquals(star, r.lateral(), "σ^seq lateral steps = |σ_star(C)|");
        assertEquals(star - 1, r.local(), "σ^seq local steps = |σ_star(C)| − 1");
        assertEquals(2 * (n - 1) * dStar(n) - 1, r.lateral() + r.local(), "σ^seq total = 2(n−1)⌊3(n−1)/2⌋ − 1");
        assertEquals(0, r.schedule().prologueSteps(), "the default source sits at the first star operation, 2");
        assertEquals(n / 2, r.schedule().completionSteps());
    }

    @ParameterizedTest(name = "scc:{0}")
    @ValueSource(ints = {3, 4, 5, 6, 7, 8})
    void cyclicParCountsAreThoseOfSection83(int n) {
        Run r = run(n, BroadcastAlgorithm.CYCLIC_PAR);
        everyNodeInformed(r);
        assertEquals(dStar(n), r.lateral(), "σ^par: d_star lateral steps");
        assertEquals((n - 2) * dStar(n), r.local(), "σ^par: (n−2) d_star local steps");
        assertEquals((n - 1) * dStar(n), r.coverage(), "σ^par informs every node with its last lateral step, (n−1) d_star");
        assertEquals((n - 1) * dStar(n), r.metrics().steps(), "nothing after the sequence");
    }

    @ParameterizedTest(name = "scc:{0}")
    @ValueSource(ints = {4, 6, 8})
    void adjacentTranspositionsEvenNAgainstTheorems6And7(int n) {
        Run r = run(n, BroadcastAlgorithm.SWITCHING_N2);
        everyNodeInformed(r);
        assertEquals((3 * n * n - 7 * n + 4) / 2, r.lateral(), "Theorem 6: 1.5n² − 3.5n + 2 lateral steps");
        // Theorem 7 counts 2n² − 6n + 4 local links: 1 or 2 per move as on a line of positions, and a move after the last stage.
        // The sequence makes no move after the last stage and goes the shorter way round the ring of n − 1 nodes, where positions n
        // and 2 are neighbours: it measures the ring distances, fewer (n = 4: 10, 6: 37, 8: 83 against 12, 40, 84)
        int theorem7Local = 2 * n * n - 6 * n + 4;
        assertEquals(ringMoves(n, r.schedule().operations(), 2), r.local(), "local steps: ring distances between star operations");
        assertTrue(r.local() < theorem7Local, r.local() + " local steps, Theorem 7 counts " + theorem7Local);
        assertTrue(r.lateral() + r.local() < (7 * n * n - 19 * n + 12) / 2, "below Theorem 7's 3.5n² − 9.5n + 6");
    }

    @ParameterizedTest(name = "scc:{0}")
    @ValueSource(ints = {3, 5, 7})
    void adjacentTranspositionsOddNIsOddEvenTranspositionSort(int n) {
        Run r = run(n, BroadcastAlgorithm.SWITCHING_N2);
        everyNodeInformed(r);
        // n stages of (n−1)/2 adjacent switches; (n+1)/2 of them hold switch (1,2), one star operation, the others three each
        int h = (n - 1) / 2;
        assertEquals((n + 1) / 2 * (1 + 3 * (h - 1)) + (n - 1) / 2 * 3 * h, r.lateral(), "lateral steps: the switches' star operations");
        assertEquals(ringMoves(n, r.schedule().operations(), 2), r.local(), "local steps: ring distances between star operations");
    }

    @ParameterizedTest(name = "scc:{0}")
    @ValueSource(ints = {3, 4, 5, 6, 7, 8})
    void benesBroadcastStaysWithinEquation3(int n) {
        Run r = run(n, BroadcastAlgorithm.SWITCHING_NLOGN);
        everyNodeInformed(r);
        double lg = log2(n);
        double eq3 = 4.0 * n * (n / 2) + (5.0 * n - 4) * (lg - 1) - 5.0 * n / 2; // Theorem 3, Eq. 3
        double lateralBound = 3 * (n * lg - n / 2.0); // |σ_star(T_n)| ≤ 3(n log n − n/2)
        assertTrue(r.lateral() <= lateralBound, r.lateral() + " lateral steps > " + lateralBound);
        assertTrue(r.lateral() + r.local() < eq3, (r.lateral() + r.local()) + " steps ≥ Eq. 3's " + eq3);
        if (n >= 4) {
            double localBound = 4.0 * n * ((n - 2) / 2) + 2.0 * (n - 2) * (lg - 1); // proof of Theorem 3
            assertTrue(r.local() < localBound, r.local() + " local steps ≥ " + localBound);
        }
        assertEquals(ringMoves(n, r.schedule().operations(), 2), r.local(), "local steps: ring distances between star operations");
    }

    @Test
    void theFirstStageOfT8IsFigure6s() {
        int[] ops = StarSequences.starOperations(StarSequences.benes(8).subList(0, 1), 8, 5);
        assertEquals(List.of(5, 6, 2, 6, 7, 3, 7, 8, 4, 8), box(ops), "001 §8.1: 5 − 6 − 2 − 6 − 7 − 3 − 7 − 8 − 4 − 8");
        int[] t8 = StarSequences.starOperations(StarSequences.adjacentTranspositions(8), 8, 2);
        assertEquals(List.of(2, 3, 4, 3, 5, 6, 5, 7, 8, 7, 8, 7, 6, 7, 5, 4, 5, 3, 2, 3, 2), box(t8).subList(0, 21),
                "Theorem 7's example for 𝒯_8, with its second-stage 5 − 6 − 5 read as 5 − 4 − 5");
    }

    /** 001's rule for n = 5 (T_8 without digits 6, 7, 8) misses supernodes: an independent broadcast over permutations shows it. */
    @Test
    void restrictedT8MissesPermutationsOfFiveAndTheScheduleFallsBack() {
        int n = 5;
        int[] paperOps = StarSequences.starOperations(StarSequences.benesRestricted(n), n, 2);
        assertTrue(reached(n, paperOps) < 120, "T_8 restricted to 5 digits reaches " + reached(n, paperOps) + " of 120 supernodes");
        int[] arbitrary = StarSequences.starOperations(StarSequences.benesArbitrarySize(n), n, 2);
        assertEquals(120, reached(n, arbitrary), "the arbitrary-size Beneš network reaches all");
        StarSequenceSchedule plan = StarSequenceSchedule.of(Scc.of(n), BroadcastAlgorithm.SWITCHING_NLOGN, 2);
        assertEquals(box(arbitrary), box(plan.operations()));
        for (int m : new int[] {3, 6, 7}) {
            int[] ops = StarSequences.starOperations(StarSequences.benesRestricted(m), m, 2);
            assertEquals(factorial(m), reached(m, ops), "001's rule reaches every supernode for n = " + m);
            assertEquals(box(ops), box(StarSequenceSchedule.of(Scc.of(m), BroadcastAlgorithm.SWITCHING_NLOGN, 2).operations()));
        }
        assertEquals(box(StarSequences.starOperations(StarSequences.benes(8), 8, 2)),
                box(StarSequences.starOperations(StarSequences.benesArbitrarySize(8), 8, 2)), "both are T_8 for n = 8");
        assertFalse(plan.network().startsWith("T_"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"cyclic-seq,star:5", "cyclic-par,hypercube:4", "switching-nlogn,cr:4", "switching-n2,ccc:4"})
    void otherTopologiesAreRefused(String key, String topology) {
        var e = assertThrows(InvalidInputException.class,
                () -> Programs.of(Topologies.parse(topology), new BroadcastSpec(BroadcastAlgorithm.parse(key), 1, 0)));
        assertTrue(e.getMessage().contains("scc:N"), e.getMessage());
    }

    @Test
    void pipeliningIsRefused() {
        var e = assertThrows(InvalidInputException.class,
                () -> Programs.of(Scc.of(4), new BroadcastSpec(BroadcastAlgorithm.SWITCHING_N2, 2, 0)));
        assertTrue(e.getMessage().contains("one message"), e.getMessage());
    }

    /** The source anywhere: the prologue carries the message to the first star operation, and every node is still informed. */
    @ParameterizedTest(name = "scc:5 {0} from node 7")
    @ValueSource(strings = {"CYCLIC_SEQ", "CYCLIC_PAR", "SWITCHING_NLOGN", "SWITCHING_N2"})
    void anySourceInformsEveryNode(BroadcastAlgorithm algorithm) {
        Scc scc = Scc.of(5);
        int source = 4 * 7 + 2; // position 4 of the 8th supernode
        StarSequencePrograms programs = (StarSequencePrograms) Programs.of(scc, new BroadcastSpec(algorithm, 1, source));
        RunMetrics m = SequentialEngine.run(scc, programs, LinkLatency.SYNCHRONOUS);
        assertEquals(scc.nodeCount(), m.informed(0));
        int[] ops = programs.schedule().operations();
        if (algorithm != BroadcastAlgorithm.CYCLIC_PAR) {
            assertEquals(ringMoves(5, ops, 4), programs.schedule().localSteps());
            assertEquals(Math.min(Math.floorMod(ops[0] - 4, 4), Math.floorMod(4 - ops[0], 4)), programs.schedule().prologueSteps());
        }
    }

    // ---- independent of the code under test ----

    /** Local links along the ring of n − 1 nodes from {@code start} through the star operations, the shorter way each time. */
    private static int ringMoves(int n, int[] ops, int start) {
        int total = 0;
        int at = start;
        for (int g : ops) {
            int d = Math.abs(g - at);
            total += Math.min(d, n - 1 - d);
            at = g;
        }
        return total;
    }

    /** Supernodes an S_n broadcast with these star operations reaches from the identity, over permutations as strings. */
    private static int reached(int n, int[] ops) {
        StringBuilder id = new StringBuilder();
        for (int d = 1; d <= n; d++) {
            id.append(d);
        }
        Set<String> informed = new HashSet<>(Set.of(id.toString()));
        for (int g : ops) {
            Set<String> next = new HashSet<>(informed);
            for (String p : informed) {
                char[] c = p.toCharArray();
                char t = c[0];
                c[0] = c[g - 1];
                c[g - 1] = t;
                next.add(new String(c));
            }
            informed = next;
        }
        return informed.size();
    }

    private static int factorial(int n) {
        return n <= 1 ? 1 : n * factorial(n - 1);
    }

    private static List<Integer> box(int[] ops) {
        return java.util.Arrays.stream(ops).boxed().toList();
    }
}
