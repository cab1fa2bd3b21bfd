package icn.scenarios.faults;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.Partition;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault experiments' files on a tiny configuration (SCC_4, 0..2 random node faults, 3 seeds, sequential engine): a well-formed CSV
 * (a header, one row per point, as many cells as columns) whose values hang together, with the summed message counts beside
 * {@code accounting_balanced}, and PNG charts.
 */
class FaultExperimentsWriterTest {

    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final RunSettings SEQUENTIAL = new RunSettings(EngineKind.SEQUENTIAL, 1, Partition.Kind.SUPERNODE, 5);
    private static final Topology SCC4 = Topologies.parse("scc:4");

    @TempDir
    Path tmp;

    /** The CSV as one map per row, header names to cells; checks the shape on the way. */
    private static List<Map<String, String>> rows(Path csv, int expectedRows) throws IOException {
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        assertEquals(expectedRows + 1, lines.size(), "a header and one row per point: " + lines);
        String[] header = lines.get(0).split(",", -1);
        assertEquals(header.length, Arrays.stream(header).distinct().count(), "column names are distinct: " + lines.get(0));
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            assertEquals(header.length, cells.length, "as many cells as columns: " + line);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < header.length; i++) {
                assertTrue(!cells[i].isBlank(), header[i] + " is empty in " + line);
                row.put(header[i], cells[i]);
            }
            rows.add(row);
        }
        return rows;
    }

    private static long n(Map<String, String> row, String column) {
        return Long.parseLong(row.get(column));
    }

    private static double x(Map<String, String> row, String column) {
        return Double.parseDouble(row.get(column));
    }

    private static void assertPng(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        assertTrue(bytes.length > 10_000, file.getFileName() + " is a real chart, not a stub: " + bytes.length + " bytes");
        assertArrayEquals(PNG_MAGIC, Arrays.copyOf(bytes, 8), file.getFileName() + " starts with the PNG signature");
    }

    /** The summed counts balance: sent = delivered + the three drops + lost with member, and nothing is lost with a member here. */
    private static void assertAccountingColumns(Map<String, String> row) {
        assertEquals("true", row.get("accounting_balanced"), row.toString());
        assertEquals(n(row, "messages_sent"), n(row, "messages_delivered") + n(row, "dropped_node_crashed") + n(row, "dropped_link_cut")
                + n(row, "lost_in_transit") + n(row, "lost_with_member"), row.toString());
        assertEquals(0, n(row, "lost_with_member"), "one JVM: " + row);
        assertEquals(0, n(row, "dropped_link_cut"), "node faults only: " + row);
        assertEquals(0, n(row, "lost_in_transit"), "no loss: " + row);
    }

    @Test
    void coverageWritesACsvWithTheCountsAndAPng() throws IOException {
        List<BroadcastAlgorithm> algorithms = List.of(BroadcastAlgorithm.ONE_PORT, BroadcastAlgorithm.MULTI_PORT, BroadcastAlgorithm.FLOODING);
        List<FaultExperiments.CoveragePoint> points = FaultExperiments.coverage(Engine.reference(), SCC4, algorithms, FaultExperiments.Kind.NODES, 2, 3,
                5, SEQUENTIAL, s -> { });
        Path dir = FaultExperiments.writeCoverage(tmp, "coverage-test", 5, points,
                FaultExperiments.coverageApplied(List.of(SCC4), FaultExperiments.Kind.NODES, 2, 3, icn.protocols.fault.FaultSpec.none(5)));
        List<Map<String, String>> rows = rows(dir.resolve("coverage.csv"), 3 * 3);
        for (Map<String, String> row : rows) {
            for (String c : List.of("mean_live_coverage", "min_live_coverage", "mean_reachable_coverage")) {
                assertTrue(x(row, c) >= 0 && x(row, c) <= 1, c + " in [0, 1]: " + row);
            }
            assertTrue(x(row, "min_live_coverage") <= x(row, "mean_live_coverage"), row.toString());
            // no broadcast informs a node BFS over the surviving graph cannot reach from the source
            assertTrue(x(row, "mean_live_coverage") <= x(row, "mean_bfs_reachable_of_live") + 1e-9, row.toString());
            assertTrue(x(row, "sd_live_coverage") >= 0, row.toString());
            if (x(row, "min_live_coverage") == 1.0) {
                assertEquals(0.0, x(row, "sd_live_coverage"), "every seed informed every live node: no spread " + row);
            } else if (x(row, "min_live_coverage") < x(row, "mean_live_coverage") - 1e-6) {
                assertTrue(x(row, "sd_live_coverage") > 0, "the seeds differ: a spread " + row);
            }
            assertEquals(3, n(row, "seeds"));
            assertAccountingColumns(row);
            if (n(row, "faults") == 0) {
                assertEquals(1.0, x(row, "mean_live_coverage"), "without faults every node is informed: " + row);
                assertEquals(n(row, "messages_sent"), n(row, "messages_delivered"), "without faults nothing is dropped: " + row);
            } else {
                assertTrue(n(row, "dropped_node_crashed") > 0, "crashed nodes drop what is sent to them: " + row);
            }
            if (row.get("algorithm").equals("flooding") && n(row, "faults") == 0) {
                // multi-port flooding: every node sends once on each of its 3 ports; 72 nodes, 3 seeds
                assertEquals(3L * 72 * 3, n(row, "messages_sent"), row.toString());
            }
        }
        JsonNode json = new ObjectMapper().readTree(dir.resolve("result.json").toFile());
        assertEquals(9, json.get("points").size());
        assertEquals(n(rows.get(0), "messages_sent"), json.get("points").get(0).get("accounting").get("sent").asLong(),
                "result.json carries the same summed counts");
        assertPng(dir.resolve("coverage.png"));
        assertTrue(Files.readString(dir.resolve("coverage.svg")).contains("<svg"), "an SVG beside the PNG");
        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains(FaultExperiments.coverageTable(points)) && md.contains("Seed 5"), "report.md holds the table and the seed: " + md);
    }

    @Test
    void routingWritesACsvWithTheCountsAndTwoPngs() throws IOException {
        List<FaultExperiments.RoutingPoint> points = FaultExperiments.routing(Engine.reference(), SCC4, List.of("dfs", "greedy"), "distributed",
                "sample:60", FaultExperiments.Kind.NODES, 2, 3, 5, SEQUENTIAL, s -> { });
        Path dir = FaultExperiments.writeRouting(tmp, "routing-test", 5, points,
                FaultExperiments.routingApplied(List.of(SCC4), FaultExperiments.Kind.NODES, 2, 3, icn.protocols.fault.FaultSpec.none(5)));
        List<Map<String, String>> rows = rows(dir.resolve("routing.csv"), 2 * 3);
        for (Map<String, String> row : rows) {
            long packets = n(row, "packets");
            long deliverable = packets - n(row, "undeliverable");
            assertEquals(3 * 60, packets, row.toString());
            assertEquals(0, n(row, "delivered_undeliverable"), "random faults act before step 1: the surviving graph is exact: " + row);
            assertTrue(n(row, "delivered") <= deliverable, row.toString());
            assertEquals(deliverable == 0 ? 1.0 : (double) n(row, "delivered") / deliverable, x(row, "delivery_ratio"), 1e-6, row.toString());
            assertTrue(x(row, "delivery_ratio") >= 0 && x(row, "delivery_ratio") <= 1, row.toString());
            assertTrue(x(row, "mean_stretch") >= 1 && x(row, "max_stretch") >= x(row, "mean_stretch"), row.toString());
            assertAccountingColumns(row);
            if (n(row, "faults") == 0) {
                assertEquals(0, n(row, "undeliverable"), row.toString());
                assertEquals(packets, n(row, "delivered"), "without faults every packet is delivered: " + row);
            }
            if (row.get("algorithm").equals("dfs")) {
                assertEquals(1.0, x(row, "delivery_ratio"), "dfs delivers every deliverable packet: " + row);
                assertEquals(0.0, x(row, "sd_delivery_ratio"), "on every seed: " + row);
            }
            if (n(row, "faults") == 0) {
                assertEquals(0.0, x(row, "sd_delivery_ratio"), "without faults every seed delivers all: " + row);
            }
        }
        assertPng(dir.resolve("delivery.png"));
        assertPng(dir.resolve("stretch.png"));
        assertTrue(Files.exists(dir.resolve("delivery.svg")) && Files.exists(dir.resolve("stretch.svg")), "SVGs beside the PNGs");
    }
}
