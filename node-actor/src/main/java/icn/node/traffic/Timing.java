package icn.node.traffic;

import icn.protocols.Topology;
import icn.protocols.traffic.RouterTiming;
import java.util.Arrays;
import java.util.PriorityQueue;

/**
 * One router's pipeline and its input links' latencies ({@link RouterTiming}, and a file network's own per link,
 * {@link Topology#linkLatency}), kept only when they are not the synchronous router's: when each flit in its buffers may leave, the credits still on their way back over slow links, and the next cycle
 * something becomes due, so that the router sleeps until then. A flit that reaches the router in cycle s over a link of latency L
 * may leave in cycle s + L − 1 + the pipeline's delay (a head's or a body flit's); a credit sent back in cycle s over it may be used
 * from cycle s + L − 1 on (the engines deliver everything one cycle after it is sent; the rest of a slow link's latency is
 * waited here, at its receiving end). Single-threaded, like its router.
 */
final class Timing {

    private final int head;
    private final int body;
    private final int buffer;
    private final int vcs;
    private final int injection;
    private final int[] inExtra; // per in-port: its link's latency − 1
    private final int[] outExtra; // per out-port: the latency − 1 of the link its credits come back over
    private final long[] ready; // per input virtual channel and buffer slot: the cycle its flit may leave
    private final long[] admitted; // per injection virtual channel: the cycle its message entered it
    private final PriorityQueue<long[]> credits = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0])); // {due, channel}
    private final PriorityQueue<Long> due = new PriorityQueue<>();

    Timing(RouterTiming t, Topology topology, int node, int inputs, int injection, int vcs, int buffer) {
        this.vcs = vcs;
        this.head = t.head();
        this.body = t.body();
        this.buffer = buffer;
        this.injection = injection;
        this.inExtra = new int[topology.inPortCount()];
        for (int q = 0; q < inExtra.length; q++) {
            int sender = topology.predecessor(node, q);
            int port = topology.directed() && sender != Topology.NONE ? topology.departurePort(node, q) : q;
            int own = sender == Topology.NONE ? 0 : topology.directed() ? topology.linkLatency(sender, port) : topology.linkLatency(node, q);
            inExtra[q] = (own > 0 ? own : t.latency(topology.linkClass(port))) - 1;
        }
        this.outExtra = new int[topology.portCount()];
        for (int p = 0; p < outExtra.length; p++) {
            int own = topology.linkLatency(node, p);
            outExtra[p] = (own > 0 ? own : t.latency(topology.linkClass(p))) - 1;
        }
        this.ready = new long[injection * buffer];
        this.admitted = new long[inputs - injection];
        Arrays.fill(admitted, Long.MAX_VALUE);
    }

    /** Flit {@code index} of the worm in input virtual channel {@code i} reached the router over in-port {@code port} in {@code step}. */
    void arrived(int i, int index, int port, boolean isHead, long step) {
        long at = step + inExtra[port] + (isHead ? head : body);
        ready[i * buffer + index % buffer] = at;
        if (at > step) {
            due.add(at);
        }
    }

    /** A message entered injection virtual channel {@code i} in {@code step}: its head may leave after the pipeline, its body after. */
    void injected(int i, long step) {
        admitted[i - injection] = step;
        if (head > 0) {
            due.add(step + head);
        }
    }

    /** The cycle flit {@code index} of the worm in input virtual channel {@code i} may leave. */
    long readyAt(int i, int index) {
        if (i >= injection) {
            return admitted[i - injection] + (index == 0 ? head : body);
        }
        return ready[i * buffer + index % buffer];
    }

    /** Whether a credit for output channel {@code j}, arrived on out-port {@code port} in {@code step}, is still on a slow link. */
    boolean defersCredit(int port, int j, long step) {
        if (outExtra[port] == 0) {
            return false;
        }
        long at = step + outExtra[port];
        credits.add(new long[] {at, j});
        due.add(at);
        return true;
    }

    /** The credits due by {@code step} reach their channels. */
    void creditsDue(long step, OutputChannels outs) {
        while (!credits.isEmpty() && credits.peek()[0] <= step) {
            int j = (int) credits.poll()[1];
            if (!outs.portDead[j / vcs] && !outs.credit(j)) {
                throw new IllegalStateException("a router got more credits than buffers on output channel " + j);
            }
        }
    }

    /** The next cycle after {@code step} when a flit or a credit becomes due, or {@link Long#MAX_VALUE}. */
    long nextAfter(long step) {
        while (!due.isEmpty() && due.peek() <= step) {
            due.poll();
        }
        return due.isEmpty() ? Long.MAX_VALUE : due.peek();
    }
}
