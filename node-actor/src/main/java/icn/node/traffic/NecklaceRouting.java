package icn.node.traffic;

import icn.node.routing.necklace.ThreePhaseRouting;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.NecklaceHypercube;
import icn.protocols.traffic.MessageHeader;

/**
 * 002 §3's routing in necklace hypercubes (RNH and INH), with its virtual-channel classes. A message crosses three sub-networks:
 * (1) its source necklace to the nearer base vertex ({@code exit}), (2) the base hypercube to the base vertex of the destination
 * necklace nearer the destination ({@code entry}), (3) the destination necklace; the route is {@link ThreePhaseRouting}'s, so it is
 * a shortest path, and a message between two nodes of one necklace that are nearer along it than around walks straight there in
 * phase 3.
 *
 * <p><b>adaptive</b> (002 §3, the routing 002 §4 models). On necklace channels virtual channel 0 is class A, 1 is class B and
 * 2 .. V−1 are adaptive; on the cube links of the base hypercube virtual channel 0 is the deterministic e-cube channel and
 * 1 .. V−1 are adaptive. Phase 1: any adaptive channel toward the exit, else class A. Phase 2: Duato's fully adaptive minimal
 * routing: an adaptive channel of any dimension still to correct, else the e-cube channel of the lowest. Phase 3: any adaptive
 * channel toward the destination, else class B. Needs V ≥ 2 (no adaptive necklace channels at V = 2, 002: "at least 3" for full
 * adaptivity).
 *
 * <p><b>three-phase</b>: the same route with deterministic channels only: class A is virtual channels 0 .. V/2−1 of a necklace
 * channel, class B the others, and the base cube's links take e-cube on all V (002: "each of these classes can be used for a
 * deadlock-free routing algorithm in the base hypercube, e.g. e-cube").
 *
 * <p><b>Why deadlock-free.</b> A worm's escape channels run A…A, then e-cube…, then B…B, never back. Class A channels lead along a
 * necklace toward its nearer end and class B channels from a base vertex along a necklace toward a destination, each in one
 * direction of one necklace, and e-cube channels are taken in increasing dimension, so the escape channels' dependency graph has no
 * cycle. The adaptive channels only ever lead a head one link nearer, and at every router it may still take the escape channel of
 * its phase; after an e-cube hop of dimension d every dimension left is higher, so dependencies through adaptive channels also go
 * from lower to higher escape channels (Duato's condition).
 */
final class NecklaceRouting implements TrafficRouting {

    static final String ADAPTIVE = "adaptive";
    static final String THREE_PHASE = "three-phase";

    private static final int SOURCE_NECKLACE = 1;
    private static final int BASE_CUBE = 2;
    private static final int DESTINATION_NECKLACE = 3;

    private final NecklaceHypercube t;
    private final ThreePhaseRouting route;
    private final int vcs;
    private final boolean adaptive;

    NecklaceRouting(NecklaceHypercube t, int vcs, boolean adaptive) {
        if (vcs < 2) {
            throw new InvalidInputException((adaptive ? ADAPTIVE : THREE_PHASE) + " routing on " + t.name()
                    + " needs V >= 2 virtual channels (class A of the source necklaces and class B of the destination necklaces, 002 §3); got "
                    + vcs);
        }
        this.t = t;
        this.route = new ThreePhaseRouting(t);
        this.vcs = vcs;
        this.adaptive = adaptive;
    }

    @Override
    public String key() {
        return adaptive ? ADAPTIVE : THREE_PHASE;
    }

    /** Phase and the base vertices the route passes, from the three-phase route itself. */
    @Override
    public MessageHeader start(long id, int source, int destination, long generated) {
        int exit = -1;
        int entry = -1;
        int at = source;
        if (t.isBaseVertex(at)) {
            exit = at;
            entry = at;
        }
        for (int port : route.ports(source, destination)) {
            at = t.neighbour(at, port);
            if (t.isBaseVertex(at)) {
                if (exit < 0) {
                    exit = at;
                }
                entry = at;
            }
        }
        int phase;
        if (exit < 0) {
            phase = DESTINATION_NECKLACE; // two nodes of one necklace, straight along it
            exit = 0;
            entry = 0;
        } else {
            phase = !t.isBaseVertex(source) ? SOURCE_NECKLACE : source == entry ? DESTINATION_NECKLACE : BASE_CUBE;
        }
        return new MessageHeader(id, source, destination, generated, 0, 0, entry, phase | exit << 2);
    }

    @Override
    public void choices(int node, MessageHeader h, Choices out) {
        int phase = h.state() & 3;
        int exit = h.state() >>> 2;
        int entry = h.target();
        if (phase == BASE_CUBE) {
            int differ = node ^ entry;
            int lowest = Integer.numberOfTrailingZeros(differ);
            if (adaptive) {
                for (int rest = differ; rest != 0; rest &= rest - 1) {
                    out.add(t.cubePort(Integer.numberOfTrailingZeros(rest) + 1), TrafficRouting.range(1, vcs - 1), 0);
                }
                out.add(t.cubePort(lowest + 1), 1, 1);
            } else {
                out.add(t.cubePort(lowest + 1), TrafficRouting.range(0, vcs - 1), 0);
            }
            return;
        }
        int port = phase == SOURCE_NECKLACE ? toward(node, exit) : toward(node, h.destination());
        if (adaptive) {
            out.add(port, TrafficRouting.range(2, vcs - 1), 0);
            out.add(port, phase == SOURCE_NECKLACE ? 1 : 2, 1);
        } else {
            out.add(port, phase == SOURCE_NECKLACE ? TrafficRouting.range(0, vcs / 2 - 1) : TrafficRouting.range(vcs / 2, vcs - 1), 0);
        }
    }

    /** The necklace port from {@code node} one link nearer {@code goal} on the node's necklace (or onto it, from its base vertex). */
    private int toward(int node, int goal) {
        if (t.isBaseVertex(node)) {
            return t.necklacePort(t.edgeDimension(t.edgeOf(goal))); // onto the destination's necklace
        }
        int e = t.edgeOf(node);
        int goalIndex = t.isBaseVertex(goal) ? (goal == t.edgeLower(e) ? 0 : t.necklaceLength(e) + 1) : t.index(goal);
        return goalIndex < t.index(node) ? t.towardLowerPort() : t.towardHigherPort();
    }

    @Override
    public MessageHeader advance(int node, MessageHeader h, int port, int vc, long step) {
        int next = t.neighbour(node, port);
        int phase = h.state() & 3;
        int exit = h.state() >>> 2;
        if (phase == SOURCE_NECKLACE && next == exit) {
            phase = next == h.target() ? DESTINATION_NECKLACE : BASE_CUBE;
        } else if (phase == BASE_CUBE && next == h.target()) {
            phase = DESTINATION_NECKLACE;
        }
        return h.hop(step, h.target(), phase | exit << 2);
    }
}
