package icn.node.routing.cube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import icn.protocols.Bfs;
import icn.protocols.Topology;
import icn.protocols.topology.KaryCube;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** 004 §6.1 ONE-TO-ONE ROUTING: a walk of the graph of H(S, D) hops, checked against the label strings and BFS for all pairs. */
class OneToOneRoutingTest {

    static List<KaryCube> cubes() {
        return List.of(KaryCube.complete(3, 4), KaryCube.complete(4, 3), KaryCube.complete(5, 2), KaryCube.incomplete(5, 3, 2),
                KaryCube.incomplete(4, 4, 3), KaryCube.incomplete(5, 2, 2), KaryCube.incomplete(6, 2, 3), KaryCube.incomplete(4, 5, 2),
                KaryCube.incomplete(5, 3, 1));
    }

    static int hamming(String a, String b) {
        int h = 0;
        for (int j = 0; j < a.length(); j++) {
            if (a.charAt(j) != b.charAt(j)) {
                h++;
            }
        }
        return h;
    }

    /** The node ids the ports visit from {@code source}, source first; fails on a port that leads nowhere. */
    static int[] walk(Topology t, int source, int[] ports) {
        int[] nodes = new int[ports.length + 1];
        nodes[0] = source;
        for (int h = 0; h < ports.length; h++) {
            nodes[h + 1] = t.neighbour(nodes[h], ports[h]);
            assertNotEquals(Topology.NONE, nodes[h + 1], t.name() + ": hop " + h + " leads nowhere");
        }
        return nodes;
    }

    @Test
    void routesAreWalksOfHammingLengthForAllPairs() {
        for (KaryCube t : cubes()) {
            OneToOneRouting router = new OneToOneRouting(t);
            assertEquals("one-to-one", router.key());
            for (int s = 0; s < t.nodeCount(); s++) {
                int[] bfs = Bfs.distances(t, s);
                String from = t.label(s);
                for (int d = 0; d < t.nodeCount(); d++) {
                    int[] ports = router.ports(s, d);
                    int[] nodes = walk(t, s, ports);
                    String what = t.name() + " " + from + " → " + t.label(d);
                    assertEquals(d, nodes[nodes.length - 1], what + " ends at the destination");
                    assertEquals(hamming(from, t.label(d)), ports.length, what + ": H(S, D) hops");
                    assertEquals(bfs[d], ports.length, what + ": a shortest path");
                }
            }
        }
    }

    @Test
    void workedExampleOf004() {
        // 004 §6.1: A = 333, S = 313302, D = 332310
        KaryCube t = KaryCube.incomplete(6, 4, 3);
        int s = t.parseLabel("313302");
        int[] nodes = walk(t, s, new OneToOneRouting(t).ports(s, t.parseLabel("332310")));
        List<String> labels = new ArrayList<>();
        for (int v : nodes) {
            labels.add(t.label(v));
        }
        assertEquals(List.of("313302", "312302", "312300", "312310", "332310"), labels);
    }
}
