package icn.node.fault;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.engine.SequentialEngine;
import icn.node.program.Inbox;
import icn.node.program.NodeProgram;
import icn.node.program.Outbox;
import icn.node.program.ProgramFactory;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Scc;
import icn.protocols.Topology;
import icn.protocols.Accounting;
import icn.protocols.fault.FaultPlan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What extra delay, loss and a timed crash do to messages, checked against expectations derived here, not against another engine
 * (the actor engine shares the link layer and the fault model with the sequential engine). The node program is a flood written for
 * the test: a node is informed by the first message it receives (the source before step 1), sends once on every port in the step
 * after, and looks at every copy that reaches it, so every delivered message shows up in an inbox and is logged with its step and
 * arrival port. A message sent in step t on a link with x extra steps reaches its inbox in step t + 1 + x, and its receiver counts
 * as informed after step t + x.
 */
class FaultSemanticsTest {

    private static final int CLASSES = LinkClass.values().length;

    /** The test's flood, logging what each node received (step, port), when it was informed, and what it sent per link class. */
    static final class LoggingFlood implements ProgramFactory {
        final Topology topology;
        final int source;
        final long[] informedAfter;
        final List<long[]> arrivals = new ArrayList<>(); // {node, step, port}
        final long[] sentByClass = new long[CLASSES];

        LoggingFlood(Topology topology, int source) {
            this.topology = topology;
            this.source = source;
            this.informedAfter = new long[topology.nodeCount()];
            Arrays.fill(informedAfter, -1);
        }

        @Override
        public int messages() {
            return 1;
        }

        @Override
        public NodeProgram create(int node) {
            return new NodeProgram() {
                @Override
                public long initialWake() {
                    return node == source ? 1 : NO_WAKE;
                }

                @Override
                public long step(long step, Inbox inbox, Outbox out) {
                    for (int i = 0; i < inbox.size(); i++) {
                        arrivals.add(new long[] {node, step, inbox.port(i)});
                    }
                    if (informedAfter[node] < 0 && (inbox.size() > 0 || node == source)) {
                        informedAfter[node] = step - 1;
                        out.informed(0, step - 1);
                        for (int p = 0; p < topology.portCount(); p++) {
                            if (topology.neighbour(node, p) != Topology.NONE) {
                                out.send(p, 0);
                                sentByClass[topology.linkClass(p).ordinal()]++;
                            }
                        }
                    }
                    return NO_WAKE;
                }
            };
        }

        long arrivalsOn(LinkClass c) {
            return arrivals.stream().filter(a -> topology.linkClass((int) a[2]) == c).count();
        }
    }

    private static FaultPlan plan(int[] crashNodes, long[] crashSteps, double[] loss, int[] delay) {
        return new FaultPlan(3, crashNodes, crashSteps, new int[0], new int[0], new long[0], new long[0], loss, delay, new int[0],
                new long[0], false);
    }

    private static int[] delay(LinkClass c, int steps) {
        int[] d = new int[CLASSES];
        d[c.ordinal()] = steps;
        return d;
    }

    /** Dijkstra from {@code source} with a link of class c weighing 1 + delay[c]: the step after which each node is informed. */
    private static long[] weightedDistances(Topology t, int source, int[] delay) {
        long[] dist = new long[t.nodeCount()];
        Arrays.fill(dist, Long.MAX_VALUE);
        dist[source] = 0;
        PriorityQueue<long[]> queue = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
        queue.add(new long[] {0, source});
        while (!queue.isEmpty()) {
            long[] top = queue.poll();
            int u = (int) top[1];
            if (top[0] > dist[u]) {
                continue;
            }
            for (int p = 0; p < t.portCount(); p++) {
                int v = t.neighbour(u, p);
                if (v == Topology.NONE) {
                    continue;
                }
                long d = dist[u] + 1 + delay[t.linkClass(p).ordinal()];
                if (d < dist[v]) {
                    dist[v] = d;
                    queue.add(new long[] {d, v});
                }
            }
        }
        return dist;
    }

