package icn.node.broadcast;

import icn.node.program.Inbox;
import icn.node.program.NodeProgram;
import icn.node.program.Outbox;
import icn.node.program.ProgramFactory;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Flooding broadcast of one message on any {@link Topology}, directed ones included: the baseline the papers' broadcast algorithms
 * are compared with. A node is informed when the message first reaches it (the source before step 1), and then forwards it once on
 * each of its out-ports, skipping ports that lead nowhere ({@link Topology#NONE}); copies that reach an informed node are never read.
 * In {@link Mode#MULTI_PORT} a node sends on all its ports in the step after it is informed (the source in step 1), so the message
 * reaches every node at distance d from the source at the end of step d and the last one at the source's eccentricity. In
 * {@link Mode#ONE_PORT} a node sends on one port per step, in ascending port order, from that step on.
 */
public final class FloodingPrograms implements ProgramFactory {

    /** How many ports an informed node may send on in one step. */
    public enum Mode {
        MULTI_PORT("multi-port"),
        ONE_PORT("one-port");

        private final String key;

        Mode(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        public static Mode parse(String text) {
            for (Mode m : values()) {
                if (m.key.equals(text)) {
                    return m;
                }
            }
            throw new InvalidInputException("unknown flooding mode '" + String.valueOf(text).strip() + "': expected one of "
                    + Arrays.stream(values()).map(Mode::key).collect(Collectors.joining(", ")));
        }
    }

    private static final Integer MESSAGE = 0;

    private final Topology topology;
    private final int source;
    private final Mode mode;

    public FloodingPrograms(Topology topology, int source, Mode mode) {
        if (source < 0 || source >= topology.nodeCount()) {
            throw new InvalidInputException("source node " + source + " is not a node of " + topology.name());
        }
        this.topology = topology;
        this.source = source;
        this.mode = mode;
    }

    public Mode mode() {
        return mode;
    }

    public int source() {
        return source;
    }

    @Override
    public int messages() {
        return 1;
    }

    /** An informed node ignores every further copy. */
    @Override
    public boolean ignores(long ignored, Object payload) {
        return (ignored & 1L) != 0;
    }

    @Override
    public NodeProgram create(int node) {
        return new Flooding(node);
    }

    private final class Flooding implements NodeProgram {
        private final int node;
        private boolean informed;
        private int nextPort; // the next port to send on; portCount() once every port has been used

        Flooding(int node) {
            this.node = node;
        }

        @Override
        public long initialWake() {
            return node == source ? 1 : NO_WAKE;
        }

        @Override
        public long step(long step, Inbox inbox, Outbox out) {
            if (!informed && (inbox.size() > 0 || node == source)) {
                informed = true;
                out.informed(0, step - 1); // the source holds the message after step 0, as in Algorithms 4 and 5
            }
            if (!informed) {
                return NO_WAKE;
            }
            int ports = topology.portCount();
            if (mode == Mode.MULTI_PORT) {
                for (; nextPort < ports; nextPort++) {
                    send(out);
                }
                return NO_WAKE;
            }
            skipPortsLeadingNowhere();
            if (nextPort < ports) {
                send(out);
                nextPort++;
                skipPortsLeadingNowhere();
            }
            return nextPort < ports ? step + 1 : NO_WAKE;
        }

        private void send(Outbox out) {
            if (topology.neighbour(node, nextPort) != Topology.NONE) {
                out.send(nextPort, MESSAGE);
            }
        }

        private void skipPortsLeadingNowhere() {
            while (nextPort < topology.portCount() && topology.neighbour(node, nextPort) == Topology.NONE) {
                nextPort++;
            }
        }

        @Override
        public long ignoredMessages() {
            return informed ? 1L : 0L;
        }
    }
}
