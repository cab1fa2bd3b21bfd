package icn.node.engine;

import icn.protocols.wire.HostBatch;
import java.util.Arrays;

/** The outgoing batches of one host during one step, one per other host. */
public final class HostBatches {

    private final Builder[] builders;

    HostBatches(int hosts) {
        builders = new Builder[hosts];
        for (int h = 0; h < hosts; h++) {
            builders[h] = new Builder();
        }
    }

    void add(int host, long at, int dest, int port, Object payload) {
        builders[host].add(at, dest, port, payload);
    }

    /** The earliest step any message collected so far lands in, or 0 if none. */
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
