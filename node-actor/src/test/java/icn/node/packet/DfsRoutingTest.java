package icn.node.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.engine.SequentialEngine;
import icn.node.kind.RouteSources;
import icn.node.routing.DfsRouting;
import icn.node.kind.Routings;
import icn.protocols.Bfs;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.PacketLog;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Scc;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.fault.SurvivingGraph;
import icn.protocols.wire.RoutingSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * dfs, the depth-first routing around faults (issue 6), on the sequential engine, checked against the surviving graph computed independently
 * ({@link SurvivingGraph}, a BFS that knows every fault): a packet whose source is alive is delivered exactly when its destination is
 * reachable from the source in the surviving graph, and given up otherwise; nothing is lost; every hop is a link; without faults every
 * walk is as long as the BFS distance.
 */
class DfsRoutingTest {

    /** Crashed nodes (before step 1) and links cut both ways, as (node, port) of one end. */
    static FaultPlan plan(Topology t, int[] crashed, int[][] cuts) {
        int arcs = 2 * cuts.length;
        int[] cutNodes = new int[arcs];
        int[] cutPorts = new int[arcs];
        for (int i = 0; i < cuts.length; i++) {
            int u = cuts[i][0];
            int p = cuts[i][1];
            cutNodes[2 * i] = u;
            cutPorts[2 * i] = p;
            cutNodes[2 * i + 1] = t.neighbour(u, p);
            cutPorts[2 * i + 1] = t.arrivalPort(u, p); // undirected: the reverse arc leaves on the port the link arrives on
        }
        long[] ones = new long[crashed.length];
        Arrays.fill(ones, 1);
        long[] from = new long[arcs];
        Arrays.fill(from, 1);
        long[] until = new long[arcs];
        Arrays.fill(until, FaultPlan.NEVER);
        return new FaultPlan(0, crashed.clone(), ones, cutNodes, cutPorts, from, until, new double[LinkClass.values().length],
                new int[LinkClass.values().length], new int[0], new long[0], false);
    }

    static RunMetrics run(Topology t, RoutingSpec spec, FaultPlan plan, RoutingPrograms[] programsOut) {
        RoutingPrograms programs = new RoutingPrograms(t, spec, RouteSources.of(t, spec, plan));
        programsOut[0] = programs;
        return SequentialEngine.run(t, programs, LinkLatency.SYNCHRONOUS, plan);
    }

    /** What one run's packets did, checked against the surviving graph; returns the number of packets that had to detour. */
    static Outcome check(Topology t, RoutingSpec spec, FaultPlan plan, String where) {
        RoutingPrograms[] p = new RoutingPrograms[1];
        RunMetrics m = run(t, spec, plan, p);
        RoutingPrograms programs = p[0];
        SurvivingGraph g = new SurvivingGraph(t, plan);
        PacketLog log = m.packets();
        int[] hops = new int[programs.packets()];
        Arrays.fill(hops, -1);
        for (int i = 0; i < log.size(); i++) {
            hops[log.id(i)] = log.hops(i);
        }
        java.util.Map<Integer, int[]> toDestination = new java.util.HashMap<>();
        long deadSource = 0;
        long cutOff = 0;
        long aliveButCutOff = 0;
        long aliveEndpoints = 0;
        long detoured = 0;
        for (int id = 0; id < programs.packets(); id++) {
            int s = programs.source(id);
            int d = programs.destination(id);
            String what = where + ": " + t.label(s) + " -> " + t.label(d);
            if (!g.alive(s)) {
                deadSource++;
                assertEquals(-1, hops[id], what + ": a crashed source sends nothing");
                continue;
            }
            if (g.alive(d)) {
                aliveEndpoints++;
            }
            int distance = toDestination.computeIfAbsent(d, g::distancesTo)[s];
            if (distance == Bfs.UNREACHED) {
                cutOff++;
                if (g.alive(d)) {
                    aliveButCutOff++;
                }
                assertEquals(-1, hops[id], what + ": not deliverable, yet delivered");
            } else {
                assertTrue(hops[id] >= 0, what + ": deliverable (surviving distance " + distance + ") but not delivered");
                assertTrue(hops[id] >= distance, what);
                if (hops[id] > distance) {
                    detoured++;
                }
            }
        }
        assertEquals(0, log.totalInvalidHops(), where + ": every hop is a link");
        assertEquals(cutOff, m.gaveUp(), where + ": the packets given up are those whose destination is dead or cut off");
        assertEquals(0, m.hopLimited(), where + ": the default hop limit never cuts a search short");
        assertEquals(programs.packets(), log.size() + m.gaveUp() + deadSource, where + ": every packet ends once");
        assertTrue(m.accounting().balanced(), where + ": " + m.accounting().describe());
        assertEquals(0, m.accounting().lostInTransit(), where);
        return new Outcome(log.size(), m.gaveUp(), detoured, aliveEndpoints, aliveButCutOff);
    }