    /**
     * (a) Extra delay on one link class: every node is informed after exactly its weighted distance (lateral or local links weighing
     * 1 + their class's delay), and every single message reaches its inbox 1 + delay steps after its sender sent it.
     */
    @ParameterizedTest(name = "scc:{0}")
    @ValueSource(ints = {4, 5})
    void extraDelayOnOneClassDelaysItsMessagesByExactlyThatMuch(int n) {
        Scc scc = Scc.of(n);
        for (int[] delay : List.of(delay(LinkClass.LATERAL, 2), delay(LinkClass.LOCAL, 1), delay(LinkClass.LATERAL, 5))) {
            LoggingFlood flood = new LoggingFlood(scc, 0);
            RunMetrics m = SequentialEngine.run(scc, flood, LinkLatency.SYNCHRONOUS, plan(new int[0], new long[0], new double[CLASSES], delay));
            String where = scc.name() + " delay " + Arrays.toString(delay);
            assertArrayEquals(weightedDistances(scc, 0, delay), flood.informedAfter, where + ": informed after the weighted distance");
            for (long[] a : flood.arrivals) {
                int v = (int) a[0];
                int q = (int) a[2];
                int u = scc.neighbour(v, q); // the sender: the link arriving on q leaves u toward v
                long sentIn = flood.informedAfter[u] + 1;
                assertEquals(sentIn + 1 + delay[scc.linkClass(q).ordinal()], a[1], where + ": " + scc.label(u) + " → " + scc.label(v));
            }
            Accounting acc = m.accounting();
            assertEquals(new Accounting(acc.sent(), acc.sent(), 0, 0, 0, 0), acc, where + ": delay loses nothing");
            assertEquals((long) scc.nodeCount() * 3, acc.sent(), where + ": every node sends once on each of its 3 ports");
        }
    }

    /**
     * (b) Loss on one class only. With probability 1 on lateral links the flood never leaves the source's supernode: its n − 1 nodes
     * are informed, their n − 1 lateral messages are lost and their 2(n − 1) local messages delivered. With probability 1/2 on local
     * links, every lateral message arrives, the local ones missing from the inboxes are exactly the lost ones, and about half of them are.
     */
    @ParameterizedTest(name = "scc:{0}")
    @ValueSource(ints = {4, 5})
    void lossOnOneClassDropsOnlyThatClass(int n) {
        Scc scc = Scc.of(n);
        double[] allLateral = new double[CLASSES];
        allLateral[LinkClass.LATERAL.ordinal()] = 1.0;
        LoggingFlood cutOff = new LoggingFlood(scc, 0);
        RunMetrics m = SequentialEngine.run(scc, cutOff, LinkLatency.SYNCHRONOUS, plan(new int[0], new long[0], allLateral, new int[CLASSES]));
        assertEquals(n - 1, m.informed(0), "the source's supernode only");
        assertEquals(new Accounting(3L * (n - 1), 2L * (n - 1), 0, 0, n - 1, 0), m.accounting());
        assertEquals(0, cutOff.arrivalsOn(LinkClass.LATERAL));

        double[] halfLocal = new double[CLASSES];
        halfLocal[LinkClass.LOCAL.ordinal()] = 0.5;
        LoggingFlood flood = new LoggingFlood(scc, 0);
        Accounting a = SequentialEngine.run(scc, flood, LinkLatency.SYNCHRONOUS, plan(new int[0], new long[0], halfLocal, new int[CLASSES]))
                .accounting();
        long lateral = flood.sentByClass[LinkClass.LATERAL.ordinal()];
        long local = flood.sentByClass[LinkClass.LOCAL.ordinal()];
        assertEquals(lateral, flood.arrivalsOn(LinkClass.LATERAL), "no lateral message is lost");
        assertEquals(local - flood.arrivalsOn(LinkClass.LOCAL), a.lostInTransit(), "the lost messages are the local ones that never arrived");
        assertEquals(lateral + local, a.sent());
        assertEquals(0, a.nodeCrashed() + a.linkCut());
        // a seeded draw per message: over hundreds of local messages the lost share stays well within 0.5 ± 0.15 (over 4 sd for n = 4)
        double share = (double) a.lostInTransit() / local;
        assertTrue(share > 0.35 && share < 0.65, "lost share of local messages " + share + " of " + local);
    }

