package icn.scenarios.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.InvalidInputException;
import icn.protocols.topology.NecklaceHypercube;
import icn.scenarios.Scenario;
import icn.scenarios.TrafficScenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kind = traffic} scenario files, and the built-in necklace-latency (002 Fig. 3). */
class TrafficScenarioTest {

    @TempDir
    Path dir;

    private Scenario load(String text) throws IOException {
        Path f = dir.resolve("t.conf");
        Files.writeString(f, text);
        return Scenario.load(f);
    }

    /**
     * 002 §5: two networks of about 1000 nodes with V = 8 and M = 32, 64; two of about 256 with V = 6 and M = 32, 64, 128; two of
     * about 100 with V = 4 and M = 32, 64, 128; adaptive routing, uniform traffic; node counts from 002 §2's 2^n + n·2^(n−1)·k.
     */
    @Test
    void necklaceLatencyHasThePanelsOf002Fig3() {
        TrafficScenario sc = assertInstanceOf(TrafficScenario.class, Scenario.load("necklace-latency"));
        assertEquals(6, sc.panels().size());
        assertEquals(16, sc.curves().size());
        int[][] sizes = {{1000, 8}, {1000, 8}, {256, 6}, {256, 6}, {100, 4}, {100, 4}};
        List<List<Integer>> flits = List.of(List.of(32, 64), List.of(32, 64), List.of(32, 64, 128), List.of(32, 64, 128), List.of(32, 64, 128),
                List.of(32, 64, 128));
        for (int i = 0; i < 6; i++) {
            TrafficScenario.Panel p = sc.panels().get(i);
            assertEquals(flits.get(i), p.curves().stream().map(TrafficSettings::flits).toList());
            for (TrafficSettings s : p.curves()) {
                NecklaceHypercube nh = assertInstanceOf(NecklaceHypercube.class, s.network());
                assertEquals(NecklaceHypercube.regularNodeCount(nh.n(), nh.necklaceLength(0)), nh.nodeCount());
                assertEquals(sizes[i][0], nh.nodeCount(), sizes[i][0] * 0.15, "about " + sizes[i][0] + " nodes");
                assertEquals(sizes[i][1], s.vcs());
                assertEquals("adaptive", s.routing());
                assertEquals("uniform", s.pattern());
                assertTrue(TrafficExperiment.model(s).isPresent());
                assertTrue(s.rates().size() >= 10);
            }
        }
    }

    @Test
    void loadsAreOfferedFlitsPerNodeAndCycle() throws IOException {
        TrafficScenario sc = (TrafficScenario) load("""
                kind = traffic
                name = t
                cycles = 1000
                panels = [ { topology = "rnh:3,2", vcs = 3, flits = [10, 20], loads = "0.1:0.2:2" } ]
                """);
        assertEquals(List.of(0.01, 0.02), sc.curves().get(0).rates());
        assertEquals(List.of(0.005, 0.01), sc.curves().get(1).rates());
        assertEquals("a", sc.panels().get(0).name());
        assertEquals(1000, sc.curves().get(0).cycles());
    }

    /** A panel of classes or sizes (issue 32) is one curve of that mix; its loads are offered flits, divided by the mean length. */
    @Test
    void aPanelOfClassesIsOneMixedCurve() throws IOException {
        TrafficScenario sc = (TrafficScenario) load("""
                kind = traffic
                name = t
                cycles = 1000
                panels = [ { topology = "hypercube:4", classes = ["uniform@0.5@4", "transpose@0.5@12"], loads = "0.08" },
                           { topology = "hypercube:4", sizes = "2:0.5,6:0.5", rates = "0.01" } ]
                """);
        assertEquals(2, sc.curves().size());
        TrafficSettings classes = sc.curves().get(0);
        assertEquals("uniform@0.5@4:1;transpose@0.5@12:1", classes.mix());
        assertEquals(12, classes.flits());
        assertEquals(List.of(0.01), classes.rates(), "0.08 flits / a mean of 8 flits");
        assertEquals("uniform@1@2:0.5+6:0.5", sc.curves().get(1).mix());
        assertEquals(classes.mix(), sc.withJvms(2).curves().get(0).mix(), "moved onto the node actors, the mix stays");
        assertMessage("gives both flits and sizes", """
                kind = traffic
                panels = [ { topology = "hypercube:4", flits = [8], sizes = "2:0.5,6:0.5" } ]
                """);
        assertMessage("gives both pattern and classes", """
                kind = traffic
                pattern = transpose
                panels = [ { topology = "hypercube:4", classes = ["uniform@1"] } ]
                """);
        assertMessage("gives classes and several flits", """
                kind = traffic
                panels = [ { topology = "hypercube:4", flits = [8, 16], classes = ["uniform@1"] } ]
                """);
        assertMessage("the shares of the traffic classes must sum to 1", """
                kind = traffic
                panels = [ { topology = "hypercube:4", classes = ["uniform@0.5"] } ]
                """);
    }

    @Test
    void badTrafficScenariosSayWhatAndWhere() {
        assertMessage("unknown key 'speed'", """
                kind = traffic
                speed = 3
                panels = [ { topology = "rnh:3,2" } ]
                """);
        assertMessage("panel a: the warm-up", """
                kind = traffic
                panels = [ { topology = "rnh:3,2", warmup = 5000, cycles = 1000 } ]
                """);
        assertMessage("gives both rates and loads", """
                kind = traffic
                panels = [ { topology = "rnh:3,2", rates = "0.001", loads = "0.1" } ]
                """);
        assertMessage("unknown routing 'magic'", """
                kind = traffic
                panels = [ { topology = "scc:4", routing = magic } ]
                """);
        assertMessage("panels is missing", """
                kind = traffic
                name = x
                """);
        assertMessage("needs V >= 2", """
                kind = traffic
                panels = [ { topology = "rnh:3,2", vcs = 1 } ]
                """);
    }

    private void assertMessage(String part, String text) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> load(text));
        assertTrue(e.getMessage().contains(part), e.getMessage());
        assertTrue(e.getMessage().startsWith("t.conf"), "names the file: " + e.getMessage());
        assertEquals(-1, e.getMessage().indexOf('\n'), "one line");
    }
}
