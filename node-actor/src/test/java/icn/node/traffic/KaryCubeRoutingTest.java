package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.kind.Routings;
import icn.protocols.Bfs;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import icn.protocols.topology.KaryCube;
import icn.protocols.topology.Topologies;
import icn.protocols.traffic.MessageHeader;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The incomplete n:k cubes' routings from labels (issue 32): every walk of {@code adaptive} (every choice) and of {@code one-to-one}
 * between every pair is minimal (a BFS's length), stays on nodes, and its escape channels rise in the order of the argument,
 * written out here: links that lower their symbol by increasing position, then links that raise it by decreasing position.
 */
class KaryCubeRoutingTest {

    @Test
    void theIncompleteCubesHaveRoutingsFromLabelsAndDimensionOrderIsRefused() {
        Topology t = Topologies.parse("icube:4,3,2");
        assertEquals(List.of("adaptive", "one-to-one", "updown", "hop-class"), Routings.trafficKeys(t));
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Routings.traffic(t, "dimension-order", 2));
        assertTrue(e.getMessage().startsWith("unknown routing 'dimension-order' for traffic on icube:4,3,2"), e.getMessage());
        assertThrows(InvalidInputException.class, () -> Routings.traffic(t, "adaptive", 1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"icube:4,3,2", "icube:3,4,3", "icube:5,3,2", "icube:4,4,2", "kcube:3,3"})
    void everyWalkIsMinimalAndItsEscapeChannelsRise(String name) {
        KaryCube t = (KaryCube) Topologies.parse(name);
        for (String key : List.of("adaptive", "one-to-one")) {
            if (key.equals("one-to-one") && t.isComplete()) {
                continue; // the complete cube's deterministic routing is dimension order
            }
            TrafficRouting routing = Routings.traffic(t, key, 2);
            for (int d = 0; d < t.nodeCount(); d++) {
                int[] bfs = Bfs.distances(t, d);
                for (int s = 0; s < t.nodeCount(); s++) {
                    if (s != d) {
                        walks(t, routing, s, d, bfs);
                    }
                }
            }
        }
    }

    private static void walks(KaryCube t, TrafficRouting routing, int s, int d, int[] bfs) {
        record State(int node, MessageHeader header, int[] came) {
        }
        ArrayDeque<State> todo = new ArrayDeque<>();
        todo.add(new State(s, routing.start(MessageHeader.id(s, 1), s, d, 1), null));
        Set<String> seen = new HashSet<>();
        TrafficRouting.Choices choices = new TrafficRouting.Choices();
        while (!todo.isEmpty()) {
            State at = todo.poll();
            if (at.node() == d) {
                assertEquals(bfs[s], at.header().hops(), () -> routing.key() + ": a minimal walk from " + t.label(s) + " to " + t.label(d));
                continue;
            }
            choices.clear();
            routing.choices(at.node(), at.header(), choices);
            assertTrue(choices.size() > 0);
            int escapeTier = choices.tier(choices.size() - 1);
            for (int i = 0; i < choices.size(); i++) {
                int port = choices.port(i);
                int y = t.neighbour(at.node(), port);
                assertTrue(y != Topology.NONE, "a link to a node");
                assertEquals(bfs[at.node()] - 1, bfs[y], "one hop nearer");
                int[] order = null;
                if (choices.tier(i) == escapeTier) {
                    order = order(t, at.node(), y);
                    int[] before = at.came();
                    if (before != null) {
                        assertTrue(Arrays.compare(before, order) < 0, () -> routing.key() + ": escape channels fall from " + t.label(s)
                                + " to " + t.label(d) + " at " + t.label(at.node()));
                    }
                }
                MessageHeader next = routing.advance(at.node(), at.header(), port, 0, at.header().hops() + 2);
                int[] came = order != null ? order : at.came();
                if (seen.add(y + "|" + Arrays.toString(came))) {
                    todo.add(new State(y, next, came));
                }
            }
        }
    }

    /**
     * The escape order of the link from x to y: on an incomplete cube (0, position) if it lowers the symbol, (1, n − position) if it
     * raises it; on the complete cube, whose escape is dimension order, the position.
     */
    private static int[] order(KaryCube t, int x, int y) {
        int[] a = t.digits(x);
        int[] b = t.digits(y);
        for (int j = 0; j < a.length; j++) {
            if (a[j] != b[j]) {
                if (t.isComplete()) {
                    return new int[] {0, j}; // the complete cube's escape is dimension order
                }
                return b[j] < a[j] ? new int[] {0, j} : new int[] {1, a.length - j};
            }
        }
        throw new AssertionError("no position differs");
    }
}
