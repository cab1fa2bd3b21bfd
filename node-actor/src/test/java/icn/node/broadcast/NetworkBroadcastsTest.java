package icn.node.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.engine.SequentialEngine;
import icn.node.kind.NetworkBroadcasts;
import icn.node.program.Inbox;
import icn.node.program.NodeProgram;
import icn.node.program.Outbox;
import icn.node.program.ProgramFactory;
import icn.node.kind.Programs;
import icn.protocols.Bfs;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Scc;
import icn.protocols.Topology;
import icn.protocols.topology.CubeConnectedCycles;
import icn.protocols.topology.Hypercube;
import icn.protocols.topology.Star;
import icn.protocols.topology.Torus;
import icn.protocols.wire.BroadcastSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One-port and multi-port broadcasting on hypercube, star and CCC (001 §7–§12), run on a small synchronous engine written here
 * (independent of the project's engines: it decides who is informed from what crosses the links, and counts the sends of every node
 * in every step) and on the sequential engine, against closed forms and BFS computed in the test.
 */
class NetworkBroadcastsTest {

    /** What the test's engine saw: the step after which every node held the message, the last send, and the most sends of a node in a step. */
    record Run(int coverage, int lastSend, int maxSendsPerNodeStep, int maxLocalSendsPerNodeStep, long informed, int maxReceivesPerNodeStep) {
    }

    /** A synchronous engine: what a node sends in step s is in its neighbour's inbox at s+1, on the arrival port. */
    static Run runInTest(Topology t, ProgramFactory programs, int source) {
        int nodes = t.nodeCount();
        NodeProgram[] program = new NodeProgram[nodes];
        int[] informedAfter = new int[nodes];
        java.util.Arrays.fill(informedAfter, -1);
        informedAfter[source] = 0;
        TreeMap<Long, List<Integer>> wakes = new TreeMap<>();
        for (int v = 0; v < nodes; v++) {
            program[v] = programs.create(v);
            long w = program[v].initialWake();
            if (w != NodeProgram.NO_WAKE) {
                wakes.computeIfAbsent(w, k -> new ArrayList<>()).add(v);
            }
        }
        Map<Integer, List<int[]>> inbox = new HashMap<>(); // node → (port, payload)
        int lastSend = 0;
        int maxSends = 0;
        int maxLocal = 0;
        int maxReceives = 0;
        long step = 1;
        while (!wakes.isEmpty() || !inbox.isEmpty()) {
            step = inbox.isEmpty() ? wakes.firstKey() : step;
            java.util.TreeSet<Integer> active = new java.util.TreeSet<>(inbox.keySet());
            List<Integer> woken = wakes.remove(step);
            if (woken != null) {
                active.addAll(woken);
            }
            Map<Integer, List<int[]>> next = new HashMap<>();
            for (int v : active) {
                List<int[]> in = inbox.getOrDefault(v, List.of());
                maxReceives = Math.max(maxReceives, in.size());
                if (informedAfter[v] < 0 && !in.isEmpty()) {
                    informedAfter[v] = (int) step - 1;
                }
                int[] sends = new int[2];
                long s = step;
                long w = program[v].step(step, inboxOf(in), new Outbox() {
                    @Override
                    public void send(int port, Object payload) {
                        int to = t.neighbour(v, port);
                        assertTrue(to != Topology.NONE, "send on a port that leads nowhere");
                        next.computeIfAbsent(to, k -> new ArrayList<>()).add(new int[] {t.arrivalPort(v, port), (Integer) payload});
                        sends[0]++;
                        if (t.linkClass(port) == LinkClass.LOCAL) {
                            sends[1]++;
                        }
                    }

                    @Override
                    public void informed(int message, long afterStep) {
                        assertEquals(s - 1, afterStep);
                    }
                });
                if (sends[0] > 0) {
                    lastSend = (int) step;
                }
                maxSends = Math.max(maxSends, sends[0]);
                maxLocal = Math.max(maxLocal, sends[1]);
                if (w != NodeProgram.NO_WAKE) {
                    assertTrue(w > step, "wake-ups go forward");
                    wakes.computeIfAbsent(w, k -> new ArrayList<>()).add(v);
                }
            }
            inbox = next;
            step++;
        }
        int coverage = 0;
        long informed = 0;
        for (int v = 0; v < nodes; v++) {
            if (informedAfter[v] >= 0) {
                informed++;
                coverage = Math.max(coverage, informedAfter[v]);
            }
        }
        return new Run(informed == nodes ? coverage : -1, lastSend, maxSends, maxLocal, informed, maxReceives);
    }

    private static Inbox inboxOf(List<int[]> in) {
        return new Inbox() {
            @Override
            public int size() {
                return in.size();
            }

            @Override
            public int port(int i) {
                return in.get(i)[0];
            }

            @Override
            public Object payload(int i) {
                return in.get(i)[1];
            }
        };
    }

