package icn.node.actor;

import akka.actor.typed.ActorRef;
import icn.node.engine.HostBatches;
import icn.node.engine.LinkLayer;
import icn.protocols.LinkClass;
import icn.protocols.Topology;
import icn.protocols.wire.HostBatch;
import icn.protocols.wire.HostProtocol;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A {@link Host}'s side of the step barrier with the other hosts: every step it sends each live peer one batch (in parts, some sent
 * early while the step goes on), gathers the peers' batches for the step, and once every live peer's last part is in hands them to
 * the link layer with the earliest step any host has work in. Hosts of a lost JVM are left out from then on. Plain state, no
 * actor: {@link Host} calls it from its handlers.
 */
final class PeerBatches {

    /** Estimated serialized bytes per part at most, well under Artery's frame size (packets carry their paths). */
    static final int CHUNK_BYTES = 256 * 1024;

    private final int index;
    private final int hostsPerJvm;
    private final Topology topology;
    private final LinkLayer links;
    private final List<HostProtocol.PeerBatch> received = new ArrayList<>();
    private final boolean[] dead;
    private final long[] receivedFrom;
    private final long[] crossJvm = new long[LinkClass.values().length];
    private List<ActorRef<HostProtocol.Command>> hosts = List.of();
    private int[] chunks = new int[0]; // parts sent to each host in this step so far

    PeerBatches(int index, int hosts, int hostsPerJvm, Topology topology, LinkLayer links) {
        this.index = index;
        this.hostsPerJvm = hostsPerJvm;
        this.topology = topology;
        this.links = links;
        this.dead = new boolean[hosts];
        this.receivedFrom = new long[hosts];
    }

    /** The run's hosts, this one among them at its index. */
    void start(List<ActorRef<HostProtocol.Command>> all) {
        hosts = all;
        chunks = new int[all.size()];
    }

    /** Whether there are other hosts to send to. */
    boolean hasPeers() {
        return hosts.size() > 1;
    }

    /**
     * Sends a part to every peer for which a whole {@link Host#earlyPart} of this step's messages has gathered, while the step goes
     * on: the peer's JVM deserializes it while this host's nodes still work, and the step's end sends only the rest.
     */
    void sendFullParts(long step) {
        HostBatches outgoing = links.outgoing();
        for (int h = 0; h < hosts.size(); h++) {
            if (h != index && !dead[h] && outgoing.size(h) >= Host.earlyPart) {
                HostBatch part = outgoing.takeEarly(h);
                countCrossJvm(h, part);
                hosts.get(h).tell(new HostProtocol.PeerBatch(step, index, chunks[h]++, false, 0, part));
            }
        }
    }

    /** The step is over here: the rest of its batch goes to every live peer, with {@code next}, this host's earliest pending step. */
    void endStep(long step, long next) {
        for (int h = 0; h < hosts.size(); h++) {
            if (h != index && !dead[h]) {
                send(h, links.outgoing().take(h), step, next);
            }
        }
        Arrays.fill(chunks, 0);
    }

    private void countCrossJvm(int h, HostBatch batch) {
        if (h / hostsPerJvm != index / hostsPerJvm) {
            for (int i = 0; i < batch.size(); i++) {
                crossJvm[topology.linkClass(batch.port()[i]).ordinal()]++; // arrival port has the class of the sending port
            }
        }
    }

    /**
     * Sends the rest of this step's batch for host {@code h} in parts of at most {@link Host#CHUNK} messages (at least one part, the
     * last), numbered after the parts sent early.
     */
    private void send(int h, HostBatch batch, long step, long next) {
        countCrossJvm(h, batch);
        int from = 0;
        int chunk = chunks[h];
        do {
            int to = from;
            long bytes = 0;
            while (to < batch.size() && to - from < Host.CHUNK && bytes < CHUNK_BYTES) {
                bytes += WireSize.estimate(batch.payload()[to]);
                to++;
            }
            HostBatch part = from == 0 && to == batch.size() ? batch : slice(batch, from, to);
            hosts.get(h).tell(new HostProtocol.PeerBatch(step, index, chunk++, to == batch.size(), next, part));
            from = to;
        } while (from < batch.size());
    }

    private static HostBatch slice(HostBatch b, int from, int to) {
        return new HostBatch(Arrays.copyOfRange(b.at(), from, to), Arrays.copyOfRange(b.dest(), from, to),
                Arrays.copyOfRange(b.port(), from, to), Arrays.copyOfRange(b.payload(), from, to));
    }

    /** A peer's part arrived: false if it came from a lost host, and is ignored. */
    boolean received(HostProtocol.PeerBatch batch) {
        if (dead[batch.from()]) {
            return false;
        }
        received.add(batch);
        return true;
    }

    /**
     * Whether every live peer's batch for {@code step} is here. Parts from one sender arrive in order, so its last part means all of
     * its parts are here. A fast peer may already have sent parts of the next step; only this step's count.
     */
    boolean complete(long step) {
        int complete = 0;
        for (HostProtocol.PeerBatch batch : received) {
            if (batch.step() == step && batch.last()) {
                complete++;
            }
        }
        return complete >= alivePeers();
    }

    /**
     * Hands {@code step}'s batches to the link layer and returns the step every host goes on with: the earliest of {@code mine} and
     * the peers' (0 when nobody has work left).
     */
    long deliver(long step, long mine) {
        long next = mine;
        for (var it = received.iterator(); it.hasNext();) {
            HostProtocol.PeerBatch batch = it.next();
            if (batch.step() == step) {
                links.receive(batch.batch());
                receivedFrom[batch.from()] += batch.batch().size();
                if (batch.last()) {
                    next = earliest(next, batch.nextWork());
                }
                it.remove();
            }
        }
        return next;
    }

    private int alivePeers() {
        int alive = 0;
        for (int h = 0; h < hosts.size(); h++) {
            if (h != index && !dead[h]) {
                alive++;
            }
        }
        return alive;
    }

    /** The hosts of a lost JVM: the barrier no longer waits for them, and what is sent to their nodes is lost with them. */
    void lost(int[] lostHosts) {
        for (int h : lostHosts) {
            dead[h] = true;
        }
        links.lostHosts(dead);
        received.removeIf(b -> dead[b.from()]);
    }

    /** Node messages received from each host so far. */
    long[] receivedFrom() {
        return receivedFrom.clone();
    }

    /** Node messages sent to hosts in other JVMs so far, by link class. */
    long[] crossJvm() {
        return crossJvm.clone();
    }

    /** The earlier of two steps, 0 meaning none. */
    static long earliest(long a, long b) {
        if (a == 0) {
            return b;
        }
        return b == 0 ? a : Math.min(a, b);
    }
}
