package icn.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.scenarios.claims.PaperFormulas;
import icn.scenarios.faults.FaultExperiments;
import icn.scenarios.faults.KillJvmExperiment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kind = faults} scenarios: the built-in one, defaults, the fault block, and one line for what is wrong. */
class FaultScenarioTest {

    @TempDir
    Path tmp;

    @Test
    void theBuiltInScenarioIsTheIssuesCoverageExperiment() {
        FaultScenario sc = (FaultScenario) Scenario.load("faults");
        assertEquals("coverage", sc.experiment());
        assertEquals(List.of("scc:5", "scc:6"), sc.topologies());
        assertEquals(List.of("one-port", "multi-port", "flooding"), sc.algorithms());
        assertEquals(FaultExperiments.Kind.NODES, sc.faultKind());
        assertEquals(10, sc.maxFaults());
        assertEquals(100, sc.seeds());
        assertEquals(EngineKind.ACTORS, sc.engine());
    }

    @Test
    void aRoutingExperimentWithLossOnEveryRun() throws Exception {
        Path file = tmp.resolve("r.conf");
        Files.writeString(file, "kind = faults\nexperiment = routing\ntopologies = [\"scc:4\"]\nalgorithms = [greedy]\nfault-kind = link\n"
                + "max-faults = 2\nseeds = 3\nfaults { loss { lateral = 0.1 } }\n");
        FaultScenario sc = (FaultScenario) Scenario.load(file);
        assertEquals("r", sc.name());
        assertEquals(FaultExperiments.Kind.LINKS, sc.faultKind());
        assertEquals(null, sc.mode(), "no mode given: each routing's own");
        assertEquals("distributed", FaultExperiments.modeOf(icn.protocols.topology.Topologies.parse("scc:4"), "greedy", sc.mode()),
                "greedy routing has a distributed form");
        assertEquals("source", FaultExperiments.modeOf(icn.protocols.topology.Topologies.parse("ccc:4"), "standard", null),
                "CCC's standard route has none");
        assertEquals("source", FaultExperiments.modeOf(icn.protocols.topology.Topologies.parse("scc:4"), "greedy", "source"), "a mode asked for");
        assertEquals(0.1, sc.base().loss()[LinkClass.LATERAL.ordinal()]);
        List<FaultExperiments.RoutingPoint> points = FaultExperiments.routing(Engine.reference(), icn.protocols.topology.Topologies.parse("scc:4"), sc.algorithms(),
                sc.mode(), sc.sweep(), sc.faultKind(), sc.maxFaults(), sc.seeds(), sc.seed(),
                new RunSettings(EngineKind.SEQUENTIAL, 1, icn.protocols.Partition.Kind.SUPERNODE, sc.seed()), sc.base(), s -> { });
        assertEquals(3, points.size());
        assertTrue(points.stream().allMatch(FaultExperiments.RoutingPoint::allBalanced));
        assertTrue(points.get(0).deliveryRatio() < 1.0, "10% lateral loss loses packets even without link faults: " + points.get(0));
    }

    /**
     * The routing curves compare dfs with greedy routing: dfs delivers every deliverable packet at every fault count
     * (random node faults, endpoints not spared, so some packets are undeliverable and given up), greedy loses some, and the CSV has
     * both algorithms' rows with the packets given up.
     */
    @Test
    void routingCurvesCompareDfsWithGreedy() {
        FaultScenario sc = (FaultScenario) Scenario.load("faults");
        assertEquals(List.of("dfs", "greedy"), FaultScenario.defaultAlgorithms("routing", icn.protocols.topology.Topologies.parse("scc:5")));
        List<FaultExperiments.RoutingPoint> points = FaultExperiments.routing(Engine.reference(), icn.protocols.topology.Topologies.parse("scc:5"),
                FaultScenario.defaultAlgorithms("routing", icn.protocols.topology.Topologies.parse("scc:5")), "source", "sample:100", FaultExperiments.Kind.NODES, 6, 4, 3,
                new RunSettings(EngineKind.SEQUENTIAL, 1, icn.protocols.Partition.Kind.SUPERNODE, sc.seed()), s -> { });
        assertEquals(14, points.size());
        for (FaultExperiments.RoutingPoint p : points) {
            assertTrue(p.allBalanced(), p.toString());
            if (p.algorithm().equals("dfs")) {
                assertEquals("distributed", p.mode(), "dfs runs distributed whatever mode the others run in");
                assertEquals(1.0, p.deliveryRatio(), "dfs delivers every deliverable packet: " + p);
                assertEquals(p.faults() == 0 ? 1.0 : p.meanStretch(), p.meanStretch());
                assertTrue(p.meanStretch() >= 1.0);
            } else {
                assertEquals("source", p.mode());
            }
        }
        assertTrue(points.stream().anyMatch(p -> p.algorithm().equals("dfs") && p.gaveUp() > 0), "undeliverable packets given up");
        assertTrue(points.stream().anyMatch(p -> p.algorithm().equals("greedy") && p.deliveryRatio() < 1.0), "greedy loses packets to faults");
        String csv = FaultExperiments.routingCsv(points);
        assertTrue(csv.startsWith("topology,algorithm,mode,fault_kind,faults,seeds,packets,delivered,undeliverable,gave_up,"), csv);
        assertTrue(csv.contains("scc:5,dfs,distributed,node,6,4,400,"), csv);
    }

