package icn.scenarios.broadcast;

import icn.node.broadcast.BroadcastPrograms;
import icn.node.kind.NetworkBroadcasts;
import icn.node.kind.NetworkPrograms;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;

/**
 * Which broadcasts exist on which network, as {@code icn broadcast} and a broadcast scenario both decide it, with the same one-line
 * refusals: Algorithms 4 and 5 of 001 and the broadcasting sequences of 001 §8 on SCC_n, one-port and multi-port on the networks of
 * {@link NetworkBroadcasts} (optionally with slow lateral links, 001 Theorem 11 and §12), flooding on any network. The option names
 * in a refusal are the caller's ({@code --messages} on the command line, {@code messages} in a scenario).
 */
public final class BroadcastChecks {

    /** How a broadcast runs, and which run reports it. */
    public enum Form {
        /** Algorithm 4 or 5, or a broadcasting sequence of 001 §8, on SCC_n: {@link BroadcastExperiment}, beside 001's formulas. */
        SCC_PAPER,
        /** One-port or multi-port on ccc:N, hypercube:N, star:N, or on SCC_n with lateral links R ticks: {@link PortBroadcastRun}. */
        PORT,
        /** Flooding or one-port flooding on any network: {@link FloodingRun}, beside BFS. */
        FLOODING
    }

    /**
     * The names a refusal uses for the options: B ({@code --messages}), R ({@code --lateral-latency}), and R with its alternative
     * ({@code --lateral-latency and --theorem11}).
     */
    public record Names(String messages, String lateralLatency, String latency) {
        public static final Names COMMAND = new Names("--messages", "--lateral-latency", "--lateral-latency and --theorem11");
        public static final Names SCENARIO = new Names("messages", "lateral-latency", "lateral-latency and theorem11");
    }

    private BroadcastChecks() {
    }

    /**
     * How {@code algorithm} broadcasts on {@code topology} with lateral links {@code r} ticks ({@code theorem11}: R chosen by 001
     * Theorem 11); one line if it does not.
     */
    public static Form form(Topology topology, BroadcastAlgorithm algorithm, int r, boolean theorem11, Names names) {
        boolean papers = NetworkPrograms.of(topology).papersBroadcasts(); // SCC_n: 001's Algorithms 4 and 5, its §8 sequences
        if (algorithm.starSequence() && !papers) {
            throw new InvalidInputException(algorithm.key() + " (a broadcasting sequence of 001 section 8) is defined for scc:N, not "
                    + topology.name());
        }
        boolean port = NetworkBroadcasts.handles(algorithm);
        if (!port && (r != 1 || theorem11)) {
            throw new InvalidInputException(names.latency() + " apply to one-port and multi-port, not " + algorithm.key());
        }
        if (port && (!papers || r != 1 || theorem11)) {
            if (!NetworkBroadcasts.supports(topology)) {
                throw new InvalidInputException(algorithm.key() + " broadcasting is defined for " + NetworkBroadcasts.NETWORKS + ", not "
                        + topology.name() + ": use flooding or flooding-one-port");
            }
            if (r != 1 && !NetworkBroadcasts.hasLocalLinks(topology)) {
                throw new InvalidInputException(topology.name() + " has no local links, so its links cannot be slower than them: "
                        + names.lateralLatency() + " is for scc:N and ccc:N");
            }
            return Form.PORT;
        }
        if (algorithm.anyTopology()) {
            return Form.FLOODING;
        }
        if (!papers) {
            throw new InvalidInputException(algorithm.key() + " (001 Algorithms 4 and 5) is defined for scc:N, not " + topology.name()
                    + ": use flooding or flooding-one-port");
        }
        return Form.SCC_PAPER;
    }

    /** Refuses a number of pipelined messages B the broadcast {@code form} of {@code algorithm} on {@code topology} cannot send. */
    public static void checkMessages(Topology topology, BroadcastAlgorithm algorithm, Form form, int r, int messages, Names names) {
        switch (form) {
            case SCC_PAPER -> {
                if (messages < 1 || messages > BroadcastPrograms.MAX_MESSAGES) {
                    throw new InvalidInputException(names.messages() + " (B) must be 1.." + BroadcastPrograms.MAX_MESSAGES + ", not "
                            + messages);
                }
                if (algorithm.starSequence() && messages != 1) {
                    throw new InvalidInputException(names.messages() + ": " + algorithm.key()
                            + " (a broadcasting sequence of 001 section 8) broadcasts one message");
                }
            }
            case PORT -> {
                if (messages != 1) {
                    throw new InvalidInputException(names.messages() + ": " + algorithm.key() + " on " + topology.name()
                            + (r != 1 ? " with " + names.lateralLatency() + " " + r : "") + " broadcasts one message");
                }
            }
            case FLOODING -> {
                if (messages != 1) {
                    throw new InvalidInputException(names.messages() + ": " + algorithm.key() + " broadcasts one message");
                }
            }
            default -> throw new IllegalStateException("unknown form " + form);
        }
    }

    /** R: {@code lateralLatency}, or with {@code theorem11} the R of 001 Theorem 11 and §12 for one-port and multi-port. */
    public static int lateralLatency(Topology topology, BroadcastAlgorithm algorithm, int lateralLatency, boolean theorem11) {
        return theorem11 && NetworkBroadcasts.handles(algorithm) ? PortBroadcastRun.theorem11Latency(topology, algorithm) : lateralLatency;
    }

    /** The node a broadcast starts from: {@code label} in {@code topology}'s notation, or node 0 without one. */
    public static int sourceNode(Topology topology, String label) {
        return label == null ? 0 : topology.parseLabel(label);
    }
}
