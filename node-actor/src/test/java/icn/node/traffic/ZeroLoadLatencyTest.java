package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.routing.RoutingAlgorithm;
import icn.node.routing.SccRouting;
import icn.protocols.Bfs;
import icn.protocols.Topology;
import icn.protocols.topology.Scc;
import icn.protocols.traffic.MessageDelivered;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Zero-load latency (issue 13): a message of M flits that meets no other message is delivered M − 1 + D cycles after it was
 * generated, D its source's BFS distance to its destination, computed here: one cycle per link for the head (the router decides and
 * moves a head in the step it is in the buffer, a pipeline of one cycle per hop, nothing added), then the body one flit per cycle.
 * Every routing but 000 §6's greedy, near-minimal and random on SCC_n routes minimally at zero load, so its walks have D links too;
 * those take their own route's links.
 */
class ZeroLoadLatencyTest {

    static List<TrafficRuns.Case> cases() {
        return TrafficRuns.everyRouting();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aLoneMessageTakesMMinusOnePlusItsDistance(TrafficRuns.Case c) {
        Topology t = c.network();
        int flits = 6;
        // about one message in flight per 300 cycles over the whole network: most never meet another
        double rate = 1.0 / (300.0 * t.terminalCount());
        TrafficRuns.Observed run = TrafficRuns.sequential(t, TrafficRuns.spec(c, flits, rate, 60_000, 70_000, 11));
        List<MessageDelivered> all = run.delivered();
        assertTrue(all.size() > 120, c + ": " + all.size() + " messages");
        long[] start = all.stream().mapToLong(MessageDelivered::generated).toArray();
        long[] end = all.stream().mapToLong(MessageDelivered::ejected).toArray();
        int alone = 0;
        double sumLatency = 0;
        double sumExpected = 0;
        for (int i = 0; i < all.size(); i++) {
            MessageDelivered d = all.get(i);
            int distance = Bfs.distancesTo(t, d.destination())[d.source()];
            int walk = walk(c, t, d);
            assertTrue(walk >= distance, c + ": message " + d + " took fewer links than its distance");
            assertTrue(d.latency() >= flits - 1 + walk, c + ": message " + d + " was faster than its walk allows");
            sumLatency += d.latency();
            sumExpected += flits - 1 + walk;
            if (!overlapsAnother(i, start, end)) {
                alone++;
                assertEquals(flits - 1 + walk, d.latency(), c + ": lone message " + d);
                assertEquals(walk, d.hops(), c + ": hops of lone message " + d);
                assertEquals(0, d.sourceQueue(), c + ": lone message " + d + " waited at its source");
            }
        }
        assertTrue(alone > 100, c + ": only " + alone + " messages met no other");
        assertEquals(sumExpected / all.size(), sumLatency / all.size(), 0.02 * sumExpected / all.size(),
                c + ": mean latency at a very small rate against M − 1 + the mean BFS distance");
        assertTrue(run.lost().isEmpty());
    }

    /**
     * The links a message's walk takes: its BFS distance for the minimal routings; for 000 §6's greedy and near-minimal routings on
     * SCC_n, the length of the same algorithm's route as {@code icn route} computes it at the source ({@link SccRouting}); for random
     * routing, whose draws are the message's own, the hops it made, checked here to lie between its distance and lat lateral links
     * with a walk of at most ⌊(n−1)/2⌋ local links before, between and after them (so only its latency is compared for it).
     */
    private static int walk(TrafficRuns.Case c, Topology t, MessageDelivered d) {
        if (t instanceof icn.protocols.topology.Dragonfly df) {
            return DragonflyWalks.walk(df, c.routing(), d);
        }
        if (!c.topology().startsWith("scc:") || c.routing().equals("adaptive") || c.routing().equals("updown")) {
            return Bfs.distancesTo(t, d.destination())[d.source()];
        }
        if (c.routing().equals("random")) {
            // its own draws: lat(π_d⁻¹·π_s) lateral links and, around them, walks of at most ⌊(n−1)/2⌋ local links each
            Scc scc = (Scc) t;
            int lat = icn.protocols.topology.Star.of(scc.n()).distance(scc.supernode(d.source()), scc.supernode(d.destination()));
            int most = lat + (lat + 1) * ((scc.n() - 1) / 2);
            if (d.hops() < Bfs.distancesTo(t, d.destination())[d.source()] || d.hops() > most) {
                throw new AssertionError(c + ": random routing took " + d.hops() + " hops, outside its bounds: " + d);
            }
            return d.hops();
        }
        return SccRouting.route((Scc) t, RoutingAlgorithm.parse(c.routing()), d.source(), d.destination(), null).total();
    }

    /** Whether message i's lifetime [generated, ejected] meets another's (messages are sorted by id, not by time: check all). */
    private static boolean overlapsAnother(int i, long[] start, long[] end) {
        for (int j = 0; j < start.length; j++) {
            if (j != i && start[j] <= end[i] && start[i] <= end[j]) {
                return true;
            }
        }
        return false;
    }
}
