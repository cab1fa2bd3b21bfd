package icn.scenarios.reproduce;

import java.util.List;

/**
 * One reproduced table or figure of a paper.
 *
 * @param id stable id such as {@code 001-table-3}, {@code 000-fig-6}, {@code 002-fig-3c}
 * @param paper "000" … "004"
 * @param title the paper's caption
 * @param kind "table" or "figure"
 * @param command the {@code icn} command that reproduces it alone
 * @param commands further commands that measure the same thing piece by piece
 * @param cells measured beside printed
 * @param files the PNG and CSV files written for it, relative to the report's directory
 * @param notes what the report says about it in words: disagreements and their evidence, why something is not measured
 * @param seconds how long it took
 */
public record Artifact(String id, String paper, String title, String kind, String command, List<String> commands, List<Cell> cells,
        List<String> files, List<String> notes, double seconds) {

    public Artifact {
        commands = List.copyOf(commands);
        cells = List.copyOf(cells);
        files = List.copyOf(files);
        notes = List.copyOf(notes);
    }

    public long disagreements() {
        return cells.stream().filter(c -> Boolean.FALSE.equals(c.agrees())).count();
    }

    public long agreeing() {
        return cells.stream().filter(c -> Boolean.TRUE.equals(c.agrees())).count();
    }

    public long notMeasured() {
        return cells.stream().filter(c -> c.measured() == null).count();
    }

    public List<String> images() {
        return files.stream().filter(f -> f.endsWith(".png")).toList();
    }
}
