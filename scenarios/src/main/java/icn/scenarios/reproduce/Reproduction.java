package icn.scenarios.reproduce;

import icn.node.engine.Engine;
import icn.protocols.InvalidInputException;
import icn.scenarios.printed.Printed;
import icn.scenarios.report.ReportWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Every table and figure of the five papers measured in one run ({@code icn reproduce}). Each artifact is measured by its
 * {@link ArtifactSpec}; one that fails is reported as failed with the reason, and the others go on. The report ({@code report.html},
 * {@code report.md}, {@code result.json} and every CSV and PNG) is written into a hidden sibling directory and moved into place only
 * when it is whole.
 */
public final class Reproduction {

    /**
     * What an artifact's measurement may use: the profile, the seed, where its files go, the engine node programs run on, and the
     * papers' printed values its cells are set beside.
     */
    public record Context(Profile profile, long seed, Path dir, Engine engine, Printed printed, java.util.Map<String, Object> shared) {

        public Context(Profile profile, long seed, Path dir, Engine engine, Printed printed) {
            this(profile, seed, dir, engine, printed, new java.util.concurrent.ConcurrentHashMap<>());
        }

        /**
         * A measurement several artifacts use (one routing sweep serves 000's two tables and three figures), made once: an artifact
         * measured beside another that is making it waits for it.
         */
        @SuppressWarnings("unchecked")
        public <T> T shared(String key, java.util.function.Supplier<T> measure) {
            java.util.concurrent.CompletableFuture<Object> mine = new java.util.concurrent.CompletableFuture<>();
            Object theirs = shared.putIfAbsent(key, mine);
            if (theirs != null) {
                return (T) ((java.util.concurrent.CompletableFuture<Object>) theirs).join();
            }
            try {
                T value = measure.get();
                mine.complete(value);
                return value;
            } catch (RuntimeException | Error e) {
                mine.completeExceptionally(e);
                throw e;
            }
        }

        /** The name of the engine node programs run on, for the notes. */
        public String engineName() {
            return engine.kind().key();
        }

        public Path file(String name) {
            return dir.resolve(name);
        }
    }

    /** Told before each artifact: the progress display. */
    @FunctionalInterface
    public interface Listener {
        void starting(int index, int total, ArtifactSpec spec, double elapsedSeconds, double remainingSeconds);

        /** An artifact measured, as a row of {@code artifacts.csv} ({@link icn.scenarios.report.Observer#row}); kept nowhere by default. */
        default void row(String file, String header, String row) {
        }
    }

    /** The whole reproduction. */
    public record Result(Profile profile, long seed, List<Artifact> artifacts, double wallSeconds, String version) {

        public long cells() {
            return artifacts.stream().mapToLong(a -> a.cells().size()).sum();
        }

        public long agreeing() {
            return artifacts.stream().mapToLong(Artifact::agreeing).sum();
        }

        public long disagreeing() {
            return artifacts.stream().mapToLong(Artifact::disagreements).sum();
        }

        public long notMeasured() {
            return artifacts.stream().mapToLong(Artifact::notMeasured).sum();
        }

        /** Cells of {@code kind} that hold a value. */
        public long ofKind(Cell.Kind kind) {
            return artifacts.stream().mapToLong(a -> a.ofKind(kind)).sum();
        }

        /** Measured cells with nothing printed to compare them with (or a comparison that cannot be made). */
        public long measuredNotCompared() {
            return artifacts.stream().flatMap(a -> a.cells().stream())
                    .filter(c -> c.kind() == Cell.Kind.MEASURED && c.measured() != null && c.agrees() == null).count();
        }

        /** Agreeing cells that agree trivially: "-" on both sides ({@link Findings#trivial}). */
        public long trivialAgreements() {
            return artifacts.stream().mapToLong(a -> a.cells().stream().filter(Findings::trivial).count()).sum();
        }

        /** Agreeing cells of a rule the emulator chose so that they agree ({@link Findings#byChosenRule}). */
        public long chosenAgreements() {
            return artifacts.stream().mapToLong(a -> a.cells().stream().filter(c -> Findings.byChosenRule(a.id(), c)).count()).sum();
        }

        /** The disagreements grouped by cause. */
        public java.util.Map<Findings.Cause, List<Findings.Finding>> findings() {
            return Findings.of(artifacts);
        }

