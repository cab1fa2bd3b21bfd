package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.protocols.topology.Topologies;
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

    @Test
    void adaptiveRoutingReportsWhatItGaveUpAndDeliversEveryDeliverablePacket() {
        Cli.Result r = Cli.run("route", "--topology", "scc:5", "--algorithm", "dfs", "--sweep", "sample:500", "--engine", "sequential",
                "--crash-nodes", "6", "--cut-links", "4", "--seed", "5", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode j = r.json();
        assertEquals("distributed", j.get("mode").asText(), "dfs runs distributed without --mode");
        assertEquals(2 * (480 - 1), j.get("hopLimit").asLong(), "the default hop limit: 2(N - 1)");
        assertEquals(0, j.get("deliverableNotDelivered").asLong(), "every deliverable packet is delivered");
        assertEquals(0, j.get("hopLimited").asLong());
        assertTrue(j.get("gaveUp").asLong() > 0, "packets to crashed destinations are given up");
        assertTrue(j.get("gaveUp").asLong() <= j.get("undeliverable").asLong(), "only undeliverable packets are given up");
        assertEquals(1.0, j.get("deliveryRatio").asDouble());
        assertTrue(j.get("accounting").get("dropped").get("nodeCrashed").asLong() > 0, "failed sends teach the nodes");
        checkAccounting(j.get("accounting"));
    }

    @Test
    void adaptiveRoutingOnTheActorsReportsWhatTheSequentialEngineReports() {
        String[] args = {"route", "--topology", "torus:5,2", "--algorithm", "dfs", "--sweep", "sample:300", "--crash-nodes", "3",
                "--cut-links", "3", "--seed", "8", "--json", "--engine"};
        JsonNode sequential = run(args, "sequential");
        JsonNode actors = run(args, "actor");
        for (String field : new String[] {"delivered", "undeliverable", "deliverableNotDelivered", "gaveUp", "hopLimited", "meanHops", "steps"}) {
            assertEquals(sequential.get(field), actors.get(field), field);
        }
        assertEquals(sequential.get("accounting"), actors.get("accounting"));
    }

    /** CR_n with every in-neighbour of I crashed: 003 Step 1 forbids every symbol, so each live source gives its packet up. */
    @Test
    void crFaultTolerantRouteIsComputedFromTheCrashedNodesAndGivesUpWithoutAReturnableSymbol() throws Exception {
        icn.protocols.topology.CompleteRotationGraph cr = (icn.protocols.topology.CompleteRotationGraph) Topologies.parse("cr:4");
        StringBuilder events = new StringBuilder("events = [\n");
        for (int v : icn.node.routing.cr.FaultTolerantRoute.inNeighboursOfIdentity(cr)) {
            events.append("  { at = 1, crash = \"").append(cr.label(v)).append("\" }\n");
        }
        Path file = tmp.resolve("in-neighbours.conf");
        Files.writeString(file, events.append("]\n").toString());
        for (String engine : new String[] {"sequential", "actor"}) {
            Cli.Result r = Cli.run("route", "--topology", "cr:4", "--algorithm", "fault-tolerant", "--sweep", "to-identity", "--faults",
                    file.toString(), "--engine", engine, "--json");
            assertEquals(0, r.exit(), r.err());
            JsonNode j = r.json();
            assertEquals("source", j.get("mode").asText());
            assertEquals(1, j.get("delivered").asLong(), engine + ": only I itself (no hop)");
            assertEquals(cr.nodeCount() - 1 - cr.n(), j.get("gaveUp").asLong(), engine + ": every live source but I gives up");
            assertEquals(0, j.get("accounting").get("sent").asLong(), engine + ": nothing is sent");
        }
        Cli.Result free = Cli.run("route", "--topology", "cr:5", "--algorithm", "fault-tolerant", "--sweep", "sample:200", "--engine",
                "sequential", "--crash-nodes", "2", "--seed", "4", "--json");
        assertEquals(0, free.exit(), free.err());
        JsonNode j = free.json();
        assertEquals(j.get("packets").asLong(), j.get("delivered").asLong() + j.get("undeliverable").asLong()
                + j.get("deliverableNotDelivered").asLong(), "every packet is delivered, undeliverable, or deliverable and lost");
        checkAccounting(j.get("accounting"));
    }

    private static JsonNode run(String[] args, String engine) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 1);
        all[args.length] = engine;
        Cli.Result r = Cli.run(all);
        assertEquals(0, r.exit(), r.err());
        return r.json();
    }
}
