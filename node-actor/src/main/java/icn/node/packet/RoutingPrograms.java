package icn.node.packet;

import icn.node.program.NodeProgram;
import icn.node.program.ProgramFactory;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import icn.protocols.Packet;
import icn.protocols.wire.RoutingSpec;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The node programs of a routing run: the packets of the spec's sweep, each injected at its source at step 1. Every host builds the
 * same packets from the spec (ids, sources, destinations and seeds are deterministic), so a node's packets do not depend on where
 * it runs. In source routing the route is computed at the source when its program is created.
 */
public final class RoutingPrograms implements ProgramFactory {

    /** Packets a sweep may hold before it is refused as too large. */
    public static final long MAX_PACKETS = 5_000_000;

    private static final Pattern SAMPLE = Pattern.compile("sample:(\\d{1,9})");
    private static final Pattern PAIR = Pattern.compile("pair:(\\d{1,10}):(\\d{1,10})");

    private final Topology topology;
    private final RoutingSpec spec;
    private final RouteSource routes;
    private final int[] sourceOf; // packet id -> source
    private final int[] destinationOf;
    private final int[] firstOfSource; // node -> first index into bySource, length n+1
    private final int[] bySource; // packet ids sorted by source

    public RoutingPrograms(Topology scc, RoutingSpec spec, RouteSource routes) {
        this.topology = scc;
        this.spec = spec;
        this.routes = routes;
        int n = scc.nodeCount();
        String sweep = spec.sweep();
        Matcher sample = SAMPLE.matcher(sweep);
        Matcher pair = PAIR.matcher(sweep);
        if (sweep.equals("to-identity")) {
            int identity = 0; // node 0 is the identity of every topology: ⟨2, 12…n⟩ in SCC_n, 12…n in CR_n and S_n, 0…0 in the cubes
            sourceOf = new int[n];
            destinationOf = new int[n];
            for (int v = 0; v < n; v++) {
                sourceOf[v] = v;
                destinationOf[v] = identity;
            }
        } else if (sample.matches()) {
            long m = Long.parseLong(sample.group(1));
            if (m < 1) {
                throw new InvalidInputException("sweep " + sweep + " routes no packet: sample:M needs M of at least 1");
            }
            if (m > MAX_PACKETS) {
                throw new InvalidInputException("sweep " + sweep + " is too large: at most " + MAX_PACKETS + " packets");
            }
            SplittableRandom random = new SplittableRandom(spec.seed());
            sourceOf = new int[(int) m];
            destinationOf = new int[(int) m];
            for (int i = 0; i < m; i++) {
                sourceOf[i] = random.nextInt(n);
                destinationOf[i] = random.nextInt(n);
            }
        } else if (pair.matches()) {
            long s = Long.parseLong(pair.group(1));
            long d = Long.parseLong(pair.group(2));
            if (s >= n || d >= n) {
                throw new InvalidInputException("sweep " + sweep + ": " + scc.name() + " has node ids 0.." + (n - 1));
            }
            sourceOf = new int[] {(int) s};
            destinationOf = new int[] {(int) d};
        } else if (sweep.equals("all-pairs")) {
            long pairs = (long) n * n;
            if (pairs > MAX_PACKETS) {
                throw new InvalidInputException("sweep all-pairs on " + scc.name() + " is too large: " + pairs + " packets, at most "
                        + MAX_PACKETS + " (use sample:M)");
            }
            sourceOf = new int[(int) pairs];
            destinationOf = new int[(int) pairs];
            for (int i = 0; i < pairs; i++) {
                sourceOf[i] = i / n;
                destinationOf[i] = i % n;
            }
        } else {
            throw new InvalidInputException("unknown sweep '" + sweep + "': expected to-identity, all-pairs, sample:M or pair:S:D");
        }
        firstOfSource = new int[n + 1];
        for (int s : sourceOf) {
            firstOfSource[s + 1]++;
        }
        for (int v = 0; v < n; v++) {
            firstOfSource[v + 1] += firstOfSource[v];
        }
        bySource = new int[sourceOf.length];
        int[] fill = firstOfSource.clone();
        for (int id = 0; id < sourceOf.length; id++) {
            bySource[fill[sourceOf[id]]++] = id;
        }
    }

    public int packets() {
        return sourceOf.length;
    }

    public int source(int packet) {
        return sourceOf[packet];
    }

    public int destination(int packet) {
        return destinationOf[packet];
    }

    /** The seed of packet {@code id}'s random choices: the run's seed and the id, so every host draws the same. */
    public long packetSeed(int id) {
        return spec.seed() * 0x9E3779B97F4A7C15L + id;
    }

    @Override
    public int messages() {
        return 1;
    }

    @Override
    public NodeProgram create(int node) {
        int from = firstOfSource[node];
        int to = firstOfSource[node + 1];
        Packet[] packets = new Packet[to - from];
        for (int i = from; i < to; i++) {
            int id = bySource[i];
            packets[i - from] = spec.sourceRouting() ? Packet.at(id, node, destinationOf[id], routes.ports(node, destinationOf[id], packetSeed(id)))
                    : Packet.distributed(id, node, destinationOf[id], routes.initialState(packetSeed(id)));
        }
        if (routes instanceof DfsRoutes dfs) {
            return new DfsForwarder(node, this, dfs.routing(), packets);
        }
        return new PacketForwarder(node, this, packets);
    }

    /** The depth-first routing learns dead ports from the notices of its failed sends. */
    @Override
    public boolean wantsSendFailures() {
        return routes instanceof DfsRoutes;
    }

    Topology topology() {
        return topology;
    }

    boolean sourceRouting() {
        return spec.sourceRouting();
    }

    RouteSource.Hop next(int node, Packet packet) {
        return routes.next(node, packet, packetSeed(packet.id()));
    }
}
