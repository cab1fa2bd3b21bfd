package icn.node.engine;

import icn.protocols.LinkLatency;
import icn.protocols.RunMetrics;

import icn.node.program.ProgramFactory;
import icn.protocols.LinkClass;
import icn.protocols.Partition;
import icn.protocols.Topology;
import icn.protocols.Fate;
import icn.protocols.wire.HostBatch;
import icn.node.program.SendFailed;
import icn.protocols.traffic.ChannelStep;

/**
 * The link layer of one host: maps (node, port) to (neighbour, arrival port), counts every message by link class, applies the faults
 * (a cut arc, a lossy link, extra delay, a receiver crashed by the arrival step: all decided at the sender from the shared
 * {@link FaultModel}, so every engine and partitioning decides alike), and puts the message into the neighbour's inbox (same host)
 * or into the batch for the neighbour's host. Every message sent ends here or at the receiving host's link layer as exactly one
 * {@link Fate}, counted in the run's metrics.
 */
public final class LinkLayer {

    private final Topology topology;
    private final Partition partition;
    private final int host;
    private final LinkLatency latency;
    private final RunMetrics metrics;
    private final StepTimeline timeline;
    private final HostBatches outgoing;
    private final long[] crossHost = new long[LinkClass.values().length];
    private long ignoredDeliveries;
    private long[] ignored;
    private ProgramFactory programs;
    private FaultModel faults = FaultModel.NONE;
    private boolean notify;
    private boolean[] lostHosts;
    private final long[] sentTo;
    private long[] lastFlitStep; // per local node and out-port: the last step a flit left on it (traffic runs; allocated on the first flit)

    public LinkLayer(Topology topology, Partition partition, int host, LinkLatency latency, RunMetrics metrics, StepTimeline timeline) {
        this.topology = topology;
        this.partition = partition;
        this.host = host;
        this.latency = latency;
        this.metrics = metrics;
        this.timeline = timeline;
        this.outgoing = new HostBatches(partition.hosts());
        this.sentTo = new long[partition.hosts()];
    }

    /** Applies {@code model} from now on; {@code notifySenders}: put a {@link SendFailed} notice into the sender's inbox for a drop. */
    public void applyFaults(FaultModel model, boolean notifySenders) {
        this.faults = model;
        this.notify = notifySenders;
    }

    /** From now on, messages to nodes of these hosts (of a lost JVM) end as {@link Fate#LOST_WITH_MEMBER} when sent. */
    public void lostHosts(boolean[] lost) {
        this.lostHosts = lost.clone();
    }

    /** Messages put into batches for host {@code h} so far (cumulative). */
    public long sentTo(int h) {
        return sentTo[h];
    }

    /**
     * From now on, a message for a node that has declared (in {@code ignored}, indexed by local node) that it will not look at it
     * is carried and counted but not put in the node's inbox, so it does not cost an activation of its own.
     */
    public void skipIgnoredDeliveries(ProgramFactory factory, long[] ignoredByLocalNode) {
        this.programs = factory;
        this.ignored = ignoredByLocalNode;
    }

    /** Messages carried to a node that had declared it would not look at them. */
    public long ignoredDeliveries() {
        return ignoredDeliveries;
    }

    private void deliver(long at, int local, int port, Object payload) {
        metrics.countFate(Fate.DELIVERED, 1);
        if (ignored != null && ignored[local] != 0 && programs.ignores(ignored[local], payload)) {
            ignoredDeliveries++;
            return;
        }
        timeline.deliver(at, local, port, payload);
    }

