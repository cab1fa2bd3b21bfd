package icn.scenarios.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.protocols.Bfs;
import icn.protocols.LinkClass;
import icn.protocols.Partition;
import icn.protocols.fault.FaultPlan;
import icn.protocols.fault.FaultSpec;
import icn.protocols.topology.Scc;
import icn.protocols.topology.Star;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Channel utilisation per link class (issue 32) against flow conservation: under uniform traffic on SCC_5, which is
 * vertex-transitive, a class's mean utilisation is the accepted flits per node per cycle × N × the mean hops of that class per
 * message ÷ the class's channels. The mean lateral hops are the star graph's mean distance (every route takes lat lateral links),
 * from a BFS of S_5; the local ones the rest of SCC_5's mean BFS distance.
 */
class ChannelUtilisationTest {

    @TempDir
    Path dir;

    @Test
    void eachClassCarriesWhatItsShareOfTheHopsBrings() throws Exception {
        Scc scc = Scc.of(5);
        TrafficSettings s = new TrafficSettings("scc:5", "adaptive", "uniform", 9, 16, 4, List.of(0.003), TrafficSettings.AUTO_WARMUP,
                8_000, TrafficSettings.defaultDrain(8_000), 3, EngineKind.SEQUENTIAL, 1, 1, Partition.Kind.SUPERNODE, FaultSpec.none(3));
        TrafficExperiment.Curve c = TrafficExperiment.run(Engine.reference(), s, FaultPlan.NONE, line -> { });
        assertTrue(c.points().get(0).run() && !c.points().get(0).saturated());
        double accepted = c.points().get(0).accepted();
        int n = scc.nodeCount();
        int[] toZero = Bfs.distances(scc, 0);
        double meanDistance = mean(n, v -> toZero[v]);
        int[] star = Bfs.distances(Star.of(5), 0);
        double meanLateral = 0;
        for (int d : star) {
            meanLateral += d;
        }
        meanLateral = meanLateral * 4 / (n - 1.0); // every supernode's 4 nodes, less the destination itself (0 laterals)
        ChannelUtilisation u = TrafficReport.utilisation(c, 0);
        for (ChannelUtilisation.ByClass b : u.byClass()) {
            double hops = b.linkClass() == LinkClass.LATERAL ? meanLateral : meanDistance - meanLateral;
            double expected = accepted * n * hops / b.channels();
            assertEquals(expected, b.mean(), 0.05 * expected, b.linkClass() + ": " + u.summary());
            assertTrue(b.max() >= b.mean() && b.max() <= 1.0, u.summary());
        }
        assertEquals(2, u.byClass().size());
        Path written = TrafficReport.write(dir, "u", c);
        List<String> rows = Files.readAllLines(written.resolve(TrafficReport.UTILISATION_CSV));
        assertEquals(1 + 3 * n, rows.size(), "a row per directed channel");
        assertTrue(Files.readString(written.resolve(TrafficReport.UTILISATION_BY_CLASS_CSV)).contains("lateral,480,"));
        String svg = Files.readString(written.resolve(TrafficReport.UTILISATION_SVG));
        assertEquals(n, svg.split("<circle", -1).length - 1, "a dot per node");
        assertEquals(2 * n, svg.split("<path", -1).length - 1, "an arc per local channel");
        assertEquals(n, svg.split("<line", -1).length - 1, "a stub per lateral channel");
    }

    /** A two-dimensional torus is drawn as its grid: a line per directed channel, a dot per node. */
    @Test
    void aTorusIsDrawnAsItsGrid() throws Exception {
        TrafficSettings s = new TrafficSettings("torus:4,2", "dimension-order", "uniform", 2, 8, 4, List.of(0.01), TrafficSettings.AUTO_WARMUP,
                2_000, TrafficSettings.defaultDrain(2_000), 3, EngineKind.SEQUENTIAL, 1, 1, Partition.Kind.SUPERNODE, FaultSpec.none(3));
        TrafficExperiment.Curve c = TrafficExperiment.run(Engine.reference(), s, FaultPlan.NONE, line -> { });
        String svg = Files.readString(TrafficReport.write(dir, "torus", c).resolve(TrafficReport.UTILISATION_SVG));
        assertEquals(16, svg.split("<circle", -1).length - 1);
        assertEquals(64, svg.split("<line", -1).length - 1);
        assertEquals("#fff7bc", UtilisationPicture.colour(0));
        assertEquals("#8c0000", UtilisationPicture.colour(1));
    }

    private static double mean(int n, java.util.function.IntUnaryOperator f) {
        double sum = 0;
        for (int v = 0; v < n; v++) {
            sum += f.applyAsInt(v);
        }
        return sum / (n - 1.0);
    }
}
