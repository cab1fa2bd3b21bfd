package icn.node.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.typed.ActorRef;
import icn.node.actor.ActorEngine;
import icn.node.actor.HostManager;
import icn.node.engine.RunRequest;
import icn.node.kind.RouteSources;
import icn.node.routing.Route;
import icn.node.routing.RoutingAlgorithm;
import icn.node.routing.SccRouting;
import icn.protocols.InvalidInputException;
import icn.protocols.PacketLog;
import icn.protocols.Partition;
import icn.protocols.topology.Scc;
import icn.protocols.wire.ManagerProtocol;
import icn.protocols.wire.RoutingSpec;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Packets through the node actors, source-routed or routed node by node (000 §6), take exactly the walks the pure algorithms compute:
 * hops, link classes and the node sequence of every packet (by fingerprint), every hop a link.
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

    /** The nodes of a pure route's walk, source first. */
    static int[] walk(Scc scc, Route route) {
        int[] path = new int[route.hops() + 1];
        path[0] = route.source();
        int[] ports = route.ports();
        for (int h = 0; h < ports.length; h++) {
            path[h + 1] = scc.neighbour(path[h], ports[h]);
        }
        return path;
    }

    @ParameterizedTest(name = "scc:{0} {1} {2} {3}")
    @CsvSource({"5,minimal,source,to-identity", "5,greedy,source,to-identity", "5,random,source,sample:500", "5,optimal-001,source,to-identity",
            "6,minimal,source,sample:300", "5,near-minimal,source,to-identity", "5,greedy,distributed,to-identity",
            "5,random,distributed,sample:500", "6,near-minimal,distributed,sample:400", "6,greedy,distributed,sample:400"})
    void packetsTakeExactlyThePureRoutes(int n, String algorithm, String mode, String sweep) throws Exception {
        Scc scc = Scc.of(n);
        RoutingSpec spec = new RoutingSpec(algorithm, mode, sweep, 11);
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
            assertEquals(PacketLog.fingerprint(walk(scc, pure)), log.fingerprint(i), "packet " + id + " walked the pure route node by node");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"minimal", "optimal-001"})
    void searchesWithoutADistributedFormAreRefusedBeforeAnythingRuns(String algorithm) {
        Scc scc = Scc.of(4);
        RoutingSpec spec = new RoutingSpec(algorithm, "distributed", "to-identity", 3);
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> RouteSources.of(scc, spec));
        assertTrue(e.getMessage().startsWith(algorithm + " routing plans the whole route"), e.getMessage());
    }

    /** A packet-log fingerprint tells walks apart that have the same hops and link classes. */
    @Test
    void fingerprintsTellWalksApart() {
        assertNotEquals(PacketLog.fingerprint(new int[] {1, 2, 3}), PacketLog.fingerprint(new int[] {1, 4, 3}));
        assertNotEquals(PacketLog.fingerprint(new int[] {0, 1}), PacketLog.fingerprint(new int[] {1, 0}));
        assertNotEquals(PacketLog.fingerprint(new int[] {5, 6, 7}), PacketLog.fingerprint(new int[] {5, 6, 7, 6}), "a walk one hop longer");
    }
}
