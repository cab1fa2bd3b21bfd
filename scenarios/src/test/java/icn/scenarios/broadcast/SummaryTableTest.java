package icn.scenarios.broadcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

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
        assertEquals(2 + RUNS.size(), lines.length);
        assertTrue(lines[0].startsWith("topology  nodes  algorithm"), lines[0]);
        assertTrue(lines[1].matches("[- ]+"), lines[1]);
        // every column starts where its rule of dashes starts
        int column = lines[0].indexOf("paper steps");
        assertEquals('-', lines[1].charAt(column));
        assertEquals(' ', lines[1].charAt(column - 1));
        for (int r = 2; r < lines.length; r++) {
            assertTrue(lines[r].startsWith("scc:4   "), lines[r]);
            assertTrue(lines[r].endsWith("yes") || lines[r].endsWith("NO"), lines[r]);
        }
    }

    @Test
    void emptyTableHasHeaderOnly() {
        assertEquals(2, new SummaryTable(List.of()).renderMarkdown().split("\n").length);
        assertEquals(2, new SummaryTable(List.of()).renderText().split("\n").length);
    }
}
