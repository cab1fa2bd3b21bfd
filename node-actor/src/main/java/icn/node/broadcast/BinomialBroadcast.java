package icn.node.broadcast;

import icn.node.program.Inbox;
import icn.node.program.NodeProgram;
import icn.node.program.Outbox;
import icn.node.program.ProgramFactory;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.Hypercube;

/**
 * Optimal one-port broadcasting in the n-cube (001 §7: "in n steps [1], [14]"): the binomial spanning tree. In step i (1..n) every
 * informed node sends on dimension i−1, so the informed nodes double in every step and all 2^n hold the message after step n. A
 * node acts on the step number alone: it is informed by what reaches it and sends on the dimension of each later step.
 */
public final class BinomialBroadcast implements ProgramFactory {

    private static final Integer MESSAGE = 0;

    private final Hypercube cube;
    private final int source;

    public BinomialBroadcast(Hypercube cube, int source) {
        if (source < 0 || source >= cube.nodeCount()) {
            throw new InvalidInputException("source node " + source + " is not a node of " + cube.name());
        }
        this.cube = cube;
        this.source = source;
    }

    /** n: the steps the broadcast takes. */
    public int steps() {
        return cube.n();
    }

    @Override
    public int messages() {
        return 1;
    }

    @Override
    public boolean ignores(long ignored, Object payload) {
        return (ignored & 1L) != 0;
    }

    @Override
    public NodeProgram create(int node) {
        return new Node(node == source);
    }

    private final class Node implements NodeProgram {
        private final boolean source;
        private boolean informed;

        Node(boolean source) {
            this.source = source;
        }

        @Override
        public long initialWake() {
            return source ? 1 : NO_WAKE;
        }

        @Override
        public long step(long step, Inbox inbox, Outbox out) {
            if (!informed && (source || inbox.size() > 0)) {
                informed = true;
                out.informed(0, step - 1);
            }
            if (!informed || step > cube.n()) {
                return NO_WAKE;
            }
            out.send((int) step - 1, MESSAGE); // step i: dimension i−1
            return step < cube.n() ? step + 1 : NO_WAKE;
        }

        @Override
        public long ignoredMessages() {
            return informed ? 1L : 0L;
        }
    }
}
