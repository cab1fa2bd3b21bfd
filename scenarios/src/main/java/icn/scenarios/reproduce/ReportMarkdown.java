package icn.scenarios.reproduce;

import icn.scenarios.printed.Printed;
import java.util.List;
import java.util.Locale;

/** {@code report.md}: the same report as the HTML one, in Markdown, figures as links to their PNGs. */
public final class ReportMarkdown {

    private ReportMarkdown() {
    }

    public static String render(Reproduction.Result result, Printed printed) {
        StringBuilder md = new StringBuilder();
        md.append("# The papers reproduced\n\n");
        md.append(String.format(Locale.ROOT, "Profile `%s`, seed %d, %s, %.1f s. %d artifacts, %s.%n%n",
                result.profile().key(), result.seed(), result.version(), result.wallSeconds(), result.artifacts().size(),
                result.summaryText()));
        md.append(Grid.LEGEND).append("\n\n");
        String paper = "";
        for (Artifact a : result.artifacts()) {
            if (!a.paper().equals(paper)) {
                paper = a.paper();
                Printed.Paper p = printed.paper(paper);
                md.append("## ").append(paper).append(": ").append(p.title()).append("\n\n").append(p.authors()).append(", ")
                        .append(p.venue()).append(".\n\n");
            }
            md.append("### ").append(a.id()).append(": ").append(a.title()).append("\n\n");
            if (!a.cells().isEmpty()) {
                table(md, a);
            }
            for (String image : a.images()) {
                md.append("![").append(a.id()).append("](").append(image).append(")\n\n");
            }
            for (String note : a.notes()) {
                md.append("- ").append(note).append('\n');
            }
            if (!a.notes().isEmpty()) {
                md.append('\n');
            }
            md.append("Applied: ").append(a.applied().summary()).append(".\n\n");
            md.append("Reproduce: `").append(a.command()).append('`');
            for (String c : a.commands()) {
                md.append(", `").append(c).append('`');
            }
            md.append(". Files: ").append(a.files().isEmpty() ? "none" : String.join(", ", a.files())).append(".\n\n");
        }
        return md.toString();
    }

    private static void table(StringBuilder md, Artifact a) {
        Grid grid = Grid.of(a);
        md.append("| |");
        grid.columns().forEach(c -> md.append(' ').append(c).append(" |"));
        md.append("\n|---|");
        grid.columns().forEach(c -> md.append("---|"));
        md.append('\n');
        for (String row : grid.rows()) {
            md.append("| ").append(row).append(" |");
            for (String column : grid.columns()) {
                Cell c = grid.at(row, column);
                md.append(' ').append(c == null ? "" : Grid.text(c).replace("|", "\\|")).append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
        List<Cell> noted = a.cells().stream().filter(c -> c.note() != null).toList();
        for (Cell c : noted) {
            md.append("- ").append(c.row()).append(" / ").append(c.column()).append(": ").append(c.note()).append('\n');
        }
        if (!noted.isEmpty()) {
            md.append('\n');
        }
    }
}
