package icn.node.engine;

import icn.protocols.wire.HostBatch;
import java.util.Arrays;

/** The outgoing batches of one host during one step, one per other host. */
public final class HostBatches {

    private final Builder[] builders;
    private long takenEarliest; // the earliest step of the parts taken early (before the step's end) since endOfStep

    HostBatches(int hosts) {
        builders = new Builder[hosts];
        for (int h = 0; h < hosts; h++) {
            builders[h] = new Builder();
        }
    }

    void add(int host, long at, int dest, int port, Object payload) {
        builders[host].add(at, dest, port, payload);
    }

    /** Messages collected for {@code host} and not yet taken. */
    public int size(int host) {
        return builders[host].size;
    }

    /**
     * The earliest step any message of this step lands in, or 0 if none: those collected and not yet taken, and those of the parts
     * taken early ({@link #takeEarly}); the step's end forgets the latter.
     */
    public long endOfStep() {
        long min = earliest();
        if (takenEarliest != 0 && (min == 0 || takenEarliest < min)) {
            min = takenEarliest;
        }
        takenEarliest = 0;
        return min;
    }

    /** As {@link #take}, during the step: the part's earliest step still counts in {@link #endOfStep}. */
    public HostBatch takeEarly(int host) {
        long e = builders[host].earliest;
        if (e != 0 && (takenEarliest == 0 || e < takenEarliest)) {
            takenEarliest = e;
        }
        return builders[host].take();
    }

    /** The earliest step any message collected and not yet taken lands in, or 0 if none. */
    public long earliest() {
        long min = 0;
        for (Builder b : builders) {
            if (b.earliest != 0 && (min == 0 || b.earliest < min)) {
                min = b.earliest;
            }
        }
        return min;
    }

    /** The batch for {@code host}, emptying the builder. */
    public HostBatch take(int host) {
        return builders[host].take();
    }

    private static final class Builder {
        long[] at = new long[16];
        int[] dest = new int[16];
        int[] port = new int[16];
        Object[] payload = new Object[16];
        int size;
        long earliest;

        void add(long a, int d, int p, Object m) {
            if (size == dest.length) {
                int cap = size * 2;
                at = Arrays.copyOf(at, cap);
                dest = Arrays.copyOf(dest, cap);
                port = Arrays.copyOf(port, cap);
                payload = Arrays.copyOf(payload, cap);
            }
            at[size] = a;
            dest[size] = d;
            port[size] = p;
            payload[size] = m;
            size++;
            if (earliest == 0 || a < earliest) {
                earliest = a;
            }
        }

        HostBatch take() {
            if (size == 0) {
                return HostBatch.EMPTY;
            }
            HostBatch batch = new HostBatch(Arrays.copyOf(at, size), Arrays.copyOf(dest, size), Arrays.copyOf(port, size),
                    Arrays.copyOf(payload, size));
            Arrays.fill(payload, 0, size, null);
            size = 0;
            earliest = 0;
            return batch;
        }
    }
}
