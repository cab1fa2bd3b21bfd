package icn.protocols;

import java.util.Arrays;
import java.util.Locale;

/**
 * Assigns every node id to exactly one host. {@link Kind#SUPERNODE} keeps whole groups of {@code groupSize} consecutive ids (SCC
 * supernodes: local links stay inside a host, lateral links may cross); {@link Kind#BLOCK} cuts contiguous id ranges anywhere;
 * {@link Kind#ROUND_ROBIN} deals ids out one by one. Every host numbers its own nodes 0..size−1 (local index).
 */
public final class Partition {

    public enum Kind {
        SUPERNODE, BLOCK, ROUND_ROBIN;

        public String key() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public static Kind parse(String text) {
            for (Kind k : values()) {
                if (k.key().equals(text)) {
                    return k;
                }
            }
            throw new InvalidInputException("unknown partitioning '" + text + "': expected supernode, block or round-robin");
        }
    }

    private final Kind kind;
    private final int hosts;
    private final int nodeCount;
    private final int[] starts; // block kinds: first id of each host, plus nodeCount

    public Partition(Kind kind, int hosts, int nodeCount, int groupSize) {
        if (hosts < 1) {
            throw new InvalidInputException("a partition needs at least one host, not " + hosts);
        }
        this.kind = kind;
        this.hosts = hosts;
        this.nodeCount = nodeCount;
        this.starts = new int[hosts + 1];
        int unit = kind == Kind.SUPERNODE ? groupSize : 1;
        long units = nodeCount / unit;
        for (int h = 0; h <= hosts; h++) {
            starts[h] = (int) (h * units / hosts) * unit;
        }
        starts[hosts] = nodeCount;
    }

    public static Partition single(int nodeCount) {
        return new Partition(Kind.BLOCK, 1, nodeCount, 1);
    }

    public Kind kind() {
        return kind;
    }

    public int hosts() {
        return hosts;
    }

    public int nodeCount() {
        return nodeCount;
    }

    public int hostOf(int node) {
        if (hosts == 1) {
            return 0;
        }
        if (kind == Kind.ROUND_ROBIN) {
            return node % hosts;
        }
        int i = Arrays.binarySearch(starts, node);
        if (i >= 0) {
            while (i < hosts && starts[i + 1] == node) {
                i++; // skip empty hosts
            }
            return i;
        }
        return -i - 2;
    }

    public int localIndex(int node) {
        return kind == Kind.ROUND_ROBIN ? node / hosts : node - starts[hostOf(node)];
    }

    public int globalId(int host, int local) {
        return kind == Kind.ROUND_ROBIN ? local * hosts + host : starts[host] + local;
    }

    public int size(int host) {
        if (kind == Kind.ROUND_ROBIN) {
            return nodeCount / hosts + (host < nodeCount % hosts ? 1 : 0);
        }
        return starts[host + 1] - starts[host];
    }
}
