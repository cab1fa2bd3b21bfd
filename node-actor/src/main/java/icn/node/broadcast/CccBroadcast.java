package icn.node.broadcast;

import icn.node.program.NodeProgram;
import icn.node.program.ProgramFactory;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.CubeConnectedCycles;
import icn.protocols.wire.BroadcastSpec;

/**
 * Broadcasting in CCC_n with the technique 001 introduces for SCC_n (001 §12): the loop of Algorithm 4 (one-port) or Algorithm 5
 * (multi-port) run on the rings of n nodes and the cube links. CCC_n numbers its ports as SCC_n does (0 cube link = LATERAL, 1 LEFT,
 * 2 RIGHT), so the node programs are {@link OnePortBroadcast} and {@link MultiPortBroadcast} themselves; only the loop differs:
 * <ul>
 * <li>d_cube = n iterations, σ_CCC(lat) = n (001 §12), plus B − 1 when B messages are pipelined;</li>
 * <li>one-port: ⌊(n+1)/2⌋ local steps per iteration, σ_CCC(loc) = n·⌊(n+1)/2⌋: a ring node informed by its cube link sends right
 * in the first local step and left in the next, and a node informed by a ring link passes the message on in the direction it
 * travelled (Algorithm 4's rule), so after j local steps 2j nodes of the ring of a single informed node hold it;</li>
 * <li>multi-port: two local links at a time, ⌊n/2⌋ local steps, σ_CCC(loc)_m = n·⌊n/2⌋ (2j + 1 nodes after j steps).</li>
 * </ul>
 * In the lateral step of an iteration every informed ring node that has not yet used its cube link sends on it, so the rings at
 * Hamming distance i from the source's are reached in iteration i, and the ring at distance n wholly by the lateral step of
 * iteration n (each of its nodes has a cube neighbour at distance n − 1).
 */
public final class CccBroadcast implements ProgramFactory {

    private final BroadcastSpec spec;
    private final BroadcastSchedule schedule;

    public CccBroadcast(CubeConnectedCycles ccc, BroadcastSpec spec) {
        if (spec.algorithm() != BroadcastAlgorithm.ONE_PORT && spec.algorithm() != BroadcastAlgorithm.MULTI_PORT) {
            throw new IllegalArgumentException(spec.algorithm().key() + " is not a broadcast of 001 §12");
        }
        if (spec.messages() > BroadcastPrograms.MAX_MESSAGES) {
            throw new InvalidInputException("messages " + spec.messages() + " is more than " + BroadcastPrograms.MAX_MESSAGES);
        }
        if (spec.source() < 0 || spec.source() >= ccc.nodeCount()) {
            throw new InvalidInputException("source node " + spec.source() + " is not a node of " + ccc.name());
        }
        int n = ccc.n();
        this.spec = spec;
        this.schedule = BroadcastSchedule.of(spec.algorithm(), localSteps(spec.algorithm(), n), n + spec.messages() - 1,
                spec.lateralLatency());
    }

    /** Local steps per iteration: ⌊(n+1)/2⌋ one-port, ⌊n/2⌋ multi-port (001 §12). */
    public static int localSteps(BroadcastAlgorithm algorithm, int n) {
        return algorithm == BroadcastAlgorithm.ONE_PORT ? (n + 1) / 2 : n / 2;
    }

    public BroadcastSchedule schedule() {
        return schedule;
    }

    @Override
    public int messages() {
        return spec.messages();
    }

    @Override
    public boolean ignores(long ignored, Object payload) {
        int k = (Integer) payload;
        return k < 64 && (ignored & (1L << k)) != 0;
    }

    @Override
    public NodeProgram create(int node) {
        boolean source = node == spec.source();
        return spec.algorithm() == BroadcastAlgorithm.ONE_PORT
                ? new OnePortBroadcast(schedule, spec.messages(), source)
                : new MultiPortBroadcast(schedule, spec.messages(), source);
    }
}
