package icn.protocols.fault;

import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import java.util.Arrays;

/**
 * The faults of one run as concrete, resolved data (random choices already drawn, labels already ids), the same on every host:
 * <ul>
 * <li>node {@code crashNodes[i]} crashes at step {@code crashSteps[i]}: it does not act from that step on, its actor is stopped, and
 * every message that would reach its inbox at that step or later is dropped ({@link Fate#NODE_CRASHED});</li>
 * <li>the arc leaving {@code cutNodes[i]} on out-port {@code cutPorts[i]} is cut for messages sent in steps
 * {@code cutFrom[i] .. cutUntil[i]−1} ({@link Fate#LINK_CUT}; {@code cutUntil} {@link #NEVER}: never restored). A link cut in
 * both directions is two arcs;</li>
 * <li>a message on a link of class c is lost with probability {@code loss[c]} (a seeded draw from the message's step, sender, port
 * and rank among the sender's sends of that step, so every engine and partitioning loses the same messages) and takes
 * {@code extraDelay[c]} more steps;</li>
 * <li>the worker JVM {@code killJvms[i]} is killed (its process destroyed) when its hosts reach step {@code killSteps[i]}; the run
 * then goes on without it if {@code continueOnMemberLoss}, or ends with the report.</li>
 * </ul>
 */
public record FaultPlan(long seed, int[] crashNodes, long[] crashSteps, int[] cutNodes, int[] cutPorts, long[] cutFrom,
        long[] cutUntil, double[] loss, int[] extraDelay, int[] killJvms, long[] killSteps, boolean continueOnMemberLoss)
        implements icn.protocols.WireMessage {

    /** {@code cutUntil} of a link that is never restored. */
    public static final long NEVER = Long.MAX_VALUE;

    private static final int CLASSES = LinkClass.values().length;

    /** No faults. */
    public static final FaultPlan NONE = new FaultPlan(0, new int[0], new long[0], new int[0], new int[0], new long[0], new long[0],
            new double[CLASSES], new int[CLASSES], new int[0], new long[0], false);

    public FaultPlan {
        if (crashNodes.length != crashSteps.length || cutNodes.length != cutPorts.length || cutNodes.length != cutFrom.length
                || cutNodes.length != cutUntil.length || killJvms.length != killSteps.length) {
            throw new IllegalArgumentException("fault plan arrays of different lengths");
        }
        if (loss.length != CLASSES || extraDelay.length != CLASSES) {
            throw new IllegalArgumentException("loss and extra delay need one value per link class (" + CLASSES + ")");
        }
        for (double p : loss) {
            if (!(p >= 0 && p <= 1)) {
                throw new InvalidInputException("loss probability " + p + " is outside [0, 1]");
            }
        }
        for (int d : extraDelay) {
            if (d < 0) {
                throw new InvalidInputException("extra delay " + d + " is negative");
            }
        }
        for (long s : crashSteps) {
            requireStep(s, "crash");
        }
        for (int i = 0; i < cutFrom.length; i++) {
            requireStep(cutFrom[i], "cut");
            if (cutUntil[i] <= cutFrom[i]) {
                throw new InvalidInputException("a link restored at step " + cutUntil[i] + " must be cut before it, not at step " + cutFrom[i]);
            }
        }
        for (long s : killSteps) {
            requireStep(s, "kill");
        }
    }

    private static void requireStep(long s, String what) {
        if (s < 1) {
            throw new InvalidInputException(what + " step " + s + " is before step 1");
        }
    }

    /** Whether this plan injects nothing at all: the link layer then does no fault checks. */
    public boolean isEmpty() {
        return crashNodes.length == 0 && cutNodes.length == 0 && killJvms.length == 0 && Arrays.stream(loss).allMatch(p -> p == 0)
                && Arrays.stream(extraDelay).allMatch(d -> d == 0);
    }

    /** Whether any link class loses messages. */
    public boolean lossy() {
        return Arrays.stream(loss).anyMatch(p -> p > 0);
    }

    public double loss(LinkClass c) {
        return loss[c.ordinal()];
    }

    public int extraDelay(LinkClass c) {
        return extraDelay[c.ordinal()];
    }

    /** The last step any timed fault names (crash, cut, restore or kill), 0 if none. */
    public long lastFaultStep() {
        long last = 0;
        for (long s : crashSteps) {
            last = Math.max(last, s);
        }
        for (int i = 0; i < cutFrom.length; i++) {
            last = Math.max(last, cutFrom[i]);
            if (cutUntil[i] != NEVER) {
                last = Math.max(last, cutUntil[i]);
            }
        }
        for (long s : killSteps) {
            last = Math.max(last, s);
        }
        return last;
    }

    /** The step node {@code node} crashes at, or 0 if it does not. */
    public long crashStep(int node) {
        for (int i = 0; i < crashNodes.length; i++) {
            if (crashNodes[i] == node) {
                return crashSteps[i];
            }
        }
        return 0;
    }

    /** The same plan with {@code other}'s crashes, cuts and kills added (loss, delay, seed and policy of this one). */
    public FaultPlan with(FaultPlan other) {
        return new FaultPlan(seed, concat(crashNodes, other.crashNodes), concat(crashSteps, other.crashSteps), concat(cutNodes, other.cutNodes),
                concat(cutPorts, other.cutPorts), concat(cutFrom, other.cutFrom), concat(cutUntil, other.cutUntil), loss, extraDelay,
                concat(killJvms, other.killJvms), concat(killSteps, other.killSteps), continueOnMemberLoss);
    }

    private static int[] concat(int[] a, int[] b) {
        int[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static long[] concat(long[] a, long[] b) {
        long[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /**
     * The seeded draw of a lossy link: uniform in [0, 1) from the plan's seed and the message's step, sender, out-port and rank among
     * the sender's sends of that step (SplitMix64 finalizer over the mixed key).
     */
    public double draw(long step, int from, int port, int rank) {
        long z = seed ^ (step * 0x9E3779B97F4A7C15L) ^ ((long) from * 0xC2B2AE3D27D4EB4FL) ^ ((long) port * 0x165667B19E3779F9L)
                ^ ((long) rank * 0x27D4EB2F165667C5L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z = z ^ (z >>> 31);
        return (z >>> 11) * 0x1.0p-53;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FaultPlan p && seed == p.seed && Arrays.equals(crashNodes, p.crashNodes) && Arrays.equals(crashSteps, p.crashSteps)
                && Arrays.equals(cutNodes, p.cutNodes) && Arrays.equals(cutPorts, p.cutPorts) && Arrays.equals(cutFrom, p.cutFrom)
                && Arrays.equals(cutUntil, p.cutUntil) && Arrays.equals(loss, p.loss) && Arrays.equals(extraDelay, p.extraDelay)
                && Arrays.equals(killJvms, p.killJvms) && Arrays.equals(killSteps, p.killSteps) && continueOnMemberLoss == p.continueOnMemberLoss;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(seed) * 31 + Arrays.hashCode(crashNodes) * 17 + Arrays.hashCode(cutNodes);
    }

    @Override
    public String toString() {
        return "FaultPlan[seed=" + seed + ", crashes=" + crashNodes.length + ", cuts=" + cutNodes.length + ", loss=" + Arrays.toString(loss)
                + ", extraDelay=" + Arrays.toString(extraDelay) + ", kills=" + killJvms.length + ", continue=" + continueOnMemberLoss + "]";
    }
}
