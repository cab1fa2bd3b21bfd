package icn.node.routing;

import icn.protocols.InvalidInputException;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The point-to-point routing algorithms for SCC_n: those of 000 §4 and 001 §5 ({@link #papers()}), and {@link #DFS}, this
 * emulator's fault-tolerant distributed routing ({@link DfsRouting}), which no paper defines.
 */
public enum RoutingAlgorithm {
    /** 000 Algorithm 1: the star graph's non-deterministic routing, every choice drawn uniformly from the allowed lateral links. */
    RANDOM("random"),
    /** 000 Algorithm 2: greedy ordering of the r-cycles by ring distance, ties to the lowest symbol. */
    GREEDY("greedy"),
    /** 000 Algorithm 3: the minimal routing tree with minloc (Eq. 16), threshold T and backtracking; interleaves r-cycles. */
    MINIMAL("minimal"),
    /**
     * 000 §6: Algorithm 3 without its backtracking, the near-minimal routing that suits distributed routing: from each supernode the
     * lateral link whose child has the smallest minloc (Eq. 16), ties to the nearer link, then the lowest symbol.
     */
    NEAR_MINIMAL("near-minimal"),
    /** 001 Algorithm 3 with its ring routing (001 Algorithm 2): the earlier tree that executes whole r-cycles, one after another. */
    OPTIMAL_001("optimal-001"),
    /**
     * Not from the papers: the distributed depth-first routing that detours around the crashed nodes and cut links it learns of
     * ({@link DfsRouting}); on every undirected network.
     */
    DFS("dfs");

    private static final List<RoutingAlgorithm> PAPERS = List.of(RANDOM, GREEDY, MINIMAL, NEAR_MINIMAL, OPTIMAL_001);

    private final String key;

    RoutingAlgorithm(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    /** The algorithms of the papers (000 and 001), in declaration order: what the papers' tables and formulas are about. */
    public static List<RoutingAlgorithm> papers() {
        return PAPERS;
    }

    /** Whether the algorithm is one of the papers' ({@link #papers()}). */
    public boolean fromPapers() {
        return PAPERS.contains(this);
    }

    public static RoutingAlgorithm parse(String text) {
        for (RoutingAlgorithm a : values()) {
            if (a.key.equals(text)) {
                return a;
            }
        }
        throw new InvalidInputException("unknown routing algorithm '" + String.valueOf(text).strip() + "': expected one of "
                + Arrays.stream(values()).map(RoutingAlgorithm::key).collect(Collectors.joining(", ")));
    }
}