    /**
     * What one run's packets did; {@code aliveEndpoints}: packets whose source and destination are both alive, {@code aliveButCutOff}:
     * those of them the surviving graph does not connect.
     */
    record Outcome(long delivered, long gaveUp, long detoured, long aliveEndpoints, long aliveButCutOff) {
    }

    /**
     * The claim for SCC_n with 1 or 2 crashed nodes: every packet whose source and destination are alive is delivered. It
     * rests on 001 §4 (SCC_n, n > 3, stays connected without any 2 nodes; SccFaultToleranceTest measures it exhaustively for SCC_4
     * and SCC_5), so no such packet is cut off, and {@link #check} has shown that the deliverable ones are delivered.
     */
    private static void assertEveryPacketWithLiveEndpointsDelivered(Outcome o, String where) {
        assertEquals(0, o.aliveButCutOff(), where + ": the surviving graph connects every pair of live nodes");
        assertEquals(o.aliveEndpoints(), o.delivered(), where + ": every packet whose source and destination are alive is delivered");
    }

    /**
     * SCC_4, every placement of 1 and of 2 crashed nodes with every pair of nodes (packets from or to a crashed node included), by
     * symmetry: left multiplication of every supernode by a permutation σ is an automorphism of SCC_n that keeps positions and ports
     * (000 §4.1), the fault-free distances steering the search are invariant under it, and a packet's walk depends only on the faults
     * and its endpoints ({@link DfsRouting}), so the walks of placement σ·P are those of P mapped by σ. Every placement has an
     * image with a crashed node in the identity's supernode: those 213 placements run with all 72² pairs. Every one
     * of the 72 + 2,556 placements also runs as it is, with the packets of every node to ⟨2,1234⟩.
     */
    @Test
    void scc4EveryPlacementOfOneAndTwoCrashedNodesEveryPair() {
        Scc scc = Scc.of(4);
        int n = scc.nodeCount();
        RoutingSpec allPairs = new RoutingSpec(DfsRouting.KEY, "distributed", "all-pairs", 1);
        RoutingSpec toIdentity = new RoutingSpec(DfsRouting.KEY, "distributed", "to-identity", 1);
        long detoured = 0;
        int representatives = 0;
        int placements = 0;
        for (int a = 0; a < n; a++) {
            boolean representative = scc.supernode(a) == 0;
            for (int b = a; b < n; b++) {
                int[] crashed = b == a ? new int[] {a} : new int[] {a, b};
                FaultPlan plan = plan(scc, crashed, new int[0][]);
                String where = "crashed " + Arrays.stream(crashed).mapToObj(scc::label).toList();
                Outcome toI = check(scc, toIdentity, plan, where + ", every node to the identity");
                assertEveryPacketWithLiveEndpointsDelivered(toI, where + ", every node to the identity");
                detoured += toI.detoured();
                placements++;
                if (representative || scc.supernode(b) == 0) {
                    Outcome pairs = check(scc, allPairs, plan, where + ", every pair");
                    assertEveryPacketWithLiveEndpointsDelivered(pairs, where + ", every pair");
                    detoured += pairs.detoured();
                    representatives++;
                }
            }
        }
        assertEquals(72 + 72 * 71 / 2, placements);
        assertEquals(3 + 3 + 3 * 69, representatives, "placements with a crashed node in the identity's supernode: 3 single, 3 within it, 3 · 69 with one outside");
        assertTrue(detoured > 0, "some packets had to go around a crashed node");
    }

