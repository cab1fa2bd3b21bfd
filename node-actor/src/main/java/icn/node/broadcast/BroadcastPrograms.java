package icn.node.broadcast;

import icn.node.program.NodeProgram;
import icn.node.program.ProgramFactory;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.Scc;
import icn.protocols.Topology;
import icn.protocols.wire.BroadcastSpec;

/** Builds the node programs of a broadcast run from its {@link BroadcastSpec}. */
public final class BroadcastPrograms implements ProgramFactory {

    /** Pipelined messages a run may carry; the state of a node is one byte per message. */
    public static final int MAX_MESSAGES = 1000;

    private final BroadcastSpec spec;
    private final BroadcastSchedule schedule;

    public BroadcastPrograms(Topology topology, BroadcastSpec spec) {
        if (spec.algorithm().anyTopology()) {
            throw new IllegalArgumentException(spec.algorithm().key() + " runs as FloodingPrograms (Programs.of)");
        }
        if (spec.algorithm().starSequence()) {
            throw new IllegalArgumentException(spec.algorithm().key() + " runs as StarSequencePrograms (Programs.of)");
        }
        if (!(topology instanceof Scc)) {
            throw new InvalidInputException(spec.algorithm().key() + " (001 Algorithms 4 and 5) is defined for scc:N, not " + topology.name()
                    + ": use flooding or flooding-one-port");
        }
        if (spec.messages() > MAX_MESSAGES) {
            throw new InvalidInputException("messages " + spec.messages() + " is more than " + MAX_MESSAGES);
        }
        if (spec.source() < 0 || spec.source() >= topology.nodeCount()) {
            throw new InvalidInputException("source node " + spec.source() + " is not a node of " + topology.name());
        }
        this.spec = spec;
        this.schedule = new BroadcastSchedule(((Scc) topology).n(), spec.algorithm(), spec.messages(), spec.lateralLatency());
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
