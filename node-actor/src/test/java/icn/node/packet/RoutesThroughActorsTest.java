package icn.node.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.typed.ActorRef;
import icn.node.actor.ActorEngine;
import icn.node.actor.HostManager;
import icn.node.actor.RunRequest;
import icn.node.routing.Route;
import icn.node.routing.RoutingAlgorithm;
import icn.node.routing.SccRouting;
import icn.protocols.Bfs;
import icn.protocols.PacketLog;
import icn.protocols.Partition;
import icn.protocols.Scc;
import icn.protocols.wire.ManagerProtocol;
import icn.protocols.wire.RoutingSpec;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Source-routed packets through the node actors take exactly the routes the pure algorithms compute (hops and link classes of
 * every packet), every hop a link; distributed minimal routing delivers every packet after its BFS distance.
 */
class RoutesThroughActorsTest {

    private static final ActorTestKit TESTKIT = ActorTestKit.create();

    @AfterAll
    static void shutdown() {
        TESTKIT.shutdownTestKit();
    }

    private static PacketLog runOnActors(Scc scc, RoutingSpec spec) throws Exception {
        ActorRef<ManagerProtocol.Command> manager = TESTKIT.spawn(HostManager.create(false));
        try {
            return ActorEngine.run(TESTKIT.system(), List.of(manager), new RunRequest(scc.name(), spec, Partition.Kind.SUPERNODE, 2, false))
                    .get(120, TimeUnit.SECONDS).metrics().packets();
        } finally {
            TESTKIT.stop(manager);
        }
    }

    @ParameterizedTest(name = "scc:{0} {1} {2}")
    @CsvSource({"5,minimal,to-identity", "5,greedy,to-identity", "5,random,sample:500", "5,optimal-001,to-identity",
            "6,minimal,sample:300"})
    void sourceRoutedPacketsFollowThePureRoutes(int n, String algorithm, String sweep) throws Exception {
        Scc scc = Scc.of(n);
        RoutingSpec spec = new RoutingSpec(algorithm, "source", sweep, 11);
        RoutingPrograms programs = new RoutingPrograms(scc, spec, RouteSources.of(scc, spec));
        PacketLog log = runOnActors(scc, spec);
        assertEquals(programs.packets(), log.size(), "every packet delivered");
        assertEquals(0, log.totalInvalidHops(), "every recorded hop is a link");
        for (int i = 0; i < log.size(); i++) {
            int id = log.id(i);
            Route pure = SccRouting.route(scc, RoutingAlgorithm.parse(algorithm), programs.source(id), programs.destination(id),
                    new SplittableRandom(programs.packetSeed(id)));
            assertEquals(pure.lateral(), log.lateral(i), "packet " + id + " lateral links");
            assertEquals(pure.miLocal() + pure.mbLocal(), log.local(i), "packet " + id + " local links");
            assertEquals(pure.hops(), log.step(i), "packet " + id + " arrives after one hop per step");
        }
    }

    @ParameterizedTest(name = "scc:{0}")
    @CsvSource({"4", "5"})
    void distributedMinimalRoutingDeliversAlongShortestPaths(int n) throws Exception {
        Scc scc = Scc.of(n);
        RoutingSpec spec = new RoutingSpec("minimal", "distributed", "to-identity", 3);
        PacketLog log = runOnActors(scc, spec);
        int[] distance = Bfs.distances(scc, scc.id(0, 2));
        assertEquals(scc.nodeCount(), log.size());
        assertEquals(0, log.totalInvalidHops());
        for (int i = 0; i < log.size(); i++) {
            assertEquals(distance[log.id(i)], log.hops(i), "packet from node " + log.id(i));
        }
    }
}
