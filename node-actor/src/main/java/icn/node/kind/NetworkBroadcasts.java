package icn.node.kind;

import icn.node.program.ProgramFactory;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.NetworkKind;
import icn.protocols.Topology;
import icn.protocols.wire.BroadcastSpec;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * What {@code one-port} and {@code multi-port} mean on each network that has them (001 §7–§12, Tables 6 and 7), as the kind table
 * ({@link NetworkPrograms}) says:
 * <ul>
 * <li>scc:N: Algorithms 4 and 5 ({@code BroadcastPrograms});</li>
 * <li>ccc:N: the same technique on the rings and cube links (001 §12, {@code BroadcastPrograms});</li>
 * <li>hypercube:N: one-port the binomial tree in n steps ({@code BinomialBroadcast}); multi-port flooding on all n ports;</li>
 * <li>star:N: one-port our recursive algorithm ({@code StarOnePortBroadcast}; not [15]'s); multi-port the δ-port broadcast of 001
 * Theorem 8, every informed node sending on all n−1 ports, which is multi-port flooding and ends after d_star steps.</li>
 * </ul>
 * Only networks with local links (SCC_n, CCC_n) may have slower lateral links (R &gt; 1), and only there are B messages pipelined.
 */
public final class NetworkBroadcasts {

    /** The networks that have one-port and multi-port broadcasting, as the refusal names them. */
    public static final String NETWORKS = java.util.Arrays.stream(NetworkKind.values())
            .filter(k -> NetworkPrograms.of(k).portBroadcasts().isPresent()).map(k -> k.prefix() + ":N").collect(Collectors.joining(", "));

    private NetworkBroadcasts() {
    }

    /** Whether {@code algorithm} is one of the two this class gives a meaning per network. */
    public static boolean handles(BroadcastAlgorithm algorithm) {
        return algorithm == BroadcastAlgorithm.ONE_PORT || algorithm == BroadcastAlgorithm.MULTI_PORT;
    }

    /** Whether the network has the broadcasts of this class. */
    public static boolean supports(Topology topology) {
        return NetworkPrograms.of(topology).portBroadcasts().isPresent();
    }

    /** Whether lateral links slower than local ones mean anything on the network (it has both classes). */
    public static boolean hasLocalLinks(Topology topology) {
        return NetworkPrograms.of(topology).localLinks();
    }

    /** The programs of a one-port or multi-port broadcast on {@code topology}. */
    public static ProgramFactory of(Topology topology, BroadcastSpec spec) {
        if (!handles(spec.algorithm())) {
            throw new IllegalArgumentException(spec.algorithm().key() + " is not one-port or multi-port");
        }
        BiFunction<Topology, BroadcastSpec, ProgramFactory> programs = NetworkPrograms.of(topology).portBroadcasts()
                .orElseThrow(() -> new InvalidInputException(spec.algorithm().key() + " broadcasting is defined for " + NETWORKS + ", not "
                        + topology.name() + ": use flooding or flooding-one-port"));
        if (!hasLocalLinks(topology)) {
            if (spec.lateralLatency() != 1) {
                throw new InvalidInputException(topology.name() + " has no local links, so its links cannot be slower than them: lateral"
                        + " latency " + spec.lateralLatency() + " is only for scc:N and ccc:N");
            }
            if (spec.messages() != 1) {
                throw new InvalidInputException(spec.algorithm().key() + " on " + topology.name() + " broadcasts one message, not "
                        + spec.messages());
            }
        }
        return programs.apply(topology, spec);
    }
}
