package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.kind.Routings;
import icn.node.routing.RoutingAlgorithm;
import icn.protocols.Bfs;
import icn.protocols.InvalidInputException;
import icn.protocols.Permutations;
import icn.protocols.topology.CubeConnectedCycles;
import icn.protocols.topology.Scc;
import icn.protocols.topology.SccPort;
import icn.protocols.traffic.MessageHeader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SCC_n's wormhole routings from labels (issue 32), checked against the deadlock-freedom argument of {@link RingTrafficRouting} with
 * an order of the escape channels written out here: along every walk of every routing, every escape channel a head may take lies
 * above the channel it came by. Walks are followed through the routing's own {@code choices} and {@code advance}; the adaptive
 * routing's every choice is explored.
 */
class RingTrafficRoutingTest {

    private static final int LATERAL = SccPort.LATERAL.index();
    private static final int LEFT = SccPort.LEFT.index();
    private static final int RIGHT = SccPort.RIGHT.index();

    /** The escape channels of SCC_n, E = 2(⌈L/2⌉ + 1) with L = ⌊3(n−1)/2⌋, the star graph's diameter, for n = 3..9. */
    @Test
    void escapeChannelsAsAFunctionOfN() {
        int[] expected = {6, 6, 8, 10, 12, 12, 14}; // n = 3..9: L = 3, 4, 6, 7, 9, 10, 12
        for (int n = 3; n <= 9; n++) {
            assertEquals(expected[n - 3], RingTrafficRouting.escapeChannels(3 * (n - 1) / 2), "n = " + n);
        }
    }

    @Test
    void tooFewVirtualChannelsAndMinimalAreRefusedInOneLine() {
        Scc t = Scc.of(6);
        InvalidInputException few = assertThrows(InvalidInputException.class, () -> Routings.traffic(t, "adaptive", 10));
        assertTrue(few.getMessage().startsWith("adaptive routing on scc:6 needs V >= 11 virtual channels"), few.getMessage());
        assertThrows(InvalidInputException.class, () -> Routings.traffic(t, "greedy", 9));
        Routings.traffic(t, "greedy", 10);
        InvalidInputException minimal = assertThrows(InvalidInputException.class, () -> Routings.traffic(t, "minimal", 16));
        assertTrue(minimal.getMessage().contains("precludes its distributed implementation in association with wormhole routing"),
                minimal.getMessage());
        assertFalse(minimal.getMessage().contains("\n"));
        assertEquals("adaptive", Routings.defaultTrafficKey(t));
        assertEquals(List.of("adaptive", "near-minimal", "greedy", "random", "updown", "hop-class"), Routings.trafficKeys(t));
    }

