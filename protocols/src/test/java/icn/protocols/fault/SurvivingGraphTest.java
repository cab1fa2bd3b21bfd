package icn.protocols.fault;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
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

    /**
     * A link cut one way on an undirected network: in Q_3 with 2 and 4 crashed, node 0 keeps one link, to 1, and the arc 0→1 is cut
     * while 1→0 is not. Nothing leaves 0, yet 1 reaches 0 in one hop and 3 (over 1) in two: the distances to 0 are not those from 0.
     */
    @Test
    void aOneWayCutMakesDistancesToDifferFromDistancesFrom() {
        Topology t = Topologies.parse("hypercube:3");
        int port01 = portTo(t, 0, 1);
        FaultPlan plan = new FaultSpec(0, 0, 0, false, null, null, List.of(new FaultSpec.CrashNode(t.label(2), 1),
                new FaultSpec.CrashNode(t.label(4), 1), new FaultSpec.CutLink(t.label(0), t.portName(port01), false, 1, FaultPlan.NEVER)),
                false).resolve(t, new int[0], 1);
        SurvivingGraph g = new SurvivingGraph(t, plan);
        assertEquals(1, reachable(g, 0), "nothing leaves node 0");
        int[] to0 = g.distancesTo(0);
        assertEquals(0, to0[0]);
        assertEquals(1, to0[1], "1 → 0 is not cut");
        assertEquals(2, to0[3], "3 → 1 → 0");
        assertEquals(2, to0[5], "5 → 1 → 0");
        assertEquals(3, to0[7], "7 → 3 → 1 → 0");
        assertEquals(Bfs.UNREACHED, to0[2], "crashed");
        assertEquals(4, to0[6], "6's other neighbours 2 and 4 crashed: 6 → 7 → 3 → 1 → 0");
        assertEquals(Bfs.UNREACHED, g.distancesFrom(0)[1], "yet 0 does not reach 1");
    }

    /**
     * Random one-way cuts and crashes on SCC_4, a torus and CR_4 (directed): the distances to every destination equal an independent fixpoint over the
     * usable arcs (dist(u) = 1 + min over u's usable out-arcs u→v of dist(v)), and some differ from the distances from it.
     */
    @Test
    void distancesToAreDistancesAlongUsableArcsTowardTheDestination() {
        for (String name : List.of("scc:4", "torus:4,3", "cr:4")) {
            Topology t = Topologies.parse(name);
            SplittableRandom random = new SplittableRandom(11);
            long differing = 0;
            for (int run = 0; run < 20; run++) {
                List<FaultSpec.Event> events = new ArrayList<>();
                for (int k = 0; k < 2; k++) {
                    events.add(new FaultSpec.CrashNode(t.label(random.nextInt(t.nodeCount())), 1));
                }
                for (int k = 0; k < 8; k++) {
                    int u;
                    int p;
                    do {
                        u = random.nextInt(t.nodeCount());
                        p = random.nextInt(t.portCount());
                    } while (t.neighbour(u, p) == Topology.NONE);
                    events.add(new FaultSpec.CutLink(t.label(u), t.portName(p), false, 1, FaultPlan.NEVER));
                }
                FaultPlan plan = new FaultSpec(run, 0, 0, false, null, null, events, false).resolve(t, new int[0], 1);
                SurvivingGraph g = new SurvivingGraph(t, plan);
                boolean[] dead = new boolean[t.nodeCount()];
                for (int v : plan.crashNodes()) {
                    dead[v] = true;
                }
                boolean[][] cut = new boolean[t.nodeCount()][t.portCount()];
                for (int i = 0; i < plan.cutNodes().length; i++) {
                    cut[plan.cutNodes()[i]][plan.cutPorts()[i]] = true;
                }
                for (int d = 0; d < t.nodeCount(); d++) {
                    int[] expected = fixpointTo(t, dead, cut, d);
                    assertArrayEquals(expected, g.distancesTo(d), name + " run " + run + " to " + t.label(d));
                    if (!Arrays.equals(expected, g.distancesFrom(d))) {
                        differing++;
                    }
                }
            }
            assertTrue(differing > 0, name + ": one-way cuts make some distances to a node differ from those from it");
        }
    }

    /** Bellman–Ford style relaxation toward {@code d} until nothing changes: no BFS, no reverse table. */
    private static int[] fixpointTo(Topology t, boolean[] dead, boolean[][] cut, int d) {
        int n = t.nodeCount();
        int[] dist = new int[n];
        Arrays.fill(dist, Integer.MAX_VALUE);
        if (!dead[d]) {
            dist[d] = 0;
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int u = 0; u < n; u++) {
                if (dead[u]) {
                    continue;
                }
                for (int p = 0; p < t.portCount(); p++) {
                    int v = t.neighbour(u, p);
                    if (v != Topology.NONE && !dead[v] && !cut[u][p] && dist[v] != Integer.MAX_VALUE && dist[v] + 1 < dist[u]) {
                        dist[u] = dist[v] + 1;
                        changed = true;
                    }
                }
            }
        }
        for (int u = 0; u < n; u++) {
            if (dist[u] == Integer.MAX_VALUE) {
                dist[u] = Bfs.UNREACHED;
            }
        }
        return dist;
    }

    private static int portTo(Topology t, int u, int v) {
        for (int p = 0; p < t.portCount(); p++) {
            if (t.neighbour(u, p) == v) {
                return p;
            }
        }
        throw new AssertionError(u + " has no link to " + v);
    }
}
