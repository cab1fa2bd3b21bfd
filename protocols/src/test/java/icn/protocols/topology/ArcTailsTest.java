package icn.protocols.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import icn.protocols.Topology;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Topology#predecessor} and {@link Topology#departurePort} name the tail of every arc, so a wormhole router can return
 * credits over the link a flit came by: checked against {@link Topology#neighbour} and {@link Topology#arrivalPort} in both
 * directions, on every kind of network, directed CR_n included.
 */
class ArcTailsTest {

    @ParameterizedTest
    @ValueSource(strings = {"scc:3", "scc:4", "cr:3", "cr:4", "cr:5", "star:4", "hypercube:4", "torus:4,2", "torus:2,3", "torus:3,1",
            "ccc:3", "ccc:4", "rnh:2,3", "rnh:3,1", "inh:2:1,2,3,1", "kcube:2,3", "icube:4,3,2"})
    void everyArcIsNamedFromItsHead(String name) {
        Topology t = Topologies.parse(name);
        int arcs = 0;
        for (int u = 0; u < t.nodeCount(); u++) {
            for (int p = 0; p < t.portCount(); p++) {
                int v = t.neighbour(u, p);
                if (v == Topology.NONE) {
                    continue;
                }
                arcs++;
                int q = t.arrivalPort(u, p);
                assertEquals(u, t.predecessor(v, q), name + ": tail of the arc " + t.label(u) + " -" + t.portName(p) + "->");
                assertEquals(p, t.departurePort(v, q), name + ": out-port of the arc " + t.label(u) + " -" + t.portName(p) + "->");
            }
        }
        int named = 0;
        for (int v = 0; v < t.nodeCount(); v++) {
            for (int q = 0; q < t.inPortCount(); q++) {
                int u = t.predecessor(v, q);
                if (u == Topology.NONE) {
                    continue;
                }
                named++;
                assertEquals(v, t.neighbour(u, t.departurePort(v, q)), name + ": head of the arc into " + t.label(v) + " on " + q);
                assertEquals(q, t.arrivalPort(u, t.departurePort(v, q)), name);
            }
        }
        assertEquals(arcs, named, name + ": every arc is named exactly once from its head");
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 6})
    void crInPortsAreChecked(int n) {
        CompleteRotationGraph cr = CompleteRotationGraph.of(n);
        assertThrows(IllegalArgumentException.class, () -> cr.predecessor(0, n));
    }
}
