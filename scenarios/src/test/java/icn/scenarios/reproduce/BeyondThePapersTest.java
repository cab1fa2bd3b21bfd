package icn.scenarios.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.topology.Topologies;
import icn.scenarios.traffic.TrafficSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The artifact beyond the papers (issue 32): SCC's four wormhole routings, uniform and hotspot, beside a star graph and a CCC. It is
 * marked as beyond the papers in the report, every cell is measured with nothing printed beside it, and its note names the routing
 * that saturated first.
 */
class BeyondThePapersTest {

    @TempDir
    Path tmp;

    @Test
    void theStandardProfileRunsSccSevenBesideStarEightAndCccEleven() {
        List<TrafficSettings> uniform = BeyondThePapers.curves(Profile.STANDARD, 1, "uniform");
        assertEquals(List.of("scc:7 adaptive", "scc:7 near-minimal", "scc:7 greedy", "scc:7 random", "star:8 adaptive", "ccc:11 adaptive"),
                uniform.stream().map(s -> s.topology() + " " + s.routing()).toList());
        // ccc:11's escape needs 14 channels and one adaptive: every curve gets that V, the most any of them needs
        assertEquals(List.of(15), uniform.stream().map(TrafficSettings::vcs).distinct().toList());
        assertEquals(List.of(BeyondThePapers.FLITS), uniform.stream().map(TrafficSettings::flits).distinct().toList());
        for (TrafficSettings s : BeyondThePapers.curves(Profile.STANDARD, 1, "hotspot")) {
            double f = Double.parseDouble(s.pattern().substring("hotspot:".length()));
            int n = Topologies.parse(s.topology()).nodeCount();
            assertEquals(BeyondThePapers.HOTSPOT_FACTOR, f * (n - 1), 0.01 * BeyondThePapers.HOTSPOT_FACTOR,
                    s.topology() + ": node 0 gets eight times a node's share on top of uniform traffic");
        }
    }

    @Test
    void theQuickArtifactIsMeasuredMarkedAndSaysWhichRoutingSaturatedFirst() throws Exception {
        Reproduction.Result r = Reproduction.run(Reproduction.select(List.of(BeyondThePapers.ID)), Profile.QUICK, 1, tmp.resolve("out"), false,
                null, "test", (i, n, s, e, left) -> { });
        Artifact a = r.artifacts().get(0);
        assertEquals("ext", a.paper());
        assertEquals(2 * 6 * 4, a.cells().size(), "four cells for each of six curves, uniform and hotspot");
        for (Cell c : a.cells()) {
            assertEquals(Cell.Kind.MEASURED, c.kind(), c.toString());
            assertNull(c.printed(), "no paper prints these: " + c);
        }
        assertEquals(2, a.notes().stream().filter(n -> n.contains("saturates first") && n.contains("less throughput")).count(), a.notes()
                .toString());
        String md = Files.readString(tmp.resolve("out").resolve("report.md"));
        assertTrue(md.contains("## ext: Beyond the papers"), "its own section, after the papers'");
        for (String f : List.of("ext-scc-routings-uniform.png", "ext-scc-routings-hotspot.csv")) {
            assertTrue(Files.size(tmp.resolve("out").resolve(f)) > 0, f);
        }
    }
}
