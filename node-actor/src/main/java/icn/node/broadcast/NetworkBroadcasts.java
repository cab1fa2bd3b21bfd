package icn.node.broadcast;

import icn.node.program.ProgramFactory;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.Scc;
import icn.protocols.Topology;
import icn.protocols.topology.CubeConnectedCycles;
import icn.protocols.topology.Hypercube;
import icn.protocols.topology.Star;
import icn.protocols.wire.BroadcastSpec;

/**
 * What {@code one-port} and {@code multi-port} mean on each network that has them (001 §7–§12, Tables 6 and 7):
 * <ul>
 * <li>scc:N: Algorithms 4 and 5 ({@link BroadcastPrograms});</li>
 * <li>ccc:N: the same technique on the rings and cube links (001 §12, {@link BroadcastPrograms});</li>
 * <li>hypercube:N: one-port the binomial tree in n steps ({@link BinomialBroadcast}); multi-port flooding on all n ports;</li>
 * <li>star:N: one-port our recursive algorithm ({@link StarOnePortBroadcast}; not [15]'s); multi-port the δ-port broadcast of 001
 * Theorem 8, every informed node sending on all n−1 ports, which is multi-port flooding and ends after d_star steps.</li>
 * </ul>
 * Only SCC_n and CCC_n have local links, so only there may the lateral links be slower (R &gt; 1).
 */
public final class NetworkBroadcasts {

    /** The networks that have one-port and multi-port broadcasting, as the refusal names them. */
    public static final String NETWORKS = "scc:N, ccc:N, hypercube:N, star:N";

    private NetworkBroadcasts() {
    }

    /** Whether {@code algorithm} is one of the two this class gives a meaning per network. */
    public static boolean handles(BroadcastAlgorithm algorithm) {
        return algorithm == BroadcastAlgorithm.ONE_PORT || algorithm == BroadcastAlgorithm.MULTI_PORT;
    }

    /** Whether the network has the broadcasts of this class. */
    public static boolean supports(Topology topology) {
        return topology instanceof Scc || topology instanceof CubeConnectedCycles || topology instanceof Hypercube
                || topology instanceof Star;
    }

    /** Whether lateral links slower than local ones mean anything on the network (it has both classes). */
    public static boolean hasLocalLinks(Topology topology) {
        return topology instanceof Scc || topology instanceof CubeConnectedCycles;
    }

    /** The programs of a one-port or multi-port broadcast on {@code topology}. */
    public static ProgramFactory of(Topology topology, BroadcastSpec spec) {
        if (!handles(spec.algorithm())) {
            throw new IllegalArgumentException(spec.algorithm().key() + " is not one-port or multi-port");
        }
        if (!supports(topology)) {
            throw new InvalidInputException(spec.algorithm().key() + " broadcasting is defined for " + NETWORKS + ", not " + topology.name()
                    + ": use flooding or flooding-one-port");
        }
        if (topology instanceof Scc || topology instanceof CubeConnectedCycles) {
            return new BroadcastPrograms(topology, spec);
        }
        if (spec.lateralLatency() != 1) {
            throw new InvalidInputException(topology.name() + " has no local links, so its links cannot be slower than them: lateral latency "
                    + spec.lateralLatency() + " is only for scc:N and ccc:N");
        }
        if (spec.messages() != 1) {
            throw new InvalidInputException(spec.algorithm().key() + " on " + topology.name() + " broadcasts one message, not " + spec.messages());
        }
        boolean onePort = spec.algorithm() == BroadcastAlgorithm.ONE_PORT;
        if (topology instanceof Hypercube cube && onePort) {
            return new BinomialBroadcast(cube, spec.source());
        }
        if (topology instanceof Star star && onePort) {
            return new StarOnePortBroadcast(star, spec.source());
        }
        return new FloodingPrograms(topology, spec.source(), FloodingPrograms.Mode.MULTI_PORT);
    }
}
