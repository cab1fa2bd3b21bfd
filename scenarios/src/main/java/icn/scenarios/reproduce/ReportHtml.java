package icn.scenarios.reproduce;

import icn.scenarios.printed.Printed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * {@code report.html}: one self-contained page (styles inline, every PNG inline as a data URI) that a person reads in a browser.
 * Each artifact has its table of "measured / printed ✓|✗" cells, its figures, what the report says about it, and under it the
 * commands that reproduce it. Tables carry {@code class="cells"} and figures {@code class="figure"}, both with
 * {@code data-artifact}, so that a browser test can count what rendered.
 */
public final class ReportHtml {

    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif;max-width:1200px;margin:2em auto;padding:0 1em;
            color:#1b1b1b;line-height:1.45}
            h1{font-size:1.6em}h2{margin-top:2em;border-bottom:2px solid #ccc;padding-bottom:.2em}h3{margin-top:1.6em}
            div.cells{max-width:100%;overflow-x:auto}
            table.cells{border-collapse:collapse;font-size:.88em;margin:.6em 0}
            table.cells th,table.cells td{border:1px solid #ccc;padding:.25em .5em;text-align:right;overflow-wrap:anywhere}
            table.cells th{background:#f2f2f2}table.cells td.row{text-align:left;font-weight:600;background:#fafafa}
            td.ok{background:#eef8ee}td.bad{background:#fdecea}td.none{color:#777}td.kind{color:#555;font-style:italic}
            .summary td{padding:.1em .8em}.bad-text{color:#b00020}.ok-text{color:#1b7f1b}
            img.figure{max-width:100%;border:1px solid #ddd;margin:.5em 0;display:block}
            code{background:#f4f4f4;padding:0 .25em;border-radius:3px}
            ul.notes li{margin:.2em 0}.cmd{font-size:.9em;color:#333}
            nav ul{columns:2;font-size:.9em;padding-left:1.2em}nav li{break-inside:avoid;margin:.1em 0}
            p.lead{font-size:1.12em}section.why h3{margin:.8em 0 .3em}section.why li{margin:.15em 0}
            details.run{margin:.6em 0;color:#444}pre,code{overflow-wrap:anywhere;white-space:pre-wrap}
            img.figure{height:auto}
            """;

    private ReportHtml() {
    }

    /** The page; PNGs named by the artifacts are read from {@code dir} and inlined. */
    public static String render(Reproduction.Result result, Path dir, Printed printed) throws IOException {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>icn-emulator: the papers reproduced</title>\n");
        h.append("<style>").append(STYLE).append("</style></head><body>\n");
        h.append("<h1>The papers reproduced: every table and figure, measured beside the printed values</h1>\n");
        firstScreen(h, result);
        h.append(String.format(Locale.ROOT,
                "<details class=\"run\"><summary>The run</summary><table class=\"summary\"><tr><td>profile</td><td><code>%s</code></td></tr>"
                        + "<tr><td>seed</td><td>%d</td></tr><tr><td>version</td><td>%s</td></tr><tr><td>wall time</td><td>%.1f s</td></tr>"
                        + "<tr><td>artifacts</td><td>%d</td></tr><tr><td>cells</td><td class=\"cells-summary\">%s</td></tr></table></details>\n",
                result.profile().key(), result.seed(), esc(result.version()), result.wallSeconds(), result.artifacts().size(),
                esc(result.summaryText())));
        h.append("<p>").append(esc(Grid.LEGEND)).append("</p>\n");
        h.append("<h2 id=\"index\">Index</h2>\n");
        nav(h, result);
        String paper = "";
        for (Artifact a : result.artifacts()) {
            if (!a.paper().equals(paper)) {
                paper = a.paper();
                Printed.Paper p = printed.paper(paper);
                h.append("<h2 id=\"paper-").append(paper).append("\">").append(paper).append(": ").append(esc(p.title())).append("</h2>\n<p>")
                        .append(esc(p.authors())).append(", <em>").append(esc(p.venue())).append("</em>.</p>\n");
            }
            artifact(h, a, dir);
        }
        h.append("</body></html>\n");
        return h.toString();
    }

    /**
     * What a reader sees first: what was reproduced and how much agrees (on its own, trivially, by a chosen rule), then the
     * disagreements grouped by cause, each linked to its artifact.
     */
    static void firstScreen(StringBuilder h, Reproduction.Result result) {
        long artifacts = result.artifacts().size();
        long beyond = result.artifacts().stream().filter(a -> !a.paper().matches("00[0-4]")).count();
        long trivial = result.trivialAgreements();
        long chosen = result.chosenAgreements();
        h.append(String.format(Locale.ROOT, "<p class=\"lead\" id=\"headline\">%d artifacts reproduced (%d tables, figures and claims of the "
                + "five papers%s), profile <code>%s</code>, seed %d. Of the %,d measured cells set beside a printed value, "
                + "<span class=\"ok-text\">%,d agree on their own</span>%s; <span class=\"bad-text\">%,d disagree</span>%s.</p>%n", artifacts, artifacts - beyond, beyond > 0 ? ", and " + beyond + " beyond them" : "",
                result.profile().key(), result.seed(), result.agreeing() + result.disagreeing(), result.agreeing() - trivial - chosen,
                trivial + chosen == 0 ? "" : String.format(Locale.ROOT, " (and %d more that say little: %d agree trivially, \"-\" = \"-\"; %d "
                        + "by greedy routing's tie rule, which was chosen to agree)", trivial + chosen, trivial, chosen),
                result.disagreeing(), Findings.count(result.findings(), Findings.Cause.UNEXPLAINED) == 0
                        ? ", and below each disagreement is put under its cause" : ", grouped below by cause (some not yet explained)"));
        var findings = result.findings();
        if (findings.isEmpty()) {
            return;
        }
        h.append("<section class=\"why\" id=\"why\"><h2>What disagrees, and why</h2>\n");
        for (Findings.Cause cause : Findings.Cause.values()) {
            List<Findings.Finding> list = findings.getOrDefault(cause, List.of());
            if (list.isEmpty()) {
                continue;
            }
            h.append("<h3 class=\"cause\" data-cause=\"").append(cause.name().toLowerCase(Locale.ROOT)).append("\">")
                    .append(esc(Character.toUpperCase(cause.title().charAt(0)) + cause.title().substring(1)))
                    .append(String.format(Locale.ROOT, ": %d cell%s</h3><ul>", Findings.count(findings, cause),
                            Findings.count(findings, cause) == 1 ? "" : "s"));
            for (Findings.Finding f : list) {
                h.append("<li><a href=\"#").append(f.artifact()).append("\">").append(f.artifact()).append("</a> (").append(esc(f.title()))
                        .append(String.format(Locale.ROOT, "): %d cell%s. ", f.cells(), f.cells() == 1 ? "" : "s")).append(esc(f.why()))
                        .append(".</li>");
            }
            h.append("</ul>\n");
        }
        h.append("</section>\n");
    }

    private static void nav(StringBuilder h, Reproduction.Result result) {
        h.append("<nav><ul>");
        for (Artifact a : result.artifacts()) {
            long bad = a.disagreements();
            h.append("<li><a href=\"#").append(a.id()).append("\">").append(a.id()).append("</a> ").append(esc(a.title()));
            if (bad > 0) {
                h.append(" <span class=\"bad-text\">✗ ").append(bad).append("</span>");
            } else if (a.agreeing() > 0) {
                h.append(" <span class=\"ok-text\">✓</span>");
            }
            h.append("</li>");
        }
        h.append("</ul></nav>\n");
    }

    private static void artifact(StringBuilder h, Artifact a, Path dir) throws IOException {
        h.append("<section id=\"").append(a.id()).append("\"><h3>").append(a.id()).append(": ").append(esc(a.title())).append("</h3>\n");
        if (!a.cells().isEmpty()) {
            Grid grid = Grid.of(a);
            h.append("<div class=\"cells\"><table class=\"cells\" data-artifact=\"").append(a.id()).append("\"><tr><th></th>");
            grid.columns().forEach(c -> h.append("<th>").append(esc(c)).append("</th>"));
            h.append("</tr>\n");
            for (String row : grid.rows()) {
                h.append("<tr><td class=\"row\">").append(esc(row)).append("</td>");
                for (String column : grid.columns()) {
                    Cell c = grid.at(row, column);
                    if (c == null) {
                        h.append("<td></td>");
                        continue;
                    }
                    String cls = c.kind() != Cell.Kind.MEASURED ? "kind" : c.agrees() == null ? (c.measured() == null ? "none" : "")
                            : c.agrees() ? "ok" : "bad";
                    h.append("<td class=\"").append(cls).append("\" data-kind=\"").append(c.kind().key()).append("\"");
                    if (c.note() != null) {
                        h.append(" title=\"").append(esc(c.note())).append("\"");
                    }
                    h.append(">").append(esc(Grid.text(c))).append("</td>");
                }
                h.append("</tr>\n");
            }
            h.append("</table></div>\n");
            boolean noted = false;
            for (Cell c : a.cells()) {
                if (c.note() != null) {
                    if (!noted) {
                        h.append("<ul class=\"notes\">");
                        noted = true;
                    }
                    h.append("<li><strong>").append(esc(c.row())).append(" / ").append(esc(c.column())).append("</strong>: ")
                            .append(withCode(c.note())).append("</li>");
                }
            }
            if (noted) {
                h.append("</ul>\n");
            }
        }
        for (String image : a.images()) {
            byte[] png = Files.readAllBytes(dir.resolve(image));
            h.append("<img class=\"figure\" data-artifact=\"").append(a.id()).append("\" alt=\"").append(esc(a.id() + ": " + image))
                    .append("\" src=\"data:image/png;base64,").append(Base64.getEncoder().encodeToString(png)).append("\">\n");
        }
        if (!a.notes().isEmpty()) {
            h.append("<ul class=\"notes\">");
            for (String note : a.notes()) {
                h.append("<li>").append(withCode(note)).append("</li>");
            }
            h.append("</ul>\n");
        }
        h.append("<p class=\"applied\">Applied: ").append(esc(a.applied().summary())).append(".</p>\n");
        h.append("<p class=\"cmd\">Reproduce: <code>").append(esc(a.command())).append("</code>");
        for (String c : a.commands()) {
            h.append(" · <code>").append(esc(c)).append("</code>");
        }
        h.append(String.format(Locale.ROOT, " (%.1f s)", a.seconds()));
        if (!a.files().isEmpty()) {
            h.append("<br>Files: ");
            for (int i = 0; i < a.files().size(); i++) {
                String f = a.files().get(i);
                h.append(i > 0 ? ", " : "").append("<a href=\"").append(esc(f)).append("\">").append(esc(f)).append("</a>");
            }
        }
        h.append("</p></section>\n");
    }

    static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** A note's text, escaped, with its `command lines` as code (the notes write them between backticks, as Markdown does). */
    static String withCode(String text) {
        return esc(text).replaceAll("`([^`]+)`", "<code>$1</code>");
    }
}
