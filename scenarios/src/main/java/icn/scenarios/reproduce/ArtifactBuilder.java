package icn.scenarios.reproduce;

import icn.scenarios.printed.Printed;
import icn.scenarios.report.AppliedFaults;
import icn.scenarios.report.IcnLine;
import java.util.ArrayList;
import java.util.List;

/** Collects what one artifact's measurement finds: cells, files, notes and the commands that reproduce it. */
public final class ArtifactBuilder {

    private final ArtifactSpec spec;
    private final Printed.Table printed;
    private final List<Cell> cells = new ArrayList<>();
    private final List<String> files = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final List<String> commands = new ArrayList<>();
    private final List<String> runs = new ArrayList<>();
    private final List<AppliedFaults> applied = new ArrayList<>();

    ArtifactBuilder(ArtifactSpec spec, Printed values) {
        this.spec = spec;
        this.printed = values.table(spec.id());
    }

    /** The paper's printed value at (row, column) of this artifact's table, or null. */
    public String printed(String row, String column) {
        return printed == null ? null : printed.value(row, column);
    }

    /** The printed table, or null if the paper prints none for this artifact. */
    public Printed.Table printedTable() {
        return printed;
    }

    public ArtifactBuilder cell(Cell cell) {
        cells.add(cell);
        return this;
    }

    /** A measured number beside the printed value at the same place, compared for equality after rounding. */
    public Cell equal(String row, String column, Number measured) {
        Cell c = Cell.equal(row, column, measured, printed(row, column));
        cells.add(c);
        return c;
    }

    /**
     * A BFS diameter beside the printed one; where they differ, the cell carries the evidence (a node at that distance).
     */
    public Cell diameter(String row, String column, Measures.Diameter d) {
        Cell c = equal(row, column, d.diameter());
        if (Boolean.FALSE.equals(c.agrees())) {
            c = c.withNote(d.evidence() + "; " + spec.paper() + " prints " + c.printed() + ".");
            replaceLast(c);
        }
        return c;
    }

    /** A measured number against a printed upper bound. */
    public Cell atMost(String row, String column, Number measured) {
        Cell c = Cell.atMost(row, column, measured, printed(row, column));
        cells.add(c);
        return c;
    }

    /** A measured mean with its 95 % half-width beside the printed value. */
    public Cell within(String row, String column, Number measured, double halfWidth) {
        Cell c = Cell.within(row, column, measured, halfWidth, printed(row, column));
        cells.add(c);
        return c;
    }

    /** A printed cell the run does not measure, with the reason. */
    public void notMeasured(String row, String column, String why) {
        cells.add(Cell.notMeasured(row, column, printed(row, column), why));
    }

    /** Replaces the last cell (to attach a note). */
    public void replaceLast(Cell cell) {
        cells.set(cells.size() - 1, cell);
    }

    public ArtifactBuilder file(String name) {
        files.add(name);
        return this;
    }

    public ArtifactBuilder note(String text) {
        notes.add(text);
        return this;
    }

    /** What the run of a row applied (a lateral link latency, faulty nodes): the artifact says it, run by run where they differ. */
    public ArtifactBuilder applied(String run, AppliedFaults what) {
        runs.add(run);
        applied.add(what);
        return this;
    }

    /** A further command that measures part of the artifact, built from the CLI's own option names. */
    public ArtifactBuilder command(IcnLine command) {
        commands.add(command.text());
        return this;
    }

    List<Cell> cells() {
        return cells;
    }

    /** The artifact, with its own command: this artifact alone, at the same profile and seed. */
    Artifact build(double seconds, Profile profile, long seed) {
        String own = IcnLine.of("reproduce").option(IcnLine.ONLY, spec.id()).option(IcnLine.PROFILE, profile.key())
                .option(IcnLine.SEED, seed).text();
        return new Artifact(spec.id(), spec.paper(), spec.title(), spec.kind(), own, commands, cells, files, notes, seconds,
                AppliedFaults.across(runs, applied));
    }
}