    private static ProgramFactory programs(Topology t, BroadcastAlgorithm a, int source) {
        return Programs.of(t, new BroadcastSpec(a, 1, source));
    }

    private static int ceilLog2(long x) {
        int c = 0;
        while ((1L << c) < x) {
            c++;
        }
        return c;
    }

    private static long factorial(int n) {
        long f = 1;
        for (int i = 2; i <= n; i++) {
            f *= i;
        }
        return f;
    }

    @ParameterizedTest(name = "hypercube:{0}")
    @ValueSource(ints = {1, 2, 3, 5, 7, 8, 9, 10})
    void binomialBroadcastTakesNStepsOneSendEach(int n) {
        Hypercube cube = Hypercube.of(n);
        int source = (1 << n) / 3;
        Run run = runInTest(cube, programs(cube, BroadcastAlgorithm.ONE_PORT, source), source);
        assertEquals(cube.nodeCount(), run.informed());
        assertEquals(n, run.coverage(), "001 §7: one-port broadcasting in the n-cube in n steps");
        assertEquals(ceilLog2(cube.nodeCount()), run.coverage(), "optimal: ⌈log2 2^n⌉");
        assertEquals(1, run.maxSendsPerNodeStep(), "one port");
        assertEquals(1, run.maxReceivesPerNodeStep(), "the binomial tree: one receipt per node");
        RunMetrics m = SequentialEngine.run(cube, programs(cube, BroadcastAlgorithm.ONE_PORT, source), LinkLatency.SYNCHRONOUS);
        long[] after = m.informedAfterEachStep(0);
        for (int i = 0; i <= n; i++) {
            assertEquals(1L << i, after[i], "the informed nodes double in step " + i);
        }
    }

    @ParameterizedTest(name = "star:{0}")
    @ValueSource(ints = {3, 4, 5, 6, 7, 8})
    void starOnePortInformsEveryNodeWithinTheRecursiveBound(int n) {
        Star star = Star.of(n);
        int bound = 0; // level k: ⌈log2(k−1)⌉ doubling rounds in one S_{k−1}, then one step on g_k
        for (int k = 2; k <= n; k++) {
            bound += ceilLog2(k - 1) + 1;
        }
        for (int source : new int[] {0, star.nodeCount() - 1, star.nodeCount() / 7}) {
            Run run = runInTest(star, programs(star, BroadcastAlgorithm.ONE_PORT, source), source);
            assertEquals(star.nodeCount(), run.informed(), "every node informed from " + star.label(source));
            assertTrue(run.coverage() <= bound, run.coverage() + " steps, bound " + bound);
            assertTrue(run.coverage() >= ceilLog2(factorial(n)), "no one-port broadcast beats ⌈log2 n!⌉");
            assertEquals(run.coverage(), run.lastSend(), "nothing is sent after the last node is informed");
            assertEquals(1, run.maxSendsPerNodeStep(), "one port");
            assertEquals(1, run.maxReceivesPerNodeStep(), "no node receives twice in a step");
        }
        assertEquals(bound, StarOnePortBroadcast.steps(n));
    }

    @ParameterizedTest(name = "star:{0} δ-port")
    @ValueSource(ints = {3, 4, 5, 6, 7, 8})
    void starDeltaPortTakesTheDiameter(int n) {
        Star star = Star.of(n);
        RunMetrics m = SequentialEngine.run(star, programs(star, BroadcastAlgorithm.MULTI_PORT, 5 % star.nodeCount()), LinkLatency.SYNCHRONOUS);
        int eccentricity = Bfs.profile(star, 5 % star.nodeCount()).eccentricity();
        assertEquals(3 * (n - 1) / 2, eccentricity, "001 Theorem 8: d_star = ⌊3(n−1)/2⌋");
        assertEquals(eccentricity, m.fullCoverageStep(0, star.nodeCount()));
        assertEquals(star.nodeCount(), m.informed(0));
    }

    @ParameterizedTest(name = "hypercube:{0} multi-port")
    @ValueSource(ints = {3, 6, 9})
    void hypercubeMultiPortTakesTheDiameter(int n) {
        Hypercube cube = Hypercube.of(n);
        RunMetrics m = SequentialEngine.run(cube, programs(cube, BroadcastAlgorithm.MULTI_PORT, 1), LinkLatency.SYNCHRONOUS);
        assertEquals(Bfs.profile(cube, 1).eccentricity(), m.fullCoverageStep(0, cube.nodeCount()));
    }

