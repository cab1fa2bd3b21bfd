package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.kind.Routings;
import icn.protocols.Bfs;
import icn.protocols.LinkClass;
import icn.protocols.Topology;
import icn.protocols.topology.Dragonfly;
import icn.protocols.topology.FatTree;
import icn.protocols.topology.Mesh;
import icn.protocols.topology.Topologies;
import icn.protocols.traffic.MessageHeader;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every walk (every choice a routing offers, at every router) from every terminal to every other of issue 39's networks: it
 * arrives, it is as long as the route's definition says (BFS on meshes and fat-trees; Kim et al.'s local-global-local on a
 * dragonfly, through the intermediate group for Valiant), and the channels it takes rise in the order that makes the routing
 * deadlock-free (docs/design.md): for dimension order, (dimension, direction, position along the line); for a fat-tree, up links by
 * rising level and then down links by falling level; for a dragonfly, (virtual-channel class, terminal link before local before
 * global). For the mesh's adaptive routing, the escape channels alone take dimension order and one is offered at every router.
 */
class BuiltNetworksWalkTest {

    @ParameterizedTest(name = "{0} {1} V={2}")
    @CsvSource(delimiter = '|', value = {"mesh:4,3 | dimension-order | 1", "mesh:5,2 | dimension-order | 3", "mesh:4,3 | adaptive | 2", "mesh:3,3 | adaptive | 4", "fattree:2,4 | nca | 1", "fattree:3,3 | nca-random | 2", "fattree:4,2 | nca | 2", "dragonfly:1,2,1 | minimal | 2", "dragonfly:2,4,2 | minimal | 2", "dragonfly:1,3,2 | minimal | 4", "dragonfly:2,4,2 | valiant | 3", "dragonfly:1,3,2 | valiant | 5", "dragonfly:2,4,2 | ugal | 3", "dragonfly:1,3,2 | ugal | 4"})
    void everyWalkArrivesAsLongAsItsRouteAndRisesInTheDeadlockOrder(String network, String key, int vcs) {
        Topology t = Topologies.parse(network);
        TrafficRouting routing = Routings.traffic(t, key, vcs);
        int walks = 0;
        for (int d = 0; d < t.nodeCount(); d++) {
            if (!t.terminal(d)) {
                continue;
            }
            int[] bfs = Bfs.distancesTo(t, d);
            for (int s = 0; s < t.nodeCount(); s++) {
                if (s != d && t.terminal(s)) {
                    walks += walk(t, routing, vcs, s, d, bfs, 0) + (routing.decides() ? walk(t, routing, vcs, s, d, bfs, 1) : 0);
                }
            }
        }
        assertTrue(walks > t.terminalCount(), "walked " + walks);
    }