    /** The symmetry the exhaustive SCC_4 test rests on, checked: placements σ·P deliver the same walks as P, mapped by σ. */
    @Test
    void walksAreMappedByTheSupernodeAutomorphisms() {
        Scc scc = Scc.of(4);
        SplittableRandom random = new SplittableRandom(4);
        RoutingSpec allPairs = new RoutingSpec(DfsRouting.KEY, "distributed", "all-pairs", 1);
        for (int k = 0; k < 20; k++) {
            int a = random.nextInt(scc.nodeCount());
            int b = random.nextInt(scc.nodeCount());
            int sigma = random.nextInt(24);
            RoutingPrograms[] p = new RoutingPrograms[1];
            RunMetrics original = run(scc, allPairs, plan(scc, new int[] {a, b}, new int[0][]), p);
            RunMetrics mapped = run(scc, allPairs, plan(scc, new int[] {map(scc, sigma, a), map(scc, sigma, b)}, new int[0][]), p);
            assertEquals(original.gaveUp(), mapped.gaveUp());
            java.util.Map<Long, Integer> hops = new java.util.HashMap<>();
            for (int i = 0; i < mapped.packets().size(); i++) {
                hops.put(key(p[0], mapped.packets().id(i)), mapped.packets().hops(i));
            }
            assertEquals(original.packets().size(), mapped.packets().size());
            for (int i = 0; i < original.packets().size(); i++) {
                int id = original.packets().id(i);
                long mappedPair = (long) map(scc, sigma, p[0].source(id)) * scc.nodeCount() + map(scc, sigma, p[0].destination(id));
                assertEquals(original.packets().hops(i), hops.get(mappedPair), "pair " + id + " under σ = " + sigma);
            }
        }
    }

    private static long key(RoutingPrograms programs, int id) {
        return (long) programs.source(id) * 72 + programs.destination(id);
    }

    /** ⟨i, π⟩ ↦ ⟨i, σ·π⟩ for the permutation σ of rank {@code sigma}. */
    private static int map(Scc scc, int sigma, int node) {
        byte[] s = icn.protocols.Permutations.unrank(sigma, scc.n());
        byte[] pi = icn.protocols.Permutations.unrank(scc.supernode(node), scc.n());
        byte[] out = new byte[pi.length];
        for (int k = 0; k < pi.length; k++) {
            out[k] = s[pi[k] - 1];
        }
        return scc.id(icn.protocols.Permutations.rank(out), scc.position(node));
    }

    /**
     * SCC_5 … SCC_7: 1,000 seeded cases each, a random pair and one or two crashed nodes; half the cases crash nodes of the fault-free
     * route itself, so the packet must go around them.
     */
    @ParameterizedTest(name = "scc:{0}")
    @ValueSource(ints = {5, 6, 7})
    void sccRandomPairsWithOneOrTwoCrashedNodes(int size) {
        Scc scc = Scc.of(size);
        DfsRouting router = new DfsRouting(scc);
        SplittableRandom random = new SplittableRandom(1000L + size);
        long detoured = 0;
        for (int k = 0; k < 1000; k++) {
            int s = random.nextInt(scc.nodeCount());
            int d = random.nextInt(scc.nodeCount());
            int crashes = 1 + k % 2;
            int[] crashed = crashedNodes(scc, router, s, d, crashes, k % 4 < 2, random);
            RoutingSpec spec = new RoutingSpec(DfsRouting.KEY, "distributed", "pair:" + s + ":" + d, k);
            String where = "case " + k + " crashed " + Arrays.toString(crashed);
            Outcome o = check(scc, spec, plan(scc, crashed, new int[0][]), where);
            assertEquals(1, o.aliveEndpoints(), where + ": the crashed nodes are neither endpoint");
            assertEveryPacketWithLiveEndpointsDelivered(o, where);
            assertEquals(0, o.gaveUp(), where);
            detoured += o.detoured();
        }
        assertTrue(detoured > 200, "crashes on the route make packets detour: " + detoured);
    }

    /** {@code count} crashed nodes other than {@code s} and {@code d}: on the fault-free route when {@code onRoute} and it has room. */
    static int[] crashedNodes(Topology t, DfsRouting router, int s, int d, int count, boolean onRoute, SplittableRandom random) {
        List<Integer> interior = new ArrayList<>();
        int at = s;
        for (int port : router.ports(s, d)) {
            at = t.neighbour(at, port);
            if (at != d) {
                interior.add(at);
            }
        }
        BitSet chosen = new BitSet();
        int[] out = new int[count];
        for (int i = 0; i < count; i++) {
            int v;
            int tries = 0;
            do { // on the route while it has room, else anywhere
                v = onRoute && tries++ < 50 && !interior.isEmpty() ? interior.get(random.nextInt(interior.size())) : random.nextInt(t.nodeCount());
            } while (v == s || v == d || chosen.get(v));
            chosen.set(v);
            out[i] = v;
        }
        return out;
    }

