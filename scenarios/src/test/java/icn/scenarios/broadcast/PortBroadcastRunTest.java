package icn.scenarios.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.actor.ActorEngine;
import icn.node.engine.Engine;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.Scc;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.topology.CubeConnectedCycles;
import icn.protocols.topology.Hypercube;
import icn.protocols.topology.Star;
import akka.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The integrator's API: figures of 001 Tables 6 and 7 from closed forms computed here, and the actor engine equal to the sequential one. */
class PortBroadcastRunTest {

    private static final ActorTestKit TESTKIT = ActorTestKit.create();

    @AfterAll
    static void shutdown() {
        TESTKIT.shutdownTestKit();
    }

    private static int dStar(int n) {
        return 3 * (n - 1) / 2;
    }

    @ParameterizedTest(name = "scc:{0} {1}")
    @CsvSource({"4,ONE_PORT", "5,ONE_PORT", "6,ONE_PORT", "7,ONE_PORT", "4,MULTI_PORT", "5,MULTI_PORT", "6,MULTI_PORT", "7,MULTI_PORT"})
    void sccWithTheorem11LatencyRunsInTwiceTheStarDiameter(int n, BroadcastAlgorithm algorithm) {
        Scc scc = Scc.of(n);
        int local = algorithm == BroadcastAlgorithm.ONE_PORT ? n / 2 : (n - 1) / 2; // Algorithm 4 / 5 inner loop
        int r = PortBroadcastRun.theorem11Latency(scc, algorithm);
        assertEquals(Math.max(1, local), r, "001 Theorem 11: TR(loc)/TR(lat) = ⌊n/2⌋ one-port, ⌊(n−1)/2⌋ multi-port");
        PortBroadcastRun.Result res = PortBroadcastRun.run(Engine.reference(), scc, algorithm, r);
        assertTrue(res.complete());
        assertEquals(dStar(n), res.lateralSteps(), "Theorems 9, 10: d_star lateral steps");
        assertEquals((long) local * dStar(n), res.localSteps(), "Theorems 9, 10: local steps");
        assertEquals(res.lateralSteps() + res.localSteps(), res.totalSteps());
        assertEquals((long) dStar(n) * (local + r), res.ticks());
        assertEquals(2.0 * dStar(n), res.runningTimeInLateralSteps(), 1e-9, "Theorem 11: 2·d_star / TR(lat)");
    }

    @ParameterizedTest(name = "ccc:{0} {1}")
    @CsvSource({"4,ONE_PORT", "5,ONE_PORT", "6,ONE_PORT", "4,MULTI_PORT", "5,MULTI_PORT", "6,MULTI_PORT"})
    void cccWithSection12LatencyRunsInTwiceTheCubeDiameter(int n, BroadcastAlgorithm algorithm) {
        CubeConnectedCycles ccc = CubeConnectedCycles.of(n);
        boolean onePort = algorithm == BroadcastAlgorithm.ONE_PORT;
        int r = PortBroadcastRun.theorem11Latency(ccc, algorithm);
        assertEquals(onePort ? (n + 1) / 2 : n / 2, r, "001 §12: ⌊(n+1)/2⌋ one-port, ⌊n/2⌋ multi-port");
        PortBroadcastRun.Result res = PortBroadcastRun.run(Engine.reference(), ccc, algorithm, r);
        assertTrue(res.complete());
        assertEquals(n, res.lateralSteps(), "σ_CCC(lat) = n");
        assertEquals(onePort ? n * ((n + 1) / 2) : n * (n / 2), res.localSteps(), "σ_CCC(loc)");
        assertEquals(onePort ? n * ((n + 3) / 2) : n * ((n + 2) / 2), res.totalSteps(), "d(σ_CCC)");
        assertEquals(2.0 * n, res.runningTimeInLateralSteps(), 1e-9, "twice d_cube");
    }

    @Test
    void networksWithoutLocalLinksRunInSteps() {
        PortBroadcastRun.Result cube = PortBroadcastRun.run(Engine.reference(), Hypercube.of(7), BroadcastAlgorithm.ONE_PORT, 1);
        assertEquals(7, cube.ticks());
        assertEquals(7, cube.lateralSteps());
        assertEquals(0, cube.localSteps());
        assertEquals(7.0, cube.runningTimeInLateralSteps(), 1e-9);
        PortBroadcastRun.Result star = PortBroadcastRun.run(Engine.reference(), Star.of(6), BroadcastAlgorithm.MULTI_PORT, 1);
        assertEquals(dStar(6), star.ticks(), "001 Theorem 8: δ-port broadcasting in d_star steps");
        assertEquals(star.ticks(), star.totalSteps());
        assertEquals(1, PortBroadcastRun.theorem11Latency(Star.of(6), BroadcastAlgorithm.ONE_PORT));
        assertThrows(InvalidInputException.class, () -> PortBroadcastRun.run(Engine.reference(), Star.of(5), BroadcastAlgorithm.ONE_PORT, 2));
        assertThrows(InvalidInputException.class, () -> PortBroadcastRun.run(Engine.reference(), Topologies.parse("torus:4,2"),
                BroadcastAlgorithm.ONE_PORT, 1));
    }

    @Test
    void actorEngineMeasuresWhatTheSequentialEngineDoesWithSlowLateralLinks() {
        for (String network : new String[] {"scc:5", "ccc:4", "star:5"}) {
            Topology t = Topologies.parse(network);
            BroadcastAlgorithm a = network.startsWith("ccc") ? BroadcastAlgorithm.MULTI_PORT : BroadcastAlgorithm.ONE_PORT;
            int r = PortBroadcastRun.theorem11Latency(t, a) + (network.startsWith("star") ? 0 : 1);
            PortBroadcastRun.Result seq = PortBroadcastRun.run(Engine.reference(), t, a, r);
            PortBroadcastRun.Result actor = PortBroadcastRun.run(ActorEngine.inJvm(TESTKIT.system()), t, a, r);
            assertEquals("actor", actor.engine());
            assertEquals(seq.nodes(), actor.informed(), network);
            assertEquals(seq.ticks(), actor.ticks(), network);
            assertEquals(seq.lateralSteps(), actor.lateralSteps(), network);
            assertEquals(seq.localSteps(), actor.localSteps(), network);
            assertEquals(seq.runningTimeInLateralSteps(), actor.runningTimeInLateralSteps(), 1e-12, network);
        }
    }
}