    /** Walks every choice from s to d; {@code load} 0: every port empty (UGAL goes minimally), 1: the minimal port loaded. */
    private static int walk(Topology t, TrafficRouting routing, int vcs, int s, int d, int[] bfs, int load) {
        record State(int node, MessageHeader header, int[] rank) {
        }
        ArrayDeque<State> todo = new ArrayDeque<>();
        MessageHeader start = routing.start(MessageHeader.id(s, 7), s, d, 1_000 + s);
        todo.add(new State(s, start, null));
        Set<String> seen = new HashSet<>();
        TrafficRouting.Choices choices = new TrafficRouting.Choices();
        int arrived = 0;
        while (!todo.isEmpty()) {
            State at = todo.poll();
            if (at.node() == d) {
                assertEquals(length(t, routing, s, d, bfs, at.header()), at.header().hops(), t.label(s) + " to " + t.label(d));
                arrived++;
                continue;
            }
            assertTrue(at.header().hops() <= 2 * t.nodeCount(), "a walk that never ends");
            MessageHeader h = at.header();
            if (routing.decides()) {
                int minimalPort = firstPort(t, routing, at.node(), h);
                h = routing.decide(at.node(), h, p -> load == 1 && p == minimalPort ? 100 : 0);
            }
            choices.clear();
            routing.choices(at.node(), h, choices);
            assertTrue(choices.size() > 0, "a choice at " + t.label(at.node()));
            boolean escape = routing.key().equals("adaptive") && t instanceof Mesh;
            boolean escapeOffered = false;
            for (int i = 0; i < choices.size(); i++) {
                int port = choices.port(i);
                int y = t.neighbour(at.node(), port);
                assertTrue(y != Topology.NONE, "a port that leads somewhere");
                for (int vc = 0; vc < vcs; vc++) {
                    if ((choices.mask(i) & 1 << vc) == 0 || escape && choices.tier(i) == 0 && vc > 0 && vc < vcs - 1) {
                        continue; // adaptive channels are alike: the first and last suffice
                    }
                    int[] rank = rank(t, routing, at.node(), port, vc, vcs);
                    boolean ordered = !escape || choices.tier(i) == 1;
                    escapeOffered |= escape && choices.tier(i) == 1 && vc == 0;
                    if (ordered && at.rank() != null && Arrays.compare(at.rank(), rank) >= 0) {
                        throw new AssertionError(routing.key() + " on " + t.name() + " from " + t.label(s) + " to " + t.label(d) + " at "
                                + t.label(at.node()) + ": channel " + Arrays.toString(rank) + " after " + Arrays.toString(at.rank()));
                    }
                    MessageHeader next = routing.advance(at.node(), h, port, vc, h.hops() + 2);
                    if (seen.add(y + "|" + next.state() + "|" + next.target() + "|" + Arrays.toString(ordered ? rank : at.rank()))) {
                        todo.add(new State(y, next, ordered ? rank : at.rank()));
                    }
                }
            }
            assertTrue(!escape || escapeOffered, "an escape channel at " + t.label(at.node()));
        }
        assertTrue(arrived > 0, "arrives");
        return arrived;
    }

    private static int firstPort(Topology t, TrafficRouting routing, int node, MessageHeader h) {
        MessageHeader minimal = new MessageHeader(h.id(), h.source(), h.destination(), h.generated(), h.injected(), h.hops(), 0, h.state() | icn.node.kind.DragonflyPrograms.Routing.DECIDED,
                h.flits(), h.trafficClass());
        TrafficRouting.Choices c = new TrafficRouting.Choices();
        routing.choices(node, minimal, c);
        return c.port(0);
    }

    /** The route's length by its definition. */
    private static int length(Topology t, TrafficRouting routing, int s, int d, int[] bfs, MessageHeader arrived) {
        if (t instanceof Dragonfly df) {
            return DragonflyWalks.route(df, s, d, arrived.target() - 1);
        }
        return bfs[s];
    }

    /** The rank of a channel in the order that makes the routing deadlock-free. */
    private static int[] rank(Topology t, TrafficRouting routing, int node, int port, int vc, int vcs) {
        if (t instanceof Mesh m) {
            int dim = port / 2;
            boolean up = port % 2 == 0;
            int x = m.digit(node, dim);
            return new int[] {dim, up ? 0 : 1, up ? x : m.k() - 1 - x};
        }
        if (t instanceof FatTree f) {
            int level = f.level(node);
            return port >= f.k() ? new int[] {0, level} : new int[] {1, f.levels() - level};
        }
        Dragonfly df = (Dragonfly) t;
        int classes = routing.key().equals("minimal") ? 2 : 3;
        int cls = 0;
        while ((cls + 1) * vcs / classes <= vc) {
            cls++;
        }
        if (!df.terminal(node) && t.linkClass(port) == LinkClass.TERMINAL) {
            return new int[] {classes, 0}; // the last link, to the destination terminal, which always drains it
        }
        int type = df.terminal(node) ? 0 : t.linkClass(port) == LinkClass.LOCAL ? 1 : 2;
        return new int[] {cls, type};
    }
}
