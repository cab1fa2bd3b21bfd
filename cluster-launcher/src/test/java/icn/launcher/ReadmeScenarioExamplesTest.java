package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.ConfigFactory;
import icn.node.engine.EngineKind;
import icn.protocols.topology.Topologies;
import icn.scenarios.BroadcastScenario;
import icn.scenarios.faults.FaultReader;
import icn.scenarios.RoutingScenario;
import icn.scenarios.Scenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every ```hocon block of the documentation (README.md, CONTRIBUTING.md, CHANGELOG.md, docs/*.md), as written: a scenario is read and checked as {@code icn run FILE} reads and checks it
 * (so every topology, algorithm and source of it is valid), a fault list as {@code --faults FILE} reads it; small scenarios on the
 * sequential engine are also run, and must exit 0.
 */
class ReadmeScenarioExamplesTest {

    /** The documents whose examples must work: README.md and every page of docs/. Paths are relative to this module. */
    static List<Path> documents() throws IOException {
        return DocsCommandLinesTest.documents();
    }

    /** Scenarios this small (nodes per network, on the sequential engine, one JVM) are run, not only checked. */
    private static final long RUN_AT_MOST_NODES = 2_000;

    @TempDir
    static Path tmp;

    @Test
    void theScenarioPageHasAnExampleOfEveryKind() throws IOException {
        List<DocExamples.Example> examples = DocExamples.of("hocon", List.of(Path.of("../docs/scenarios.md")));
        // one per kind at least, and the fault list; a fence the extractor missed would shrink this
        assertTrue(examples.size() >= 6, () -> "found only " + examples.size() + " hocon blocks in docs/scenarios.md");
        for (String kind : List.of("broadcast", "routing", "faults", "traffic")) {
            assertTrue(examples.stream().anyMatch(e -> e.text().contains("kind = " + kind)), "a " + kind + " example");
        }
        assertTrue(examples.stream().anyMatch(e -> e.text().strip().startsWith("faults {")), "a fault list");
    }

    @TestFactory
    Stream<DynamicTest> everyHoconExampleIsValidAsWritten() throws IOException {
        return DocExamples.of("hocon", documents()).stream().map(e -> DynamicTest.dynamicTest(e.where(), () -> check(e)));
    }

    private static void check(DocExamples.Example e) throws IOException {
        Path file = tmp.resolve(e.file().getFileName().toString().replace(".md", "") + "-" + e.line() + ".conf");
        Files.writeString(file, e.text());
        if (ConfigFactory.parseString(e.text()).root().keySet().equals(Set.of("faults"))) {
            FaultReader.read(file, 1); // a fault list for --faults FILE
            return;
        }
        Scenario scenario = Scenario.load(file); // what icn run FILE reads, with every check it makes before anything runs
        if (scenario instanceof BroadcastScenario b) {
            b.checkSourceFitsEveryTopology();
        }
        if (small(scenario)) {
            Cli.Result r = Cli.run("run", file.toString(), "--no-reports", "--json");
            assertEquals(0, r.exit(), () -> e.where() + " ran and failed: " + r);
        }
    }

    private static boolean small(Scenario s) {
        List<String> topologies;
        if (s instanceof BroadcastScenario b) {
            topologies = b.topologies();
        } else if (s instanceof RoutingScenario r) {
            topologies = r.topologies();
        } else {
            return false;
        }
        return s.engine() == EngineKind.SEQUENTIAL && s.clusterSize() == 1
                && topologies.stream().allMatch(t -> Topologies.parse(t).nodeCount() <= RUN_AT_MOST_NODES);
    }
}
