package icn.protocols;

import java.util.Arrays;

/**
 * The routed packets that reached their destination in a run: for each, its id, the step after which it was delivered, its hops,
 * lateral and local links, and how many of its recorded hops were not links of the topology (checked against the topology when it
 * arrived, independently of the routing code), and a fingerprint of the nodes it visited ({@link #fingerprint(int[])}), so that a
 * report can check each packet took exactly the walk a pure route computation gives without shipping every path. The longest
 * delivered path is kept whole.
 */
public final class PacketLog {

    /** The log as plain data, to cross JVMs (registered with Kryo). */
    public record Data(int[] id, long[] step, int[] hops, int[] lateral, int[] local, int[] invalidHops, long[] fingerprint, int[] longestPath)
            implements icn.protocols.WireMessage {
    }

    private int size;
    private int[] id = new int[16];
    private long[] step = new long[16];
    private int[] hops = new int[16];
    private int[] lateral = new int[16];
    private int[] local = new int[16];
    private int[] invalidHops = new int[16];
    private long[] fingerprint = new long[16];
    private int[] longestPath = new int[0];

    /** Records {@code packet}, delivered after {@code afterStep}, checking each recorded hop against {@code topology}. */
    public void add(Packet packet, long afterStep, Topology topology) {
        int invalid = 0;
        int[] path = packet.path();
        for (int h = 1; h < path.length; h++) {
            if (!adjacent(topology, path[h - 1], path[h])) {
                invalid++;
            }
        }
        add(packet.id(), afterStep, packet.hops(), packet.lateral(), packet.local(), invalid, fingerprint(path));
        if (path.length > longestPath.length) {
            longestPath = path.clone();
        }
    }

    /** A 64-bit fingerprint of a walk's node sequence (source first): equal walks give equal fingerprints. */
    public static long fingerprint(int[] path) {
        long h = path.length;
        for (int node : path) {
            h = (h ^ node) * 0x9E3779B97F4A7C15L;
            h ^= h >>> 29;
        }
        return h;
    }

    private static boolean adjacent(Topology t, int a, int b) {
        for (int p = 0; p < t.portCount(); p++) {
            if (t.neighbour(a, p) == b) {
                return true;
            }
        }
        return false;
    }

    private void add(int packetId, long afterStep, int h, int lat, int loc, int invalid, long print) {
        if (size == id.length) {
            int cap = size * 2;
            id = Arrays.copyOf(id, cap);
            step = Arrays.copyOf(step, cap);
            hops = Arrays.copyOf(hops, cap);
            lateral = Arrays.copyOf(lateral, cap);
            local = Arrays.copyOf(local, cap);
            invalidHops = Arrays.copyOf(invalidHops, cap);
            fingerprint = Arrays.copyOf(fingerprint, cap);
        }
        id[size] = packetId;
        step[size] = afterStep;
        hops[size] = h;
        lateral[size] = lat;
        local[size] = loc;
        invalidHops[size] = invalid;
        fingerprint[size] = print;
        size++;
    }

    public void merge(PacketLog other) {
        for (int i = 0; i < other.size; i++) {
            add(other.id[i], other.step[i], other.hops[i], other.lateral[i], other.local[i], other.invalidHops[i], other.fingerprint[i]);
        }
        if (other.longestPath.length > longestPath.length) {
            longestPath = other.longestPath.clone();
        }
    }

    public int size() {
        return size;
    }

    public int id(int i) {
        return id[i];
    }

    public long step(int i) {
        return step[i];
    }

    public int hops(int i) {
        return hops[i];
    }

    public int lateral(int i) {
        return lateral[i];
    }

    public int local(int i) {
        return local[i];
    }

    public int invalidHops(int i) {
        return invalidHops[i];
    }

    /** The fingerprint of the walk entry {@code i} took. */
    public long fingerprint(int i) {
        return fingerprint[i];
    }

    /** The nodes of the longest delivered path, source first. */
    public int[] longestPath() {
        return longestPath.clone();
    }

    public long totalInvalidHops() {
        long total = 0;
        for (int i = 0; i < size; i++) {
            total += invalidHops[i];
        }
        return total;
    }

    /** Entries {@code from .. to−1} as data (the longest path goes with the first part only). */
    public Data data(int from, int to) {
        return new Data(Arrays.copyOfRange(id, from, to), Arrays.copyOfRange(step, from, to), Arrays.copyOfRange(hops, from, to),
                Arrays.copyOfRange(lateral, from, to), Arrays.copyOfRange(local, from, to), Arrays.copyOfRange(invalidHops, from, to),
                Arrays.copyOfRange(fingerprint, from, to), from == 0 ? longestPath.clone() : new int[0]);
    }

    public Data data() {
        return new Data(Arrays.copyOf(id, size), Arrays.copyOf(step, size), Arrays.copyOf(hops, size), Arrays.copyOf(lateral, size),
                Arrays.copyOf(local, size), Arrays.copyOf(invalidHops, size), Arrays.copyOf(fingerprint, size), longestPath.clone());
    }

    public static PacketLog of(Data data) {
        PacketLog log = new PacketLog();
        for (int i = 0; i < data.id().length; i++) {
            log.add(data.id()[i], data.step()[i], data.hops()[i], data.lateral()[i], data.local()[i], data.invalidHops()[i], data.fingerprint()[i]);
        }
        log.longestPath = data.longestPath().clone();
        return log;
    }
}
