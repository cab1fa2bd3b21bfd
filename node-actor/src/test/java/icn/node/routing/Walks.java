package icn.node.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import icn.protocols.Topology;

/** Follows a port sequence over a topology's links, independently of the router that produced it. */
public final class Walks {

    private Walks() {
    }

    /** Walks {@code ports} from {@code source}, asserting every port leads somewhere and the walk ends at {@code destination}. */
    public static void assertWalkTo(Topology t, int source, int destination, int[] ports, String what) {
        int node = source;
        for (int p : ports) {
            if (p < 0 || p >= t.portCount()) {
                throw new AssertionError(what + ": port " + p + " is not a port of " + t.name());
            }
            int next = t.neighbour(node, p);
            if (next == Topology.NONE) {
                throw new AssertionError(what + ": port " + t.portName(p) + " of " + t.label(node) + " leads nowhere");
            }
            node = next;
        }
        if (node != destination) {
            assertEquals(t.label(destination), t.label(node), what + ": the walk ends at the destination");
        }
    }
}
