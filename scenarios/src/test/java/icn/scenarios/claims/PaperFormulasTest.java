package icn.scenarios.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.BroadcastAlgorithm;
import icn.protocols.topology.Scc;
import org.junit.jupiter.api.Test;

class PaperFormulasTest {

    private static final double EPS = 1e-12;

    // ---- internal consistency of the formulas

    @Test
    void theoremTotalsAreLateralPlusLocal() {
        for (int n = 3; n <= 9; n++) {
            assertEquals(PaperFormulas.onePortSteps(n), PaperFormulas.onePortLateralSteps(n) + PaperFormulas.onePortLocalSteps(n), "n=" + n);
            assertEquals(PaperFormulas.multiPortSteps(n), PaperFormulas.multiPortLateralSteps(n) + PaperFormulas.multiPortLocalSteps(n), "n=" + n);
        }
    }

    @Test
    void pipelinedTotalsAreLateralPlusLocalAndReduceToTheTheoremsForOneMessage() {
        for (int n = 3; n <= 9; n++) {
            for (int b = 1; b <= 8; b++) {
                assertEquals(PaperFormulas.onePortPipelinedSteps(n, b),
                        PaperFormulas.pipelinedLateralSteps(n, b) + PaperFormulas.onePortPipelinedLocalSteps(n, b));
                assertEquals(PaperFormulas.multiPortPipelinedSteps(n, b),
                        PaperFormulas.pipelinedLateralSteps(n, b) + PaperFormulas.multiPortPipelinedLocalSteps(n, b));
                // the last message completes when the pipeline ends
                assertEquals(PaperFormulas.onePortPipelinedSteps(n, b), PaperFormulas.onePortCompletionStep(n, b));
                assertEquals(PaperFormulas.multiPortPipelinedSteps(n, b), PaperFormulas.multiPortCompletionStep(n, b));
            }
            assertEquals(PaperFormulas.onePortSteps(n), PaperFormulas.onePortPipelinedSteps(n, 1));
            assertEquals(PaperFormulas.multiPortSteps(n), PaperFormulas.multiPortPipelinedSteps(n, 1));
            assertEquals(PaperFormulas.onePortLocalSteps(n), PaperFormulas.onePortPipelinedLocalSteps(n, 1));
            assertEquals(PaperFormulas.multiPortLocalSteps(n), PaperFormulas.multiPortPipelinedLocalSteps(n, 1));
            // latency ⌊(n+2)/2⌋ d_star, then one message per ⌊(n+2)/2⌋ steps (and likewise for multi-port)
            assertEquals(PaperFormulas.onePortSteps(n), PaperFormulas.onePortCompletionStep(n, 1));
            assertEquals(PaperFormulas.onePortRate(n), PaperFormulas.onePortCompletionStep(n, 3) - PaperFormulas.onePortCompletionStep(n, 2));
            assertEquals(PaperFormulas.multiPortRate(n), PaperFormulas.multiPortCompletionStep(n, 3) - PaperFormulas.multiPortCompletionStep(n, 2));
        }
    }

    @Test
    void algorithmDispatchPicksTheRightTheorem() {
        assertEquals(PaperFormulas.onePortPipelinedSteps(6, 3), PaperFormulas.steps(BroadcastAlgorithm.ONE_PORT, 6, 3));
        assertEquals(PaperFormulas.multiPortPipelinedSteps(6, 3), PaperFormulas.steps(BroadcastAlgorithm.MULTI_PORT, 6, 3));
        assertEquals(PaperFormulas.onePortPipelinedLocalSteps(6, 3), PaperFormulas.localSteps(BroadcastAlgorithm.ONE_PORT, 6, 3));
        assertEquals(PaperFormulas.multiPortPipelinedLocalSteps(6, 3), PaperFormulas.localSteps(BroadcastAlgorithm.MULTI_PORT, 6, 3));
        assertEquals("001 Theorem 9", PaperFormulas.source(BroadcastAlgorithm.ONE_PORT, 1));
        assertEquals("001 Theorem 10", PaperFormulas.source(BroadcastAlgorithm.MULTI_PORT, 1));
        assertTrue(PaperFormulas.source(BroadcastAlgorithm.ONE_PORT, 2).contains("Message Pipelining with Algorithm 4"));
        assertTrue(PaperFormulas.source(BroadcastAlgorithm.MULTI_PORT, 2).contains("Message Pipelining Algorithm 5"));
    }

