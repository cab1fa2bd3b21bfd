package icn.node.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.typed.ActorRef;
import icn.node.actor.ActorEngine;
import icn.node.actor.HostManager;
import icn.node.engine.RunRequest;
import icn.node.engine.SequentialEngine;
import icn.node.kind.Programs;
import icn.node.kind.RouteSources;
import icn.node.routing.Router;
import icn.node.kind.Routings;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkLatency;
import icn.protocols.PacketLog;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.wire.BroadcastSpec;
import icn.protocols.wire.ManagerProtocol;
import icn.protocols.ProgramSpec;
import icn.protocols.wire.RoutingSpec;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The other networks as node actors: every router's packets, source-routed and routed node by node, walk exactly the router's
 * routes through the actors (three hosts, nodes dealt round-robin, so most links cross hosts), and flooding through the actors
 * sends what the sequential engine sends, step by step.
 */
class OtherNetworksThroughActorsTest {

    private static final ActorTestKit TESTKIT = ActorTestKit.create();

    @AfterAll
    static void shutdown() {
        TESTKIT.shutdownTestKit();
    }

    private static RunMetrics onActors(Topology t, ProgramSpec spec) throws Exception {
        ActorRef<ManagerProtocol.Command> manager = TESTKIT.spawn(HostManager.create(false));
        try {
            return ActorEngine.run(TESTKIT.system(), List.of(manager), new RunRequest(t.name(), spec, Partition.Kind.ROUND_ROBIN, 3, false))
                    .get(120, TimeUnit.SECONDS).metrics();
        } finally {
            TESTKIT.stop(manager);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"cr:4", "cr:5", "star:4", "hypercube:5", "torus:3,3", "torus:4,2", "ccc:4", "rnh:3,2", "inh:2:1,3,2,1",
            "kcube:3,3", "icube:4,3,2"})
    void everyRouterInBothModesWalksItsRoutes(String name) throws Exception {
        Topology t = Topologies.parse(name);
        for (String key : Routings.routeKeys(t)) {
            Router router = Routings.router(t, key);
            // dfs decides at every node and has no source routes; its fault-free walks are the router's
            List<String> modes = key.equals(icn.node.routing.DfsRouting.KEY) ? List.of("distributed")
                    : router.distributes() ? List.of("source", "distributed") : List.of("source");
            for (String mode : modes) {
                RoutingSpec spec = new RoutingSpec(key, mode, "all-pairs", 3);
                PacketLog log = onActors(t, spec).packets();
                long pairs = (long) t.nodeCount() * t.nodeCount();
                assertEquals(pairs, log.size(), name + " " + key + " " + mode + ": every packet delivered");
                assertEquals(0, log.totalInvalidHops(), name + " " + key + " " + mode + ": every hop a link");
                for (int i = 0; i < log.size(); i++) {
                    int id = log.id(i);
                    int s = id / t.nodeCount();
                    int d = id % t.nodeCount();
                    int[] ports = router.ports(s, d);
                    int[] path = new int[ports.length + 1];
                    path[0] = s;
                    for (int h = 0; h < ports.length; h++) {
                        path[h + 1] = t.neighbour(path[h], ports[h]);
                    }
                    assertEquals(d, path[ports.length], name + " " + key + ": the route ends at its destination");
                    assertEquals(PacketLog.fingerprint(path), log.fingerprint(i),
                            name + " " + key + " " + mode + ": " + t.label(s) + " -> " + t.label(d) + " walked the router's route");
                    assertEquals(ports.length, log.step(i), "one hop per step");
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ccc:4"})
    void routersThatDecideAtTheSourceAreRefusedInDistributedMode(String name) {
        Topology t = Topologies.parse(name);
        Router standard = Routings.router(t, "standard");
        org.junit.jupiter.api.Assertions.assertFalse(standard.distributes());
        icn.protocols.InvalidInputException e = org.junit.jupiter.api.Assertions.assertThrows(icn.protocols.InvalidInputException.class,
                () -> RouteSources.of(t, new RoutingSpec("standard", "distributed", "to-identity", 1)));
        assertTrue(e.getMessage().contains("no distributed form"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"cr:5", "star:5", "hypercube:6", "torus:4,3", "ccc:5", "rnh:3,3", "icube:5,3,2"})
    void floodingThroughTheActorsIsTheSequentialRun(String name) throws Exception {
        Topology t = Topologies.parse(name);
        for (BroadcastAlgorithm a : List.of(BroadcastAlgorithm.FLOODING, BroadcastAlgorithm.FLOODING_ONE_PORT)) {
            BroadcastSpec spec = new BroadcastSpec(a, 1, t.nodeCount() / 3);
            RunMetrics sequential = SequentialEngine.run(t, Programs.of(t, spec), LinkLatency.SYNCHRONOUS);
            RunMetrics actors = onActors(t, spec);
            assertTrue(sequential.sameCountsAs(actors), name + " " + a.key() + ": the same link messages and informed nodes, step by step");
            assertEquals(t.nodeCount(), actors.informedAfterEachStep(0)[actors.informedAfterEachStep(0).length - 1], "every node informed");
        }
    }
}
