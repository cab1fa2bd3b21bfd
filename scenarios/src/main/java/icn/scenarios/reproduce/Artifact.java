package icn.scenarios.reproduce;

import icn.scenarios.report.AppliedFaults;
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
 * @param applied what its runs applied beyond the papers' model (a lateral link latency, faulty nodes), said as every report says it
 */
public record Artifact(String id, String paper, String title, String kind, String command, List<String> commands, List<Cell> cells,
        List<String> files, List<String> notes, double seconds, AppliedFaults applied) {

    public Artifact {
        commands = List.copyOf(commands);
        cells = List.copyOf(cells);
        files = List.copyOf(files);
        notes = List.copyOf(notes);
    }

    /** Measured cells that disagree with the paper (formula, model and given cells are never counted). */
    public long disagreements() {
        return cells.stream().filter(Cell::countsAsDisagreeing).count();
    }

    /** Measured cells that agree with the paper. */
    public long agreeing() {
        return cells.stream().filter(Cell::countsAsAgreeing).count();
    }

    /** Printed cells the run did not measure. */
    public long notMeasured() {
        return cells.stream().filter(Cell::notMeasuredCell).count();
    }

    /** Cells of {@code kind} that hold a value (a measured cell without one is {@link #notMeasured}). */
    public long ofKind(Cell.Kind kind) {
        return cells.stream().filter(c -> c.kind() == kind && c.measured() != null).count();
    }

    public List<String> images() {
        return files.stream().filter(f -> f.endsWith(".png")).toList();
    }
}