    /** The kill-a-JVM experiment as scenario data: the built-in one, and a file with its defaults. */
    @Test
    void aKillJvmExperimentIsScenarioData() throws Exception {
        FaultScenario builtIn = (FaultScenario) Scenario.load("kill-jvm");
        assertEquals("kill-jvm", builtIn.experiment());
        assertEquals(3, builtIn.clusterSize());
        KillJvmExperiment.Setup s = builtIn.killSetup();
        assertEquals(2, s.jvm(), "the last worker");
        // 001 Theorem 9: Algorithm 4 on SCC_6 sends in steps 1..onePortSteps(6)
        assertEquals((PaperFormulas.onePortSteps(6) + 1) / 2, s.step(), "the middle of the fault-free run");
        Path file = tmp.resolve("kill.conf");
        Files.writeString(file, "kind = faults\nexperiment = kill-jvm\ntopologies = [\"cr:4\"]\njvms = 4\nkill = \"1@3\"\npolicies = [abort]\n");
        FaultScenario sc = (FaultScenario) Scenario.load(file);
        assertEquals(List.of("abort"), sc.killSettings().policies());
        assertEquals(icn.protocols.BroadcastAlgorithm.FLOODING, sc.killSetup().algorithm(), "flooding off SCC_n");
        assertEquals(1, sc.killSetup().jvm());
        assertEquals(3, sc.killSetup().step());
        assertEquals(4, sc.clusterSize());
        assertEquals(1, sc.killSetup().settings().hosts(), "one host per JVM unless hosts-per-jvm says otherwise");
        Files.writeString(file, "kind = faults\nexperiment = kill-jvm\nhosts-per-jvm = 2\n");
        FaultScenario defaults = (FaultScenario) Scenario.load(file);
        assertEquals(List.of("scc:6"), defaults.topologies(), "one network by default");
        assertEquals(2, defaults.killSetup().settings().hosts());
        assertEquals(List.of("continue", "abort"), defaults.killSettings().policies());
    }

    @Test
    void whatIsWrongIsOneLine() throws Exception {
        for (String[] bad : List.of(new String[] {"kind = faults\nexperiment = chaos\n", "coverage, routing or kill-jvm"},
                new String[] {"kind = faults\nfaults { loss = 1.5 }\n", "outside [0, 1]"},
                new String[] {"kind = faults\nexperiment = kill-jvm\ntopologies = [\"scc:5\", \"scc:6\"]\n", "one topology"},
                new String[] {"kind = faults\nexperiment = kill-jvm\ntopologies = [\"scc:5\"]\nkill = \"0@3\"\n", "coordinator"},
                new String[] {"kind = faults\nexperiment = kill-jvm\ntopologies = [\"scc:5\"]\nkill = \"2@500\"\n", "outside the run"},
                new String[] {"kind = faults\nexperiment = kill-jvm\ntopologies = [\"scc:5\"]\nkill = \"two\"\n", "J@STEP"},
                new String[] {"kind = faults\nexperiment = kill-jvm\ntopologies = [\"scc:5\"]\njvms = 1\n", "jvms"},
                new String[] {"kind = faults\nexperiment = kill-jvm\ntopologies = [\"scc:5\"]\npolicies = [retry]\n", "continue or abort"},
                new String[] {"kind = faults\nexperiment = kill-jvm\ntopologies = [\"scc:5\"]\nengine = sequential\n", "engine = actor"},
                new String[] {"kind = faults\nexperiment = kill-jvm\ntopologies = [\"scc:5\"]\nfaults { loss = 0.1 }\n", "only the kill"},
                new String[] {"kind = faults\njvms = 3\n", "kill-jvm"},
                new String[] {"kind = faults\nexperiment = kill-jvm\nseeds = 5\n", "curve experiments"},
                new String[] {"kind = faults\nexperiment = kill-jvm\nkill = \"2@0\"\n", "at least 1"},
                new String[] {"kind = faults\nfault-kind = edge\n", "node or link"},
                new String[] {"kind = faults\ntopologies = [\"cr:4\"]\nalgorithms = [one-port]\n", "scc:N"},
                new String[] {"kind = faults\nfaults { random-nodes = 3 }\n", "draws its own"},
                new String[] {"kind = faults\nseeds = 0\n", "seeds"},
                new String[] {"kind = faults\nmessages = [2]\n", "unknown key"})) {
            Path file = tmp.resolve("bad.conf");
            Files.writeString(file, bad[0]);
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> Scenario.load(file), bad[0]);
            assertTrue(e.getMessage().contains(bad[1]) && e.getMessage().startsWith("bad.conf"), e.getMessage());
            assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
        }
    }
}
