package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tables commands print on stdout fit 120 columns; what they leave out for width is in their reports. */
class TerminalWidthTest {

    private static final int WIDTH = 120;

    @TempDir
    Path tmp;

    private static void fits(Cli.Result r) {
        assertEquals(0, r.exit(), r::toString);
        List<String> wide = r.outLines().stream().filter(l -> l.length() > WIDTH && !l.contains(": /") && !l.startsWith("Reports: ")).toList();
        assertEquals(List.of(), wide, () -> "lines over " + WIDTH + " characters in\n" + r.out());
    }

    @Test
    void faultsCoverageAndRoutingTables() {
        fits(Cli.run("faults", "coverage", "--topology", "scc:4,scc:5", "--max-faults", "3", "--seeds", "3", "--out", tmp.toString()));
        fits(Cli.run("faults", "routing", "--topology", "scc:4,scc:5", "--max-faults", "3", "--seeds", "3", "--out", tmp.toString()));
    }

    @Test
    void crTheoremTableWithTheKindsOfCounterexampleInItsLists() throws IOException {
        Cli.Result r = Cli.run("faults", "cr-theorem", "--topology", "cr:4,cr:5", "--out", tmp.toString());
        fits(r);
        // the table no longer counts the kinds of counterexample; each case's list and the report's CSV do
        java.util.regex.Matcher kinds = java.util.regex.Pattern.compile("of each kind; NO_ROUTE (\\d+), ENTERS_FAULT (\\d+)\\):")
                .matcher(r.out());
        assertTrue(kinds.find(), r.out());
        String csv = Files.readString(Cli.resultsDir(tmp).resolve("theorem34.csv"));
        String enters = kinds.group(2);
        assertTrue(csv.lines().anyMatch(l -> l.contains("," + enters + ",") || l.endsWith("," + enters)), "the counts by kind are in the CSV: " + csv);
    }

    @Test
    void compareTable() {
        fits(Cli.run("compare", "--topology", "star:5,scc:4,cr:5", "--no-flooding", "--out", tmp.toString()));
    }
}
