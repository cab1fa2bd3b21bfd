package icn.scenarios;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.node.routing.RoutingAlgorithm;
import icn.protocols.Bfs;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkLatency;
import icn.protocols.Partition;
import icn.protocols.topology.Scc;
import icn.protocols.wire.RoutingSpec;
import icn.scenarios.claims.PaperFormulas;
import icn.scenarios.routing.RouteReports;
import icn.scenarios.routing.RouteSweep;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Routing scenarios, routing sweeps on the sequential engine and their reports. */
class RoutingScenarioTest {

    @TempDir
    Path dir;

    private Path file(String text) throws IOException {
        Path f = dir.resolve("r.conf");
        Files.writeString(f, text);
        return f;
    }

    @Test
    void theBuiltInRoutingScenarioRebuildsTables1And2() {
        Scenario s = Scenario.load("routing");
        RoutingScenario r = assertInstanceOf(RoutingScenario.class, s);
        assertEquals(List.of("scc:3", "scc:4", "scc:5", "scc:6", "scc:7", "scc:8"), r.topologies());
        assertTrue(r.algorithms().containsAll(List.of("minimal", "greedy", "random")));
        assertEquals("to-identity", r.sweep());
        assertEquals(LinkLatency.SYNCHRONOUS, r.latency());
    }

    @Test
    void keysAreReadAndDefaulted() throws IOException {
        RoutingScenario r = (RoutingScenario) Scenario.load(file("""
                kind = routing
                topologies = ["scc:4"]
                algorithms = [greedy, near-minimal]
                modes = [source, distributed]
                sweep = "sample:50"
                lateral-latency = 3
                """));
        assertEquals("r", r.name());
        assertEquals(List.of("source", "distributed"), r.modes());
        assertEquals(new LinkLatency(3, 1), r.latency());
        assertEquals(4, r.runCount());
    }

