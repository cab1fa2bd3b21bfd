package icn.protocols.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import icn.protocols.Bfs;
import icn.protocols.Topology;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Distances computed from labels (one BFS and the network's automorphisms, or a closed form) against a BFS from each destination. */
class DistancesFromLabelsTest {

    /** Every pair: SCC_3..SCC_5 (480 nodes). */
    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5})
    void sccEveryPairAsABfsFromTheDestination(int n) {
        Scc t = Scc.of(n);
        for (int d = 0; d < t.nodeCount(); d++) {
            int[] bfs = Bfs.distances(t, d);
            for (int v = 0; v < t.nodeCount(); v++) {
                int from = v;
                int to = d;
                assertEquals(bfs[v], t.distance(v, d), () -> t.name() + ": " + t.label(from) + " to " + t.label(to));
            }
        }
    }

    /** SCC_6 and SCC_7: every node to 40 destinations drawn with a fixed seed, each at another ring position. */
    @ParameterizedTest
    @ValueSource(ints = {6, 7})
    void sccSampledDestinations(int n) {
        Scc t = Scc.of(n);
        SplittableRandom random = new SplittableRandom(n);
        for (int k = 0; k < 40; k++) {
            int d = random.nextInt(t.nodeCount());
            int[] bfs = Bfs.distances(t, d);
            for (int v = 0; v < t.nodeCount(); v++) {
                if (bfs[v] != t.distance(v, d)) {
                    assertEquals(bfs[v], t.distance(v, d), t.label(v) + " to " + t.label(d));
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6})
    void starEveryPairAsABfs(int n) {
        Star t = Star.of(n);
        for (int d = 0; d < t.nodeCount(); d++) {
            int[] bfs = Bfs.distances(t, d);
            Topology topology = t;
            java.util.function.IntUnaryOperator closed = topology.labelDistances(d).orElseThrow();
            for (int v = 0; v < t.nodeCount(); v++) {
                if (bfs[v] != closed.applyAsInt(v)) {
                    assertEquals(bfs[v], closed.applyAsInt(v), t.label(v) + " to " + t.label(d));
                }
            }
        }
    }

    /** Every network that offers pair distances, every pair (sampled destinations on the larger), against a BFS over the arcs. */
    @ParameterizedTest
    @ValueSource(strings = {"scc:4", "star:5", "ccc:3", "ccc:4", "ccc:5", "ccc:7", "cr:3", "cr:4", "cr:5", "cr:6", "cr:8", "hypercube:6", "torus:5,2", "torus:4,3", "torus:6,2"})
    void pairDistancesAsABfsToTheDestination(String name) {
        Topology t = Topologies.parse(name);
        java.util.function.IntBinaryOperator pairs = t.pairDistances().orElseThrow();
        SplittableRandom random = new SplittableRandom(name.hashCode());
        int destinations = Math.min(t.nodeCount(), 200);
        for (int k = 0; k < destinations; k++) {
            int d = destinations == t.nodeCount() ? k : random.nextInt(t.nodeCount());
            int[] bfs = Bfs.distancesTo(t, d);
            for (int v = 0; v < t.nodeCount(); v++) {
                if (bfs[v] != pairs.applyAsInt(v, d)) {
                    assertEquals(bfs[v], pairs.applyAsInt(v, d), name + ": " + t.label(v) + " to " + t.label(d));
                }
            }
        }
    }
}
