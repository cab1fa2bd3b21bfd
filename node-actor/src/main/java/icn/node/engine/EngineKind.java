package icn.node.engine;

import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import java.util.Arrays;
import java.util.List;

/**
 * The ways a run can be executed, chosen once where a command or scenario is read ({@code --engine}, the scenario key
 * {@code engine}): node actors (one per node, in this JVM or on a cluster of JVMs), or the single-threaded sequential engine that is
 * their reference. Everything below that choice runs through {@link Engine}.
 */
public enum EngineKind {
    /** One actor per node, on one JVM or several. */
    ACTORS(EngineKind.ACTORS_KEY),
    /** The single-threaded reference engine, in this JVM. */
    SEQUENTIAL(EngineKind.SEQUENTIAL_KEY);

    /** The key of {@link #ACTORS}, for the defaults of command-line options (annotations need a constant). */
    public static final String ACTORS_KEY = "actor";
    /** The key of {@link #SEQUENTIAL}. */
    public static final String SEQUENTIAL_KEY = "sequential";
    /** The engine of a command or scenario that names none. */
    public static final EngineKind DEFAULT = ACTORS;

    private final String key;

    EngineKind(String key) {
        this.key = key;
    }

    /** The name commands, scenarios and reports use. */
    public String key() {
        return key;
    }

    /** The key: what a report or a message that prints an engine shows. */
    @Override
    public String toString() {
        return key;
    }

    /** Every key, in the order help texts list them. */
    public static List<String> keys() {
        return Arrays.stream(values()).map(EngineKind::key).toList();
    }

    /** The engine named {@code text}; one line naming the problem otherwise. */
    public static EngineKind parse(String text) {
        for (EngineKind k : values()) {
            if (k.key.equals(text)) {
                return k;
            }
        }
        throw new InvalidInputException("unknown engine '" + text + "': expected one of " + keys());
    }

    /** Whether runs spawn one actor per node (and so have JVMs, hosts and a partitioning). */
    public boolean actors() {
        return this == ACTORS;
    }

    /**
     * Refuses (one line, before anything starts) a network this engine cannot hold: node actors on {@code jvms} JVMs with this JVM's
     * heap each, or the sequential engine's arrays in this JVM.
     */
    public void requireHeap(Topology network, int jvms) {
        if (this == ACTORS) {
            HeapEstimate.require(network.name(), network.nodeCount(), jvms);
        } else {
            HeapEstimate.requireSequential(network.name(), network.nodeCount());
        }
    }
}
