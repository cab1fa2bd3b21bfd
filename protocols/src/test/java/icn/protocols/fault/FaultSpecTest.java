package icn.protocols.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Fault specs resolve into plans: seeded, without repeats, sparing the endpoints, links cut both ways; bad values refused. */
class FaultSpecTest {

    private static FaultSpec random(long seed, int nodes, int links) {
        return FaultSpec.none(seed).withRandom(nodes, links);
    }

    @Test
    void randomNodeFaultsAreDistinctSeededAndSpareTheEndpoints() {
        Topology t = Topologies.parse("scc:4");
        int[] endpoints = {0, 7};
        for (long seed = 0; seed < 50; seed++) {
            FaultPlan plan = random(seed, 20, 0).resolve(t, endpoints, 1);
            Set<Integer> crashed = new HashSet<>();
            Arrays.stream(plan.crashNodes()).forEach(crashed::add);
            assertEquals(20, crashed.size(), "20 distinct nodes");
            assertTrue(!crashed.contains(0) && !crashed.contains(7), "endpoints spared");
            assertTrue(Arrays.stream(plan.crashSteps()).allMatch(s -> s == 1), "random faults act before step 1");
            assertEquals(plan, random(seed, 20, 0).resolve(t, endpoints, 1), "the same seed draws the same faults");
        }
        assertNotEquals(random(1, 20, 0).resolve(t, endpoints, 1), random(2, 20, 0).resolve(t, endpoints, 1));
        // every node but the endpoints may crash: all 94 at once is the whole candidate set
        FaultPlan all = random(3, t.nodeCount() - 2, 0).resolve(t, endpoints, 1);
        assertEquals(t.nodeCount() - 2, all.crashNodes().length);
        assertThrows(InvalidInputException.class, () -> random(3, t.nodeCount() - 1, 0).resolve(t, endpoints, 1));
    }

    @Test
    void randomNodeFaultsAreUniform() {
        Topology t = Topologies.parse("scc:3"); // 12 nodes
        int[] hits = new int[t.nodeCount()];
        int draws = 6000;
        for (long seed = 0; seed < draws; seed++) {
            for (int v : random(seed, 1, 0).resolve(t, new int[0], 1).crashNodes()) {
                hits[v]++;
            }
        }
        double expected = draws / (double) t.nodeCount();
        for (int v = 0; v < hits.length; v++) {
            assertTrue(Math.abs(hits[v] - expected) < 5 * Math.sqrt(expected), "node " + v + " crashed " + hits[v] + " times of ~" + expected);
        }
    }

    @Test
    void aRandomLinkFaultCutsBothDirectionsOfOneLink() {
        for (String name : List.of("scc:5", "hypercube:5", "torus:4,3", "rnh:3,2")) {
            Topology t = Topologies.parse(name);
            FaultPlan plan = random(9, 0, 7).resolve(t, new int[0], 1);
            assertEquals(14, plan.cutNodes().length, name + ": two arcs per link");
            Set<Long> arcs = new HashSet<>();
            for (int i = 0; i < plan.cutNodes().length; i++) {
                arcs.add(((long) plan.cutNodes()[i] << 16) | plan.cutPorts()[i]);
            }
            for (int i = 0; i < plan.cutNodes().length; i++) {
                int u = plan.cutNodes()[i];
                int p = plan.cutPorts()[i];
                int v = t.neighbour(u, p);
                int back = t.arrivalPort(u, p);
                assertEquals(u, t.neighbour(v, back), name + ": the arrival port leads back");
                assertTrue(arcs.contains(((long) v << 16) | back), name + ": the reverse arc is cut too");
            }
            long arcsInNetwork = 0;
            for (int u = 0; u < t.nodeCount(); u++) {
                for (int p = 0; p < t.portCount(); p++) {
                    if (t.neighbour(u, p) != Topology.NONE) {
                        arcsInNetwork++;
                    }
                }
            }
            assertEquals(arcsInNetwork / 2, FaultSpec.links(t).length, name + ": every undirected link listed once (arcs / 2)");
        }
    }

    @Test
    void lossDrawsAreUniformAndReproducible() {
        FaultPlan plan = new FaultSpec(5, 0, 0, true, FaultSpec.uniformLoss(0.3), null, List.of(), false).resolve(Topologies.parse("scc:4"),
                new int[0], 1);
        int lost = 0;
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            double d = plan.draw(i % 50, i / 50, i % 3, 0);
            assertTrue(d >= 0 && d < 1);
            assertEquals(d, plan.draw(i % 50, i / 50, i % 3, 0));
            if (d < plan.loss(LinkClass.LATERAL)) {
                lost++;
            }
        }
        assertEquals(0.3, lost / (double) n, 0.01);
    }

    @Test
    void badValuesAreRefusedWithOneLine() {
        Topology t = Topologies.parse("scc:4");
        assertThrows(InvalidInputException.class, () -> new FaultSpec(1, 0, 0, true, FaultSpec.uniformLoss(1.5), null, List.of(), false));
        assertThrows(InvalidInputException.class, () -> new FaultSpec(1, -1, 0, true, null, null, List.of(), false));
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> new FaultSpec(1, 0, 0, true, null, null,
                List.of(new FaultSpec.CrashNode("<2,1224>", 3)), false).resolve(t, new int[0], 1));
        assertTrue(e.getMessage().contains("<2,1224>"), e.getMessage());
        e = assertThrows(InvalidInputException.class, () -> new FaultSpec(1, 0, 0, true, null, null,
                List.of(new FaultSpec.KillJvm(0, 3)), false).resolve(t, new int[0], 3));
        assertTrue(e.getMessage().contains("coordinator"), e.getMessage());
        e = assertThrows(InvalidInputException.class, () -> new FaultSpec(1, 0, 0, true, null, null,
                List.of(new FaultSpec.CutLink("<2,1234>", "UP", true, 2, FaultPlan.NEVER)), false).resolve(t, new int[0], 1));
        assertTrue(e.getMessage().contains("UP") && e.getMessage().contains("LATERAL"), e.getMessage());
        e = assertThrows(InvalidInputException.class, () -> new FaultSpec(1, 0, 0, true, null, null,
                List.of(new FaultSpec.CrashNode("<2,1234>", 0)), false).resolve(t, new int[0], 1));
        assertTrue(e.getMessage().contains("step 0"), e.getMessage());
    }

    @Test
    void aTimedCutWithRestoreBecomesOneIntervalPerArc() {
        Topology t = Topologies.parse("scc:4");
        FaultPlan plan = new FaultSpec(1, 0, 0, true, null, null,
                List.of(new FaultSpec.CutLink(t.label(5), "LATERAL", false, 3, 7)), false).resolve(t, new int[0], 1);
        assertEquals(1, plan.cutNodes().length);
        assertEquals(5, plan.cutNodes()[0]);
        assertEquals(3, plan.cutFrom()[0]);
        assertEquals(7, plan.cutUntil()[0]);
        assertEquals(7, plan.lastFaultStep());
    }
}
