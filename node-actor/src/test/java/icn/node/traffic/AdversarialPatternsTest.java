package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.InvalidInputException;
import icn.protocols.topology.Topologies;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The adversarial permutations against their definitions, written here digit by digit and bit by bit from BookSim's descriptions
 * (not from the pattern's code), and the networks each refuses in one line.
 */
class AdversarialPatternsTest {

    private static int destination(String pattern, String network, int source) {
        return TrafficPattern.parse(pattern, Topologies.parse(network), 1).destination(source, new SplittableRandom(1));
    }

    @Test
    void bitPatternsOnAHypercubeOf16Nodes() {
        // 0b0110 = 6: complement 0b1001 = 9, reverse 0b0110 = 6 (a palindrome: sends nothing), shuffle 0b1100 = 12
        assertEquals(9, destination("bit-complement", "hypercube:4", 6));
        assertEquals(12, destination("shuffle", "hypercube:4", 6));
        assertEquals(0b1000, destination("bit-reverse", "hypercube:4", 0b0001));
        assertEquals(0b0011, destination("shuffle", "hypercube:4", 0b1001), "the high bit comes round to the low end");
        assertTrue(!TrafficPattern.parse("bit-reverse", Topologies.parse("hypercube:4"), 1).generates(6), "6 reversed is 6");
        for (String p : new String[] {"bit-complement", "bit-reverse", "shuffle"}) {
            boolean[] hit = new boolean[16];
            for (int v = 0; v < 16; v++) {
                hit[destination(p, "hypercube:4", v)] = true;
            }
            for (boolean h : hit) {
                assertTrue(h, p + " is a permutation");
            }
        }
    }

    @Test
    void digitPatternsOnATorus() {
        // torus:8,2: node id = x + 8y; tornado advances each digit by ⌈8/2⌉ − 1 = 3, neighbour by 1
        assertEquals(3 + 8 * 3, destination("tornado", "torus:8,2", 0));
        assertEquals((7 + 3) % 8 + 8 * ((5 + 3) % 8), destination("tornado", "torus:8,2", 7 + 8 * 5));
        assertEquals(1 + 8, destination("neighbour", "torus:8,2", 0));
        assertEquals(0 + 8 * 6, destination("neighbour", "torus:8,2", 7 + 8 * 5));
        // on radix 5, ⌈5/2⌉ − 1 = 2
        assertEquals(2 + 5 * 2, destination("tornado", "torus:5,2", 0));
    }

    @Test
    void aPatternANetworkCannotTakeIsOneLine() {
        InvalidInputException notPowerOfTwo = assertThrows(InvalidInputException.class,
                () -> TrafficPattern.parse("bit-complement", Topologies.parse("torus:5,2"), 1));
        assertEquals("bit-complement permutes the bits of a node id and needs a network of 2^b nodes: torus:5,2 has 25",
                notPowerOfTwo.getMessage());
        InvalidInputException noDigits = assertThrows(InvalidInputException.class,
                () -> TrafficPattern.parse("tornado", Topologies.parse("scc:4"), 1));
        assertTrue(noDigits.getMessage().startsWith("tornado moves every digit of a node's address round its ring"), noDigits.getMessage());
        InvalidInputException radixTwo = assertThrows(InvalidInputException.class,
                () -> TrafficPattern.parse("tornado", Topologies.parse("hypercube:4"), 1));
        assertTrue(radixTwo.getMessage().startsWith("tornado needs digits of radix 3 or more"), radixTwo.getMessage());
        assertEquals(1, notPowerOfTwo.getMessage().lines().count());
    }
}
