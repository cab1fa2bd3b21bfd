package icn.node.engine;

import java.util.Arrays;
import java.util.TreeMap;

/**
 * The pending work of one host, by step: messages to deliver into its nodes' inboxes and wake-ups its nodes asked for. Only steps
 * and nodes that have work are stored, so an idle node costs nothing per step. Pure data structure, single-threaded.
 */
public final class StepTimeline {

    /** Receives the work of one node in {@link #drain}; the arrays are scratch space valid only during the call. */
    public interface Activation {
        void activate(int local, int count, int[] ports, Object[] payloads);
    }

    private static final class Bucket {
        int size;
        int[] dest = new int[16];
        int[] port = new int[16];
        Object[] payload = new Object[16];
        int wakes;
        int[] wake = new int[4];

        void add(int d, int p, Object m) {
            if (size == dest.length) {
                int cap = size * 2;
                dest = Arrays.copyOf(dest, cap);
                port = Arrays.copyOf(port, cap);
                payload = Arrays.copyOf(payload, cap);
            }
            dest[size] = d;
            port[size] = p;
            payload[size] = m;
            size++;
        }

        void addWake(int local) {
            if (wakes == wake.length) {
                wake = Arrays.copyOf(wake, wakes * 2);
            }
            wake[wakes++] = local;
        }
    }

    private static final int UNTOUCHED = -1;
    private static final int WAKE_ONLY = -2;

    private final TreeMap<Long, Bucket> buckets = new TreeMap<>();
    private final int[] head;
    private final int[] tail;
    private int[] next = new int[16];
    private int[] touched = new int[16];
    private int[] scratchPorts = new int[8];
    private Object[] scratchPayloads = new Object[8];
    private long pendingMessages;

    public StepTimeline(int localNodes) {
        head = new int[localNodes];
        tail = new int[localNodes];
        Arrays.fill(head, UNTOUCHED);
    }

    // the bucket last drained, emptied, for the next step that needs one: a loaded run fills a bucket with thousands of messages
    // every step, and a new one grew its arrays from 16 by doubling each time (JFR of NoDeadlockTest: a twentieth of its samples)
    private Bucket spare;

    private Bucket newBucket() {
        Bucket b = spare;
        if (b == null) {
            return new Bucket();
        }
        spare = null;
        return b;
    }

    // the two buckets last looked up: a step's deliveries mostly go to the next step, interleaved with wake-ups further on
    private long lastStep = -1;
    private Bucket lastBucket;
    private long otherStep = -1;
    private Bucket otherBucket;

    private Bucket bucket(long step) {
        if (step == lastStep) {
            return lastBucket;
        }
        if (step == otherStep) {
            return otherBucket;
        }
        Bucket b = buckets.computeIfAbsent(step, s -> newBucket());
        otherStep = lastStep;
        otherBucket = lastBucket;
        lastStep = step;
        lastBucket = b;
        return b;
    }

    /** Puts a message into node {@code local}'s inbox of step {@code step}. */
    public void deliver(long step, int local, int port, Object payload) {
        bucket(step).add(local, port, payload);
        pendingMessages++;
    }

    /** Wakes node {@code local} at step {@code step} even if nothing reaches it. */
    public void wake(long step, int local) {
        bucket(step).addWake(local);
    }

    /** The first step with work, or 0 if there is none. */
    public long nextStep() {
        return buckets.isEmpty() ? 0 : buckets.firstKey();
    }

    public boolean isEmpty() {
        return buckets.isEmpty();
    }

    /** Messages waiting in future inboxes whose payload matches {@code filter} (tests: flits on the links). */
    public long countPending(java.util.function.Predicate<Object> filter) {
        long count = 0;
        for (Bucket b : buckets.values()) {
            for (int i = 0; i < b.size; i++) {
                if (filter.test(b.payload[i])) {
                    count++;
                }
            }
        }
        return count;
    }

    /** Messages waiting in future inboxes. */
    public long pendingMessages() {
        return pendingMessages;
    }

    /**
     * Hands the work of {@code step} to {@code activation}, one call per node that has any, in the order nodes first got work.
     * Returns the number of nodes activated. Work added for later steps during the calls is kept.
     */
    public int drain(long step, Activation activation) {
        Bucket b = buckets.remove(step);
        if (step == lastStep) {
            lastStep = -1; // drained: work added for this step now goes to a new bucket
            lastBucket = null;
        }
        if (step == otherStep) {
            otherStep = -1;
            otherBucket = null;
        }
        if (b == null) {
            return 0;
        }
        pendingMessages -= b.size;
        if (next.length < b.size) {
            next = new int[Math.max(b.size, next.length * 2)];
        }
        int touchedCount = 0;
        int maxTouched = b.size + b.wakes;
        if (touched.length < maxTouched) {
            touched = new int[Math.max(maxTouched, touched.length * 2)];
        }
        for (int t = 0; t < b.size; t++) {
            int d = b.dest[t];
            next[t] = UNTOUCHED;
            if (head[d] < 0) {
                if (head[d] == UNTOUCHED) {
                    touched[touchedCount++] = d;
                }
                head[d] = t;
            } else {
                next[tail[d]] = t;
            }
            tail[d] = t;
        }
        for (int w = 0; w < b.wakes; w++) {
            int d = b.wake[w];
            if (head[d] == UNTOUCHED) {
                head[d] = WAKE_ONLY;
                touched[touchedCount++] = d;
            }
        }
        for (int i = 0; i < touchedCount; i++) {
            int d = touched[i];
            int count = 0;
            for (int t = head[d]; t >= 0; t = next[t]) {
                if (count == scratchPorts.length) {
                    scratchPorts = Arrays.copyOf(scratchPorts, count * 2);
                    scratchPayloads = Arrays.copyOf(scratchPayloads, count * 2);
                }
                scratchPorts[count] = b.port[t];
                scratchPayloads[count] = b.payload[t];
                count++;
            }
            head[d] = UNTOUCHED;
            activation.activate(d, count, scratchPorts, scratchPayloads);
        }
        Arrays.fill(scratchPayloads, null);
        Arrays.fill(b.payload, 0, b.size, null);
        b.size = 0;
        b.wakes = 0;
        spare = b;
        return touchedCount;
    }
}
