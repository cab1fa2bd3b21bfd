package icn.protocols.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.Topologies;
import icn.protocols.Topology;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The yardstick of fault experiments, with the nodes of a lost cluster member taken out like crashed ones. */
class SurvivingGraphTest {

    private static long reachable(SurvivingGraph g, int source) {
        return Arrays.stream(g.distancesFrom(source)).filter(d -> d != Bfs.UNREACHED).count();
    }

    @Test
    void withoutFaultsEveryNodeIsLiveAndReachable() {
        Topology t = Topologies.parse("hypercube:3");
        SurvivingGraph g = new SurvivingGraph(t, FaultPlan.NONE);
        assertEquals(8, g.liveNodes());
        assertEquals(8, reachable(g, 0));
    }

    @Test
    void nodesLostWithAMemberAreDeadAndCutTheSourceOff() {
        Topology t = Topologies.parse("hypercube:3");
        SurvivingGraph g = new SurvivingGraph(t, FaultPlan.NONE, new int[] {1, 2, 4}); // every neighbour of 0
        assertEquals(5, g.liveNodes());
        assertFalse(g.alive(2));
        assertTrue(g.alive(7));
        assertEquals(1, reachable(g, 0), "node 0 reaches only itself");
        assertEquals(4, reachable(g, 7), "7 still reaches 3, 5, 6 and itself");
        assertEquals(Bfs.UNREACHED, g.distancesFrom(7)[0]);
    }
}
