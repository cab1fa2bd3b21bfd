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

    /** "measured / printed ✓", "measured / ≤ printed ✗", "measured" (nothing printed), "— / printed" (not measured). */
    static String text(Cell c) {
        String m = c.measuredText();
        if (c.printed() == null) {
            return m;
        }
        String p = (c.relation() == Cell.Relation.AT_MOST ? "≤ " : c.relation() == Cell.Relation.WITHIN ? "≈ " : "") + c.printed();
        String mark = c.agrees() == null ? "" : c.agrees() ? " ✓" : " ✗";
        return m + " / " + p + mark;
    }
}
