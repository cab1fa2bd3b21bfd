package icn.node.engine;

import icn.protocols.LinkLatency;
import icn.protocols.RunMetrics;

import icn.node.program.ProgramFactory;
import icn.protocols.LinkClass;
import icn.protocols.Partition;
import icn.protocols.Topology;
import icn.protocols.wire.HostBatch;

/**
 * The link layer of one host: maps (node, port) to (neighbour, arrival port), counts every message by link class, and puts it into
 * the neighbour's inbox (same host) or into the batch for the neighbour's host. Faults will act here.
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

    public LinkLayer(Topology topology, Partition partition, int host, LinkLatency latency, RunMetrics metrics, StepTimeline timeline) {
        this.topology = topology;
        this.partition = partition;
        this.host = host;
        this.latency = latency;
        this.metrics = metrics;
        this.timeline = timeline;
        this.outgoing = new HostBatches(partition.hosts());
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
        if (ignored != null && ignored[local] != 0 && programs.ignores(ignored[local], payload)) {
            ignoredDeliveries++;
            return;
        }
        timeline.deliver(at, local, port, payload);
    }

    /** Node {@code from} (global id) sends {@code payload} on {@code port} in step {@code step}. */
    public void send(long step, int from, int port, Object payload) {
        int dest = topology.neighbour(from, port);
        if (dest == Topology.NONE) {
            throw new IllegalStateException("node " + topology.label(from) + " sent on port " + topology.portName(port)
                    + ", which leads nowhere in " + topology.name());
        }
        LinkClass linkClass = topology.linkClass(port);
        metrics.countSend(step, linkClass);
        long at = step + latency.of(linkClass);
        int arrival = topology.arrivalPort(from, port);
        int destHost = partition.hostOf(dest);
        if (destHost == host) {
            deliver(at, partition.localIndex(dest), arrival, payload);
        } else {
            crossHost[linkClass.ordinal()]++;
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
