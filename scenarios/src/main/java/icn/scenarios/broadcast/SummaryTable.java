package icn.scenarios.broadcast;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One row per run, measured values beside the papers' (001 Theorems 9 and 10, pipelining formulas for B &gt; 1, diameter from 001
 * Theorem 1), rendered as a Markdown table for {@code report.md} or as aligned plain text for the terminal.
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

    /** The same table, columns padded to equal width and separated by two spaces, for stdout. */
    public String renderText() {
        int[] width = new int[HEADER.size()];
        for (int c = 0; c < width.length; c++) {
            width[c] = HEADER.get(c).length();
            for (List<String> row : rows) {
                width[c] = Math.max(width[c], row.get(c).length());
            }
        }
        StringBuilder text = new StringBuilder();
        line(text, HEADER, width);
        List<String> rule = new ArrayList<>();
        for (int w : width) {
            rule.add("-".repeat(w));
        }
        line(text, rule, width);
        for (List<String> row : rows) {
            line(text, row, width);
        }
        return text.toString();
    }

    private static void line(StringBuilder text, List<String> cells, int[] width) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            if (c > 0) {
                line.append("  ");
            }
            String cell = cells.get(c);
            String pad = " ".repeat(width[c] - cell.length());
            line.append(NUMERIC[c] ? pad + cell : cell + pad);
        }
        text.append(line.toString().stripTrailing()).append('\n');
    }
}
