package icn.node.routing;

import icn.protocols.InvalidInputException;
import icn.protocols.topology.Scc;
import icn.protocols.topology.SccPort;
import java.util.SplittableRandom;

/**
 * Distributed routing in SCC_n (000 §6): every node a packet reaches picks its next port from its own label, the destination and
 * the packet's header, without a route computed at the source. A decision is taken where a packet enters a supernode (at the source
 * and after every lateral link): the algorithm chooses the next lateral link ℓ, which is the position the packet walks to in this
 * ring (the {@code target} of the header), or, in the destination's supernode, the destination's position. Nodes on the way to the
 * target only walk the ring toward it; the node at the target takes the lateral link and the next supernode decides again.
 *
 * <p>The state an algorithm carries from one decision to the next travels in the header ({@code state}):
 * <ul>
 * <li>{@link RoutingAlgorithm#RANDOM}: the seed of the next draw, so that each decision draws uniformly from 𝓑 = bsymbols(π) and
 * the same packet seed repeats the route;
 * <li>{@link RoutingAlgorithm#GREEDY}: whether an r-cycle without 1 is being executed — Algorithm 2 executes such an r-cycle
 * whole (Step 4) — as the symbol that was at the front when the execution began;
 * <li>{@link RoutingAlgorithm#NEAR_MINIMAL}: nothing; it is 000 Algorithm 3 without backtracking (000 §6), one greedy descent of the
 * search tree: the child with the smallest minloc (Eq. 16), ties to the nearer link, then the lowest symbol;
 * </ul>
 * The pure routes of {@link SccRouting} for these three are built from the same decisions, so the two modes take the same walks.
 *
 * <p>{@link RoutingAlgorithm#MINIMAL} and {@link RoutingAlgorithm#OPTIMAL_001} have no distributed form: their searches plan the
 * whole route (000 §6: backtracking "precludes its distributed implementation"), and a node that searched again from itself would
 * take a different walk (another minimal one, or for optimal-001 sometimes a shorter one than the source's plan). They are refused.
 */
public final class DistributedRouting {

    /** The header after a decision: the position to walk to in the current ring, and the algorithm's state. */
    public record Decision(int target, long state) {
    }

    private DistributedRouting() {
    }

    /** Whether the algorithm has a distributed form. */
    public static boolean distributes(RoutingAlgorithm algorithm) {
        return algorithm == RoutingAlgorithm.RANDOM || algorithm == RoutingAlgorithm.GREEDY || algorithm == RoutingAlgorithm.NEAR_MINIMAL;
    }

    /** The one line that refuses distributed routing for an algorithm without a distributed form. */
    public static String noDistributedForm(RoutingAlgorithm algorithm) {
        return algorithm.key() + " routing plans the whole route at the source (backtracking search, 000 §6) and has no distributed form:"
                + " use --mode source, or --algorithm near-minimal, greedy or random";
    }

    /**
     * The one line that refuses an algorithm without a distributed form as a wormhole routing (icn traffic), with 000 §6's reason: a
     * worm's path is chosen hop by hop as its head advances, so a search that may go back on its choices cannot steer it.
     */
    public static String noWormholeForm(RoutingAlgorithm algorithm) {
        String why = algorithm == RoutingAlgorithm.MINIMAL
                ? "minimal routing (000 Algorithm 3) plans the whole route at the source, and its backtracking \"precludes its distributed"
                        + " implementation in association with wormhole routing\" (000 §6)"
                : algorithm.key() + " routing (001 Algorithm 3) plans the whole route at the source with a tree search, and like 000's"
                        + " minimal routing has no distributed form to steer a worm hop by hop (000 §6)";
        return why + ": use --routing adaptive (minimal, fully adaptive), near-minimal (Algorithm 3 without backtracking), greedy or"
                + " random";
    }

    /** The header state a packet starts with; {@code packetSeed} seeds random routing. */
    public static long initialState(RoutingAlgorithm algorithm, long packetSeed) {
        return algorithm == RoutingAlgorithm.RANDOM ? new SplittableRandom(packetSeed).nextLong() : 0;
    }

    /** The decision at {@code node}, where the packet has just entered a supernode (or starts), for a packet to {@code destination}. */
    public static Decision decide(Scc scc, RoutingAlgorithm algorithm, int node, int destination, long state) {
        byte[] p = SccRouting.relativePermutation(scc, node, destination);
        return decide(algorithm, p, scc.position(node), scc.position(destination), state);
    }

