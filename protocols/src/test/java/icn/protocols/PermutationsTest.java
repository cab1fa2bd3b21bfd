package icn.protocols;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PermutationsTest {

    private static final long SEED = 1234L;

    /** Ranks follow lexicographic order: checked against the classic next-permutation walk, independent of the Lehmer code. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void rankIsThePositionInLexicographicOrder(int n) {
        byte[] p = Permutations.identity(n);
        int index = 0;
        do {
            assertTrue(Permutations.isPermutation(p));
            assertEquals(index, Permutations.rank(p), () -> Permutations.toText(p));
            assertArrayEquals(p, Permutations.unrank(index, n));
            index++;
        } while (nextPermutation(p));
        assertEquals(SccStructureTest.factorial(n), index);
        assertEquals(index, Permutations.factorial(n));
    }

    @ParameterizedTest
    @ValueSource(ints = {9, 10, 11, 12})
    void randomRanksRoundTrip(int n) {
        Random random = new Random(SEED + n);
        for (int k = 0; k < 10_000; k++) {
            int rank = random.nextInt(Permutations.factorial(n));
            byte[] p = Permutations.unrank(rank, n);
            assertTrue(Permutations.isPermutation(p));
            assertEquals(rank, Permutations.rank(p), () -> "rank " + rank + " (seed " + (SEED + n) + ")");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"1224", "0123", "1235", "2", "11"})
    void nonPermutationsAreRecognised(String text) {
        assertFalse(Permutations.isPermutation(symbols(text)), text);
        assertTrue(Permutations.isPermutation(symbols("21")));
    }

    private static byte[] symbols(String text) {
        byte[] p = new byte[text.length()];
        for (int k = 0; k < p.length; k++) {
            p[k] = (byte) (text.charAt(k) - '0');
        }
        return p;
    }

    private static boolean nextPermutation(byte[] p) {
        int i = p.length - 2;
        while (i >= 0 && p[i] >= p[i + 1]) {
            i--;
        }
        if (i < 0) {
            return false;
        }
        int j = p.length - 1;
        while (p[j] <= p[i]) {
            j--;
        }
        byte t = p[i];
        p[i] = p[j];
        p[j] = t;
        for (int a = i + 1, b = p.length - 1; a < b; a++, b--) {
            t = p[a];
            p[a] = p[b];
            p[b] = t;
        }
        return true;
    }
}