    /** Cut links, and cuts with crashes, on the route and anywhere, on SCC_5 and SCC_6. */
    @ParameterizedTest(name = "scc:{0}")
    @ValueSource(ints = {5, 6})
    void sccCutLinksAndCrashesTogether(int size) {
        Scc scc = Scc.of(size);
        DfsRouting router = new DfsRouting(scc);
        SplittableRandom random = new SplittableRandom(77L + size);
        long detoured = 0;
        for (int k = 0; k < 1000; k++) {
            int s = random.nextInt(scc.nodeCount());
            int d = random.nextInt(scc.nodeCount());
            int[] ports = router.ports(s, d);
            int cutCount = 1 + random.nextInt(3);
            int[][] cuts = new int[cutCount][];
            for (int i = 0; i < cutCount; i++) {
                if (ports.length > 0 && i % 2 == 0) { // a link of the fault-free route
                    int h = random.nextInt(ports.length);
                    int at = s;
                    for (int j = 0; j < h; j++) {
                        at = scc.neighbour(at, ports[j]);
                    }
                    cuts[i] = new int[] {at, ports[h]};
                } else {
                    cuts[i] = new int[] {random.nextInt(scc.nodeCount()), random.nextInt(scc.portCount())};
                }
            }
            int[] crashed = k % 3 == 0 ? crashedNodes(scc, router, s, d, 1 + random.nextInt(2), true, random) : new int[0];
            RoutingSpec spec = new RoutingSpec(DfsRouting.KEY, "distributed", "pair:" + s + ":" + d, k);
            detoured += check(scc, spec, plan(scc, crashed, cuts), "case " + k + " cuts " + Arrays.deepToString(cuts) + " crashed "
                    + Arrays.toString(crashed)).detoured();
        }
        assertTrue(detoured > 200, "cuts on the route make packets detour: " + detoured);
    }

    /** Every other undirected network: random crashes and cuts, 300 random pairs per run, 30 runs each. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"star:5", "hypercube:6", "torus:4,3", "ccc:4", "rnh:3,3", "inh:3:2,3,2,3,2,3,2,3,2,3,2,3", "kcube:3,3", "icube:3,3,2"})
    void otherNetworksDeliverWhateverTheSurvivingGraphConnects(String name) {
        Topology t = Topologies.parse(name);
        SplittableRandom random = new SplittableRandom(name.hashCode());
        long detoured = 0;
        for (int k = 0; k < 30; k++) {
            int crashes = 1 + random.nextInt(Math.max(1, t.nodeCount() / 10));
            int[] crashed = random.ints(0, t.nodeCount()).distinct().limit(crashes).toArray();
            int[][] cuts = new int[1 + random.nextInt(4)][];
            for (int i = 0; i < cuts.length; i++) {
                int u;
                int p;
                do {
                    u = random.nextInt(t.nodeCount());
                    p = random.nextInt(t.portCount());
                } while (t.neighbour(u, p) == Topology.NONE);
                cuts[i] = new int[] {u, p};
            }
            RoutingSpec spec = new RoutingSpec(DfsRouting.KEY, "distributed", "sample:300", k);
            detoured += check(t, spec, plan(t, crashed, cuts), name + " run " + k).detoured();
        }
        assertTrue(detoured > 0, name + ": some packets detoured");
    }

    /** Without faults dfs takes shortest paths: every walk is as long as the BFS distance. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"scc:4", "scc:5", "star:5", "hypercube:5", "torus:5,2", "ccc:4", "rnh:3,3", "inh:3:2,3,2,3,2,3,2,3,2,3,2,3", "icube:3,3,2"})
    void withoutFaultsEveryWalkIsAShortestPath(String name) {
        Topology t = Topologies.parse(name);
        String sweep = t.nodeCount() <= 500 ? "all-pairs" : "sample:20000";
        RoutingSpec spec = new RoutingSpec(DfsRouting.KEY, "distributed", sweep, 5);
        RoutingPrograms[] p = new RoutingPrograms[1];
        RunMetrics m = run(t, spec, FaultPlan.NONE, p);
        PacketLog log = m.packets();
        assertEquals(p[0].packets(), log.size(), "every packet is delivered");
        java.util.Map<Integer, int[]> bfs = new java.util.HashMap<>();
        var router = Routings.router(t, DfsRouting.KEY);
        for (int i = 0; i < log.size(); i++) {
            int id = log.id(i);
            int s = p[0].source(id);
            int d = p[0].destination(id);
            assertEquals(bfs.computeIfAbsent(d, x -> Bfs.distances(t, x))[s], log.hops(i), t.label(s) + " -> " + t.label(d));
            int[] walk = new int[router.ports(s, d).length + 1];
            walk[0] = s;
            int[] ports = router.ports(s, d);
            for (int h = 0; h < ports.length; h++) {
                walk[h + 1] = t.neighbour(walk[h], ports[h]);
            }
            assertEquals(PacketLog.fingerprint(walk), log.fingerprint(i), "the packet took the router's fault-free walk");
        }
        assertEquals(0, m.gaveUp());
        assertEquals(m.accounting().sent(), m.accounting().delivered(), "no failed send without faults");
    }

    /** A hop limit below the distance cuts packets off: they are counted, never delivered, and no delivered walk is longer. */
    @Test
    void theHopLimitCutsPacketsOff() {
        Scc scc = Scc.of(5);
        int limit = 4;
        RoutingSpec spec = new RoutingSpec(DfsRouting.KEY, "distributed", "all-pairs", 1, limit);
        RoutingPrograms[] p = new RoutingPrograms[1];
        RunMetrics m = run(scc, spec, FaultPlan.NONE, p);
        long farther = 0;
        java.util.Map<Integer, int[]> bfs = new java.util.HashMap<>();
        for (int id = 0; id < p[0].packets(); id++) {
            if (bfs.computeIfAbsent(p[0].destination(id), x -> Bfs.distances(scc, x))[p[0].source(id)] > limit) {
                farther++;
            }
        }
        assertTrue(farther > 0);
        assertEquals(farther, m.hopLimited(), "exactly the packets whose shortest path is longer than the limit are cut off");
        assertEquals(p[0].packets() - farther, m.packets().size());
        for (int i = 0; i < m.packets().size(); i++) {
            assertTrue(m.packets().hops(i) <= limit);
        }
        assertEquals(0, m.gaveUp());
        assertEquals(DfsRouting.defaultHopLimit(scc), 2 * (scc.nodeCount() - 1));
    }

