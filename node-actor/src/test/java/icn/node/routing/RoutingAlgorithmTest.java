package icn.node.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import icn.protocols.InvalidInputException;
import org.junit.jupiter.api.Test;

class RoutingAlgorithmTest {

    @Test
    void parsesEveryKey() {
        assertEquals(RoutingAlgorithm.RANDOM, RoutingAlgorithm.parse("random"));
        assertEquals(RoutingAlgorithm.GREEDY, RoutingAlgorithm.parse("greedy"));
        assertEquals(RoutingAlgorithm.MINIMAL, RoutingAlgorithm.parse("minimal"));
        assertEquals(RoutingAlgorithm.OPTIMAL_001, RoutingAlgorithm.parse("optimal-001"));
        assertEquals(RoutingAlgorithm.DFS, RoutingAlgorithm.parse("dfs"));
        for (RoutingAlgorithm a : RoutingAlgorithm.values()) {
            assertEquals(a, RoutingAlgorithm.parse(a.key()));
        }
    }

    @Test
    void thePapersAlgorithmsAreEveryOneButDfs() {
        assertEquals(java.util.List.of(RoutingAlgorithm.RANDOM, RoutingAlgorithm.GREEDY, RoutingAlgorithm.MINIMAL, RoutingAlgorithm.NEAR_MINIMAL,
                RoutingAlgorithm.OPTIMAL_001), RoutingAlgorithm.papers());
        assertFalse(RoutingAlgorithm.DFS.fromPapers());
    }

    @Test
    void unknownKeyIsOneLineListingTheKeys() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> RoutingAlgorithm.parse("shortest"));
        assertEquals("unknown routing algorithm 'shortest': expected one of random, greedy, minimal, near-minimal, optimal-001, dfs", e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertThrows(InvalidInputException.class, () -> RoutingAlgorithm.parse(null));
    }
}
