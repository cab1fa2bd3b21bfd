package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.protocols.Bfs;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scenario of each kind on a network other than SCC_n measures what the command it stands for measures with the same options
 * (sequential engine, same seed), and flooding runs in a broadcast scenario on SCC_n too.
 */
class ScenarioKindsTest {

    @TempDir
    Path tmp;

    private Cli.Result run(String name, String hocon, String... more) throws IOException {
        Path file = tmp.resolve(name + ".conf");
        Files.writeString(file, "name = " + name + "\n" + hocon);
        String[] args = new String[3 + more.length];
        args[0] = "run";
        args[1] = file.toString();
        args[2] = "--json";
        System.arraycopy(more, 0, args, 3, more.length);
        Cli.Result r = Cli.run(args);
        assertEquals(0, r.exit(), r::toString);
        return r;
    }

    /** {@code o} without what a run's timing decides ({@code wallSeconds}, {@code runSeconds}, ...), recursively. */
    private static JsonNode measured(JsonNode o) {
        JsonNode copy = o.deepCopy();
        strip(copy);
        return copy;
    }

    private static void strip(JsonNode node) {
        if (node instanceof ObjectNode o) {
            for (Iterator<String> names = o.fieldNames(); names.hasNext(); ) {
                if (names.next().endsWith("Seconds")) {
                    names.remove();
                }
            }
            o.forEach(ScenarioKindsTest::strip);
        } else if (node.isArray()) {
            node.forEach(ScenarioKindsTest::strip);
        }
    }

    @Test
    void floodingOnATorusMeasuresWhatIcnBroadcastMeasures() throws IOException {
        JsonNode runs = run("torus-flooding", "topologies = [\"torus:4,3\"]\nalgorithms = [flooding, flooding-one-port]\n"
                + "engine = sequential\n", "--no-reports").json().get("runs");
        assertEquals(2, runs.size(), runs::toString);
        Topology torus = Topologies.parse("torus:4,3");
        for (int i = 0; i < 2; i++) {
            String algorithm = List.of("flooding", "flooding-one-port").get(i);
            ObjectNode command = (ObjectNode) Cli.run("broadcast", "--topology", "torus:4,3", "--algorithm", algorithm, "--engine",
                    "sequential", "--json").json();
            assertTrue(command.remove("resultsDirectory").isTextual(), "the command says where its results are");
            ObjectNode scenario = (ObjectNode) measured(runs.get(i));
            assertEquals("supernode", scenario.remove("partitioning").asText());
            assertEquals(measured(command), scenario, algorithm);
        }
        // and beside BFS, independently of both: multi-port flooding finishes at the source's eccentricity
        assertEquals(Bfs.profile(torus, 0).eccentricity(), runs.get(0).get("fullCoverageStep").asLong());
    }

    @Test
    void floodingOnSccRunsBesideAlgorithm4AndWritesOneReport() throws IOException {
        Path out = tmp.resolve("results");
        JsonNode result = run("scc-flooding", "topologies = [\"scc:5\"]\nalgorithms = [one-port, flooding]\nengine = sequential\n",
                "--out", out.toString()).json();
        JsonNode runs = result.get("runs");
        assertEquals(2, runs.size(), runs::toString);
        assertEquals("one-port", runs.get(0).get("algorithm").asText());
        assertEquals("flooding", runs.get(1).get("algorithm").asText());
        assertEquals(Bfs.profile(Topologies.parse("scc:5"), 0).eccentricity(), runs.get(1).get("fullCoverageStep").asLong());
        try (var dirs = Files.list(out)) {
            List<Path> written = dirs.toList();
            assertEquals(1, written.size(), written::toString);
            Path dir = written.get(0);
            assertTrue(dir.getFileName().toString().startsWith("scc-flooding-"), dir::toString);
            assertTrue(Files.readString(dir.resolve("report.md")).contains("scc:5"), "report.md names the runs");
            assertTrue(Files.exists(dir.resolve("coverage.png")), "Algorithm 4's chart");
            try (var files = Files.list(dir)) {
                assertFalse(files.anyMatch(f -> f.getFileName().toString().equals("scc")), "no directory left inside");
            }
        }
    }

    @Test
    void onePortOnAHypercubeMeasuresWhatIcnBroadcastMeasures() throws IOException {
        JsonNode run = run("cube", "topologies = [\"hypercube:4\"]\nalgorithms = [one-port]\nengine = sequential\n", "--no-reports")
                .json().get("runs").get(0);
        JsonNode command = Cli.run("broadcast", "--topology", "hypercube:4", "--algorithm", "one-port", "--engine", "sequential", "--json")
                .json();
        for (String field : List.of("topology", "nodes", "algorithm", "source", "lateralLatency", "lateralSteps", "localSteps", "totalSteps",
                "ticks", "informed")) {
            assertEquals(command.get(field), run.get(field), field);
        }
        // a binomial tree informs 2^k nodes after k steps
        assertEquals(4, run.get("ticks").asLong());
    }

    @Test
    void aTorusRoutingScenarioMeasuresWhatIcnRouteMeasures() throws IOException {
        JsonNode sweep = run("torus-routes", "kind = routing\ntopologies = [\"torus:4,3\"]\nalgorithms = [dimension-order, dfs]\n"
                + "sweep = all-pairs\nengine = sequential\n", "--no-reports").json().get("sweeps").get(0);
        JsonNode command = Cli.run("route", "--topology", "torus:4,3", "--algorithm", "dimension-order", "--sweep", "all-pairs", "--engine",
                "sequential", "--json").json();
        for (String field : List.of("topology", "algorithm", "mode", "routes", "mean", "max", "histogram", "bfs", "stretch", "allDelivered",
                "invalidHops", "matchesPureRoutes")) {
            assertEquals(command.get(field), sweep.get(field), field);
        }
    }

    @Test
    void aTorusFaultScenarioMeasuresWhatIcnFaultsCoverageMeasures() throws IOException {
        // without algorithms: the network's own, flooding off SCC_n, as icn faults coverage chooses
        JsonNode points = run("torus-faults", "kind = faults\ntopologies = [\"torus:4,3\"]\nmax-faults = 2\nseeds = 3\nengine = sequential\n",
                "--no-reports").json().get("points");
        Cli.Result c = Cli.run("faults", "coverage", "--topology", "torus:4,3", "--max-faults", "2", "--seeds", "3", "--engine",
                "sequential", "--json", "--out", tmp.resolve("faults-out").toString());
        assertEquals(0, c.exit(), c::toString);
        JsonNode command = Cli.JSON.readTree(c.out()).get("points"); // icn faults coverage --json prints one object, its points inside
        assertEquals(3, points.size(), points::toString);
        assertEquals(measured(command), measured(points));
    }

    @Test
    void aTorusTrafficScenarioMeasuresWhatIcnTrafficMeasures() throws IOException {
        JsonNode curve = run("torus-traffic", "kind = traffic\nengine = sequential\nparallel = 1\n"
                + "panels = [ { topology = \"torus:4,2\", flits = [8], rates = [0.01, 0.02], cycles = 1000 } ]\n", "--no-reports")
                .json().get("panels").get(0).get("curves").get(0);
        JsonNode command = Cli.run("traffic", "--topology", "torus:4,2", "--engine", "sequential", "--rates", "0.01,0.02", "--cycles",
                "1000", "--flits", "8", "--json").json();
        assertEquals(measured(command).get("points"), measured(curve).get("points"));
        assertEquals(command.get("routing"), curve.get("routing"));
    }
}
