package icn.scenarios.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The honest counts of a reproduction (issue 38): agreements that say little are counted apart, every disagreement is put under a
 * cause, one no rule names is "not yet explained" rather than hidden, and the summary line adds up.
 */
class FindingsTest {

    private static Artifact artifact(String id, Cell... cells) {
        return new Artifact(id, id.substring(0, 3), "title of " + id, "table", "icn reproduce --only " + id, List.of(), List.of(cells),
                List.of(), List.of(), 0.1, icn.scenarios.report.AppliedFaults.NONE);
    }

    @Test
    void agreementsThatSayLittleAreCountedApartAndEveryDisagreementHasACause() {
        List<Artifact> artifacts = List.of(
                artifact("000-table-2", Cell.equal("4", "greedy", 5.3, "5.3"), Cell.equal("5", "random theor.", 8.2, "8.0"),
                        Cell.text("4", "local", "-", "-")),
                artifact("001-table-3", Cell.equal("7", "diameter", 30, 31), Cell.equal("6", "diameter", 20, 20)),
                artifact("001-table-6", Cell.equal("one-port star, 4", "lateral", 6, 8)),
                artifact("009-invented", Cell.equal("1", "x", 1, 2)));
        Reproduction.Result r = new Reproduction.Result(Profile.QUICK, 1, artifacts, 1.0, "test");
        assertEquals(1, r.trivialAgreements(), "'-' = '-'");
        assertEquals(1, r.chosenAgreements(), "greedy's tie rule");
        Map<Findings.Cause, List<Findings.Finding>> f = r.findings();
        assertEquals(1, Findings.count(f, Findings.Cause.PAPER_ERROR), "SCC_7's diameter");
        assertEquals(1, Findings.count(f, Findings.Cause.READING), "Eq. 14 against the exact expectation");
        assertEquals(1, Findings.count(f, Findings.Cause.EMULATOR_CHOICE), "the star's own algorithm");
        assertEquals(1, Findings.count(f, Findings.Cause.UNEXPLAINED), "no rule names the invented artifact");
        assertEquals(r.disagreeing(), f.values().stream().flatMap(List::stream).mapToLong(Findings.Finding::cells).sum());
        String line = r.summaryText();
        assertTrue(line.contains("(3 agree: 1 on their own, 1 trivially (\"-\" = \"-\"), 1 by a rule chosen to agree; 4 disagree: 1 the papers'"
                + " own errors, 1 readings that differ, 1 the emulator's own choices, 1 not yet explained;"), line);
        StringBuilder page = new StringBuilder();
        ReportHtml.firstScreen(page, r);
        String html = page.toString();
        assertTrue(html.contains("id=\"headline\"") && html.contains("id=\"why\""), html);
        assertTrue(html.contains("<a href=\"#009-invented\">"), "each finding links to its artifact: " + html);
        assertFalse(html.contains("each disagreement is put under its cause"), "not while one is unexplained");
    }
}
