package icn.node.routing;

import icn.protocols.InvalidInputException;
import icn.protocols.Permutations;
import icn.protocols.topology.Scc;
import icn.protocols.topology.SccPort;
import java.util.Arrays;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Point-to-point routing in SCC_n (000 §4, 001 §5), as pure code: the route from ⟨i_s, π_s⟩ to ⟨i_d, π_d⟩ is the route from
 * ⟨i_s, π_ds⟩ to ⟨i_d, π_0⟩ with π_ds = π_d⁻¹·π_s (000 §4.1, 001 §5.1), taken along the same lateral links and ports.
 *
 * <p>Composition: permutations are read as maps from positions to symbols, and (σ·τ)(k) = σ(τ(k)). Lateral link i multiplies a
 * supernode on the right by the transposition (1 i) of positions (π·g_i, 000 §2.1), so multiplying every supernode on the left by
 * π_d⁻¹ keeps every lateral link and its dimension; it maps ⟨i, π_d⟩ to ⟨i, π_0⟩ and ⟨i, π_s⟩ to ⟨i, π_ds⟩ with π_ds(k) =
 * π_d⁻¹(π_s(k)): each symbol of π_s is replaced by its position in π_d.
 *
 * <p>Cost split (000 §3): lateral = f, the number of lateral links (Eq. 4 for every algorithm here); miLocal = Σ MI(loc, C) over the
 * r-cycles C of π_ds (Eq. 8); mbLocal = the walk's local links − miLocal. Every algorithm takes a minimal sequence of lateral links,
 * which is the executions of the r-cycles (Eqs. 2–3), some possibly nested inside others (interleaving, 000 §4.1). Removing a nested
 * execution (y … y) from between links a and b changes the local links by d(a, b) − d(a, y) − d(y, b) ≤ 0, so the local links of
 * any such route are at least Σ MI and mbLocal is never negative.
 *
 * <p>Local walks take d(a, b) links (Eq. 7): the shorter way, RIGHT (counterclockwise) on a tie, except for
 * {@link RoutingAlgorithm#OPTIMAL_001}, which walks as 001 Algorithm 2 says (see {@link RingRouting.Direction}).
 */
public final class SccRouting {

    private SccRouting() {
    }

    /**
     * The route the algorithm chooses from {@code source} to {@code destination}. {@code random} is used by
     * {@link RoutingAlgorithm#RANDOM} only (and may be null for the others); the same seed gives the same route.
     */
    public static Route route(Scc scc, RoutingAlgorithm algorithm, int source, int destination, SplittableRandom random) {
        checkNode(scc, source);
        checkNode(scc, destination);
        byte[] pds = relativePermutation(scc, source, destination);
        int is = scc.position(source);
        int id = scc.position(destination);
        int[] links = switch (algorithm) {
            case RANDOM -> DistributedRouting.lateralLinks(algorithm, pds, is, id,
                    Objects.requireNonNull(random, "random routing needs a SplittableRandom").nextLong());
            case GREEDY, NEAR_MINIMAL -> DistributedRouting.lateralLinks(algorithm, pds, is, id, 0);
            case MINIMAL -> MinimalRouting.lateralLinks(pds, is, id);
            case OPTIMAL_001 -> OptimalRouting001.lateralLinks(pds, is, id);
            case DFS -> throw new InvalidInputException(DfsRouting.NO_SOURCE_ROUTE);
        };
        return walk(scc.n(), source, destination, is, id, pds, links, DistributedRouting.direction(algorithm));
    }

    /**
     * Greedy routing (000 Algorithm 2) with Step 3's ties broken by the lowest symbol rather than by the canonical order
     * {@link #route} uses: the other natural rule, which the reports set beside the chosen one (see {@link GreedyRouting}).
     */
    public static Route greedyWithLowestSymbolTies(Scc scc, int source, int destination) {
        checkNode(scc, source);
        checkNode(scc, destination);
        byte[] pds = relativePermutation(scc, source, destination);
        int[] links = GreedyRouting.lateralLinks(pds, scc.position(source), GreedyRouting.TieBreak.LOWEST_SYMBOL);
        return along(scc, source, destination, links);
    }

    /**
     * The route along a given sequence of lateral links (local walks the shorter way, RIGHT on a tie), e.g. one of the sequences of
     * 000 §4.1. The links must take π_ds to π_0; the cost split is that of 000 §3, with MI(loc) from the r-cycles of π_ds.
     */
    public static Route along(Scc scc, int source, int destination, int[] lateralLinks) {
        checkNode(scc, source);
        checkNode(scc, destination);
        byte[] pds = relativePermutation(scc, source, destination);
        byte[] p = pds.clone();
        for (int link : lateralLinks) {
            if (link < 2 || link > scc.n()) {
                throw new IllegalArgumentException("lateral link " + link + " is outside 2.." + scc.n());
            }
            RCycles.exchange(p, link);
        }
        if (!RCycles.isIdentity(p)) {
            throw new IllegalArgumentException("lateral links " + Arrays.toString(lateralLinks) + " do not lead from " + scc.label(source)
                    + " to the supernode of " + scc.label(destination));
        }
        return walk(scc.n(), source, destination, scc.position(source), scc.position(destination), pds, lateralLinks.clone(),
                RingRouting.Direction.SHORTER_RIGHT_ON_TIE);
    }

    /**
     * The lateral links {@link RoutingAlgorithm#RANDOM} may take from relative permutation {@code p} (bit ℓ for link ℓ), among
     * which it draws uniformly: the choices of 000 Algorithm 1, bsymbols(π) (000 §4.4). Empty at the identity.
     */
    public static int randomChoices(byte[] p) {
        return RCycles.isIdentity(p) ? 0 : RCycles.bsymbols(p);
    }

    /** The local links every route here walks between ring positions a and b: d(a, b) of 000 Eq. 7. */
    public static int ringDistance(int n, int a, int b) {
        return RingRouting.distance(n, a, b);
    }

    /** π_ds = π_d⁻¹·π_s of the supernodes of two nodes: π_ds(k) is the position in π_d of the symbol π_s(k). */
    public static byte[] relativePermutation(Scc scc, int source, int destination) {
        byte[] ps = Permutations.unrank(scc.supernode(source), scc.n());
        byte[] pd = Permutations.unrank(scc.supernode(destination), scc.n());
        return relativePermutation(ps, pd);
    }

    /** π_d⁻¹·π_s. */
    public static byte[] relativePermutation(byte[] ps, byte[] pd) {
        byte[] pds = new byte[ps.length];
        Permutations.relative(ps, pd, pds);
        return pds;
    }

    private static Route walk(int n, int source, int destination, int is, int id, byte[] pds, int[] links, RingRouting.Direction direction) {
        IntSequence ports = new IntSequence();
        int position = is;
        for (int link : links) {
            RingRouting.appendWalk(n, position, link, direction, ports);
            ports.add(SccPort.LATERAL.index());
            position = link;
        }
        RingRouting.appendWalk(n, position, id, direction, ports);
        int local = ports.size() - links.length;
        int mi = RCycles.miLocal(pds);
        return new Route(source, destination, links, ports.toArray(), links.length, mi, local - mi);
    }

    private static void checkNode(Scc scc, int node) {
        if (node < 0 || node >= scc.nodeCount()) {
            throw new IllegalArgumentException("node " + node + " is not a node of " + scc.name() + " (0.." + (scc.nodeCount() - 1) + ")");
        }
    }
}
