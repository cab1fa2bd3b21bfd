package icn.scenarios.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import com.fasterxml.jackson.databind.JsonNode;
import icn.node.actor.ActorEngine;
import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.Partition;
import icn.protocols.topology.Scc;
import icn.scenarios.claims.PaperFormulas;
import org.junit.jupiter.api.AfterAll;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The public entry for 001 Tables 1, 2 and 4: both engines, the closed forms of §8, and the broadcast report of a sequence. */
class StarSequenceExperimentTest {

    private static final ActorTestKit TESTKIT = ActorTestKit.create();

    @AfterAll
    static void shutdown() {
        TESTKIT.shutdownTestKit();
    }

    private static int dStar(int n) {
        return 3 * (n - 1) / 2;
    }

    private static double log2(int n) {
        return Math.log(n) / Math.log(2);
    }

    @ParameterizedTest
    @EnumSource(value = BroadcastAlgorithm.class, names = {"CYCLIC_SEQ", "CYCLIC_PAR", "SWITCHING_NLOGN", "SWITCHING_N2"})
    void actorEngineMeasuresWhatTheSequentialEngineMeasures(BroadcastAlgorithm algorithm) {
        for (int n = 4; n <= 5; n++) {
            StarSequenceRun seq = StarSequenceExperiment.run(Engine.reference(), n, algorithm, 0);
            StarSequenceRun act = StarSequenceExperiment.run(ActorEngine.inJvm(TESTKIT.system()), n, algorithm, 0);
            assertEquals("actor", act.engine());
            assertEquals(seq.nodes(), act.informed(), "every node informed on the actor engine");
            assertEquals(seq.informed(), act.informed());
            assertEquals(seq.lateralSteps(), act.lateralSteps());
            assertEquals(seq.localSteps(), act.localSteps());
            assertEquals(seq.totalSteps(), act.totalSteps());
            assertEquals(seq.plannedSteps(), act.plannedSteps());
            assertEquals(seq.stepsUntilAllInformed(), act.stepsUntilAllInformed());
            assertEquals(seq.runSteps(), act.runSteps());
        }
    }

    /**
     * The step counts are the run's (taken from its per-step link messages), not the schedule's: the run's sequence ends at the
     * step its schedule plans, and every step of it carries the message on a lateral or a local link.
     */
    @ParameterizedTest
    @EnumSource(value = BroadcastAlgorithm.class, names = {"CYCLIC_SEQ", "CYCLIC_PAR", "SWITCHING_NLOGN", "SWITCHING_N2"})
    void theRunEndsAtThePlannedStep(BroadcastAlgorithm algorithm) {
        for (int n = 4; n <= 7; n++) {
            StarSequenceRun r = StarSequenceExperiment.run(Engine.reference(), n, algorithm);
            assertEquals(r.plannedSteps(), r.totalSteps(), algorithm + " on scc:" + n + ": the last lateral transfer");
            assertTrue(r.endsAsPlanned());
            if (algorithm != BroadcastAlgorithm.CYCLIC_PAR) {
                assertEquals(0, r.idleSteps(), algorithm + " on scc:" + n + ": every step of the sequence carries the message");
            }
        }
    }

    /**
     * σ^par waits: some of its steps carry nothing (measured: 0, 1, 1 and 4 on SCC_4 … SCC_7), so its local link steps are fewer
     * than the steps 001 counts as local, and the two differ by exactly the steps that carry nothing.
     */
    @Test
    void theParallelSequenceWaitsSomeSteps() {
        for (int n = 4; n <= 7; n++) {
            StarSequenceRun par = StarSequenceExperiment.run(Engine.reference(), n, BroadcastAlgorithm.CYCLIC_PAR);
            assertEquals(par.paperLocalSteps(), par.localSteps() + par.idleSteps(), "scc:" + n);
            assertEquals(List.of(0L, 1L, 1L, 4L).get(n - 4), par.idleSteps(), "scc:" + n + ": steps that carry nothing");
        }
    }

    @Test
    void theActorEngineRunsInAnActorSystemOfItsOwn() {
        StarSequenceRun r = StarSequenceExperiment.run(ActorEngine.inJvm(TESTKIT.system()), 4, BroadcastAlgorithm.CYCLIC_PAR);
        assertEquals(72, r.informed());
        assertEquals(dStar(4), r.lateralSteps());
    }

