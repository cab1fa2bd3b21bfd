package icn.node.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.typed.ActorRef;
import icn.node.actor.ActorEngine;
import icn.node.actor.HostManager;
import icn.node.engine.RunRequest;
import icn.protocols.LinkLatency;
import icn.node.engine.SequentialEngine;
import icn.protocols.Bfs;
import icn.protocols.PacketLog;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Scc;
import icn.protocols.wire.ManagerProtocol;
import icn.protocols.Packet;
import icn.protocols.wire.RoutingSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Packets travel hop by hop through the node programs, on the sequential engine and on node actors, in source and distributed
 * mode. Routes come from an independent BFS (shortest paths), so every packet must arrive after exactly its BFS distance in hops,
 * at that step, with every recorded hop a link.
 */
class PacketsThroughActorsTest {

    private static final ActorTestKit TESTKIT = ActorTestKit.create();

    @AfterAll
    static void shutdown() {
        TESTKIT.shutdownTestKit();
    }

    /** Shortest paths by BFS from each destination; the lowest port that gets one link closer. */
    static final class BfsRoutes implements RouteSource {
        private final Scc scc;
        private final Map<Integer, int[]> distanceTo = new HashMap<>();

        BfsRoutes(Scc scc) {
            this.scc = scc;
        }

        synchronized int[] distances(int destination) {
            return distanceTo.computeIfAbsent(destination, d -> Bfs.distances(scc, d));
        }

        int nextPort(int node, int destination) {
            int[] dist = distances(destination);
            for (int p = 0; p < scc.portCount(); p++) {
                if (dist[scc.neighbour(node, p)] == dist[node] - 1) {
                    return p;
                }
            }
            throw new IllegalStateException("no port leads closer from " + node);
        }

        @Override
        public Hop next(int node, Packet packet, long seed) {
            return new Hop(nextPort(node, packet.destination()), packet);
        }

        @Override
        public int[] ports(int source, int destination, long seed) {
            int[] dist = distances(destination);
            int[] ports = new int[dist[source]];
            int at = source;
            for (int h = 0; h < ports.length; h++) {
                ports[h] = nextPort(at, destination);
                at = scc.neighbour(at, ports[h]);
            }
            return ports;
        }
    }

    @ParameterizedTest(name = "scc:{0} {1} {2}")
    @CsvSource({"4,source,to-identity", "5,source,to-identity", "5,distributed,to-identity", "5,source,sample:300",
            "6,distributed,sample:200", "4,source,pair:5:60"})
    void everyPacketArrivesAlongItsRoute(int n, String mode, String sweep) throws Exception {
        Scc scc = Scc.of(n);
        RoutingSpec spec = new RoutingSpec("bfs", mode, sweep, 7);
        BfsRoutes routes = new BfsRoutes(scc);
        RoutingPrograms programs = new RoutingPrograms(scc, spec, routes);
        RunMetrics sequential = SequentialEngine.run(scc, programs, LinkLatency.SYNCHRONOUS);
        check(scc, programs, routes, sequential.packets());

        ActorRef<ManagerProtocol.Command> manager = TESTKIT.spawn(
                HostManager.create(false, (t, s) -> new RoutingPrograms((Scc) t, (RoutingSpec) s, routes)));
        RunMetrics actors = ActorEngine.run(TESTKIT.system(), List.of(manager),
                new RunRequest(scc.name(), spec, Partition.Kind.ROUND_ROBIN, 2, false)).get(60, TimeUnit.SECONDS).metrics();
        TESTKIT.stop(manager);
        check(scc, programs, routes, actors.packets());
        assertTrue(sequential.sameCountsAs(actors), "the actors and the sequential engine sent the same link messages step by step");
    }

    private static void check(Scc scc, RoutingPrograms programs, BfsRoutes routes, PacketLog log) {
        assertEquals(programs.packets(), log.size(), "every packet delivered");
        assertEquals(0, log.totalInvalidHops(), "every recorded hop is a link");
        for (int i = 0; i < log.size(); i++) {
            int id = log.id(i);
            int distance = routes.distances(programs.destination(id))[programs.source(id)];
            assertEquals(distance, log.hops(i), "packet " + id + " hops");
            assertEquals(log.hops(i), log.lateral(i) + log.local(i), "packet " + id + " link classes");
            assertEquals(distance, log.step(i), "packet " + id + " arrives after one hop per step");
        }
    }
}
