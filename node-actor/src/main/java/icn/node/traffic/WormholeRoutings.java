package icn.node.traffic;

import icn.node.routing.DistributedRouting;
import icn.node.routing.RoutingAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import icn.protocols.topology.CubeConnectedCycles;
import icn.protocols.topology.Hypercube;
import icn.protocols.topology.KaryCube;
import icn.protocols.topology.NecklaceHypercube;
import icn.protocols.topology.Scc;
import icn.protocols.topology.Star;
import icn.protocols.topology.Torus;

/**
 * The wormhole routings of this package, by the network each is for: what the kind table ({@code NetworkPrograms}) offers each
 * kind, and {@code updown} and {@code hop-class}, which every (undirected, resp. any) network has.
 */
public final class WormholeRoutings {

    /** Fully adaptive routing with an escape (002 §3 on necklace hypercubes, Duato's on hypercubes and complete n:k cubes). */
    public static final String ADAPTIVE = NecklaceRouting.ADAPTIVE;
    /** 002's deterministic three-phase routing on necklace hypercubes. */
    public static final String THREE_PHASE = NecklaceRouting.THREE_PHASE;
    /** Deterministic e-cube routing on the hypercube. */
    public static final String E_CUBE = HypercubeRouting.E_CUBE;
    /** 004 §6.1's one-to-one routing on n:k cubes (lower left to right, then raise right to left). */
    public static final String ONE_TO_ONE = KaryCubeRouting.ONE_TO_ONE;
    /** Dimension-order routing (with a dateline on tori; up on a tie). */
    public static final String DIMENSION_ORDER = TorusRouting.KEY;
    /** Dimension-order routing on tori with ties split evenly between both directions. */
    public static final String DIMENSION_ORDER_BALANCED = TorusRouting.BALANCED;
    /** up*\/down* routing over a BFS spanning tree, on any undirected network. */
    public static final String UPDOWN = UpDownRouting.KEY;
    /** Classes by hops taken, on any network. */
    public static final String HOP_CLASS = HopClassRouting.KEY;

    private WormholeRoutings() {
    }

    public static TrafficRouting necklace(NecklaceHypercube t, int vcs, boolean adaptive) {
        return new NecklaceRouting(t, vcs, adaptive);
    }

    public static TrafficRouting hypercube(Hypercube t, int vcs, boolean adaptive) {
        return new HypercubeRouting(t, vcs, adaptive);
    }

    public static TrafficRouting karyCube(KaryCube t, int vcs, boolean adaptive) {
        return new KaryCubeRouting(t, vcs, adaptive);
    }

    /** 004 §6.1's one-to-one routing on an n:k cube, complete or incomplete, deterministic; {@code adaptive} with it as the escape. */
    public static TrafficRouting oneToOne(KaryCube t, int vcs, boolean adaptive) {
        return new KaryCubeRouting(t, vcs, adaptive, true);
    }

    public static TrafficRouting torus(Torus t, int vcs) {
        return new TorusRouting(t, vcs, false);
    }

    /** Dimension-order routing on a torus with ties split by the parity of the position where they are met. */
    public static TrafficRouting torusBalanced(Torus t, int vcs) {
        return new TorusRouting(t, vcs, true);
    }

    /**
     * SCC_n's routings from labels: {@code adaptive} (minimal, fully adaptive, Duato) when {@code algorithm} is null, else 000 §6's
     * distributed {@code random}, {@code greedy} or {@code near-minimal}; escape channels by classes of negative lateral links and a
     * dateline per ring.
     */
    public static TrafficRouting scc(Scc t, int vcs, RoutingAlgorithm algorithm) {
        if (algorithm != null && !DistributedRouting.distributes(algorithm)) {
            throw new InvalidInputException(DistributedRouting.noWormholeForm(algorithm));
        }
        if (algorithm == null) {
            checkSccAdaptive(t.n());
        }
        return new RingTrafficRouting(RingTrafficRouting.of(t), vcs, algorithm);
    }

    /**
     * The largest n for which {@code adaptive}'s premise on SCC_n is checked: every lateral link on a shortest path lowers the star
     * distance, so that offering only such links keeps the routing minimal ({@code SccAdaptivePremiseTest}, against BFS).
     */
    public static final int SCC_ADAPTIVE_CHECKED_UP_TO = 8;

    /** Refuses {@code adaptive} on SCC_n beyond {@link #SCC_ADAPTIVE_CHECKED_UP_TO}, in one line. */
    public static void checkSccAdaptive(int n) {
        if (n > SCC_ADAPTIVE_CHECKED_UP_TO) {
            throw new InvalidInputException("--routing adaptive on scc:" + n + ": its premise (every lateral link on a shortest path lowers"
                    + " the star distance) is checked up to scc:" + SCC_ADAPTIVE_CHECKED_UP_TO + " only; on scc:" + n
                    + " use --routing near-minimal, greedy or random");
        }
    }

    /** CCC_n's minimal fully adaptive routing, with SCC_n's escape classes (the cube vertex's parity for the permutation's). */
    public static TrafficRouting ccc(CubeConnectedCycles t, int vcs) {
        return new RingTrafficRouting(RingTrafficRouting.of(t), vcs, null);
    }

    /** The star graph's minimal fully adaptive routing with a negative-hop escape. */
    public static TrafficRouting star(Star t, int vcs) {
        return new StarTrafficRouting(t, vcs);
    }

    public static TrafficRouting upDown(Topology t, int vcs) {
        return new UpDownRouting(t, vcs);
    }

    public static TrafficRouting hopClass(Topology t, int vcs) {
        return new HopClassRouting(t, vcs);
    }
}