    @ParameterizedTest(name = "ccc:{0} {1}")
    @CsvSource({"3,ONE_PORT", "4,ONE_PORT", "5,ONE_PORT", "6,ONE_PORT", "7,ONE_PORT", "8,ONE_PORT",
            "3,MULTI_PORT", "4,MULTI_PORT", "5,MULTI_PORT", "6,MULTI_PORT", "7,MULTI_PORT", "8,MULTI_PORT"})
    void cccFollowsSection12(int n, BroadcastAlgorithm algorithm) {
        CubeConnectedCycles ccc = CubeConnectedCycles.of(n);
        boolean onePort = algorithm == BroadcastAlgorithm.ONE_PORT;
        int lateral = n; // σ_CCC(lat) = d_cube = n
        int local = onePort ? n * ((n + 1) / 2) : n * (n / 2); // σ_CCC(loc) = n⌊(n+1)/2⌋; multi-port n⌊n/2⌋
        int total = onePort ? n * ((n + 3) / 2) : n * ((n + 2) / 2); // d(σ_CCC) = n⌊(n+3)/2⌋; multi-port n⌊(n+2)/2⌋
        assertEquals(lateral + local, total);
        int source = ccc.nodeCount() / 5;
        RunMetrics m = SequentialEngine.run(ccc, programs(ccc, algorithm, source), LinkLatency.SYNCHRONOUS);
        assertEquals(ccc.nodeCount(), m.informed(0), "every node informed");
        assertEquals(total, m.fullCoverageStep(0, ccc.nodeCount()), "full coverage at d(σ_CCC)");
        assertEquals(total, m.steps());
        assertEquals(lateral, m.lateralSteps());
        assertEquals(local, m.localSteps());
        Run run = runInTest(ccc, programs(ccc, algorithm, source), source);
        assertEquals(total, run.coverage(), "the test's engine agrees");
        if (onePort) {
            assertEquals(1, run.maxSendsPerNodeStep(), "one port: one send per node per step");
        } else {
            assertEquals(2, run.maxLocalSendsPerNodeStep(), "multi-port: two local links at a time");
            assertEquals(2, run.maxSendsPerNodeStep(), "never a local and a lateral send in one step");
        }
    }

    @ParameterizedTest(name = "{0} {1} R={2}")
    @CsvSource({"scc:4,ONE_PORT,2", "scc:5,ONE_PORT,2", "scc:6,ONE_PORT,3", "scc:7,MULTI_PORT,3", "scc:6,MULTI_PORT,2", "ccc:4,ONE_PORT,2",
            "ccc:5,MULTI_PORT,2", "ccc:6,ONE_PORT,3", "scc:5,ONE_PORT,1", "ccc:5,ONE_PORT,1"})
    void slowLateralLinksStretchEachIterationByR(String network, BroadcastAlgorithm algorithm, int r) {
        Topology t = icn.protocols.topology.Topologies.parse(network);
        boolean scc = t instanceof Scc;
        int n = scc ? ((Scc) t).n() : ((CubeConnectedCycles) t).n();
        boolean onePort = algorithm == BroadcastAlgorithm.ONE_PORT;
        int iterations = scc ? 3 * (n - 1) / 2 : n; // d_star (001 Algorithms 4, 5) or d_cube (§12)
        int local = scc ? (onePort ? n / 2 : (n - 1) / 2) : (onePort ? (n + 1) / 2 : n / 2);
        BroadcastSpec spec = new BroadcastSpec(algorithm, 1, 3, r);
        RunMetrics m = SequentialEngine.run(t, Programs.of(t, spec), new LinkLatency(r, 1));
        assertEquals(t.nodeCount(), m.informed(0));
        assertEquals((long) iterations * (local + r), m.fullCoverageStep(0, t.nodeCount()), "every iteration is L local ticks and R lateral");
        assertEquals(iterations, m.lateralSteps(), "one tick with lateral traffic per iteration");
    }

    @ParameterizedTest(name = "scc:{0}")
    @ValueSource(ints = {4, 5, 6, 7, 8})
    void theorem11LatencyGivesTwiceTheStarDiameter(int n) {
        Scc scc = Scc.of(n);
        for (BroadcastAlgorithm a : new BroadcastAlgorithm[] {BroadcastAlgorithm.ONE_PORT, BroadcastAlgorithm.MULTI_PORT}) {
            int r = a == BroadcastAlgorithm.ONE_PORT ? n / 2 : (n - 1) / 2; // 001 Theorem 11: TR(loc)/TR(lat)
            RunMetrics m = SequentialEngine.run(scc, Programs.of(scc, new BroadcastSpec(a, 1, 0, r)), new LinkLatency(r, 1));
            double runningTime = (double) m.fullCoverageStep(0, scc.nodeCount()) / r;
            assertEquals(2.0 * (3 * (n - 1) / 2), runningTime, 1e-9, a + ": Theorem 11's 2·d_star");
        }
    }

    @Test
    void refusesNetworksWithoutTheseBroadcasts() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> Programs.of(Torus.parse("4,3"), new BroadcastSpec(BroadcastAlgorithm.ONE_PORT, 1, 0)));
        assertTrue(e.getMessage().contains(NetworkBroadcasts.NETWORKS), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"));
        assertThrows(InvalidInputException.class,
                () -> Programs.of(Star.of(4), new BroadcastSpec(BroadcastAlgorithm.ONE_PORT, 1, 0, 2)), "star has no local links");
    }
}
