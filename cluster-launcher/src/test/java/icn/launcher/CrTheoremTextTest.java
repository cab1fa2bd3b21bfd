package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** icn faults cr-theorem's text: each "K of N counterexamples" heading is followed by exactly the K it lists. */
class CrTheoremTextTest {

    private static final Pattern HEADING = Pattern.compile("^  (\\d+) of (\\d+) counterexamples \\(at most (\\d+) of each kind; [A-Z_ 0-9,]+\\):$");

    @TempDir
    Path tmp;

    @Test
    void everyHeadingCountsTheCounterexamplesItLists() {
        Cli.Result r = Cli.run("faults", "cr-theorem", "--topology", "cr:4,cr:5", "--limit", "2", "--out", tmp.toString());
        assertEquals(0, r.exit(), r::toString);
        List<String> lines = r.outLines();
        int headings = 0;
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = HEADING.matcher(lines.get(i));
            if (!m.matches()) {
                continue;
            }
            headings++;
            int shown = Integer.parseInt(m.group(1));
            int listed = 0;
            for (int j = i + 1; j < lines.size() && lines.get(j).startsWith("    "); j++) {
                listed++;
            }
            assertTrue(lines.get(i - 1).startsWith("cr:"), "the case is named on the line above: " + lines.get(i - 1));
            assertEquals(shown, listed, lines.get(i));
            assertTrue(shown <= Integer.parseInt(m.group(2)), lines.get(i));
        }
        assertTrue(headings > 0, "cr:4 and cr:5 have counterexamples to list: " + r.out());
    }
}
