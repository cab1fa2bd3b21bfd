package icn.scenarios.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkClass;
import icn.protocols.Partition;
import icn.protocols.topology.Scc;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryTableTest {

    private static final List<BroadcastRun> RUNS =
            List.of(FakeRuns.multiPortScc4(), FakeRuns.incompleteOnePortScc4(), FakeRuns.pipelinedScc4());

    @Test
    void rowsHoldMeasuredBesidePaper() {
        List<List<String>> rows = new SummaryTable(RUNS).rows();
        assertEquals(List.of("scc:4", "72", "multi-port", "1", "1", "supernode", "8", "8", "4/4", "4/4", "8", "8", "8", "0", "yes"), rows.get(0));
        assertEquals(List.of("scc:4", "72", "one-port", "1", "2", "supernode", "9", "12", "3/6", "4/8", "never", "12", "8", "0", "NO"), rows.get(1));
        assertEquals(List.of("scc:4", "72", "multi-port", "2", "1", "supernode", "10", "10", "5/5", "5/5", "8 never", "8 10", "8", "0", "NO"), rows.get(2));
    }

    @Test
    void markdownIsOneTable() {
        String[] lines = new SummaryTable(RUNS).renderMarkdown().split("\n");
        assertEquals(2 + RUNS.size(), lines.length);
        assertEquals("| topology | nodes | algorithm | B | JVMs | partitioning | measured steps | paper steps | measured lateral/local "
                + "| paper lateral/local | full coverage (measured) | paper full coverage | diameter (001 Thm 1) | cross-JVM msgs | agree |",
                lines[0]);
        assertTrue(lines[1].matches("\\|( ---:? \\|){15}"), lines[1]);
        assertEquals("| scc:4 | 72 | one-port | 1 | 2 | supernode | 9 | 12 | 3/6 | 4/8 | never | 12 | 8 | 0 | NO |", lines[3]);
        for (String line : lines) {
            assertEquals(16, line.chars().filter(c -> c == '|').count(), line);
        }
    }

    @Test
    void textColumnsLineUp() {
        String[] lines = new SummaryTable(RUNS).renderText().split("\n");
        assertEquals(List.of("In every run: partition supernode", "cross-JVM 0").toString(), List.of(lines[0].split(" · ")).toString());
        assertEquals(3 + RUNS.size(), lines.length);
        assertTrue(lines[1].startsWith("topology  nodes  algorithm"), lines[1]);
        assertTrue(lines[2].matches("[- ]+"), lines[2]);
        // every column starts where its rule of dashes starts
        int column = lines[1].indexOf("steps (paper)");
        assertEquals('-', lines[2].charAt(column));
        assertEquals(' ', lines[2].charAt(column - 1));
        for (int r = 3; r < lines.length; r++) {
            assertTrue(lines[r].startsWith("scc:4   "), lines[r]);
            assertTrue(lines[r].endsWith("yes") || lines[r].endsWith("NO"), lines[r]);
        }
        // measured (paper) in one cell: the incomplete one-port run
        assertTrue(lines[4].matches("scc:4 +72 +one-port +1 +2 +9 \\(12\\) +3/6 \\(4/8\\) +never \\(12\\) +NO"), lines[4]);
    }

    /**
     * The built-in scenarios' tables as ./icn run prints them: default (SCC_4..7, 3 JVMs), pipelined (B = 1..4) and
     * cluster-equivalence (B = 1 and 3 on 1..4 JVMs, three partitionings), measured by the sequential engine; JVMs, partitioning
     * and cross-JVM messages (two thirds of the link messages, as on 3 JVMs) set as the actor engine would report them.
     */
    @Test
    void theBuiltInScenariosTablesFit120ColumnsAndReportMdKeepsWhatTheyLeaveOut(@TempDir Path tmp) throws IOException {
        List<List<BroadcastRun>> scenarios = List.of(
                runs(List.of(4, 5, 6, 7), List.of(1), List.of(3), List.of("supernode")),
                runs(List.of(4, 5, 6), List.of(1, 2, 3, 4), List.of(1), List.of("supernode")),
                runs(List.of(4, 5, 6, 7), List.of(1, 3), List.of(1, 2, 4), List.of("supernode", "block", "round-robin")),
                runs(List.of(5), List.of(9), List.of(2), List.of("round-robin"))); // many pipelined messages
        for (List<BroadcastRun> runs : scenarios) {
            String text = new SummaryTable(runs).renderText();
            for (String line : text.split("\n")) {
                assertTrue(line.length() <= SummaryTable.TERMINAL_WIDTH, () -> line.length() + " characters: " + line + "\n" + text);
            }
            assertFalse(text.contains("diameter"), text);
            String md = Files.readString(icn.scenarios.broadcast.BroadcastResults.write(tmp, "fit-" + runs.size() + "-" + runs.get(0).messages(), runs).resolve("report.md"));
            for (BroadcastRun run : runs) {
                BroadcastReport r = new BroadcastReport(run);
                // report.md's row of the run has every column, the terminal's leaves out the diameter and (when they are the same in
                // every run) B, JVMs, partitioning and cross-JVM messages
                String row = "| " + run.topology() + " | " + run.nodes() + " | " + run.algorithm() + " | " + run.messages() + " | " + run.jvms()
                        + " | " + run.partitioning() + " | " + r.measuredSteps() + " | " + r.paperSteps() + " | ";
                String tail = " | " + r.diameter() + " | " + (run.crossJvmLateral() + run.crossJvmLocal()) + " | " + (r.agrees() ? "yes" : "NO") + " |";
                assertTrue(md.lines().anyMatch(l -> l.startsWith(row) && l.endsWith(tail)), () -> row + "..." + tail + " in report.md:\n" + md);
            }
        }
    }

    private static List<BroadcastRun> runs(List<Integer> ns, List<Integer> bs, List<Integer> jvms, List<String> partitionings) {
        List<BroadcastRun> runs = new ArrayList<>();
        for (int n : ns) {
            Scc scc = Scc.of(n);
            for (String algorithm : List.of("one-port", "multi-port")) {
                for (int b : bs) {
                    BroadcastRun measured = BroadcastExperiment.run(Engine.reference(), scc, BroadcastAlgorithm.parse(algorithm), b, 0,
                            new RunSettings(EngineKind.SEQUENTIAL, 1, 1, Partition.Kind.SUPERNODE, 1)).run();
                    long lateral = measured.metrics().linkMessages(LinkClass.LATERAL);
                    long local = measured.metrics().linkMessages(LinkClass.LOCAL);
                    for (int k : jvms) {
                        for (String partitioning : partitionings) {
                            runs.add(new BroadcastRun(measured.topology(), measured.n(), measured.nodes(), measured.algorithm(), b,
                                    measured.source(), 1, "actor", k, 2, measured.metrics(), 1.0, partitioning,
                                    lateral * (k - 1) / k, local * (k - 1) / k, measured.accounting()));
                        }
                    }
                }
            }
        }
        return runs;
    }

    @Test
    void emptyTableHasHeaderOnly() {
        assertEquals(2, new SummaryTable(List.of()).renderMarkdown().split("\n").length);
        assertEquals(2, new SummaryTable(List.of()).renderText().split("\n").length);
        assertTrue(new SummaryTable(List.of()).renderText().startsWith("topology  nodes  algorithm  B  JVMs  partition  steps (paper)"));
    }
}
