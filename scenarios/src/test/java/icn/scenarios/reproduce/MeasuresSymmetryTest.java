package icn.scenarios.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.Topology;
import icn.protocols.topology.Topologies;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The diameters {@link Measures} takes from one BFS (issue 38): SCC_n is node-symmetric, as 001 says, though not a Cayley graph
 * (001 Lemma 1), and the evidence says so. Checked, not taken on trust: every node's eccentricity is the one BFS's diameter.
 */
class MeasuresSymmetryTest {

    @Test
    void everyNodeOfSccHasTheEccentricityOneBfsMeasures() {
        for (String name : new String[] {"scc:3", "scc:4", "scc:5"}) {
            Topology t = Topologies.parse(name);
            int diameter = Measures.diameter(name).diameter();
            for (int v = 0; v < t.nodeCount(); v++) {
                int eccentricity = Arrays.stream(Bfs.distances(t, v)).max().orElseThrow();
                assertEquals(diameter, eccentricity, name + ": node " + t.label(v));
            }
        }
    }

    @Test
    void theEvidenceCallsSccNodeSymmetricNotACayleyGraph() {
        String scc = Measures.diameter("scc:5").evidence();
        assertTrue(scc.contains("not a Cayley graph (001 Lemma 1)"), scc);
        assertFalse(scc.contains(", a Cayley graph"), scc);
        assertTrue(Measures.diameter("star:5").evidence().contains("a Cayley graph"));
    }
}
