package icn.scenarios.routing000;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import com.fasterxml.jackson.databind.JsonNode;
import icn.node.actor.ActorEngine;
import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.node.routing.RoutingAlgorithm;
import icn.protocols.Partition;
import icn.protocols.topology.Scc;
import icn.protocols.wire.RoutingSpec;
import icn.scenarios.routing.RouteSweep;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The pure sweep against the to-identity sweep through in-process node actors: every packet walked the pure route
 * ({@code matchesPureRoutes}), and the averages and histograms are those {@link Routing000#measure} computes.
 */
class Routing000ThroughActorsTest {

    private static final ActorTestKit TESTKIT = ActorTestKit.create();
    private static final long SEED = 3;

    private static final Engine THIS_JVM = ActorEngine.inJvm(TESTKIT.system());

    @AfterAll
    static void shutdown() {
        TESTKIT.shutdownTestKit();
    }

    @Test
    void nodeActorsWalkThePureRoutes() {
        for (int n = 4; n <= 5; n++) {
            Scc scc = Scc.of(n);
            Measurement m = Routing000.measure(n, 1, SEED);
            for (RoutingAlgorithm algorithm : List.of(RoutingAlgorithm.MINIMAL, RoutingAlgorithm.GREEDY, RoutingAlgorithm.RANDOM)) {
                JsonNode o = RouteSweep.run(THIS_JVM, scc, new RoutingSpec(algorithm.key(), "source", "to-identity", SEED),
                        new RunSettings(EngineKind.ACTORS, 1, 2, Partition.Kind.SUPERNODE, SEED));
                String what = scc.name() + " " + algorithm.key();
                assertTrue(o.get("allDelivered").asBoolean(), what);
                assertTrue(o.get("matchesPureRoutes").asBoolean(), what);
                JsonNode mean = o.get("mean");
                switch (algorithm) {
                    case MINIMAL -> {
                        assertEquals(mean.get("total").asDouble(), m.minimal().meanCost(), 1e-12, what);
                        assertEquals(mean.get("mbLocal").asDouble(), m.minimal().meanMbLocal(), 1e-12, what);
                        assertArrayEquals(histogram(o), m.minimal().histogram(), what);
                    }
                    case GREEDY -> {
                        assertEquals(mean.get("total").asDouble(), m.greedy().meanCost(), 1e-12, what);
                        assertEquals(mean.get("mbLocal").asDouble(), m.greedy().meanMbLocal(), 1e-12, what);
                        assertArrayEquals(histogram(o), m.greedy().histogram(), what);
                    }
                    default -> {
                        assertEquals(mean.get("total").asDouble(), m.random().drawMeans()[0], 1e-12, what);
                        assertEquals(mean.get("mbLocal").asDouble(), m.random().drawMbMeans()[0], 1e-12, what);
                    }
                }
            }
        }
    }

    private static long[] histogram(JsonNode o) {
        long[] h = new long[o.get("histogram").size()];
        for (int c = 0; c < h.length; c++) {
            h[c] = o.get("histogram").get(c).asLong();
        }
        return h;
    }
}
