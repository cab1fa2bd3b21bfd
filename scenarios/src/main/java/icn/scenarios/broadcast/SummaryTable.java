package icn.scenarios.broadcast;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One row per run, measured values beside the papers' (001 Theorems 9 and 10, pipelining formulas for B &gt; 1, diameter from 001
 * Theorem 1), rendered as a Markdown table for {@code report.md} with every column, or as aligned plain text for the terminal with
 * what fits in {@value #TERMINAL_WIDTH} columns.
 */
public final class SummaryTable {

    static final List<String> HEADER = List.of("topology", "nodes", "algorithm", "B", "JVMs", "partitioning", "measured steps",
            "paper steps", "measured lateral/local", "paper lateral/local", "full coverage (measured)", "paper full coverage",
            "diameter (001 Thm 1)", "cross-JVM msgs", "agree");
    // columns holding numbers are right-aligned
    private static final boolean[] NUMERIC = {false, true, false, true, true, false, true, true, false, false, false, false, true, true,
        false};

    private final List<List<String>> rows = new ArrayList<>();

    public SummaryTable(List<BroadcastRun> runs) {
        for (BroadcastRun run : runs) {
            rows.add(row(new BroadcastReport(run)));
        }
    }

    private static List<String> row(BroadcastReport r) {
        BroadcastRun run = r.run();
        return List.of(run.topology(), Long.toString(run.nodes()), run.algorithm(), Integer.toString(run.messages()),
                Integer.toString(run.jvms()), run.partitioning(), Long.toString(r.measuredSteps()), Long.toString(r.paperSteps()),
                r.measuredLateralSteps() + "/" + r.measuredLocalSteps(), r.paperLateralSteps() + "/" + r.paperLocalSteps(),
                steps(r.measuredFullCoverage()), steps(r.paperFullCoverage()), Long.toString(r.diameter()),
                Long.toString(run.crossJvmLateral() + run.crossJvmLocal()), r.agrees() ? "yes" : "NO");
    }

    // one step, or the steps of messages 1..B separated by spaces; a message that never covered every node shows as "never"
    private static String steps(long[] steps) {
        return Arrays.stream(steps).mapToObj(s -> s < 0 ? "never" : Long.toString(s)).collect(Collectors.joining(" "));
    }

    /** The rows, cells as rendered, without the header. */
    public List<List<String>> rows() {
        return List.copyOf(rows);
    }

    public String renderMarkdown() {
        StringBuilder md = new StringBuilder();
        md.append("| ").append(String.join(" | ", HEADER)).append(" |\n");
        md.append('|');
        for (boolean numeric : NUMERIC) {
            md.append(numeric ? " ---: |" : " --- |");
        }
        md.append('\n');
        for (List<String> row : rows) {
            md.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
        return md.toString();
    }

    /**
     * The table for stdout, at most {@link #TERMINAL_WIDTH} characters a line: measured beside paper in one cell ({@code 28 (28)}),
     * lateral and local steps in one column; B, JVMs, partitioning and cross-JVM messages only when they differ between runs (a
     * line before the table gives them otherwise); no diameter. Should that still be too wide (many messages, long names), the
     * cross-JVM, nodes, lateral/local and full-coverage columns are left out in that order, and a line after the table says which.
     * {@link #renderMarkdown()} (report.md) has every column.
     */
    public String renderText() {
        List<String> header = new ArrayList<>(List.of("topology", "nodes", "algorithm", "B", "JVMs", "partition", "steps (paper)",
                "lat/loc (paper)", "coverage (paper)", "cross-JVM", "agree"));
        List<Boolean> numeric = new ArrayList<>(List.of(false, true, false, true, true, false, true, true, true, true, false));
        List<List<String>> cells = new ArrayList<>();
        for (List<String> r : rows) {
            cells.add(new ArrayList<>(List.of(r.get(0), r.get(1), r.get(2), r.get(3), r.get(4), r.get(5), r.get(6) + " (" + r.get(7) + ")",
                    r.get(8) + " (" + r.get(9) + ")", shorten(r.get(10)) + " (" + shorten(r.get(11)) + ")", r.get(13), r.get(14))));
        }
        List<String> same = new ArrayList<>();
        for (String column : List.of("B", "JVMs", "partition", "cross-JVM")) {
            int c = header.indexOf(column);
            if (!cells.isEmpty() && cells.stream().allMatch(r -> r.get(c).equals(cells.get(0).get(c)))) {
                same.add(column + " " + cells.get(0).get(c));
                remove(c, header, numeric, cells);
            }
        }
        List<String> leftOut = new ArrayList<>();
        for (String column : List.of("cross-JVM", "nodes", "lat/loc (paper)", "coverage (paper)")) {
            int c = header.indexOf(column);
            if (width(header, cells) > TERMINAL_WIDTH && c >= 0) {
                leftOut.add(column);
                remove(c, header, numeric, cells);
            }
        }
        int[] width = new int[header.size()];
        for (int c = 0; c < width.length; c++) {
            width[c] = header.get(c).length();
            for (List<String> row : cells) {
                width[c] = Math.max(width[c], row.get(c).length());
            }
        }
        StringBuilder text = new StringBuilder();
        if (!same.isEmpty()) {
            text.append("In every run: ").append(String.join(" · ", same)).append('\n');
        }
        line(text, header, numeric, width);
        List<String> rule = new ArrayList<>();
        for (int w : width) {
            rule.add("-".repeat(w));
        }
        line(text, rule, numeric, width);
        for (List<String> row : cells) {
            line(text, row, numeric, width);
        }
        if (!leftOut.isEmpty()) {
            text.append("Left out here for width (in report.md): ").append(String.join(", ", leftOut)).append('\n');
        }
        return text.toString();
    }

    /** Lines of stdout's table are at most this long. */
    public static final int TERMINAL_WIDTH = 120;

    // the completion steps of many pipelined messages: the first two and the last
    private static String shorten(String steps) {
        String[] each = steps.split(" ");
        return each.length <= 4 ? steps : each[0] + " " + each[1] + " … " + each[each.length - 1];
    }

    private static void remove(int c, List<String> header, List<Boolean> numeric, List<List<String>> cells) {
        header.remove(c);
        numeric.remove(c);
        cells.forEach(r -> r.remove(c));
    }

    private static int width(List<String> header, List<List<String>> cells) {
        int total = 2 * (header.size() - 1);
        for (int c = 0; c < header.size(); c++) {
            int w = header.get(c).length();
            for (List<String> row : cells) {
                w = Math.max(w, row.get(c).length());
            }
            total += w;
        }
        return total;
    }

    private static void line(StringBuilder text, List<String> cells, List<Boolean> numeric, int[] width) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            if (c > 0) {
                line.append("  ");
            }
            String cell = cells.get(c);
            String pad = " ".repeat(width[c] - cell.length());
            line.append(numeric.get(c) ? pad + cell : cell + pad);
        }
        text.append(line.toString().stripTrailing()).append('\n');
    }
}
