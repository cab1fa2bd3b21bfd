package icn.node.engine;

/** Messages from one host to the nodes of another, collected during one step. Immutable once built. */
public final class HostBatch {

    public static final HostBatch EMPTY = new HostBatch(new long[0], new int[0], new int[0], new Object[0], 0);

    private final long[] at;
    private final int[] dest;
    private final int[] port;
    private final Object[] payload;
    private final int size;

    HostBatch(long[] at, int[] dest, int[] port, Object[] payload, int size) {
        this.at = at;
        this.dest = dest;
        this.port = port;
        this.payload = payload;
        this.size = size;
    }

    public int size() {
        return size;
    }

    /** The step at whose start the message is in the receiver's inbox. */
    public long at(int i) {
        return at[i];
    }

    /** Global id of the receiving node. */
    public int dest(int i) {
        return dest[i];
    }

    public int port(int i) {
        return port[i];
    }

    public Object payload(int i) {
        return payload[i];
    }

    /** The earliest step any message of the batch lands in, or 0 if it is empty. */
    public long earliest() {
        long min = 0;
        for (int i = 0; i < size; i++) {
            if (min == 0 || at[i] < min) {
                min = at[i];
            }
        }
        return min;
    }
}
