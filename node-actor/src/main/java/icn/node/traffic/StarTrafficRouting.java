package icn.node.traffic;

import icn.protocols.InvalidInputException;
import icn.protocols.Permutations;
import icn.protocols.topology.Star;
import icn.protocols.traffic.MessageHeader;

/**
 * Minimal fully adaptive routing on the star graph S_n from the labels (issue 32), key {@code adaptive}, the star graph's default:
 * Duato's scheme with the negative-hop escape of Gopal. State: none per pair; distances in closed form ({@link Star#distance}).
 *
 * <p>Every link exchanges two symbols, so it joins an even permutation to an odd one (the star graph is bipartite); a hop is
 * <em>negative</em> when it leaves an odd permutation. A head takes any link one hop nearer its destination. Its class c is the
 * number of negative hops it has taken: along a shortest path, of at most D = ⌊3(n−1)/2⌋ links (the diameter), parities alternate,
 * so c ≤ C = ⌈D/2⌉. Virtual channel c of a link is the hop's escape channel; channels C+1 .. V−1 are adaptive.
 *
 * <p><b>Why deadlock-free.</b> Order the escape channels by (c, then hops leaving even permutations before hops leaving odd ones).
 * A hop from an even node at class c leads to an odd node, whose hop is at class c too but later in the order; a hop from an odd
 * node leads to an even node at class c + 1. So a worm's escape channels rise strictly along its walk, whatever adaptive channels
 * it takes between them, and the escape channels' dependencies (direct and through adaptive channels) have no cycle: Duato's
 * condition. Needs V ≥ C + 2 (C + 1 escape channels and one adaptive).
 */
final class StarTrafficRouting implements TrafficRouting {

    static final String KEY = "adaptive";

    private final Star star;
    private final int vcs;
    private final int escape;

    StarTrafficRouting(Star star, int vcs) {
        this.star = star;
        this.vcs = vcs;
        this.escape = escapeChannels(star.n());
        if (vcs < escape + 1) {
            throw new InvalidInputException(KEY + " routing on " + star.name() + " needs V >= " + (escape + 1) + " virtual channels ("
                    + escape + " escape channels, one per count of negative hops a shortest path takes, and one adaptive at least); got "
                    + vcs);
        }
    }

    /** C + 1 = ⌈D/2⌉ + 1 with D = ⌊3(n−1)/2⌋, the diameter. */
    static int escapeChannels(int n) {
        int diameter = 3 * (n - 1) / 2;
        return (diameter + 1) / 2 + 1;
    }

    @Override
    public String key() {
        return KEY;
    }

    @Override
    public void choices(int node, MessageHeader h, Choices out) {
        int d = h.destination();
        int near = star.distance(node, d) - 1;
        int free = TrafficRouting.range(escape, vcs - 1);
        int c = h.state();
        for (int p = 0; p < star.portCount(); p++) {
            if (star.distance(star.neighbour(node, p), d) == near) {
                out.add(p, free, 0);
            }
        }
        for (int i = 0, count = out.size(); i < count; i++) {
            out.add(out.port(i), 1 << c, 1);
        }
    }

    @Override
    public MessageHeader advance(int node, MessageHeader h, int port, int vc, long step) {
        boolean negative = Permutations.isOdd(star.permutation(node));
        return h.hop(step, 0, h.state() + (negative ? 1 : 0));
    }
}