    /**
     * The flood with crashes simulated step by step here: in step t the informed nodes that have not crashed by t send on every port;
     * a message sent in t reaches its receiver in t + 1 unless the receiver has crashed by t + 1, and informs it (after step t) if it
     * was not informed. Returns {informedAfter per node, sent, delivered, dropped at a crashed node}.
     */
    private static long[][] simulate(Topology t, int source, long[] crashAt) {
        int n = t.nodeCount();
        long[] informedAfter = new long[n];
        Arrays.fill(informedAfter, -1);
        informedAfter[source] = 0;
        long sent = 0;
        long delivered = 0;
        long dropped = 0;
        for (long step = 1; ; step++) {
            List<Integer> acting = new ArrayList<>();
            for (int u = 0; u < n; u++) {
                if (informedAfter[u] == step - 1 && (crashAt[u] == 0 || crashAt[u] > step)) {
                    acting.add(u);
                }
            }
            if (acting.isEmpty()) { // no delay: nobody informed later than step − 1 yet, so nothing happens any more
                break;
            }
            for (int u : acting) {
                for (int p = 0; p < t.portCount(); p++) {
                    int v = t.neighbour(u, p);
                    if (v == Topology.NONE) {
                        continue;
                    }
                    sent++;
                    if (crashAt[v] != 0 && crashAt[v] <= step + 1) {
                        dropped++;
                    } else {
                        delivered++;
                        if (informedAfter[v] < 0) {
                            informedAfter[v] = step;
                        }
                    }
                }
            }
        }
        return new long[][] {informedAfter, {sent, delivered, dropped}};
    }

    /**
     * (c) A crash at a later step, every node of SCC_4 crashing at steps 2 … 8 (and pairs of crashes at different steps): the informed
     * nodes, step by step, and the message counts are those of the simulation above; a node informed before its crash stays counted;
     * nothing reaches the crashed node's inbox from its crash step on.
     */
    @Test
    void aTimedCrashKeepsWhatCameBeforeAndTakesInNothingAfter() {
        Scc scc = Scc.of(4);
        int n = scc.nodeCount();
        int source = 0;
        int informedThenCrashed = 0;
        int crashedUninformed = 0;
        List<long[][]> cases = new ArrayList<>(); // {{nodes}, {steps}}
        for (int c = 0; c < n; c++) {
            for (long s = 2; s <= 8; s++) {
                cases.add(new long[][] {{c}, {s}});
            }
        }
        for (int c = 1; c < n; c += 7) {
            cases.add(new long[][] {{c, (c * 31 + 5) % n}, {3, 5}});
        }
        for (long[][] k : cases) {
            int[] nodes = Arrays.stream(k[0]).mapToInt(v -> (int) v).distinct().toArray();
            long[] steps = Arrays.copyOf(k[1], nodes.length);
            long[] crashAt = new long[n];
            for (int i = 0; i < nodes.length; i++) {
                crashAt[nodes[i]] = steps[i];
            }
            String where = "crashed " + Arrays.toString(Arrays.stream(nodes).mapToObj(scc::label).toArray()) + " at " + Arrays.toString(steps);
            long[][] expected = simulate(scc, source, crashAt);
            LoggingFlood flood = new LoggingFlood(scc, source);
            RunMetrics m = SequentialEngine.run(scc, flood, LinkLatency.SYNCHRONOUS, plan(nodes, steps, new double[CLASSES], new int[CLASSES]));
            assertArrayEquals(expected[0], flood.informedAfter, where + ": informed after which step, per node");
            long informed = Arrays.stream(expected[0]).filter(s -> s >= 0).count();
            assertEquals(informed, m.informed(0), where + ": coverage");
            int informedDead = 0;
            for (int i = 0; i < nodes.length; i++) {
                if (expected[0][nodes[i]] >= 0) {
                    informedThenCrashed++;
                    informedDead++;
                } else {
                    crashedUninformed++;
                }
            }
            assertEquals(informedDead, m.informedDead(), where + ": informed before their crash, so informed and not live");
            Accounting a = m.accounting();
            assertEquals(new Accounting(expected[1][0], expected[1][1], expected[1][2], 0, 0, 0), a, where);
            assertEquals(a.delivered(), flood.arrivals.size(), where + ": every delivered message is in an inbox");
            for (long[] arrival : flood.arrivals) {
                long crash = crashAt[(int) arrival[0]];
                assertTrue(crash == 0 || arrival[1] < crash, where + ": " + scc.label((int) arrival[0]) + " took in a message in step "
                        + arrival[1] + ", at or after its crash");
            }
        }
        assertTrue(informedThenCrashed > 0 && crashedUninformed > 0, "crashed nodes informed before their crash: " + informedThenCrashed
                + ", crashed before being informed: " + crashedUninformed);
    }
}
