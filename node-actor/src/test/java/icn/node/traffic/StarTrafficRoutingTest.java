package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.kind.Routings;
import icn.protocols.Bfs;
import icn.protocols.InvalidInputException;
import icn.protocols.Permutations;
import icn.protocols.topology.Star;
import icn.protocols.traffic.MessageHeader;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The star graph's adaptive routing from labels (issue 32), against the order of its argument, written out here. */
class StarTrafficRoutingTest {

    @Test
    void virtualChannelsAsAFunctionOfNAndTheRefusals() {
        int[] least = {4, 4, 5, 6, 7, 7, 8}; // n = 3..9: the diameter 3, 4, 6, 7, 9, 10, 12; ⌈D/2⌉ + 2
        for (int n = 3; n <= 9; n++) {
            assertEquals(least[n - 3], StarTrafficRouting.escapeChannels(n) + 1, "n = " + n);
        }
        Star t = Star.of(8);
        InvalidInputException few = assertThrows(InvalidInputException.class, () -> Routings.traffic(t, "adaptive", 6));
        assertTrue(few.getMessage().startsWith("adaptive routing on star:8 needs V >= 7"), few.getMessage());
        InvalidInputException updown = assertThrows(InvalidInputException.class, () -> Routings.traffic(t, "updown", 4));
        assertTrue(updown.getMessage().contains("star:8 has 40,320 nodes, over the 8,192 it takes"), updown.getMessage());
        assertEquals(List.of("adaptive", "updown", "hop-class"), Routings.trafficKeys(t));
    }

    /**
     * Every walk (every adaptive choice) from every source to every destination of star:4 and star:5, and to 30 destinations of
     * star:6: minimal, and each escape channel above the one before in (negative hops taken, hops from even permutations first).
     */
    @ParameterizedTest
    @ValueSource(ints = {4, 5, 6})
    void everyWalkIsMinimalAndItsEscapeChannelsRise(int n) {
        Star t = Star.of(n);
        TrafficRouting routing = Routings.traffic(t, "adaptive", StarTrafficRouting.escapeChannels(n) + 1);
        int destinations = n <= 5 ? t.nodeCount() : 30;
        for (int k = 0; k < destinations; k++) {
            int d = n <= 5 ? k : k * 23;
            int[] bfs = Bfs.distances(t, d);
            for (int s = 0; s < t.nodeCount(); s++) {
                if (s != d) {
                    walks(t, routing, s, d, bfs);
                }
            }
        }
    }

    private static void walks(Star t, TrafficRouting routing, int s, int d, int[] bfs) {
        record State(int node, MessageHeader header, int[] came) {
        }
        ArrayDeque<State> todo = new ArrayDeque<>();
        todo.add(new State(s, routing.start(MessageHeader.id(s, 1), s, d, 1), null));
        Set<String> seen = new HashSet<>();
        TrafficRouting.Choices choices = new TrafficRouting.Choices();
        while (!todo.isEmpty()) {
            State at = todo.poll();
            if (at.node() == d) {
                assertEquals(bfs[s], at.header().hops(), "a minimal walk");
                continue;
            }
            choices.clear();
            routing.choices(at.node(), at.header(), choices);
            int escapes = 0;
            for (int i = 0; i < choices.size(); i++) {
                int y = t.neighbour(at.node(), choices.port(i));
                assertEquals(bfs[at.node()] - 1, bfs[y], "one hop nearer");
                if (choices.tier(i) != 1) {
                    continue;
                }
                escapes++;
                int vc = Integer.numberOfTrailingZeros(choices.mask(i));
                assertTrue(vc < StarTrafficRouting.escapeChannels(t.n()), "the class bound: escape channel " + vc);
                int[] order = {vc, Permutations.isOdd(t.permutation(at.node())) ? 1 : 0};
                if (at.came() != null) {
                    assertTrue(java.util.Arrays.compare(at.came(), order) < 0, () -> "from " + t.label(s) + " to " + t.label(d) + " at "
                            + t.label(at.node()) + ": escape channel " + vc + " not above the one before");
                }
                MessageHeader next = routing.advance(at.node(), at.header(), choices.port(i), vc, at.header().hops() + 2);
                if (seen.add(y + "|" + next.state() + "|" + order[0] + "," + order[1])) {
                    todo.add(new State(y, next, order));
                }
            }
            assertTrue(escapes > 0, "an escape channel at every node");
        }
    }
}