    @Test
    void eq14IsEq6PlusEq9PlusEq12() {
        for (int n = 3; n <= 9; n++) {
            double sum = PaperFormulas.averageLateral(n) + PaperFormulas.averageMiLocal(n) + PaperFormulas.averageMbLocalRandom(n);
            assertEquals(sum, PaperFormulas.averageDistanceBound(n), EPS, "n=" + n);
        }
    }

    @Test
    void eq1Of000AgreesWithTheorem1Of001() {
        // Both special-case n = 3 as 6; from n = 4 on the two closed forms are algebraically equal (checked up to 20).
        for (int n = 3; n <= 20; n++) {
            assertEquals(PaperFormulas.sccDiameterEq1(n), PaperFormulas.sccDiameter(n), "n=" + n);
        }
        // Why n = 3 is special: the general expression of 001 Eq. 2 would give 5 there; SCC_3 is a 12-ring, diameter 6.
        int h = (3 - 1) / 2;
        assertEquals(5, 2 * h * h + PaperFormulas.starDiameter(3) + 2 * (3 / 2) - 2);
        assertEquals(6, PaperFormulas.sccDiameter(3));
    }

    @Test
    void relativeDistanceToDiameter() {
        assertEquals(0.0, PaperFormulas.relativeDistanceToDiameter(8, 8), EPS);
        assertEquals(50.0, PaperFormulas.relativeDistanceToDiameter(12, 8), EPS);
        assertEquals(-25.0, PaperFormulas.relativeDistanceToDiameter(6, 8), EPS);
        assertThrows(IllegalArgumentException.class, () -> PaperFormulas.relativeDistanceToDiameter(6, 0));
    }

    // ---- transcription: the formulas must reproduce the values the papers print. This checks that the formulas were copied
    // correctly from the papers; it says nothing about the emulator, whose measurements are compared with these formulas elsewhere.

    // 001 Table 3 (one-port, σ_SCC(C)) and Table 5 (multi-port, σ^m_SCC(C)), n = 4..8:
    // size, diameter, lateral link steps, local link steps, total steps, relative distance to the diameter (%)
    private static final double[][] TABLE_3 = {
        {4, 72, 8, 4, 8, 12, 50},
        {5, 480, 16, 6, 12, 18, 12.5},
        {6, 3600, 19, 7, 21, 28, 47.4},
        {7, 30240, 31, 9, 27, 36, 16.1},
        {8, 282240, 34, 10, 40, 50, 47.1},
    };
    private static final double[][] TABLE_5 = {
        {4, 72, 8, 4, 4, 8, 0},
        {5, 480, 16, 6, 12, 18, 12.5},
        {6, 3600, 19, 7, 14, 21, 10.5},
        {7, 30240, 31, 9, 27, 36, 16.1},
        {8, 282240, 34, 10, 30, 40, 17.6},
    };

    @Test
    void theorem9MatchesTable3Of001() {
        for (double[] row : TABLE_3) {
            int n = (int) row[0];
            assertEquals((long) row[1], Scc.nodeCount(n), "size n=" + n);
            assertEquals((int) row[2], PaperFormulas.sccDiameter(n), "diameter n=" + n);
            assertEquals((int) row[3], PaperFormulas.onePortLateralSteps(n), "lateral n=" + n);
            assertEquals((int) row[4], PaperFormulas.onePortLocalSteps(n), "local n=" + n);
            assertEquals((int) row[5], PaperFormulas.onePortSteps(n), "total n=" + n);
            assertEquals(row[6], round(PaperFormulas.relativeDistanceToDiameter(PaperFormulas.onePortSteps(n), PaperFormulas.sccDiameter(n)), 1),
                    "relative distance n=" + n);
        }
    }