    /**
     * Every source to every destination on SCC_3 and SCC_4 (to sampled destinations on SCC_5..SCC_7, from every seventh source on
 * SCC_7), through the routing's own
     * decisions: the walk ends at the destination, takes lat(π_d⁻¹·π_s) lateral links, its escape channels rise, and for the
     * adaptive routing every walk has the BFS distance's length and every node on it offers a next hop.
     */
    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7})
    void everyWalkEndsWithItsLateralLinksAndRisingEscapeChannels(int n) {
        Scc t = Scc.of(n);
        List<Integer> destinations = destinations(t);
        for (String key : List.of("adaptive", "near-minimal", "greedy", "random")) {
            RingTrafficRouting routing = (RingTrafficRouting) Routings.traffic(t, key, RingTrafficRouting.escapeChannels(3 * (n - 1) / 2) + 1);
            for (int d : destinations) {
                int[] bfs = Bfs.distances(t, d);
                for (int s = 0; s < t.nodeCount(); s += n == 7 ? 7 : 1) { // SCC_7: every seventh source, each ring position alike
                    if (s != d) {
                        walks(Net.scc(t), routing, s, d, bfs);
                    }
                }
            }
        }
    }

    /**
     * One virtual channel too few: without the top class's dateline channel (its walks after the dateline on the lower one), the
     * escape channels' dependency graph of greedy routing on SCC_5, every pair's route, has a cycle; with it, none. A cycle of a
     * deterministic routing's dependencies can be filled by worms that each hold one channel of it and wait for the next: a knot.
     */
    @Test
    void withOneVirtualChannelFewerTheDependenciesCloseACycle() {
        Scc t = Scc.of(5);
        int e = RingTrafficRouting.escapeChannels(6);
        RingTrafficRouting routing = (RingTrafficRouting) Routings.traffic(t, "greedy", e);
        Map<Long, Set<Long>> scheme = new HashMap<>();
        Map<Long, Set<Long>> fewer = new HashMap<>();
        IntUnaryOperator merged = vc -> vc == e - 1 ? e - 2 : vc;
        for (int d = 0; d < t.nodeCount(); d++) {
            int[] bfs = Bfs.distances(t, d);
            for (int s = 0; s < t.nodeCount(); s++) {
                if (s != d) {
                    for (long[] dep : walks(Net.scc(t), routing, s, d, bfs)) {
                        scheme.computeIfAbsent(dep[0], k -> new HashSet<>()).add(dep[1]);
                        fewer.computeIfAbsent(remap(dep[0], merged), k -> new HashSet<>()).add(remap(dep[1], merged));
                    }
                }
            }
        }
        assertFalse(hasCycle(scheme), "the scheme's dependencies have a cycle");
        assertTrue(hasCycle(fewer), "with one virtual channel fewer the dependencies still have no cycle");
    }

    /**
     * Destinations checked on SCC_n: all of them up to SCC_4; else one in an even and one in an odd supernode, and more
     * drawn with a fixed seed on SCC_5 and SCC_6 (30 and 2; SCC_n is vertex-transitive: every destination is like every other up to the
     * parity of its permutation, which the classes depend on).
     */
    private static List<Integer> destinations(Scc t) {
        List<Integer> all = new ArrayList<>();
        if (t.n() <= 4) {
            for (int d = 0; d < t.nodeCount(); d++) {
                all.add(d);
            }
            return all;
        }
        all.add(t.id(0, 2)); // ⟨2, 12…n⟩: an even permutation
        all.add(t.id(1, 3)); // ⟨3, 12…n(n−1)⟩: an odd one
        SplittableRandom random = new SplittableRandom(t.n());
        int draws = t.n() == 5 ? 30 : t.n() == 6 ? 2 : 0;
        for (int k = 0; k < draws; k++) {
            all.add(random.nextInt(t.nodeCount()));
        }
        return all;
    }

    /**
     * Follows every walk from {@code s} to {@code d} the routing may take (each escape choice; the adaptive routing's every port) and
     * checks each as the class comment says; returns the escape-channel dependencies met (channel keys, as {from, to}).
     */
    /** A network of rings and lateral links as the test sees it: its lateral links per pair and its order of escape channels. */
    record Net(icn.protocols.Topology t, java.util.function.IntBinaryOperator laterals, java.util.function.LongFunction<int[]> order) {
        static Net scc(Scc t) {
            return new Net(t, (s, d) -> lateralLinks(t, s, d), channel -> RingTrafficRoutingTest.order(t, channel));
        }

        /** CCC_n: the Hamming distance; positions 0..n−1, the dateline between n−1 and 0, the parity of the cube vertex's bits. */
        static Net ccc(CubeConnectedCycles t) {
            int n = t.n();
            return new Net(t, (s, d) -> Integer.bitCount(t.cubeVertex(s) ^ t.cubeVertex(d)), channel -> {
                int vc = (int) (channel % 32);
                int port = (int) (channel / 32 % 3);
                int node = (int) (channel / 96);
                boolean odd = (Integer.bitCount(t.cubeVertex(node)) & 1) == 1;
                int position = t.position(node);
                if (port == LATERAL) {
                    return new int[] {vc, odd ? 3 : 1, 0, 0, 0};
                }
                int b = vc % 2;
                int along = port == RIGHT ? (b == 1 && position == n - 1 ? -1 : position) : (b == 1 && position == 0 ? -1 : n - position);
                return new int[] {vc / 2, odd ? 2 : 0, b, port == RIGHT ? 0 : 1, along};
            });
        }
    }

    /** Every walk of CCC_3..CCC_6's adaptive routing (all pairs up to CCC_4, 8 destinations after), as for SCC_n. */
    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6})
    void everyWalkOnCubeConnectedCyclesIsMinimalWithRisingEscapeChannels(int n) {
        CubeConnectedCycles t = CubeConnectedCycles.of(n);
        RingTrafficRouting routing = (RingTrafficRouting) Routings.traffic(t, "adaptive", RingTrafficRouting.escapeChannels(n) + 1);
        assertEquals(List.of("adaptive", "updown", "hop-class"), Routings.trafficKeys(t));
        int destinations = n <= 4 ? t.nodeCount() : 8;
        for (int k = 0; k < destinations; k++) {
            int d = n <= 4 ? k : k * 37 % t.nodeCount();
            int[] bfs = Bfs.distances(t, d);
            for (int s = 0; s < t.nodeCount(); s++) {
                if (s != d) {
                    walks(Net.ccc(t), routing, s, d, bfs);
                }
            }
        }
    }

    private static List<long[]> walks(Net net, RingTrafficRouting routing, int s, int d, int[] bfs) {
        icn.protocols.Topology t = net.t();
        boolean adaptive = routing.key().equals("adaptive");
        int laterals = net.laterals().applyAsInt(s, d);
        List<long[]> dependencies = new ArrayList<>();
        record State(int node, MessageHeader header, long came, int laterals) {
        }
        ArrayDeque<State> todo = new ArrayDeque<>();
        todo.add(new State(s, routing.start(MessageHeader.id(s, 7), s, d, 1), -1, 0));
        Set<String> seen = new HashSet<>();
        TrafficRouting.Choices choices = new TrafficRouting.Choices();
        while (!todo.isEmpty()) {
            State at = todo.poll();
            if (at.node() == d) {
                assertEquals(laterals, at.laterals(), () -> routing.key() + " " + t.label(s) + " to " + t.label(d) + ": lateral links");
                if (adaptive) {
                    assertEquals(bfs[s], at.header().hops(), () -> t.label(s) + " to " + t.label(d) + ": adaptive walk's length");
                }
                continue;
            }
            assertTrue(at.header().hops() <= 4 * bfs[s] + 8, () -> routing.key() + " walks on from " + t.label(s) + " to " + t.label(d));
            choices.clear();
            routing.choices(at.node(), at.header(), choices);
            int escapes = 0;
            for (int i = 0; i < choices.size(); i++) {
                if (choices.tier(i) != 1) {
                    continue;
                }
                escapes++;
                int port = choices.port(i);
                if (adaptive) {
                    assertEquals(bfs[at.node()] - 1, bfs[t.neighbour(at.node(), port)], "adaptive hops are minimal");
                }
                for (int bits = choices.mask(i); bits != 0; bits &= bits - 1) {
                    int vc = Integer.numberOfTrailingZeros(bits);
                    long channel = channel(at.node(), port, vc);
                    if (at.came() >= 0) {
                        assertTrue(Arrays.compare(net.order().apply(at.came()), net.order().apply(channel)) < 0, () -> routing.key() + ": from "
                                + t.label(s) + " to " + t.label(d) + " at " + t.label(at.node()) + ", escape channel " + port + "/" + vc
                                + " is not above the one it came by");
                        dependencies.add(new long[] {at.came(), channel});
                    }
                    MessageHeader next = routing.advance(at.node(), at.header(), port, vc, at.header().hops() + 2);
                    State state = new State(t.neighbour(at.node(), port), next, channel, at.laterals() + (port == LATERAL ? 1 : 0));
                    if (seen.add(state.node() + "|" + next.target() + "|" + next.state() + "|" + channel)) {
                        todo.add(state);
                    }
                }
            }
            assertTrue(escapes > 0, () -> routing.key() + ": no escape channel at " + t.label(at.node()) + " to " + t.label(d));
            assertTrue(adaptive || escapes == 1, () -> routing.key() + " is oblivious: one port");
        }
        return dependencies;
    }

    /** lat(π_d⁻¹·π_s), 000 Eq. 4, by a count of the star graph's BFS from the identity, not by its closed form. */
    private static int lateralLinks(Scc t, int s, int d) {
        byte[] q = new byte[t.n()];
        Permutations.relative(Permutations.unrank(t.supernode(s), t.n()), Permutations.unrank(t.supernode(d), t.n()), q);
        return STAR_BFS.computeIfAbsent(t.n(), n -> Bfs.distances(icn.protocols.topology.Star.of(n), 0))[Permutations.rank(q)];
    }

    private static final Map<Integer, int[]> STAR_BFS = new HashMap<>();

    private static long channel(int node, int port, int vc) {
        return ((long) node * 3 + port) * 32 + vc;
    }

    private static long remap(long channel, IntUnaryOperator vc) {
        return channel / 32 * 32 + vc.applyAsInt((int) (channel % 32));
    }

    /**
     * The order of the argument, written out independently of the routing: (c; even rings' local channels 0, positive lateral links 1,
     * odd rings' local channels 2, negative lateral links 3; b; direction; the position along the direction, the dateline link first
     * after it).
     */
    private static int[] order(Scc t, long channel) {
        int vc = (int) (channel % 32);
        int port = (int) (channel / 32 % 3);
        int node = (int) (channel / 96);
        int n = t.n();
        boolean odd = Permutations.isOdd(Permutations.unrank(t.supernode(node), n));
        int position = t.position(node);
        if (port == LATERAL) {
            return new int[] {vc, odd ? 3 : 1, 0, 0, 0};
        }
        int b = vc % 2;
        int along;
        if (port == RIGHT) {
            along = b == 1 && position == n ? 0 : position;
        } else {
            along = b == 1 && position == 2 ? 0 : n + 1 - position;
        }
        return new int[] {vc / 2, odd ? 2 : 0, b, port == RIGHT ? 0 : 1, along};
    }

    private static boolean hasCycle(Map<Long, Set<Long>> graph) {
        Map<Long, Integer> colour = new HashMap<>();
        for (Long root : graph.keySet()) {
            if (colour.containsKey(root)) {
                continue;
            }
            ArrayDeque<long[]> stack = new ArrayDeque<>(); // {vertex, index of the next successor}
            stack.push(new long[] {root, 0});
            colour.put(root, 1);
            List<List<Long>> successors = new ArrayList<>();
            successors.add(new ArrayList<>(graph.getOrDefault(root, Set.of())));
            while (!stack.isEmpty()) {
                long[] top = stack.peek();
                List<Long> next = successors.get(successors.size() - 1);
                if (top[1] < next.size()) {
                    long w = next.get((int) top[1]++);
                    Integer c = colour.get(w);
                    if (c != null && c == 1) {
                        return true;
                    }
                    if (c == null) {
                        colour.put(w, 1);
                        stack.push(new long[] {w, 0});
                        successors.add(new ArrayList<>(graph.getOrDefault(w, Set.of())));
                    }
                } else {
                    colour.put(top[0], 2);
                    stack.pop();
                    successors.remove(successors.size() - 1);
                }
            }
        }
        return false;
    }
}
