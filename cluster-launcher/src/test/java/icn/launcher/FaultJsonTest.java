package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.protocols.Topologies;
import icn.protocols.Topology;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JSON contract of runs with faults (issue 6): faults with labels and steps, accounting that balances, routing outcomes. */
class FaultJsonTest {

    @TempDir
    Path tmp;

    private static void checkAccounting(JsonNode a) {
        JsonNode d = a.get("dropped");
        assertEquals(a.get("sent").asLong(), a.get("delivered").asLong() + d.get("nodeCrashed").asLong() + d.get("linkCut").asLong()
                + d.get("lostInTransit").asLong() + a.get("lostWithMember").asLong(), "sent = delivered + dropped + lost: " + a);
        assertTrue(a.get("balanced").asBoolean());
    }

    @Test
    void broadcastWithRandomFaultsReportsThemAndBalances() {
        Cli.Result r = Cli.run("broadcast", "--topology", "scc:5", "--algorithm", "one-port", "--engine", "sequential", "--crash-nodes", "4",
                "--cut-links", "3", "--loss", "0.02", "--seed", "11", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode j = r.json();
        Topology t = Topologies.parse("scc:5");
        assertEquals(11, j.get("seed").asLong());
        JsonNode f = j.get("faults");
        assertEquals(4, f.get("crashedNodes").size());
        for (JsonNode c : f.get("crashedNodes")) {
            t.parseLabel(c.get("label").asText()); // a label of this network
            assertEquals(1, c.get("step").asLong());
            assertTrue(!c.get("label").asText().equals(j.get("source").asText()), "the source is spared");
        }
        assertEquals(6, f.get("cutLinks").size(), "three links, both directions");
        assertEquals(0.02, f.get("loss").get("lateral").asDouble());
        assertEquals(t.nodeCount() - 4, j.get("liveNodes").asLong());
        assertTrue(j.get("informed").asLong() <= j.get("reachableLiveNodes").asLong());
        checkAccounting(j.get("accounting"));
        assertTrue(j.get("accounting").get("dropped").get("lostInTransit").asLong() > 0);
    }

    @Test
    void routingWithFaultsReportsDeliveredUndeliverableAndStretch() {
        Cli.Result r = Cli.run("route", "--topology", "scc:5", "--algorithm", "greedy", "--mode", "distributed", "--sweep", "sample:300",
                "--engine", "sequential", "--crash-nodes", "6", "--seed", "3", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode j = r.json();
        assertEquals(300, j.get("packets").asLong());
        assertTrue(j.get("delivered").asLong() + j.get("undeliverable").asLong() + j.get("deliverableNotDelivered").asLong() >= 300);
        assertTrue(j.get("undeliverable").asLong() > 0, "with 6 of 480 nodes crashed some of 300 random pairs have a dead endpoint");
        assertTrue(j.get("stretch").get("mean").asDouble() >= 1.0);
        assertTrue(j.get("stretch").get("max").asDouble() >= j.get("stretch").get("mean").asDouble());
        checkAccounting(j.get("accounting"));
    }

    @Test
    void aTimedFaultFileActsAtItsSteps() throws Exception {
        Path file = tmp.resolve("faults.conf");
        Files.writeString(file, """
                events = [
                  { at = 2, crash = "<3,21345>" }
                  { at = 1, cut = "<2,12345>", port = LATERAL, restore = 3 }
                ]
                """);
        Cli.Result r = Cli.run("broadcast", "--topology", "scc:5", "--algorithm", "flooding", "--engine", "sequential", "--faults",
                file.toString(), "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode j = r.json();
        assertEquals(2, j.get("faults").get("crashedNodes").get(0).get("step").asLong());
        assertEquals(3, j.get("faults").get("cutLinks").get(0).get("restoredAt").asLong());
        assertEquals(2, j.get("faults").get("cutLinks").size(), "both directions by default");
        assertTrue(j.get("accounting").get("dropped").get("linkCut").asLong() >= 1, "the source's lateral send of step 1 is cut");
        checkAccounting(j.get("accounting"));
    }
}
