package icn.node.kind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.routing.Router;
import icn.node.traffic.TrafficRouting;
import icn.protocols.InvalidInputException;
import icn.protocols.NetworkKind;
import icn.protocols.Topology;
import icn.protocols.topology.Topologies;
import icn.protocols.traffic.MessageHeader;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The routing registry's keys are unambiguous (issue 39): on every kind of network, a key that both {@code icn route} and {@code icn
 * traffic} offer names one algorithm. A packet's route and a worm's walk must then agree: from every source to every destination,
 * every port of the route is one the worm's routing offers at that router, the worm advanced along the same ports. A routing that
 * draws its route ({@code random}, 000 Algorithm 1) draws from the packet's seed in one and from the message in the other, so for it
 * the worm's own walk must arrive and be as long as one of the routes the packet's form draws over 4,096 seeds.
 */
class RoutingKeysTest {

    private static final int VCS = 16;

    static Stream<String> networks() {
        List<String> list = new ArrayList<>();
        for (NetworkKind k : NetworkKind.namedKinds()) {
            list.add(k.example());
        }
        list.addAll(List.of("scc:5", "rnh:3,3", "icube:5,3,2", "torus:5,2", "mesh:4,3"));
        return list.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("networks")
    void aKeyBothCommandsOfferIsOneAlgorithm(String network) {
        Topology t = Topologies.parse(network);
        List<String> shared = Routings.routeKeys(t).stream().filter(Routings.trafficKeys(t)::contains).toList();
        assertFalse(Routings.routeKeys(t).contains(Routings.OLD_DFS_KEY), "icn route offers 'adaptive' on " + network);
        assertFalse(Routings.trafficKeys(t).contains("dfs"), "icn traffic offers 'dfs' on " + network);
        for (String key : shared) {
            Router router = Routings.router(t, key);
            TrafficRouting worm = Routings.traffic(t, key, VCS);
            int checked = 0;
            for (int s = 0; s < t.nodeCount(); s++) {
                for (int d = 0; d < t.nodeCount(); d++) {
                    if (s != d && (s + d) % Math.max(1, t.nodeCount() / 40) == 0) {
                        walk(t, router, worm, s, d);
                        checked++;
                    }
                }
            }
            assertTrue(checked > 0, key + " on " + network);
        }
    }

    /** The worm follows the route's ports; each must be among the ports its routing offers there. */
    private static void walk(Topology t, Router router, TrafficRouting worm, int s, int d) {
        if (router.key().equals("random")) {
            drawnWalk(t, router, worm, s, d);
            return;
        }
        int[] ports = router.ports(s, d, 11L * s + d);
        MessageHeader h = worm.start(MessageHeader.id(s, 3), s, d, 100);
        TrafficRouting.Choices choices = new TrafficRouting.Choices();
        int node = s;
        for (int i = 0; i < ports.length; i++) {
            int port = ports[i];
            choices.clear();
            worm.choices(node, h, choices);
            int vc = -1;
            for (int c = 0; c < choices.size(); c++) {
                if (choices.port(c) == port) {
                    vc = Integer.numberOfTrailingZeros(choices.mask(c));
                }
            }
            String where = router.key() + " " + t.label(s) + " to " + t.label(d) + ", hop " + i + " at " + t.label(node);
            assertTrue(vc >= 0, () -> where + ": the route takes port " + port + ", the worm's routing offers " + offered(choices));
            h = worm.advance(node, h, port, vc, i + 1);
            node = t.neighbour(node, port);
        }
        assertEquals(d, node, "the route arrives");
    }

    /** The worm takes its own draws (the first port offered, at each router); the packet's form can draw a route as long. */
    private static void drawnWalk(Topology t, Router router, TrafficRouting worm, int s, int d) {
        MessageHeader h = worm.start(MessageHeader.id(s, 3), s, d, 100);
        TrafficRouting.Choices choices = new TrafficRouting.Choices();
        int node = s;
        int hops = 0;
        while (node != d) {
            assertTrue(hops <= t.nodeCount(), "a walk that never ends");
            choices.clear();
            worm.choices(node, h, choices);
            int port = choices.port(0);
            h = worm.advance(node, h, port, Integer.numberOfTrailingZeros(choices.mask(0)), ++hops);
            node = t.neighbour(node, port);
        }
        int walked = hops;
        java.util.Set<Integer> lengths = new java.util.TreeSet<>();
        for (long seed = 0; seed < 4096 && !lengths.contains(walked); seed++) {
            lengths.add(router.ports(s, d, seed).length);
        }
        assertTrue(lengths.contains(walked), () -> "random " + t.label(s) + " to " + t.label(d) + ": the worm took " + walked
                + " links, the packet's routes " + lengths);
    }

    private static List<Integer> offered(TrafficRouting.Choices choices) {
        List<Integer> ports = new ArrayList<>();
        for (int c = 0; c < choices.size(); c++) {
            ports.add(choices.port(c));
        }
        return ports;
    }

    @Test
    void eachCommandRefusesTheOthersKeyInOneLineNamingTheRightOne() {
        Topology torus = Topologies.parse("torus:4,2");
        InvalidInputException old = assertThrows(InvalidInputException.class, () -> Routings.router(torus, "adaptive"));
        assertTrue(old.getMessage().contains("now 'dfs'") && old.getMessage().contains("icn traffic"), old.getMessage());
        InvalidInputException dfs = assertThrows(InvalidInputException.class, () -> Routings.traffic(torus, "dfs", 4));
        assertTrue(dfs.getMessage().contains("icn route's depth-first search") && dfs.getMessage().contains("dimension-order"),
                dfs.getMessage());
        assertFalse(old.getMessage().contains("\n") || dfs.getMessage().contains("\n"));
        assertEquals("dfs", Routings.router(torus, "dfs").key());
    }
}