    /**
     * Node {@code from} (global id) sends {@code payload} on {@code port} in step {@code step}, its {@code rank}-th send of the step
     * (0-based; it keys the seeded loss draw).
     */
    public void send(long step, int from, int port, Object payload, int rank) {
        int dest = topology.neighbour(from, port);
        if (dest == Topology.NONE) {
            throw new IllegalStateException("node " + topology.label(from) + " sent on port " + topology.portName(port)
                    + ", which leads nowhere in " + topology.name());
        }
        if (payload instanceof ChannelStep c && c.hasFlit()) {
            checkOneFlit(step, from, port, dest);
        }
        LinkClass linkClass = topology.linkClass(port);
        metrics.countSend(step, linkClass);
        long at = step + latency.of(linkClass);
        if (faults.active()) {
            at += faults.extraDelay(linkClass);
            Fate fate = faults.fate(step, from, port, rank, linkClass, dest, at);
            if (fate != Fate.DELIVERED) {
                metrics.countFate(fate, 1);
                if (notify && fate != Fate.LOST_IN_TRANSIT) {
                    timeline.deliver(at, partition.localIndex(from), port, new SendFailed(port, fate, payload));
                }
                return;
            }
        }
        carry(at, linkClass, dest, topology.arrivalPort(from, port), payload);
    }

    /**
     * Node {@code from} sends {@code payload} back over the link that arrives on its in-port {@code inPort}, to the link's tail, which
     * takes it in on its out-port of that link: a wormhole router's credits on a directed network (on an undirected one the link is
     * the same port both ways and routers use {@link #send}). Counted on the link's class; a cut of the arc, or a crashed tail, drops it.
     */
    public void sendBack(long step, int from, int inPort, Object payload, int rank) {
        int tail = topology.predecessor(from, inPort);
        if (tail == Topology.NONE) {
            throw new IllegalStateException("node " + topology.label(from) + " sent back on in-port " + topology.inPortName(inPort)
                    + ", which no link reaches in " + topology.name());
        }
        if (payload instanceof ChannelStep c && c.hasFlit()) {
            throw new IllegalStateException("node " + topology.label(from) + " sent a flit back against its link: flits only go forward");
        }
        int port = topology.departurePort(from, inPort);
        LinkClass linkClass = topology.linkClass(port);
        metrics.countSend(step, linkClass);
        long at = step + latency.of(linkClass);
        if (faults.active()) {
            at += faults.extraDelay(linkClass);
            Fate fate = faults.fateBack(step, from, inPort, rank, linkClass, tail, port, at);
            if (fate != Fate.DELIVERED) {
                metrics.countFate(fate, 1);
                if (notify && fate != Fate.LOST_IN_TRANSIT) {
                    timeline.deliver(at, partition.localIndex(from), inPort, new SendFailed(inPort, fate, payload));
                }
                return;
            }
        }
        carry(at, linkClass, tail, port, payload);
    }

    /**
     * One physical channel carries one flit per direction per step (issue 13); a router that sends two is wrong, and the run says so
     * instead of queueing the second.
     */
    private void checkOneFlit(long step, int from, int port, int dest) {
        int ports = topology.portCount();
        if (lastFlitStep == null) {
            lastFlitStep = new long[partition.size(host) * ports];
        }
        int arc = partition.localIndex(from) * ports + port;
        if (lastFlitStep[arc] == step) {
            throw new IllegalStateException("two flits on the physical channel " + topology.label(from) + " -" + topology.portName(port)
                    + "-> " + topology.label(dest) + " in step " + step + ": a channel carries one flit per step");
        }
        lastFlitStep[arc] = step;
    }

    private void carry(long at, LinkClass linkClass, int dest, int arrival, Object payload) {
        int destHost = partition.hostOf(dest);
        if (lostHosts != null && lostHosts[destHost]) {
            metrics.countFate(Fate.LOST_WITH_MEMBER, 1);
            return;
        }
        if (destHost == host) {
            deliver(at, partition.localIndex(dest), arrival, payload);
        } else {
            crossHost[linkClass.ordinal()]++;
            sentTo[destHost]++;
            outgoing.add(destHost, at, dest, arrival, payload);
        }
    }

    /** Messages that crossed to another host, by link class. */
    public long crossHost(LinkClass linkClass) {
        return crossHost[linkClass.ordinal()];
    }

    public HostBatches outgoing() {
        return outgoing;
    }

    /** Takes in messages another host sent to this host's nodes. */
    public void receive(HostBatch batch) {
        for (int i = 0; i < batch.size(); i++) {
            deliver(batch.at()[i], partition.localIndex(batch.dest()[i]), batch.port()[i], batch.payload()[i]);
        }
    }
}