    /** The port at {@code node} toward {@code target} (a position of its ring): LATERAL at the target, else the ring walk's port. */
    public static int port(Scc scc, RoutingAlgorithm algorithm, int node, int target) {
        int position = scc.position(node);
        if (position == target) {
            return SccPort.LATERAL.index();
        }
        return RingRouting.counterclockwise(scc.n(), position, target, direction(algorithm)) ? SccPort.RIGHT.index() : SccPort.LEFT.index();
    }

    static RingRouting.Direction direction(RoutingAlgorithm algorithm) {
        return algorithm == RoutingAlgorithm.OPTIMAL_001 ? RingRouting.Direction.ALGORITHM_2_OF_001 : RingRouting.Direction.SHORTER_RIGHT_ON_TIE;
    }

    /** The decision for relative permutation {@code p} (π_d⁻¹·π of the current node) at ring position {@code position}. */
    static Decision decide(RoutingAlgorithm algorithm, byte[] p, int position, int destinationPosition, long state) {
        if (RCycles.isIdentity(p)) {
            return new Decision(destinationPosition, state);
        }
        return switch (algorithm) {
            case RANDOM -> random(p, state);
            case GREEDY -> greedy(p, position, state);
            case NEAR_MINIMAL -> new Decision(nearMinimal(p, position, destinationPosition), state);
            case MINIMAL, OPTIMAL_001 -> throw new InvalidInputException(noDistributedForm(algorithm));
            case DFS -> throw new IllegalArgumentException("dfs decides hop by hop in DfsRouting, not here");
        };
    }

    /** 000 Algorithm 1: one of the allowed links 𝓑, drawn uniformly with the header's seed. */
    private static Decision random(byte[] p, long state) {
        SplittableRandom draw = new SplittableRandom(state);
        int choices = RCycles.bsymbols(p);
        int link = nthSymbol(choices, draw.nextInt(Integer.bitCount(choices)));
        return new Decision(link, draw.nextLong());
    }

    /**
     * 000 Algorithm 2, Steps 3–4, one lateral link at a time. An r-cycle without 1 is executed whole (x, π(x), …, x): its first link
     * brings π(x) to the front, every further link sends the front symbol home, and the execution ends when the symbol that was at
     * the front when it began is back there. The state is that symbol while an execution is under way, 0 otherwise.
     */
    private static Decision greedy(byte[] p, int position, long state) {
        int front = (int) state;
        int link;
        if (front != 0) {
            link = p[0]; // inside an execution: send the front symbol home
        } else {
            link = GreedyRouting.nearest(p, position, GreedyRouting.TieBreak.CANONICAL_ORDER); // Step 3
            if (link != p[0]) {
                front = p[0]; // Step 4: C_a without 1 is executed whole
            }
        }
        if (front != 0 && p[link - 1] == front) {
            front = 0; // this link brings the front symbol back: the execution is complete
        }
        return new Decision(link, front);
    }

    /** 000 Algorithm 3 without backtracking (000 §6): the child of the search tree with the smallest minloc, ties to the lowest symbol. */
    static int nearMinimal(byte[] p, int position, int destinationPosition) {
        int n = p.length;
        int best = -1;
        int bestEstimate = Integer.MAX_VALUE;
        int bestStep = Integer.MAX_VALUE;
        for (int bits = RCycles.bsymbols(p); bits != 0; bits &= bits - 1) {
            int b = Integer.numberOfTrailingZeros(bits);
            byte[] child = p.clone();
            RCycles.exchange(child, b);
            int step = RingRouting.distance(n, position, b);
            int estimate = MinimalRouting.minloc(n, step, b, child, destinationPosition);
            if (estimate < bestEstimate || (estimate == bestEstimate && step < bestStep)) {
                best = b;
                bestEstimate = estimate;
                bestStep = step;
            }
        }
        return best;
    }

    /** The lateral links the decisions take from ⟨position, p⟩ to the destination's supernode. */
    static int[] lateralLinks(RoutingAlgorithm algorithm, byte[] pds, int position, int destinationPosition, long state) {
        byte[] p = pds.clone();
        IntSequence links = new IntSequence();
        int at = position;
        long s = state;
        while (!RCycles.isIdentity(p)) {
            Decision d = decide(algorithm, p, at, destinationPosition, s);
            links.add(d.target());
            RCycles.exchange(p, d.target());
            at = d.target();
            s = d.state();
        }
        return links.toArray();
    }

    private static int nthSymbol(int set, int k) {
        int bits = set;
        for (int j = 0; j < k; j++) {
            bits &= bits - 1;
        }
        return Integer.numberOfTrailingZeros(bits);
    }
}
