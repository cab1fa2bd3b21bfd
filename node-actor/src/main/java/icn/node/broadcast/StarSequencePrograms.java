package icn.node.broadcast;

import icn.node.program.NodeProgram;
import icn.node.program.ProgramFactory;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.Scc;
import icn.protocols.wire.BroadcastSpec;

/**
 * The node programs of the one-port broadcasting sequences of 001 §8.1–8.3 ({@code cyclic-seq}, {@code cyclic-par},
 * {@code switching-nlogn}, {@code switching-n2}) on SCC_n, one message. The plan is a pure function of n, the algorithm and the
 * source's ring position, so every host builds the same.
 */
public final class StarSequencePrograms implements ProgramFactory {

    private final Scc scc;
    private final BroadcastSpec spec;
    private final StarSequenceSchedule schedule;

    public StarSequencePrograms(Scc topology, BroadcastSpec spec) {
        if (!spec.algorithm().starSequence()) {
            throw new IllegalArgumentException(spec.algorithm().key() + " is not a broadcasting sequence of 001 §8.1–8.3");
        }
        if (spec.messages() != 1) {
            throw new InvalidInputException(spec.algorithm().key() + " broadcasts one message (001 §8 gives no pipelining for it), not "
                    + spec.messages());
        }
        if (spec.source() < 0 || spec.source() >= topology.nodeCount()) {
            throw new InvalidInputException("source node " + spec.source() + " is not a node of " + topology.name());
        }
        this.scc = topology;
        this.spec = spec;
        this.schedule = StarSequenceSchedule.of(topology, spec.algorithm(), topology.position(spec.source()));
    }

    public StarSequenceSchedule schedule() {
        return schedule;
    }

    @Override
    public int messages() {
        return 1;
    }

    @Override
    public NodeProgram create(int node) {
        boolean source = node == spec.source();
        return schedule.algorithm() == icn.protocols.BroadcastAlgorithm.CYCLIC_PAR
                ? new ParallelCyclicBroadcast(schedule, source)
                : new SequentialStarBroadcast(schedule, scc.position(node), source);
    }
}