    @Test
    void sequencesAgainstTheClosedFormsOfSection8() {
        for (int n = 4; n <= 7; n++) {
            StarSequenceRun seq = StarSequenceExperiment.run(Engine.reference(), n, BroadcastAlgorithm.CYCLIC_SEQ);
            assertTrue(seq.allInformed());
            assertEquals((n - 1) * dStar(n), seq.lateralSteps());
            assertEquals(2 * (n - 1) * dStar(n) - 1, seq.totalSteps(), "001 §8.3: 2(n−1)⌊3(n−1)/2⌋ − 1");
            assertEquals(seq.paperTotalSteps(), seq.totalSteps());
            StarSequenceRun par = StarSequenceExperiment.run(Engine.reference(), n, BroadcastAlgorithm.CYCLIC_PAR);
            assertTrue(par.allInformed());
            assertEquals((n - 1) * dStar(n), par.totalSteps(), "001 §8.3: (n−1) d_star, against the run's last lateral transfer");
            assertEquals((n - 1) * dStar(n), par.stepsUntilAllInformed());
            StarSequenceRun benes = StarSequenceExperiment.run(Engine.reference(), n, BroadcastAlgorithm.SWITCHING_NLOGN);
            assertTrue(benes.allInformed());
            assertTrue(benes.totalSteps() < 4.0 * n * (n / 2) + (5.0 * n - 4) * (log2(n) - 1) - 2.5 * n, "Eq. 3");
            assertTrue(benes.stepsUntilAllInformed() <= benes.totalSteps() + benes.completionSteps());
            StarSequenceRun adjacent = StarSequenceExperiment.run(Engine.reference(), n, BroadcastAlgorithm.SWITCHING_N2);
            assertTrue(adjacent.allInformed());
            if (n % 2 == 0) {
                assertEquals(1.5 * n * n - 3.5 * n + 2, adjacent.lateralSteps(), 0, "Theorem 6");
                assertTrue(adjacent.totalSteps() < 3.5 * n * n - 9.5 * n + 6, "below Theorem 7 (ring distances, no move after the last stage)");
            }
        }
    }

    @Test
    void paperFormulasAreThePrintedClosedForms() {
        for (int n = 4; n <= 9; n++) {
            double lg = log2(n);
            assertEquals(2 * (n - 1) * dStar(n) - 1, PaperFormulas.cyclicSeqSteps(n));
            assertEquals(PaperFormulas.cyclicSeqSteps(n), PaperFormulas.cyclicSeqLateralSteps(n) + PaperFormulas.cyclicSeqLocalSteps(n));
            assertEquals((n - 1) * dStar(n), PaperFormulas.cyclicParSteps(n));
            assertEquals(PaperFormulas.cyclicParSteps(n), PaperFormulas.cyclicParLateralSteps(n) + PaperFormulas.cyclicParLocalSteps(n));
            assertEquals(4.0 * n * (n / 2) + (5.0 * n - 4) * (lg - 1) - 5.0 * n / 2, PaperFormulas.benesStepsBound(n), 1e-9, "Eq. 3");
            // Theorem 3's proof: Eq. 3 is the lateral bound 3(n log n − n/2) plus the local bound
            assertEquals(PaperFormulas.benesStepsBound(n), PaperFormulas.benesLateralBound(n) + PaperFormulas.benesLocalBound(n), 1e-9);
            assertEquals(1.5 * n * n - 3.5 * n + 2, PaperFormulas.adjacentLateralSteps(n), 1e-9, "Theorem 6");
            assertEquals(3.5 * n * n - 9.5 * n + 6, PaperFormulas.adjacentSteps(n), 1e-9, "Theorem 7");
            assertEquals(PaperFormulas.adjacentSteps(n), PaperFormulas.adjacentLateralSteps(n) + PaperFormulas.adjacentLocalSteps(n));
        }
    }

    @Test
    void theBroadcastReportOfASequenceComparesTheSequence() {
        Scc scc = Scc.of(5);
        var settings = new RunSettings(EngineKind.SEQUENTIAL, 1, Partition.Kind.SUPERNODE, 1);
        BroadcastReport report = new BroadcastReport(BroadcastExperiment.run(Engine.reference(), scc, BroadcastAlgorithm.CYCLIC_SEQ, 1, 0, settings).run());
        JsonNode json = report.toJsonNode();
        JsonNode q = json.get("sequence");
        assertEquals(2 * 4 * dStar(5) - 1, q.get("totalSteps").asInt());
        assertEquals(json.get("fullCoverageStep").asLong(), q.get("stepsUntilAllInformed").asLong());
        assertTrue(json.get("agrees").get("steps").asBoolean());
        assertEquals(PaperFormulas.cyclicSeqSteps(5), json.get("paper").get("steps").asInt());
        assertThrows(InvalidInputException.class, () -> BroadcastExperiment.run(Engine.reference(), scc, BroadcastAlgorithm.SWITCHING_N2, 2, 0, settings));
    }
}
