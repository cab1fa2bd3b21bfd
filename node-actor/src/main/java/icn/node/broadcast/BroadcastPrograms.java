package icn.node.broadcast;

import icn.node.program.NodeProgram;
import icn.node.program.ProgramFactory;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.Scc;
import icn.protocols.Topology;
import icn.protocols.topology.CubeConnectedCycles;
import icn.protocols.wire.BroadcastSpec;

/**
 * Builds the node programs of a broadcast run from its {@link BroadcastSpec}: 001's Algorithms 4 and 5 on SCC_n, and the same
 * technique on CCC_n (001 §12). CCC_n numbers its ports as SCC_n does (0 cube link = LATERAL, 1 LEFT, 2 RIGHT), so the node programs
 * are {@link OnePortBroadcast} and {@link MultiPortBroadcast} on both; only the loop differs:
 * <ul>
 * <li>SCC_n: ⌊3(n−1)/2⌋ iterations of ⌊n/2⌋ (one-port) or ⌊(n−1)/2⌋ (multi-port) local steps and a lateral step;</li>
 * <li>CCC_n: d_cube = n iterations, σ_CCC(lat) = n; one-port ⌊(n+1)/2⌋ local steps per iteration, σ_CCC(loc) = n·⌊(n+1)/2⌋ (a ring
 * node informed by its cube link sends right, then left, and a node informed by a ring link passes the message on in the direction
 * it travelled, Algorithm 4's rule); multi-port ⌊n/2⌋, σ_CCC(loc)_m = n·⌊n/2⌋. Every informed ring node sends on its cube link in
 * the lateral step, so the rings at Hamming distance i are reached in iteration i.</li>
 * </ul>
 * Both add B − 1 iterations for B pipelined messages.
 */
public final class BroadcastPrograms implements ProgramFactory {

    /** Pipelined messages a run may carry; the state of a node is one byte per message. */
    public static final int MAX_MESSAGES = 1000;

    private final BroadcastSpec spec;
    private final BroadcastSchedule schedule;

    /** Algorithm 4 or 5 of 001 on SCC_n (001 §9, §10), B messages pipelined, lateral links R ticks. */
    public static BroadcastPrograms of(Scc scc, BroadcastSpec spec) {
        return new BroadcastPrograms(scc, spec);
    }

    /** As {@link #of(Scc, BroadcastSpec)}. */
    public BroadcastPrograms(Scc scc, BroadcastSpec spec) {
        this(spec, new BroadcastSchedule(check(scc, spec).n(), spec.algorithm(), spec.messages(), spec.lateralLatency()));
    }

    /** The same technique on CCC_n's rings and cube links (001 §12). */
    public static BroadcastPrograms of(CubeConnectedCycles ccc, BroadcastSpec spec) {
        return new BroadcastPrograms(spec, BroadcastSchedule.of(spec.algorithm(), cccLocalSteps(spec.algorithm(), check(ccc, spec).n()),
                ccc.n() + spec.messages() - 1, spec.lateralLatency()));
    }

    private BroadcastPrograms(BroadcastSpec spec, BroadcastSchedule schedule) {
        this.spec = spec;
        this.schedule = schedule;
    }

    /** {@code topology}, after refusing a spec these programs cannot run on it. */
    private static <T extends Topology> T check(T topology, BroadcastSpec spec) {
        if (spec.algorithm().anyTopology()) {
            throw new IllegalArgumentException(spec.algorithm().key() + " runs as FloodingPrograms (Programs.of)");
        }
        if (spec.algorithm().starSequence()) {
            throw new IllegalArgumentException(spec.algorithm().key() + " runs as StarSequencePrograms (Programs.of)");
        }
        if (spec.messages() > MAX_MESSAGES) {
            throw new InvalidInputException("messages " + spec.messages() + " is more than " + MAX_MESSAGES);
        }
        if (spec.source() < 0 || spec.source() >= topology.nodeCount()) {
            throw new InvalidInputException("source node " + spec.source() + " is not a node of " + topology.name());
        }
        return topology;
    }

    /** Local steps per iteration on CCC_n: ⌊(n+1)/2⌋ one-port, ⌊n/2⌋ multi-port (001 §12). */
    public static int cccLocalSteps(BroadcastAlgorithm algorithm, int n) {
        return algorithm == BroadcastAlgorithm.ONE_PORT ? (n + 1) / 2 : n / 2;
    }

    public BroadcastSchedule schedule() {
        return schedule;
    }

    @Override
    public int messages() {
        return spec.messages();
    }

    /** A node ignores every further copy of a message it holds. */
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
