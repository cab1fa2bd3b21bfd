package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.Topology;
import icn.protocols.traffic.MessageDelivered;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Traffic beyond the 8,192 nodes of a table per pair (issue 32): each network's routing from labels takes the network, and a short
 * run at a low rate delivers every message, each over its own BFS distance (the adaptive routings and hop-class are minimal),
 * the distance computed here by a BFS from the destination.
 */
class LargeNetworksTrafficTest {

    @ParameterizedTest(name = "{0} {1} V={2}")
    @CsvSource({"scc:7, adaptive, 13", "star:8, adaptive, 7", "cr:10, hop-class, 11", "ccc:10, adaptive, 13", "'icube:10,3,2', adaptive, 2"})
    void aRoutingFromLabelsCarriesTrafficOnANetworkOverEightThousandNodes(String topology, String routing, int vcs) {
        TrafficRuns.Case c = new TrafficRuns.Case(topology, routing, vcs);
        Topology t = c.network();
        assertTrue(t.nodeCount() > 8192, t.name());
        double rate = 150.0 / (300.0 * t.nodeCount()); // about 150 messages in 300 cycles over the whole network
        TrafficRuns.Observed run = TrafficRuns.sequential(t, TrafficRuns.spec(c, 8, rate, 300, 800, 5));
        assertTrue(run.delivered().size() > 60, c + ": " + run.delivered().size() + " delivered");
        assertTrue(run.lost().isEmpty(), c + ": lost " + run.lost());
        Map<Integer, int[]> bfs = new HashMap<>();
        for (MessageDelivered d : run.delivered()) {
            int[] toDestination = bfs.computeIfAbsent(d.destination(), x -> Bfs.distancesTo(t, x));
            assertEquals(toDestination[d.source()], d.hops(), c + ": " + d);
        }
    }
}
