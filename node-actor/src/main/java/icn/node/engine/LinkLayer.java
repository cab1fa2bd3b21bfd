package icn.node.engine;

import icn.protocols.LinkClass;
import icn.protocols.Partition;
import icn.protocols.Topology;

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
    private long unconnected;

    public LinkLayer(Topology topology, Partition partition, int host, LinkLatency latency, RunMetrics metrics, StepTimeline timeline) {
        this.topology = topology;
        this.partition = partition;
        this.host = host;
        this.latency = latency;
        this.metrics = metrics;
        this.timeline = timeline;
        this.outgoing = new HostBatches(partition.hosts());
    }

    /** Node {@code from} (global id) sends {@code payload} on {@code port} in step {@code step}. */
    public void send(long step, int from, int port, Object payload) {
        int dest = topology.neighbour(from, port);
        if (dest == Topology.NONE) {
            unconnected++;
            return;
        }
        LinkClass linkClass = topology.linkClass(port);
        metrics.countSend(step, linkClass);
        long at = step + latency.of(linkClass);
        int arrival = topology.arrivalPort(from, port);
        int destHost = partition.hostOf(dest);
        if (destHost == host) {
            timeline.deliver(at, partition.localIndex(dest), arrival, payload);
        } else {
            crossHost[linkClass.ordinal()]++;
            outgoing.add(destHost, at, dest, arrival, payload);
        }
    }

    /** Messages that crossed to another host, by link class. */
    public long crossHost(LinkClass linkClass) {
        return crossHost[linkClass.ordinal()];
    }

    /** Sends on a port that leads nowhere (none in SCC_n). */
    public long unconnected() {
        return unconnected;
    }

    public HostBatches outgoing() {
        return outgoing;
    }

    /** Takes in messages another host sent to this host's nodes. */
    public void receive(HostBatch batch) {
        for (int i = 0; i < batch.size(); i++) {
            timeline.deliver(batch.at(i), partition.localIndex(batch.dest(i)), batch.port(i), batch.payload(i));
        }
    }
}
