package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import icn.protocols.Topology;
import icn.protocols.topology.Topologies;
import icn.scenarios.network.NetworkReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A file network round-trips (issue 32): {@code icn topology --topology scc:4 --export FORMAT} writes its links, {@code file:} reads
 * them back, and the BFS properties and the flooding broadcast of the file network are the built-in scc:4's.
 */
class TopologyExportTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"edges", "graphml"})
    void scc4ExportedAndReadBackIsTheSameNetwork(String format) throws Exception {
        Cli.Result exported = Cli.run("topology", "--topology", "scc:4", "--export", format, "--out", dir.toString(), "--json");
        assertEquals(0, exported.exit(), exported::toString);
        Path file = Path.of(exported.json().get("resultsDirectory").asText()).resolve(format.equals("edges") ? "scc_4.txt" : "scc_4.graphml");
        assertTrue(Files.isRegularFile(file), file.toString());
        Topology builtIn = Topologies.parse("scc:4");
        Topology read = Topologies.parse("file:" + file);
        JsonNode a = NetworkReport.measure(builtIn);
        JsonNode b = NetworkReport.measure(read);
        for (String field : List.of("nodes", "diameter", "averageDistance", "degree", "connected")) {
            assertEquals(a.get(field), b.get(field), field + ": " + a + " against " + b);
        }
        JsonNode flooding = broadcast("scc:4");
        JsonNode fromFile = broadcast("file:" + file);
        for (String field : List.of("steps", "fullCoverageStep", "informed", "perStepInformed")) {
            assertEquals(flooding.get(field), fromFile.get(field), field);
        }
        // a file network's links are all of one class (local): the totals agree
        assertEquals(flooding.get("linkMessages").get("lateral").asLong() + flooding.get("linkMessages").get("local").asLong(),
                fromFile.get("linkMessages").get("local").asLong(), "link messages: " + fromFile.get("linkMessages"));
        Cli.Result cli = Cli.run("topology", "--topology", "file:" + file, "--json");
        assertEquals(0, cli.exit(), cli::toString);
        assertEquals(72, cli.json().get("nodes").asInt());
    }

    @org.junit.jupiter.api.Test
    void aDirectedNetworkOrAnUnknownFormatIsRefused() {
        Cli.Result directed = Cli.run("topology", "--topology", "cr:4", "--export", "edges", "--out", dir.toString());
        assertEquals(2, directed.exit());
        assertEquals(List.of("icn: --export writes undirected links, and cr:4's arcs are one-way"), directed.errLines());
        Cli.Result unknown = Cli.run("topology", "--topology", "scc:4", "--export", "dot", "--out", dir.toString());
        assertEquals(2, unknown.exit());
        assertTrue(unknown.errLines().get(0).contains("--export takes edges or graphml, not 'dot'"), unknown.toString());
    }

    private JsonNode broadcast(String topology) {
        Cli.Result r = Cli.run("broadcast", "--topology", topology, "--algorithm", "flooding", "--engine", "sequential", "--out",
                dir.resolve("b").toString(), "--json");
        assertEquals(0, r.exit(), r::toString);
        return r.json();
    }
}