    /**
     * A destination whose three neighbours crashed is cut off: the packet searches the whole component of its source and gives up
     * there. Each node of the component is entered once and every link of the search tree crossed twice, and every node next to a
     * crashed one learns of it by one failed send: 2(C − 1) + (arcs from the component into crashed nodes) messages.
     */
    @Test
    void aCutOffDestinationIsGivenUpAfterSearchingTheWholeComponent() {
        Scc scc = Scc.of(5);
        int d = scc.parseLabel("<3,21453>");
        int[] crashed = new int[3];
        for (int port = 0; port < 3; port++) {
            crashed[port] = scc.neighbour(d, port);
        }
        FaultPlan plan = plan(scc, crashed, new int[0][]);
        int s = scc.parseLabel("<2,12345>");
        RoutingSpec spec = new RoutingSpec(DfsRouting.KEY, "distributed", "pair:" + s + ":" + d, 1);
        RoutingPrograms[] p = new RoutingPrograms[1];
        RunMetrics m = run(scc, spec, plan, p);
        assertEquals(0, m.packets().size());
        assertEquals(1, m.gaveUp());
        SurvivingGraph g = new SurvivingGraph(scc, plan);
        int[] dist = g.distancesFrom(s);
        long component = Arrays.stream(dist).filter(x -> x != Bfs.UNREACHED).count();
        assertEquals(scc.nodeCount() - 4, component, "everything but the three crashed nodes and the destination");
        long arcsIntoCrashed = 0;
        for (int v = 0; v < scc.nodeCount(); v++) {
            for (int port = 0; port < scc.portCount(); port++) {
                if (dist[v] != Bfs.UNREACHED && !g.alive(scc.neighbour(v, port))) {
                    arcsIntoCrashed++;
                }
            }
        }
        assertEquals(2 * (component - 1) + arcsIntoCrashed, m.accounting().sent());
        assertEquals(arcsIntoCrashed, m.accounting().nodeCrashed());
    }

    @Test
    void directedNetworksAndSourceRoutingAreRefused() {
        Topology cr = Topologies.parse("cr:5");
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> RouteSources.of(cr, new RoutingSpec(DfsRouting.KEY, "distributed", "sample:10", 1)));
        assertTrue(e.getMessage().contains("fault-tolerant") && e.getMessage().contains("cr:5") && !e.getMessage().contains("\n"), e.getMessage());
        assertThrows(InvalidInputException.class, () -> Routings.router(cr, DfsRouting.KEY));
        InvalidInputException source = assertThrows(InvalidInputException.class,
                () -> RouteSources.of(Scc.of(4), new RoutingSpec(DfsRouting.KEY, "source", "sample:10", 1)));
        assertTrue(source.getMessage().contains("--mode distributed"), source.getMessage());
    }
}
