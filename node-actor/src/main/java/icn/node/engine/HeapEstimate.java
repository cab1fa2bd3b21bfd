package icn.node.engine;

import icn.protocols.InvalidInputException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Locale;

/**
 * Whether a network fits as node actors, decided before anything is spawned: the heap the network needs (its nodes times the bytes
 * one node actor is measured to hold, per member its share of them, plus a fixed base) against the heap the collector can keep live
 * data in (the old generation, which is where millions of long-lived actors end up). A network that does not fit is refused in one
 * line with both figures and the {@code ICN_HEAP} or {@code --jvms} that would fit, instead of a collector thrashing for minutes.
 */
public final class HeapEstimate {

    /**
     * Live heap bytes one node actor holds after spawning: Akka's own cost (an empty typed actor, about 740 bytes with its parent's
     * entry for it), the node's program state and its host's per-node tables. {@code icn bench broadcast} measures and prints it
     * (SCC_8 and SCC_9 one-port: about 780–800); rounded up so that routing and traffic programs, which hold more, fit as well.
     * {@code HeapEstimateTest} checks it against a measured spawn.
     */
    public static final long BYTES_PER_NODE_ACTOR = icn.protocols.ResourceEstimate.HEAP_BYTES_PER_NODE_ACTOR;

    /**
     * Live heap bytes one node takes on the sequential engine (its program state and the engine's per-node tables): SCC_9 one-port
     * keeps about 230 MB live for 2,903,040 nodes (about 80 bytes each, measured with -Xlog:gc); rounded up for routing programs.
     */
    public static final long BYTES_PER_SEQUENTIAL_NODE = 120;

    /** The JVM, the actor system, topology tables and the run's own bookkeeping, whatever the network's size. */
    public static final long BASE_BYTES = 96L << 20;

    /** Largest JVM count suggested in a refusal. */
    private static final int MAX_JVMS_SUGGESTED = 64;

    /**
     * {@code -Dicn.heap-check=off} (in ICN_JAVA_OPTS) lets a run through that the estimate would refuse, for whoever knows better;
     * if the heap then does not hold it, the launcher's collector watchdog ends the run within a minute.
     */
    private static final boolean DISABLED = "off".equals(System.getProperty("icn.heap-check"));

    private HeapEstimate() {
    }

    /** Heap one member needs for its share of {@code nodes} node actors on {@code jvms} members (shares as even as supernodes allow). */
    public static long neededPerMember(long nodes, int jvms) {
        long share = (nodes + jvms - 1) / jvms;
        return BASE_BYTES + share * BYTES_PER_NODE_ACTOR;
    }

    /**
     * Heap this JVM can hold live data in: the old generation's maximum (Parallel and serial collectors), at most 90 % of the
     * maximum heap (G1, whose old generation may take the whole heap but needs room for young regions).
     */
    public static long usableHeap() {
        long max = Runtime.getRuntime().maxMemory();
        long usable = max * 9 / 10;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            String name = pool.getName();
            if (pool.getType() == MemoryType.HEAP && (name.contains("Old Gen") || name.contains("Tenured")) && pool.getUsage().getMax() > 0) {
                usable = Math.min(usable, pool.getUsage().getMax());
            }
        }
        return usable;
    }

    /** Refuses (exit 2, one line) if {@code topology}'s {@code nodes} nodes do not fit this JVM's heap on the sequential engine. */
    public static void requireSequential(String topology, long nodes) {
        long needed = BASE_BYTES + nodes * BYTES_PER_SEQUENTIAL_NODE;
        long usable = usableHeap();
        if (needed > usable && !DISABLED) {
            long max = Runtime.getRuntime().maxMemory();
            throw new InvalidInputException(String.format(Locale.ROOT,
                    "%s needs about %.1f GiB of heap on the sequential engine (%,d nodes at ~%d bytes each, plus %d MiB), but this JVM"
                            + " can hold %.1f GiB of live data (-Xmx %.1f GiB): run with ICN_HEAP=%dg",
                    topology, gib(needed), nodes, BYTES_PER_SEQUENTIAL_NODE, BASE_BYTES >> 20, gib(usable), gib(max),
                    (long) Math.ceil(needed / (usable / (double) max) / (1L << 30))));
        }
    }

    /** Refuses (exit 2, one line) if {@code topology}'s {@code nodes} node actors do not fit on {@code jvms} members of this JVM's heap. */
    public static void require(String topology, long nodes, int jvms) {
        String refusal = refusal(topology, nodes, jvms, usableHeap(), Runtime.getRuntime().maxMemory());
        if (refusal != null) {
            throw new InvalidInputException(refusal);
        }
    }

    /**
     * The one-line refusal for {@code nodes} node actors on {@code jvms} members that each have {@code usable} bytes for live data
     * out of a {@code maxHeap}-byte heap, or null if they fit.
     */
    public static String refusal(String topology, long nodes, int jvms, long usable, long maxHeap) {
        long needed = neededPerMember(nodes, jvms);
        if (needed <= usable || DISABLED) {
            return null;
        }
        // the same ratio of usable to maximum heap on a bigger heap: the ICN_HEAP that fits, in whole GiB
        double fraction = usable / (double) maxHeap;
        long fitHeapGib = (long) Math.ceil(needed / fraction / (1L << 30));
        int fitJvms = -1;
        for (int k = jvms + 1; k <= MAX_JVMS_SUGGESTED; k++) {
            if (neededPerMember(nodes, k) <= usable) {
                fitJvms = k;
                break;
            }
        }
        String where = jvms == 1 ? "this JVM can hold" : String.format(Locale.ROOT, "each of the %d JVMs can hold", jvms);
        String share = jvms == 1 ? "" : String.format(Locale.ROOT, " for its share of %,d", (nodes + jvms - 1) / jvms);
        String jvmsHint = fitJvms > 0 ? String.format(Locale.ROOT, ", or --jvms %d with this heap", fitJvms) : "";
        return String.format(Locale.ROOT,
                "%s needs about %.1f GiB of heap per JVM%s (%,d node actors at ~%d bytes each, plus %d MiB), but %s %.1f GiB"
                        + " of live data (-Xmx %.1f GiB): run with ICN_HEAP=%dg%s",
                topology, gib(needed), share, nodes, BYTES_PER_NODE_ACTOR, BASE_BYTES >> 20, where, gib(usable), gib(maxHeap), fitHeapGib,
                jvmsHint);
    }

    private static double gib(long bytes) {
        return bytes / (double) (1L << 30);
    }
}