    @Test
    void theorem10MatchesTable5Of001() {
        for (double[] row : TABLE_5) {
            int n = (int) row[0];
            assertEquals((long) row[1], Scc.nodeCount(n), "size n=" + n);
            assertEquals((int) row[2], PaperFormulas.sccDiameter(n), "diameter n=" + n);
            assertEquals((int) row[3], PaperFormulas.multiPortLateralSteps(n), "lateral n=" + n);
            assertEquals((int) row[4], PaperFormulas.multiPortLocalSteps(n), "local n=" + n);
            assertEquals((int) row[5], PaperFormulas.multiPortSteps(n), "total n=" + n);
            assertEquals(row[6], round(PaperFormulas.relativeDistanceToDiameter(PaperFormulas.multiPortSteps(n), PaperFormulas.sccDiameter(n)), 1),
                    "relative distance n=" + n);
        }
    }

    @Test
    void starDiameterIsTheFloorThatTable3Uses() {
        // 001 §2 prints d_star = ⌈3(n−1)/2⌉; Table 3's lateral steps (= d_star, Theorem 9) follow the floor of §6 and Theorem 8.
        // The two differ for even n: ceiling 5 vs printed 4 for n = 4, 8 vs 7 for n = 6, 11 vs 10 for n = 8.
        for (double[] row : TABLE_3) {
            int n = (int) row[0];
            int ceiling = (3 * (n - 1) + 1) / 2;
            assertEquals((int) row[3], PaperFormulas.starDiameter(n));
            if (n % 2 == 0) {
                assertNotEquals((int) row[3], ceiling, "n=" + n);
            } else {
                assertEquals((int) row[3], ceiling, "n=" + n);
            }
        }
    }

    // 000 Table 1 (minimal routing, averages over all nodes, distance 0 to itself included), n = 3..9
    private static final int[] T1_SIZE = {12, 72, 480, 3600, 30240, 282240, 2903040};
    private static final int[] T1_DIAMETER = {6, 8, 16, 19, 31, 34, 50};
    private static final double[] T1_LAT = {1.500, 2.583, 3.683, 4.783, 5.879, 6.968, 8.051};
    private static final double[] T1_MI = {0.667, 1.500, 3.200, 5.000, 7.714, 10.500, 14.222};
    private static final double[] T1_MB = {0.833, 1.222, 1.925, 2.337, 2.924, 3.334, 3.873};
    private static final double[] T1_AVERAGE = {3.000, 5.306, 8.808, 12.121, 16.517, 20.802, 26.147};
    // 000 Table 2, "Random routing, Theor." column: Eq. 14 (= Eq. 6 + Eq. 9 + Eq. 12)
    private static final double[] T2_RANDOM_THEORETICAL = {3.000, 5.500, 9.261, 12.858, 17.660, 22.332, 28.168};

    @Test
    void equationsOf000MatchItsTables1And2() {
        for (int n = 3; n <= 9; n++) {
            int i = n - 3;
            assertEquals(T1_SIZE[i], Scc.nodeCount(n), "size n=" + n);
            assertEquals(T1_DIAMETER[i], PaperFormulas.sccDiameterEq1(n), "Eq. 1 n=" + n);
            assertEquals(T1_DIAMETER[i], PaperFormulas.sccDiameter(n), "Thm 1 of 001, n=" + n);
            // 000 states the measured lat and MI(loc) "match exactly" Eqs. 6 and 9
            assertEquals(T1_LAT[i], round(PaperFormulas.averageLateral(n), 3), "Eq. 6 n=" + n);
            assertEquals(T1_MI[i], round(PaperFormulas.averageMiLocal(n), 3), "Eq. 9 n=" + n);
            // Eq. 12 is for a random ordering of r-cycles: an upper bound of Table 1's minimal-routing MB(loc) (Eq. 13), tight at n = 3
            assertTrue(round(PaperFormulas.averageMbLocalRandom(n), 3) >= T1_MB[i], "Eq. 12 bounds MB n=" + n);
            assertTrue(round(PaperFormulas.averageDistanceBound(n), 3) >= T1_AVERAGE[i], "Eq. 14 bounds the average n=" + n);
            assertEquals(T2_RANDOM_THEORETICAL[i], round(PaperFormulas.averageDistanceBound(n), 3), "Eq. 14 vs Table 2 n=" + n);
        }
        assertEquals(T1_MB[0], round(PaperFormulas.averageMbLocalRandom(3), 3));
        assertEquals(T1_AVERAGE[0], round(PaperFormulas.averageDistanceBound(3), 3));
    }

    private static double round(double v, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(v * scale) / scale;
    }
}
