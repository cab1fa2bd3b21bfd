package icn.scenarios.broadcast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import icn.protocols.RunMetrics;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BroadcastReportTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonNode json(BroadcastRun run) throws Exception {
        String text = new BroadcastReport(run).toJson();
        assertFalse(text.contains("\n"));
        return MAPPER.readTree(text);
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void fieldNamesAndOrderFollowTheContract() throws Exception {
        JsonNode o = json(FakeRuns.multiPortScc4());
        assertEquals(List.of("topology", "nodes", "algorithm", "messages", "seed", "source", "engine", "jvms", "hostsPerJvm", "partitioning",
                "steps", "lateralSteps", "localSteps", "localTrafficSteps", "fullCoverageStep", "informed", "perStepInformed", "linkMessages",
                "wallSeconds", "applied", "accounting", "paper", "agrees"), fieldNames(o));
        assertEquals(List.of("lateral", "local", "crossJvm"), fieldNames(o.get("linkMessages")));
        assertEquals(List.of("lateral", "local"), fieldNames(o.get("linkMessages").get("crossJvm")));
        assertEquals(List.of("steps", "lateralSteps", "localSteps", "fullCoverageStep", "diameter", "relativeDistanceToDiameter", "source"),
                fieldNames(o.get("paper")));
        assertEquals(List.of("steps", "lateralSteps", "localSteps", "fullCoverageStep"), fieldNames(o.get("agrees")));
    }

    @Test
    void measuredValuesOfAnAgreeingRun() throws Exception {
        JsonNode o = json(FakeRuns.multiPortScc4());
        assertEquals("scc:4", o.get("topology").asText());
        assertEquals(72, o.get("nodes").asLong());
        assertEquals("multi-port", o.get("algorithm").asText());
        assertEquals(1, o.get("messages").asInt());
        assertEquals(1, o.get("seed").asLong());
        assertEquals("<2,1234>", o.get("source").asText());
        assertEquals("sequential", o.get("engine").asText());
        assertEquals(8, o.get("steps").asLong());
        assertEquals(4, o.get("lateralSteps").asLong());
        assertEquals(4, o.get("localSteps").asLong());
        assertTrue(o.get("fullCoverageStep").isIntegralNumber());
        assertEquals(8, o.get("fullCoverageStep").asLong());
        assertEquals(72, o.get("informed").asLong());
        // element s is the count after step s, step 0 (the source alone) included
        JsonNode perStep = o.get("perStepInformed");
        assertEquals(9, perStep.size());
        for (int s = 0; s < perStep.size(); s++) {
            assertEquals(FakeRuns.MULTI_CUMULATIVE[s], perStep.get(s).asLong(), "after step " + s);
        }
        assertEquals(3 + 6 + 12 + 20, o.get("linkMessages").get("lateral").asLong());
        assertEquals(2 + 6 + 12 + 24, o.get("linkMessages").get("local").asLong());
        assertEquals(0.25, o.get("wallSeconds").asDouble());
    }

    @Test
    void paperValuesComeFromTheorem10AndAgree() throws Exception {
        JsonNode paper = json(FakeRuns.multiPortScc4()).get("paper");
        // 001 Table 5, n = 4: 4 lateral, 4 local, 8 in all, diameter 8, 0 %
        assertEquals(8, paper.get("steps").asLong());
        assertEquals(4, paper.get("lateralSteps").asLong());
        assertEquals(4, paper.get("localSteps").asLong());
        assertEquals(8, paper.get("fullCoverageStep").asLong());
        assertEquals(8, paper.get("diameter").asLong());
        assertEquals(0.0, paper.get("relativeDistanceToDiameter").asDouble());
        assertEquals("001 Theorem 10", paper.get("source").asText());
        JsonNode agrees = json(FakeRuns.multiPortScc4()).get("agrees");
        for (String key : List.of("steps", "lateralSteps", "localSteps", "fullCoverageStep")) {
            assertTrue(agrees.get(key).isBoolean());
            assertTrue(agrees.get(key).asBoolean(), key);
        }
        assertTrue(new BroadcastReport(FakeRuns.multiPortScc4()).agrees());
    }

    @Test
    void neverCoveredIsNullAndMeasuredValuesStay() throws Exception {
        JsonNode o = json(FakeRuns.incompleteOnePortScc4());
        assertTrue(o.has("fullCoverageStep"));
        assertTrue(o.get("fullCoverageStep").isNull());
        assertEquals(70, o.get("informed").asLong());
        assertEquals(9, o.get("steps").asLong()); // measured, not Theorem 9's 12
        assertEquals(3, o.get("lateralSteps").asLong());
        assertEquals(6, o.get("localSteps").asLong());
        assertEquals(10, o.get("perStepInformed").size());
        assertEquals(70, o.get("perStepInformed").get(9).asLong());
        JsonNode paper = o.get("paper");
        assertEquals(12, paper.get("steps").asLong()); // 001 Table 3, n = 4
        assertEquals(4, paper.get("lateralSteps").asLong());
        assertEquals(8, paper.get("localSteps").asLong());
        assertEquals(12, paper.get("fullCoverageStep").asLong());
        assertEquals(50.0, paper.get("relativeDistanceToDiameter").asDouble());
        assertEquals("001 Theorem 9", paper.get("source").asText());
        JsonNode agrees = o.get("agrees");
        assertFalse(agrees.get("steps").asBoolean());
        assertFalse(agrees.get("lateralSteps").asBoolean());
        assertFalse(agrees.get("localSteps").asBoolean());
        assertFalse(agrees.get("fullCoverageStep").asBoolean());
    }

    @Test
    void pipelinedRunsGiveArraysWithNullWhereNever() throws Exception {
        JsonNode o = json(FakeRuns.pipelinedScc4());
        assertEquals(2, o.get("messages").asInt());
        JsonNode measured = o.get("fullCoverageStep");
        assertTrue(measured.isArray());
        assertEquals(2, measured.size());
        assertEquals(8, measured.get(0).asLong());
        assertTrue(measured.get(1).isNull());
        assertEquals(72, o.get("informed").asLong()); // the first message
        assertEquals(10, o.get("steps").asLong());
        assertEquals(5, o.get("lateralSteps").asLong());
        assertEquals(5, o.get("localSteps").asLong());
        JsonNode paper = o.get("paper");
        // multi-port, n = 4, B = 2: ⌊5/2⌋ (2 − 1 + 4) = 10 steps, 5 lateral, ⌊3/2⌋·5 = 5 local, messages done at 8 and 10
        assertEquals(10, paper.get("steps").asLong());
        assertEquals(5, paper.get("lateralSteps").asLong());
        assertEquals(5, paper.get("localSteps").asLong());
        assertTrue(paper.get("fullCoverageStep").isArray());
        assertEquals(8, paper.get("fullCoverageStep").get(0).asLong());
        assertEquals(10, paper.get("fullCoverageStep").get(1).asLong());
        assertTrue(paper.get("source").asText().startsWith("001 Theorem 10 and "), paper.get("source").asText());
        assertTrue(paper.get("source").asText().contains("Pipelining"));
        JsonNode agrees = o.get("agrees");
        assertTrue(agrees.get("steps").asBoolean());
        assertTrue(agrees.get("lateralSteps").asBoolean());
        assertTrue(agrees.get("localSteps").asBoolean());
        assertFalse(agrees.get("fullCoverageStep").asBoolean());
    }

    @Test
    void csvHasOneRowPerStepFromZeroToTheHorizon() {
        BroadcastReport report = new BroadcastReport(FakeRuns.multiPortScc4());
        String[] lines = report.toCsv().split("\n");
        assertEquals("step,lateral_sent,local_sent,informed_new_m1,informed_total_m1", lines[0]);
        assertEquals(1 + 9, lines.length); // header + steps 0..8
        assertEquals("0,0,0,1,1", lines[1]);
        assertEquals("2,3,0,3,6", lines[3]);
        assertEquals("8,20,0,10,72", lines[9]);
        assertEquals("per-step-scc_4-multi-port-B1.csv", report.csvFileName());
    }

    @Test
    void csvOfPipelinedRunHasColumnsPerMessage() {
        BroadcastReport report = new BroadcastReport(FakeRuns.pipelinedScc4());
        String[] lines = report.toCsv().split("\n");
        assertEquals("step,lateral_sent,local_sent,informed_new_m1,informed_total_m1,informed_new_m2,informed_total_m2", lines[0]);
        assertEquals(1 + 11, lines.length);
        assertEquals("10,20,0,0,72,23,71", lines[11]);
        assertEquals("per-step-scc_4-multi-port-B2.csv", report.csvFileName());
    }

    @Test
    void runWithoutSendsHasNoStepsAndAnEmptyPerStepArray() throws Exception {
        RunMetrics metrics = new RunMetrics(1);
        metrics.countInformed(0, 0);
        BroadcastRun run = new BroadcastRun("scc:3", 3, 12, "one-port", 1, "<2,123>", 1, "actor", 1, 1, metrics, 0.0);
        JsonNode o = json(run);
        assertEquals(0, o.get("steps").asLong());
        assertEquals(1, o.get("perStepInformed").size(), "step 0 only");
        assertEquals(1, o.get("perStepInformed").get(0).asLong(), "the source");
        assertTrue(o.get("fullCoverageStep").isNull());
        assertEquals(2, new BroadcastReport(run).toCsv().split("\n").length);
    }

    @Test
    void aStepWithoutTrafficThatIsNotLateralCountsAsALocalStep() throws Exception {
        // lateral steps 2 and 4, local traffic in steps 1 and 3 only: step 5, the last local step, is idle; step 6 is lateral
        long[] lateral = {0, 0, 2, 0, 4, 0, 1};
        long[] local = {0, 1, 0, 3, 0, 0, 0};
        long[] informed = {1, 1, 2, 3, 4, 0, 1};
        BroadcastRun run = new BroadcastRun("scc:3", 3, 12, "multi-port", 1, "<2,123>", 1, "actor", 1, 1,
                FakeRuns.metrics(lateral, local, informed), 0);
        JsonNode o = json(run);
        assertEquals(6, o.get("steps").asLong());
        assertEquals(3, o.get("lateralSteps").asLong());
        assertEquals(3, o.get("localSteps").asLong());
        assertEquals(6, o.get("fullCoverageStep").asLong());
        assertTrue(o.get("agrees").get("localSteps").asBoolean()); // 001 Theorem 10, n = 3: ⌊2/2⌋·3 = 3
        assertEquals("5,0,0,0,11", new BroadcastReport(run).toCsv().split("\n")[6]);
    }

    @Test
    void runRejectsMismatchedMessagesAndUnknownAlgorithms() {
        RunMetrics two = new RunMetrics(2);
        assertThrows(IllegalArgumentException.class,
                () -> new BroadcastRun("scc:4", 4, 72, "one-port", 1, "<2,1234>", 1, "actor", 1, 1, two, 0));
        assertThrows(IllegalArgumentException.class,
                () -> new BroadcastRun("scc:4", 4, 72, "two-port", 2, "<2,1234>", 1, "actor", 1, 1, two, 0));
        assertThrows(IllegalArgumentException.class, () -> new BroadcastRun("scc:4", 4, 72, "flooding", 2, "<2,1234>", 1, "actor", 1, 1, two, 0),
                "flooding is not a run of Algorithm 4 or 5");
    }

    @Test
    void measuredCoverageIsWhatRunMetricsSays() {
        BroadcastReport report = new BroadcastReport(FakeRuns.pipelinedScc4());
        assertArrayEquals(new long[] {8, -1}, report.measuredFullCoverage());
        assertArrayEquals(new long[] {8, 10}, report.paperFullCoverage());
    }
}