    @Test
    void badScenariosAreOneLineNamingTheProblem() throws IOException {
        String[][] cases = {
            {"kind = routing\nbogus = 1", "unknown key 'bogus'"},
            {"kind = routing\nalgorithms = [fastest]", "unknown routing algorithm 'fastest'"},
            {"kind = routing\nmodes = [sideways]", "unknown routing mode 'sideways'"},
            {"kind = routing\nalgorithms = [minimal]\nmodes = [distributed]", "no distributed form"},
            {"kind = routing\nsweep = \"everything\"", "unknown sweep 'everything'"},
            {"kind = routing\ntopologies = [\"scc:8\"]\nsweep = all-pairs", "too large"},
            {"kind = routing\nlocal-latency = 0", "out of range 1..1000"},
            {"kind = routing\ntopologies = [\"scc:12\"]", "out of range"},
            {"kind = flooding", "kind 'flooding' is not supported"},
        };
        for (String[] c : cases) {
            Path f = file(c[0]);
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> Scenario.load(f), c[0]);
            assertTrue(e.getMessage().contains(c[1]), c[0] + " -> " + e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    /** Any network may be listed; without algorithms each gets its own routings, in the modes they have a form in. */
    @Test
    void otherNetworksGetTheirOwnRoutings() throws IOException {
        RoutingScenario r = (RoutingScenario) Scenario.load(file("""
                kind = routing
                topologies = ["scc:4", "cr:4", "ccc:4"]
                modes = [source, distributed]
                sweep = all-pairs
                jvms = [1, 3]
                """));
        List<RoutingScenario.Sweep> sweeps = r.sweeps();
        // SCC_4: the papers' five, minimal and optimal-001 without a distributed form; CR_4: optimal, simple, fault-tolerant
        // (source only), shortest; CCC_4: standard (source only), shortest; dfs never (it is the fault experiments')
        assertEquals(8, sweeps.stream().filter(s -> s.topology().equals("scc:4")).count(), sweeps::toString);
        assertTrue(sweeps.contains(new RoutingScenario.Sweep("cr:4", "optimal", "distributed")), sweeps::toString);
        assertTrue(sweeps.contains(new RoutingScenario.Sweep("cr:4", "fault-tolerant", "source")), sweeps::toString);
        assertFalse(sweeps.contains(new RoutingScenario.Sweep("cr:4", "fault-tolerant", "distributed")), sweeps::toString);
        assertFalse(sweeps.contains(new RoutingScenario.Sweep("ccc:4", "standard", "distributed")), sweeps::toString);
        assertTrue(sweeps.contains(new RoutingScenario.Sweep("ccc:4", "shortest", "distributed")), sweeps::toString);
        assertTrue(sweeps.stream().noneMatch(s -> s.algorithm().equals("dfs")), sweeps::toString);
        assertEquals(sweeps.size() * 2, r.runCount(), "every sweep on 1 and on 3 JVMs");
    }

    @Test
    void listedAlgorithmsMustBeRoutingsOfEveryListedNetwork() throws IOException {
        String[][] cases = {
            {"kind = routing\ntopologies = [\"torus:4,2\", \"cr:4\"]\nalgorithms = [shortest, dimension-order]", "dimension-order"},
            {"kind = routing\ntopologies = [\"ccc:4\"]\nalgorithms = [standard]\nmodes = [distributed]", "ccc:4"},
            {"kind = routing\ntopologies = [\"cr:4\"]\nalgorithms = [dfs]", "cr:4"}, // directed: icn route refuses it too
            {"kind = routing\ntopologies = [\"torus:4,2\"]\nalgorithms = [dfs]\nmodes = [source]", "source"},
            {"kind = routing\ntopologies = [\"torus:4,2\"]\nalgorithms = [shortest]\nhop-limit = 5", "hop-limit"},
            {"kind = routing\ntopologies = [\"scc:5\"]\nalgorithms = [shortest]", "unknown routing algorithm 'shortest'"},
            {"kind = routing\ntopologies = [\"mesh:4\"]", "mesh:4"},
        };
        for (String[] c : cases) {
            Path f = file(c[0]);
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> Scenario.load(f), c[0]);
            assertTrue(e.getMessage().contains(c[1]), c[0] + " -> " + e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
        RoutingScenario ok = (RoutingScenario) Scenario.load(file("kind = routing\ntopologies = [\"torus:4,2\", \"cr:4\"]\n"
                + "algorithms = [shortest]\nsweep = all-pairs"));
        assertEquals(List.of(new RoutingScenario.Sweep("torus:4,2", "shortest", "source"), new RoutingScenario.Sweep("cr:4", "shortest",
                "source")), ok.sweeps());
        // as icn route --algorithm dfs: any undirected network, distributed unless modes say otherwise, with its hop limit
        RoutingScenario dfs = (RoutingScenario) Scenario.load(file("kind = routing\ntopologies = [\"torus:4,2\", \"hypercube:3\"]\n"
                + "algorithms = [dfs, shortest]\nhop-limit = 40\nsweep = all-pairs"));
        assertEquals(List.of("distributed", "source", "distributed"), dfs.sweeps().stream().filter(s -> s.topology().equals("torus:4,2")
                || s.algorithm().equals("dfs")).map(RoutingScenario.Sweep::mode).toList());
        assertEquals(40, dfs.spec(dfs.sweeps().get(0)).hopLimit());
        assertEquals(0, dfs.spec(dfs.sweeps().get(1)).hopLimit());
    }

    /** Repetitions of a sweep on other numbers of JVMs are compared field by field; a difference is named. */
    @Test
    void repetitionDifferencesNameTheField() {
        icn.protocols.Topology t = icn.protocols.topology.Topologies.parse("torus:4,2");
        ObjectNode a = RouteSweep.run(Engine.reference(), t, new icn.protocols.wire.RoutingSpec("shortest", "source", "all-pairs", 1), new RunSettings(EngineKind.SEQUENTIAL, 1, Partition.Kind.SUPERNODE, 1),
                LinkLatency.SYNCHRONOUS);
        ObjectNode b = a.deepCopy();
        b.put("jvms", 3);
        b.put("wallSeconds", 99.0);
        assertEquals(List.of(), RouteReports.repetitionDifferences(List.of(a, b)), "time and JVMs are not measurements to compare");
        b.put("max", 5);
        List<String> d = RouteReports.repetitionDifferences(List.of(a, b));
        assertEquals(1, d.size(), d::toString);
        assertTrue(d.get(0).contains("max 5") && d.get(0).contains("3 JVM(s)"), d::toString);
    }

    @Test
    void aBroadcastLoaderRefusesARoutingScenario() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> BroadcastScenario.load("routing"));
        assertTrue(e.getMessage().contains("is a routing scenario"), e.getMessage());
    }

    /** BFS for a sample sweep, checked against a BFS from each packet's own destination. */
    @Test
    void sampleSweepsReportBfsDistancesOfEveryPair() {
        Scc scc = Scc.of(5);
        ObjectNode report = RouteSweep.run(Engine.reference(), scc, new RoutingSpec(RoutingAlgorithm.GREEDY.key(), "source", "sample:200", 9), new RunSettings(EngineKind.SEQUENTIAL, 1, Partition.Kind.SUPERNODE, 1));
        SplittableRandom random = new SplittableRandom(9); // the sweep's pairs, drawn as RoutingPrograms documents
        long sum = 0;
        int max = 0;
        for (int i = 0; i < 200; i++) {
            int s = random.nextInt(scc.nodeCount());
            int d = random.nextInt(scc.nodeCount());
            int distance = Bfs.distances(scc, d)[s];
            sum += distance;
            max = Math.max(max, distance);
        }
        JsonNode bfs = report.get("bfs");
        assertEquals(sum / 200.0, bfs.get("mean").asDouble(), 1e-12);
        assertEquals(max, bfs.get("max").asInt());
        assertEquals(0, bfs.get("belowBfs").asLong(), "greedy is never shorter than BFS");
        assertTrue(report.get("matchesPureRoutes").asBoolean());
        assertTrue(report.get("mean").get("total").asDouble() >= bfs.get("mean").asDouble());
    }

    /** With lateral links 3 steps long, a packet arrives after 3·lateral + local steps (001 Theorem 11's link-rate model). */
    @Test
    void slowerLateralLinksDelayDeliveryByTheirLatency() {
        Scc scc = Scc.of(5);
        ObjectNode fast = RouteSweep.run(Engine.reference(), scc, new RoutingSpec(RoutingAlgorithm.MINIMAL.key(), "source", "to-identity", 1), new RunSettings(EngineKind.SEQUENTIAL, 1, Partition.Kind.SUPERNODE, 1));
        ObjectNode slow = RouteSweep.run(Engine.reference(), scc, new RoutingSpec(RoutingAlgorithm.MINIMAL.key(), "source", "to-identity", 1), new RunSettings(EngineKind.SEQUENTIAL, 1, Partition.Kind.SUPERNODE, 1), new LinkLatency(3, 1));
        assertTrue(slow.get("deliveryStepsMatchLatency").asBoolean());
        double lateral = slow.get("mean").get("lateral").asDouble();
        double local = slow.get("mean").get("miLocal").asDouble() + slow.get("mean").get("mbLocal").asDouble();
        assertEquals(3 * lateral + local, slow.get("meanDeliveryStep").asDouble(), 1e-9);
        assertEquals(fast.get("mean").get("total").asDouble(), slow.get("mean").get("total").asDouble(), 1e-12, "same routes");
        assertEquals(fast.get("mean").get("total").asDouble(), fast.get("meanDeliveryStep").asDouble(), 1e-12);
    }

    @Test
    void reportsHoldTablesHistogramsAndOnePngPerTopology() throws IOException {
        List<ObjectNode> sweeps = Stream.of(3, 4).flatMap(n -> Stream.of(RoutingAlgorithm.MINIMAL, RoutingAlgorithm.GREEDY)
                .map(a -> RouteSweep.run(Engine.reference(), Scc.of(n), new RoutingSpec(a.key(), "source", "to-identity", 1), new RunSettings(EngineKind.SEQUENTIAL, 1, Partition.Kind.SUPERNODE, 1)))).toList();
        Path out = RouteReports.write(dir.resolve("results"), "tables", 1, sweeps);
        for (String f : List.of(RouteReports.RESULT_JSON, RouteReports.REPORT_MD, RouteReports.SWEEPS_CSV, RouteReports.HISTOGRAM_CSV,
                RouteReports.histogramPng("scc:3"), RouteReports.histogramPng("scc:4"), "histogram-scc3.svg", "histogram-scc4.svg")) {
            assertTrue(Files.size(out.resolve(f)) > 0, f);
        }
        assertTrue(Files.readString(out.resolve(RouteReports.REPORT_MD)).contains("(histogram-scc4.svg)"), "report.md links the SVG");
        List<List<String>> t1 = RouteReports.table1(sweeps);
        assertEquals(3, t1.size(), "a header and a row per n");
        assertEquals(String.format(java.util.Locale.ROOT, "%.3f", PaperFormulas.averageLateral(4)), t1.get(2).get(3), "Eq. 6 beside");
        assertEquals(String.format(java.util.Locale.ROOT, "%.3f", Bfs.profile(Scc.of(4), Scc.of(4).id(0, 2)).mean()), t1.get(2).get(12));
        String csv = Files.readString(out.resolve(RouteReports.HISTOGRAM_CSV));
        assertEquals(1 + 1 + sweeps.stream().mapToInt(s -> s.get("max").asInt()).max().orElseThrow(), csv.lines().count(),
                "a header and a row per cost 0..max");
        try (Stream<Path> files = Files.list(dir.resolve("results"))) {
            assertEquals(1, files.count(), "no temporary directory left behind");
        }
    }

    /** The histogram chart says what it shows (not 000 Fig. 6, which is one algorithm set at one n) and draws BFS and 000's means. */
    @Test
    void histogramChartDrawsBfsAndThePrintedMeansBesideTheCurves() {
        Scc scc = Scc.of(4);
        List<ObjectNode> sweeps = Stream.of(RoutingAlgorithm.MINIMAL, RoutingAlgorithm.GREEDY)
                .map(a -> RouteSweep.run(Engine.reference(), scc, new RoutingSpec(a.key(), "source", "to-identity", 3), new RunSettings(EngineKind.SEQUENTIAL, 1, Partition.Kind.SUPERNODE, 1))).toList();
        org.knowm.xchart.XYChart chart = RouteReports.histogramChart(sweeps);
        assertFalse(chart.getTitle().contains("Fig. 6"), chart.getTitle());
        assertTrue(chart.getTitle().contains("scc:4") && chart.getTitle().contains("minimal, greedy") && chart.getTitle().contains("seed 3"),
                chart.getTitle());
        java.util.Map<String, double[]> xs = new java.util.HashMap<>();
        chart.getSeriesMap().forEach((name, series) -> xs.put(name, series.getXData()));
        // 000 Table 2 prints 5.306 (minimal) and 5.305 (greedy) for n = 4
        assertArrayEquals(new double[] {5.306, 5.306}, only(xs, "paper 000 Table 2 mean 5.306"), 1e-12);
        assertArrayEquals(new double[] {5.305, 5.305}, only(xs, "paper 000 Table 2 mean 5.305"), 1e-12);
        double bfs = Bfs.profile(scc, scc.id(0, 2)).mean(); // scc.id(0, 2) is the identity, as in table 1's BFS column above
        assertArrayEquals(new double[] {bfs, bfs}, only(xs, "BFS mean distance"), 1e-9);
    }

    private static double[] only(java.util.Map<String, double[]> xs, String part) {
        List<String> names = xs.keySet().stream().filter(n -> n.contains(part)).toList();
        assertEquals(1, names.size(), part + " in " + xs.keySet());
        return xs.get(names.get(0));
    }
}
