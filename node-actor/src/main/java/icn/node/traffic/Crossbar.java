package icn.node.traffic;

import icn.protocols.traffic.RouterTiming;
import java.util.Arrays;

/**
 * A router's crossbar as its input channels from the network use it (issue 39): with a speedup S below V, at most S flits leave
 * one input channel through it in a step, to outputs or to the processor ({@link RouterTiming#speedup}); without one, every
 * virtual channel of an input may cross in the same step, as in issue 13's router. It also counts the flits that left each input
 * virtual channel, for tests.
 */
final class Crossbar {

    private final int vcs;
    private final int networkBuffers;
    private final int speedup; // 0: no limit
    private final int[] crossed; // per input channel: flits it sent in this step (null without a limit)
    private final long[] departed; // per input virtual channel from the network: flits that left it

    Crossbar(RouterTiming timing, int vcs, int networkBuffers) {
        this.vcs = vcs;
        this.networkBuffers = networkBuffers;
        this.speedup = timing.limitsCrossbar(vcs) ? timing.speedup() : 0;
        this.crossed = speedup == 0 ? null : new int[networkBuffers / vcs];
        this.departed = new long[networkBuffers];
    }

    /** A new step: every input channel may send its S flits again. */
    void newStep() {
        if (crossed != null) {
            Arrays.fill(crossed, 0);
        }
    }

    /** Whether buffer {@code i}'s input channel has sent as many flits in this step as the speedup allows. */
    boolean full(int i) {
        return crossed != null && i < networkBuffers && crossed[i / vcs] >= speedup;
    }

    /** A flit of buffer {@code i} crosses in this step (the processor's injection buffers are not the network's: not counted). */
    void cross(int i) {
        if (i < networkBuffers) {
            departed[i]++;
            if (crossed != null) {
                crossed[i / vcs]++;
            }
        }
    }

    /** Flits that have left input channel {@code inPort} through the crossbar, all along. */
    long departedFrom(int inPort) {
        long sum = 0;
        for (int v = 0; v < vcs; v++) {
            sum += departed[inPort * vcs + v];
        }
        return sum;
    }
}