        /**
         * "953 cells: 857 measured (412 agree: 393 on their own, 16 trivially ("-" = "-"), 3 by a rule chosen to agree; 81 disagree:
         * 40 the papers' errors, 31 readings that differ, 10 the emulator's choices; 364 with nothing to compare), 20 formula, ...":
         * the summary every report prints, counting each kind, and what the agreements and disagreements are made of.
         */
        public String summaryText() {
            var f = findings();
            long trivial = trivialAgreements();
            long chosen = chosenAgreements();
            StringBuilder why = new StringBuilder();
            for (Findings.Cause c : Findings.Cause.values()) {
                long n = Findings.count(f, c);
                if (n > 0) {
                    why.append(why.length() == 0 ? ": " : ", ").append(n).append(switch (c) {
                        case PAPER_ERROR -> " the papers' own errors";
                        case READING -> " readings that differ";
                        case EMULATOR_CHOICE -> " the emulator's own choices";
                        case UNEXPLAINED -> " not yet explained";
                    });
                }
            }
            String apart = trivial + chosen == 0 ? "" : String.format(java.util.Locale.ROOT, ": %d on their own, %d trivially (\"-\" = \"-\"),"
                    + " %d by a rule chosen to agree", agreeing() - trivial - chosen, trivial, chosen);
            return String.format(java.util.Locale.ROOT, "%d cells: %d measured (%d agree%s; %d disagree%s; %d with nothing to compare), "
                    + "%d formula, %d model, %d given, %d not measured", cells(), ofKind(Cell.Kind.MEASURED), agreeing(), apart, disagreeing(),
                    why, measuredNotCompared(), ofKind(Cell.Kind.FORMULA), ofKind(Cell.Kind.MODEL), ofKind(Cell.Kind.GIVEN), notMeasured());
        }
    }

    public static final String REPORT_HTML = "report.html";
    public static final String REPORT_MD = ReportWriter.REPORT_MD;
    public static final String RESULT_JSON = ReportWriter.RESULT_JSON;

    private Reproduction() {
    }

    /** The artifacts of {@code only} (all if empty), in the papers' order; an unknown id is refused with the list of valid ones. */
    public static List<ArtifactSpec> select(List<String> only) {
        List<ArtifactSpec> all = Artifacts.all();
        if (only == null || only.isEmpty()) {
            return all;
        }
        Set<String> wanted = new LinkedHashSet<>();
        for (String id : only) {
            String trimmed = id.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            if (all.stream().noneMatch(s -> s.id().equals(trimmed))) {
                throw new InvalidInputException("unknown artifact '" + trimmed + "': valid ids are "
                        + String.join(", ", all.stream().map(ArtifactSpec::id).toList()));
            }
            wanted.add(trimmed);
        }
        if (wanted.isEmpty()) {
            throw new InvalidInputException("--only names no artifact");
        }
        return all.stream().filter(s -> wanted.contains(s.id())).toList();
    }

