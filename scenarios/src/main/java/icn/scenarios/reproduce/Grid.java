package icn.scenarios.reproduce;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An artifact's cells laid out as the paper's table: rows and columns in the order the cells came. */
record Grid(List<String> rows, List<String> columns, Map<String, Cell> cells) {

    static Grid of(Artifact a) {
        List<String> rows = new ArrayList<>();
        List<String> columns = new ArrayList<>();
        Map<String, Cell> cells = new LinkedHashMap<>();
        for (Cell c : a.cells()) {
            if (!rows.contains(c.row())) {
                rows.add(c.row());
            }
            if (!columns.contains(c.column())) {
                columns.add(c.column());
            }
            cells.put(c.row() + "\u0000" + c.column(), c);
        }
        return new Grid(rows, columns, cells);
    }

    Cell at(String row, String column) {
        return cells.get(row + "\u0000" + column);
    }

    /** What a cell's text means, said once above the tables of report.md and report.html. */
    static final String LEGEND = "Each measured cell reads measured / printed: ✓ where they agree (the measurement rounded to the printed "
            + "decimals), ✗ where they do not; ≤ marks a printed upper bound, ≈ a mean over random draws compared within its 95 % interval; "
            + "a cell with one value has no printed counterpart; — / printed: not measured. Every measured value comes from a run of the "
            + "emulator or a BFS over its graph. A cell that is not a measurement says what it is in brackets: [formula] a paper's closed "
            + "form evaluated by the emulator, [model] 002's model evaluated by the emulator, [given] a parameter of the row. Those are "
            + "shown beside the printed value (= or ≠) and never counted as agreeing or disagreeing.";

    /**
     * "measured / printed ✓", "measured / ≤ printed ✗", "measured" (nothing printed), "— / printed" (not measured); a cell of another
     * kind "value [formula]" or "value / printed = [formula]".
     */
    static String text(Cell c) {
        String m = c.measuredText();
        String tag = c.kind() == Cell.Kind.MEASURED ? "" : " [" + c.kind().key() + "]";
        if (c.printed() == null) {
            return m + tag;
        }
        String p = (c.relation() == Cell.Relation.AT_MOST ? "≤ " : c.relation() == Cell.Relation.WITHIN ? "≈ " : "") + c.printed();
        String mark = c.agrees() == null ? "" : c.kind() != Cell.Kind.MEASURED ? (c.agrees() ? " =" : " ≠") : c.agrees() ? " ✓" : " ✗";
        return m + " / " + p + mark + tag;
    }
}
