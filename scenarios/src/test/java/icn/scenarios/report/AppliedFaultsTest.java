package icn.scenarios.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.protocols.LinkClass;
import icn.protocols.LinkLatency;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.fault.FaultSpec;
import icn.protocols.topology.Topologies;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One description of what a run applied beyond the papers' model: built from the run's fault plan and link latencies, only for the
 * link classes the network has; "none" when nothing; the same words in the line and the JSON, which reads back to the same description.
 */
class AppliedFaultsTest {

    private static final Topology SCC4 = Topologies.parse("scc:4");
    private static final Topology TORUS = Topologies.parse("torus:4,2");

    @Test
    void nothingAppliedIsNoneEverywhere() {
        AppliedFaults a = AppliedFaults.of(SCC4, LinkLatency.SYNCHRONOUS, FaultPlan.NONE);
        assertTrue(a.none());
        assertEquals(AppliedFaults.NONE, a);
        assertEquals("none", a.summary());
        assertEquals("applied: none", a.line());
        JsonNode j = a.json();
        assertTrue(j.get("none").asBoolean());
        assertEquals("none", j.get("summary").asText());
        for (String key : List.of("loss", "extraDelay", "latency", "crashedNodes", "cutLinks", "killedJvms", "varied")) {
            assertTrue(j.get(key).isEmpty(), key + " is empty: " + j);
        }
        assertTrue(j.get("onMemberLoss").isNull());
    }

    @Test
    void aPlanIsSaidWithLabelsStepsAndTheLinkClassesOfItsNetwork() {
        double[] loss = new double[LinkClass.values().length];
        loss[LinkClass.LATERAL.ordinal()] = 0.01;
        loss[LinkClass.DIMENSION.ordinal()] = 0.5; // SCC_4 has no dimension links: nothing to apply it to
        int[] delay = new int[LinkClass.values().length];
        delay[LinkClass.LOCAL.ordinal()] = 2;
        FaultSpec spec = new FaultSpec(7, 0, 0, true, loss, delay, List.of(new FaultSpec.CrashNode("<3,2134>", 4),
                new FaultSpec.CutLink("<2,1234>", "LATERAL", false, 2, 6), new FaultSpec.KillJvm(1, 3)), true);
        FaultPlan plan = spec.resolve(SCC4, new int[] {0}, 2);
        AppliedFaults a = AppliedFaults.of(SCC4, new LinkLatency(3, 1), plan);
        assertFalse(a.none());
        assertEquals("1 node crashed (<3,2134>@4); 1 arc cut (<2,1234> LATERAL@2 restored at 6); loss lateral 0.01; extra delay local"
                + " +2 steps; latency lateral 3 steps; JVM 1 killed at step 3 (on member loss: continue)", a.summary());
        JsonNode j = a.json();
        assertEquals(0.01, j.get("loss").get("lateral").asDouble());
        assertFalse(j.get("loss").has("dimension"), j.toString());
        assertEquals(2, j.get("extraDelay").get("local").asInt());
        assertEquals(3, j.get("latency").get("lateral").asInt());
        assertFalse(j.get("latency").has("local"), "local links take the papers' one step: " + j);
        assertEquals("<3,2134>", j.get("crashedNodes").get(0).get("label").asText());
        assertEquals(SCC4.label(SCC4.neighbour(SCC4.parseLabel("<2,1234>"), 0)), j.get("cutLinks").get(0).get("to").asText());
        assertEquals(6, j.get("cutLinks").get(0).get("restoredAt").asLong());
        assertEquals(1, j.get("killedJvms").get(0).get("jvm").asInt());
        assertEquals("continue", j.get("onMemberLoss").asText());
        assertEquals(a, AppliedFaults.fromJson(j), "the JSON reads back to the same description");
    }

    @Test
    void aLatencyOrLossOnlyCountsWhereTheNetworkHasSuchLinks() {
        // a torus has dimension links only: a slow lateral link or a lossy one is applied nowhere
        assertTrue(AppliedFaults.of(TORUS, new LinkLatency(2, 1)).none());
        double[] lateral = new double[LinkClass.values().length];
        lateral[LinkClass.LATERAL.ordinal()] = 0.01;
        FaultSpec lossy = new FaultSpec(1, 0, 0, true, lateral, null, List.of(), false);
        assertTrue(AppliedFaults.curves(List.of(TORUS), "node", 0, 3, true, lossy).none(), "no random faults at 0..0, no lateral link");
        assertFalse(AppliedFaults.curves(List.of(SCC4), "node", 0, 3, true, lossy).none(), "scc:4 has lateral links: its loss counts");
        FaultSpec base = new FaultSpec(1, 0, 0, true, lateral, null, List.of(), false);
        AppliedFaults curves = AppliedFaults.curves(List.of(SCC4, TORUS), "link", 4, 10, false, base);
        assertEquals("loss lateral 0.01; random link faults 0..4 before step 1, drawn anew for each of the 10 seeds of a point",
                curves.summary());
        JsonNode v = curves.json().get("varied").get(0);
        assertEquals(4, v.get("maxFaults").asInt());
        assertEquals(10, v.get("seedsPerPoint").asInt());
        assertFalse(v.get("sourceSpared").asBoolean());
        assertEquals(curves, AppliedFaults.fromJson(curves.json()));
    }

    @Test
    void runsThatAgreeAreSaidOnceAndOthersRunByRun() {
        AppliedFaults slow = AppliedFaults.of(SCC4, new LinkLatency(2, 1));
        assertEquals(slow, AppliedFaults.across(List.of("a", "b"), List.of(slow, slow)));
        AppliedFaults mixed = AppliedFaults.across(List.of("a", "b", "c"), List.of(slow, AppliedFaults.NONE, slow));
        assertEquals("by run: a, c: latency lateral 2 steps | b: none", mixed.summary());
        assertFalse(mixed.none());
        JsonNode byRun = mixed.json().get("varied").get(0).get("byRun");
        assertEquals(List.of("a", "c"), List.of(byRun.get(0).get("runs").get(0).asText(), byRun.get(0).get("runs").get(1).asText()));
        assertEquals("none", byRun.get(1).get("summary").asText());
    }

    @Test
    void aLongLineIsWrappedAfterACommaOrSemicolon() {
        String summary = String.join(", ", java.util.Collections.nCopies(30, "<3,21345>@1"));
        String wrapped = AppliedFaults.wrap("applied: ", summary, 2);
        for (String line : wrapped.split("\n")) {
            assertTrue(line.length() <= AppliedFaults.WIDTH, line);
            assertTrue(line.endsWith(",") || line.endsWith("@1"), line);
        }
        assertEquals("applied: " + summary, wrapped.replaceAll("\n +", " "), "nothing lost or added but the breaks");
    }
}
