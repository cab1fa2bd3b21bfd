package icn.node.engine;

import icn.protocols.LinkClass;
import icn.protocols.Topology;
import icn.protocols.Fate;
import icn.protocols.fault.FaultPlan;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * A {@link FaultPlan} in the form the link layer asks it many times per step: the crash step of every node, the cut intervals of
 * every cut arc, loss and extra delay per link class. Immutable; one per JVM, shared by its hosts. Pure: no Akka.
 */
public final class FaultModel {

    /** No faults: {@link #fate} is never asked. */
    public static final FaultModel NONE = new FaultModel(FaultPlan.NONE, 0);

    private final FaultPlan plan;
    private final long[] crashAt; // by global node id; 0: never; null: no crashes
    private final Map<Long, long[]> cuts; // arc (node * ports + port) -> [from, until, from, until, ...]
    private final int ports;
    private final double[] loss;
    private final boolean lossy;
    private final int[] extraDelay;
    private final boolean active;

    private FaultModel(FaultPlan plan, int nodes) {
        this(plan, nodes, 1);
    }

    private FaultModel(FaultPlan plan, int nodes, int ports) {
        this.plan = plan;
        this.ports = ports;
        if (plan.crashNodes().length > 0) {
            crashAt = new long[nodes];
            for (int i = 0; i < plan.crashNodes().length; i++) {
                int node = plan.crashNodes()[i];
                long s = plan.crashSteps()[i];
                if (crashAt[node] == 0 || s < crashAt[node]) {
                    crashAt[node] = s;
                }
            }
        } else {
            crashAt = null;
        }
        if (plan.cutNodes().length > 0) {
            cuts = new HashMap<>();
            for (int i = 0; i < plan.cutNodes().length; i++) {
                long key = (long) plan.cutNodes()[i] * ports + plan.cutPorts()[i];
                long[] old = cuts.getOrDefault(key, new long[0]);
                long[] grown = Arrays.copyOf(old, old.length + 2);
                grown[old.length] = plan.cutFrom()[i];
                grown[old.length + 1] = plan.cutUntil()[i];
                cuts.put(key, grown);
            }
        } else {
            cuts = null;
        }
        this.loss = plan.loss().clone();
        this.lossy = plan.lossy();
        this.extraDelay = plan.extraDelay().clone();
        this.active = !plan.isEmpty();
    }

    /** The model of {@code plan} on {@code topology}; {@link #NONE} for an empty plan. */
    public static FaultModel of(FaultPlan plan, Topology topology) {
        if (plan == null || plan.isEmpty()) {
            return NONE;
        }
        for (int node : plan.crashNodes()) {
            if (node < 0 || node >= topology.nodeCount()) {
                throw new IllegalArgumentException("crashed node " + node + " is not a node of " + topology.name());
            }
        }
        return new FaultModel(plan, topology.nodeCount(), topology.portCount());
    }

    public FaultPlan plan() {
        return plan;
    }

    /** Whether any fault acts at all (the link layer skips every check otherwise). */
    public boolean active() {
        return active;
    }

    /** Whether {@code node} has crashed by step {@code step} (does not act in it, takes in nothing arriving in it). */
    public boolean crashedBy(int node, long step) {
        return crashAt != null && crashAt[node] != 0 && crashAt[node] <= step;
    }

    /** The step {@code node} crashes at, 0 if never. */
    public long crashStep(int node) {
        return crashAt == null ? 0 : crashAt[node];
    }

    /** Whether the arc leaving {@code node} on {@code port} is cut for a message sent in {@code step}. */
    public boolean cut(int node, int port, long step) {
        if (cuts == null) {
            return false;
        }
        long[] intervals = cuts.get((long) node * ports + port);
        if (intervals == null) {
            return false;
        }
        for (int i = 0; i < intervals.length; i += 2) {
            if (step >= intervals[i] && step < intervals[i + 1]) {
                return true;
            }
        }
        return false;
    }

    /** Extra steps a message on a link of class {@code c} takes. */
    public int extraDelay(LinkClass c) {
        return extraDelay[c.ordinal()];
    }

    /**
     * How a message sent in {@code step} by {@code from} on {@code port} (its {@code rank}-th send of the step), a link of class
     * {@code c} to {@code dest}, arriving at {@code at}, ends: cut at sending, lost on the way, dropped at a crashed receiver, or
     * delivered.
     */
    public Fate fate(long step, int from, int port, int rank, LinkClass c, int dest, long at) {
        return fate(step, from, port, rank, c, dest, at, from, port);
    }

    /**
     * How a message sent back in {@code step} by {@code from} over the arc that arrives on its in-port {@code inPort} (the arc
     * {@code tail} –{@code tailPort}→ {@code from}) ends: the arc's cut drops it too (it is the same link), and so does a tail crashed
     * by the arrival step {@code at}; a loss draw as for a forward send from {@code from} on {@code inPort}.
     */
    public Fate fateBack(long step, int from, int inPort, int rank, LinkClass c, int tail, int tailPort, long at) {
        return fate(step, from, inPort, rank, c, tail, at, tail, tailPort);
    }

    private Fate fate(long step, int from, int port, int rank, LinkClass c, int dest, long at, int arcTail, int arcPort) {
        if (cut(arcTail, arcPort, step)) {
            return Fate.LINK_CUT;
        }
        if (lossy && loss[c.ordinal()] > 0 && plan.draw(step, from, port, rank) < loss[c.ordinal()]) {
            return Fate.LOST_IN_TRANSIT;
        }
        if (crashedBy(dest, at)) {
            return Fate.NODE_CRASHED;
        }
        return Fate.DELIVERED;
    }
}