    /** Refuses an output directory that exists and is not empty, unless {@code force}. */
    public static void checkOutput(Path out, boolean force) {
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new InvalidInputException("output " + out + " exists and is not a directory");
        }
        if (!force && Files.isDirectory(out) && !ReportWriter.isReserved(out)) {
            try (Stream<Path> entries = Files.list(out)) {
                if (entries.findAny().isPresent()) {
                    throw new InvalidInputException("output directory " + out + " exists and is not empty (use --force to replace it)");
                }
            } catch (IOException e) {
                throw new InvalidInputException("cannot read output directory " + out + ": " + e.getMessage());
            }
        }
    }

    /** Measures {@code specs} and writes the report into {@code out}. */
    public static Result run(List<ArtifactSpec> specs, Profile profile, long seed, Path out, boolean force, Engine engine,
            String version, Listener listener) throws IOException {
        return run(specs, profile, seed, out, force, engine, Printed.RESOURCES, version, listener);
    }

    /** As above, with the cells set beside {@code printed}'s values. */
    public static Result run(List<ArtifactSpec> specs, Profile profile, long seed, Path out, boolean force, Engine engine,
            Printed printed, String version, Listener listener) throws IOException {
        checkOutput(out, force);
        Path parent = out.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path tmp = Files.createTempDirectory(parent, "." + out.getFileName() + ".tmp-");
        try {
            Context context = new Context(profile, seed, tmp, engine, printed);
            long start = System.nanoTime();
            double total = specs.stream().mapToDouble(s -> s.estimatedSeconds(profile)).sum();
            double[] started = {0};
            List<Artifact> artifacts = new ArrayList<>();
            // the artifacts are independent: on a standing cluster's workers as many at once as the engine takes (one here),
            // handed back in their order; the report is the same
            icn.node.engine.Sweeps.map(engine == null ? 1 : engine.parallelRuns(), specs.size(), i -> {
                ArtifactSpec spec = specs.get(i);
                synchronized (started) {
                    double elapsed = (System.nanoTime() - start) / 1e9;
                    // the plan's seconds still to measure, as planned: scaling them here by elapsed / done blew up when what was
                    // done had planned almost nothing (drawings at 0-0.2 s), e.g. "229 min left" 25 s into a 37 s run; the display
                    // weighs the plan against the time measured (the launcher's Progress)
                    listener.starting(i + 1, specs.size(), spec, elapsed, total - started[0]);
                    started[0] += spec.estimatedSeconds(profile);
                }
                return measure(spec, context);
            }, artifact -> false, artifact -> {
                listener.row("artifacts.csv", "id,cells,agreeing,disagreeing,not_measured,seconds",
                        String.format(java.util.Locale.ROOT, "%s,%d,%d,%d,%d,%.2f", artifact.id(), artifact.cells().size(),
                                artifact.agreeing(), artifact.disagreements(), artifact.notMeasured(), artifact.seconds()));
                artifacts.add(artifact);
            });
            Result result = new Result(profile, seed, artifacts, (System.nanoTime() - start) / 1e9, version);
            Files.writeString(tmp.resolve(RESULT_JSON), ReportJson.render(result));
            Files.writeString(tmp.resolve(REPORT_MD), ReportMarkdown.render(result, printed));
            Files.writeString(tmp.resolve(REPORT_HTML), ReportHtml.render(result, tmp, printed));
            moveIntoPlace(tmp, out);
            return result;
        } catch (IOException | RuntimeException | Error e) {
            icn.protocols.FileTrees.deleteQuietly(tmp);
            throw e;
        }
    }

    /** Measures one artifact; a failure becomes a note, so that one broken artifact does not lose the others. */
    static Artifact measure(ArtifactSpec spec, Context context) {
        ArtifactBuilder out = new ArtifactBuilder(spec, context.printed());
        long start = System.nanoTime();
        try {
            spec.producer().produce(context, out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (Exception | OutOfMemoryError e) {
            out.note("FAILED: the measurement stopped with " + e.getClass().getSimpleName() + ": " + e.getMessage()
                    + "; its printed cells are listed as not measured.");
            markUnmeasured(out);
        }
        return out.build((System.nanoTime() - start) / 1e9, context.profile(), context.seed());
    }

    // every printed cell of the table that the failed run did not fill is listed as not measured
    private static void markUnmeasured(ArtifactBuilder out) {
        Printed.Table table = out.printedTable();
        if (table == null) {
            return;
        }
        Set<String> have = new LinkedHashSet<>();
        out.cells().forEach(c -> have.add(c.row() + "\u0000" + c.column()));
        for (List<String> row : table.rows()) {
            for (int c = 1; c < table.columns().size(); c++) {
                if (!have.contains(row.get(0) + "\u0000" + table.columns().get(c))) {
                    out.notMeasured(row.get(0), table.columns().get(c), "the measurement failed");
                }
            }
        }
    }

    private static void moveIntoPlace(Path tmp, Path out) throws IOException {
        if (ReportWriter.isReserved(out)) {
            ReportWriter.fillReserved(tmp, out);
        } else if (Files.isDirectory(out)) {
            Path old = Files.createTempDirectory(out.toAbsolutePath().getParent(), "." + out.getFileName() + ".old-");
            Files.delete(old);
            Files.move(out, old, StandardCopyOption.ATOMIC_MOVE);
            Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE);
            icn.protocols.FileTrees.deleteQuietly(old);
        } else {
            Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE);
        }
    }

}
