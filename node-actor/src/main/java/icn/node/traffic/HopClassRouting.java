package icn.node.traffic;

import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import icn.protocols.traffic.MessageHeader;

/**
 * Fully adaptive minimal routing with virtual-channel classes that rise at every hop (the structured buffer pool of Merlin and
 * Schweitzer, 1980; Günther, 1981), for any strongly connected network, directed CR_n included (issue 13's choice for CR_n). Key
 * {@code hop-class}.
 *
 * <p>A head takes any link one hop nearer its destination (BFS distance over the arcs), on a virtual channel of a higher index than
 * the one it came by, and low enough that the hops left can still each take a higher one: with r links still to go after this one
 * and c the channel it came by, channels c+1 .. V−1−r, the lowest free first (the header's {@code state}: 1 + the channel it came by, 0 at its source). Every worm's channels rise
 * strictly along its path,
 * so no cycle of waiting worms can form. Needs V at least the network's diameter. Distances from the labels where the network gives
 * them (CR_n among them: any n), else a table of N² bytes, at most {@value DistanceTable#MAX_NODES} nodes.
 *
 * <p>Why this on CR_n: its arcs are one-way, so escape schemes that turn back over links (up*&#47;down*) do not apply, and its
 * diameter is small (n+1, 003 Theorem 3.3), so V = n+1 channels cover every shortest path with full adaptivity.
 */
final class HopClassRouting implements TrafficRouting {

    static final String KEY = "hop-class";

    private final Topology t;
    private final int vcs;
    private final DistanceTable distances;

    HopClassRouting(Topology t, int vcs) {
        this.t = t;
        this.vcs = vcs;
        this.distances = new DistanceTable(t, KEY);
        if (vcs < distances.diameter()) {
            throw new InvalidInputException("hop-class routing on " + t.name() + " needs V >= " + distances.diameter()
                    + " virtual channels (one per link of its longest shortest path, the diameter); got " + vcs);
        }
    }

    @Override
    public String key() {
        return KEY;
    }

    @Override
    public void choices(int node, MessageHeader h, Choices out) {
        int d = h.destination();
        int left = distances.distance(node, d) - 1; // links still to go after this one
        int lowest = h.state(); // the channel it came by, plus one
        int highest = vcs - 1 - left;
        for (int p = 0; p < t.portCount(); p++) {
            int y = t.neighbour(node, p);
            if (y != Topology.NONE && distances.distance(y, d) == left) {
                for (int vc = lowest; vc <= highest; vc++) {
                    out.add(p, 1 << vc, vc - lowest);
                }
            }
        }
    }

    @Override
    public MessageHeader advance(int node, MessageHeader h, int port, int vc, long step) {
        return h.hop(step, 0, vc + 1);
    }
}
