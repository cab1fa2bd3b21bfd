package icn.node.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import icn.protocols.Bfs;
import icn.protocols.topology.Scc;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Routes per second of {@link RoutingAlgorithm#MINIMAL} (printed, not asserted): every node of SCC_8 to the identity, and a seeded
 * sample of SCC_9 sources. The routes are checked against BFS on the way, which extends test 2 to all of SCC_8.
 */
class MinimalRoutingThroughputTest {

    private static final long SEED = 9L;
    private static final int SCC9_SAMPLE = 200_000;

    @Test
    void routesPerSecond() {
        Scc scc8 = Scc.of(8);
        int identity8 = scc8.id(0, 2);
        int[] bfs8 = Bfs.distances(scc8, identity8);
        int[] all8 = new int[scc8.nodeCount()];
        for (int s = 0; s < all8.length; s++) {
            all8[s] = s;
        }
        time(scc8, identity8, all8, bfs8); // warm-up
        double rate8 = time(scc8, identity8, all8, bfs8);

        Scc scc9 = Scc.of(9);
        int identity9 = scc9.id(0, 2);
        int[] bfs9 = Bfs.distances(scc9, identity9);
        SplittableRandom random = new SplittableRandom(SEED);
        int[] sample9 = new int[SCC9_SAMPLE];
        for (int k = 0; k < sample9.length; k++) {
            sample9[k] = random.nextInt(scc9.nodeCount());
        }
        double rate9 = time(scc9, identity9, sample9, bfs9);
        System.out.printf(Locale.ROOT, "minimal routing: scc:8, all %,d nodes to <2,12345678>: %,.0f routes/s; "
                + "scc:9, %,d sampled sources (seed %d) to <2,123456789>: %,.0f routes/s%n", all8.length, rate8, SCC9_SAMPLE, SEED, rate9);
    }

    private static double time(Scc scc, int destination, int[] sources, int[] bfs) {
        long start = System.nanoTime();
        int[] totals = new int[sources.length];
        for (int k = 0; k < sources.length; k++) {
            totals[k] = SccRouting.route(scc, RoutingAlgorithm.MINIMAL, sources[k], destination, null).total();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        for (int k = 0; k < sources.length; k++) {
            assertEquals(bfs[sources[k]], totals[k], scc.label(sources[k]));
        }
        return sources.length / seconds;
    }
}
