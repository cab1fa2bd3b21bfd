package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.topology.Topologies;
import icn.protocols.topology.Torus;
import icn.protocols.traffic.MessageHeader;
import org.junit.jupiter.api.Test;

/**
 * Where dimension-order routing takes a tie on the torus (the destination K/2 away in a dimension): today's rule sends every tie
 * up, the balanced rule sends half of them each way, so that every link of a ring carries as many tie routes in each direction.
 * Counted by walking every pair of nodes of torus:8,2 hop by hop with the routing's own choices.
 */
class TorusTiesTest {

    @Test
    void theBalancedRuleLoadsBothDirectionsOfEveryRingAlike() {
        Torus torus = (Torus) Topologies.parse("torus:8,2");
        long[] up = tieLoads(new TorusRouting(torus, 4, false), torus);
        long[] balanced = tieLoads(new TorusRouting(torus, 4, true), torus);
        assertTrue(up[0] > 0 && up[1] == 0, "up on a tie: every tie hop goes up (" + up[0] + " up, " + up[1] + " down)");
        assertEquals(balanced[0], balanced[1], "balanced: as many tie hops up as down");
        assertEquals(up[0], balanced[0] + balanced[1], "the same tie hops, split");
        // and per link: on the busiest up link the balanced rule carries fewer hops than the up rule
        assertTrue(balanced[2] < up[2], "busiest up link: " + balanced[2] + " hops against " + up[2]);
        assertEquals(balanced[2], balanced[3], "balanced: the busiest up and down links carry alike");
    }

    /** Hops taken in a dimension where the route met a tie: {up, down, busiest up link, busiest down link}. */
    private static long[] tieLoads(TorusRouting routing, Torus torus) {
        int n = torus.nodeCount();
        int k = torus.k();
        long[] perArc = new long[n * torus.portCount()];
        long[] totals = new long[2];
        TrafficRouting.Choices choices = new TrafficRouting.Choices();
        for (int s = 0; s < n; s++) {
            for (int d = 0; d < n; d++) {
                if (s == d) {
                    continue;
                }
                MessageHeader h = new MessageHeader(s * n + d, s, d, 0, 0, 0, d, 0);
                int node = s;
                boolean[] tied = new boolean[torus.dimensions()];
                for (int dim = 0; dim < torus.dimensions(); dim++) {
                    tied[dim] = Math.floorMod(torus.digit(d, dim) - torus.digit(s, dim), k) == k / 2;
                }
                while (node != d) {
                    choices.clear();
                    routing.choices(node, h, choices);
                    int port = choices.port(0);
                    if (tied[port / 2]) {
                        totals[port % 2]++;
                        perArc[node * torus.portCount() + port]++;
                    }
                    h = routing.advance(node, h, port, 0, 1);
                    node = torus.neighbour(node, port);
                }
            }
        }
        long busiestUp = 0;
        long busiestDown = 0;
        for (int a = 0; a < perArc.length; a++) {
            if (a % 2 == 0) {
                busiestUp = Math.max(busiestUp, perArc[a]);
            } else {
                busiestDown = Math.max(busiestDown, perArc[a]);
            }
        }
        return new long[] {totals[0], totals[1], busiestUp, busiestDown};
    }
}
