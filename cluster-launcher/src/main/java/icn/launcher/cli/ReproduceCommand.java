package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;
import icn.launcher.output.Console;
import icn.launcher.ExitCodes;
import icn.launcher.Version;
import icn.launcher.cluster.Engines;
import icn.launcher.output.Progress;
import icn.launcher.output.Results;
import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.protocols.Partition;
import icn.scenarios.reproduce.Artifact;
import icn.scenarios.reproduce.ArtifactSpec;
import icn.scenarios.reproduce.Profile;
import icn.scenarios.reproduce.ReportJson;
import icn.scenarios.reproduce.Reproduction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import icn.scenarios.report.AppliedFaults;
import icn.scenarios.report.IcnLine;

/** {@code icn reproduce}: every table and figure of the five papers, measured beside the printed values, as one report. */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = {"Measure every numbered table and figure of the five papers (000-004), and what the report marks as beyond",
                "the papers (ext-scc-routings: SCC_n's four wormhole routings under load beside a star graph and a CCC), and write",
                "one report: report.html (self-contained: tables of measured / printed cells with a check or a cross, figures",
                "inline, the commands that reproduce each), report.md, result.json and every CSV and PNG. Artifact ids look like",
                "001-table-3, 000-fig-6, 002-fig-3c, 003-table-4.2. A disagreement with a paper is a finding, not an error: exit 0",
                "once the report is written (1 if an artifact's measurement failed; the report then says which and why)."})
final class ReproduceCommand implements Callable<Integer> {
    private final CommandContext ctx;

    ReproduceCommand(CommandContext ctx) {
        this.ctx = ctx;
    }


    @Option(names = IcnLine.PROFILE, paramLabel = "quick|standard|full", defaultValue = "standard",
            description = {"quick: every artifact at small sizes (about 2 minutes on 2 cores); standard: the papers' sizes where this",
                    "machine holds them (about 15 minutes, and about an hour more for ext-scc-routings, beyond the papers); full: more",
                    "random draws, the largest sizes and the long traffic windows",
                    "(default: ${DEFAULT-VALUE})."})
    String profile;

    @Option(names = IcnLine.ONLY, split = ",", paramLabel = "ID", description = "Measure only these artifacts (comma-separated ids).")
    List<String> only;

    @Option(names = "--engine", paramLabel = EngineKind.ACTORS_KEY + "|" + EngineKind.SEQUENTIAL_KEY,
            description = {"Where node programs run: node actors in this JVM, or the sequential engine (their reference). Default:",
                    "sequential for quick, actor otherwise."})
    String engine;

    @Mixin
    CommonOptions common;

    @Mixin
    SubmitOptions submit;

    @Override
    public Integer call() throws IOException {
        Profile p = Profile.parse(profile);
        List<ArtifactSpec> specs = Reproduction.select(only);
        EngineKind eng = engine != null ? EngineKind.parse(engine) : p == Profile.QUICK ? EngineKind.SEQUENTIAL : EngineKind.ACTORS;
        Results results = Results.open(ctx.session(), common.results(), 1);
        Path dir = results.dir();
        Progress progress = new Progress(ctx.session(), false); // on stderr, with --json too: a reproduction takes minutes
        Reproduction.Result result;
        try (Engine machines = ctx.engines().open(new RunSettings(eng, 1, ctx.engines().defaultHosts(), Partition.Kind.SUPERNODE, common.seed,
                RunSettings.FORMATION_TIMEOUT, progress::step))) {
            result = run(specs, p, dir, machines, progress);
        }
        progress.done();
        long failed = result.artifacts().stream().filter(a -> a.notes().stream().anyMatch(n -> n.startsWith("FAILED"))).count();
        if (failed > 0) {
            ctx.err().println("icn: " + failed + " artifact(s) could not be measured: "
                    + String.join(", ", result.artifacts().stream().filter(a -> a.notes().stream().anyMatch(n -> n.startsWith("FAILED")))
                            .map(Artifact::id).toList()) + " (the report says why)");
        }
        return results.finish(new com.fasterxml.jackson.databind.ObjectMapper().readTree(ReportJson.render(result)), text(result, dir),
                failed > 0 ? ExitCodes.RUN_FAILED : 0);
    }

    /** Measures, a progress line per artifact: its plan's seconds (ArtifactSpec's estimate) weigh the time measured so far. */
    private Reproduction.Result run(List<ArtifactSpec> specs, Profile p, Path dir, Engine machines, Progress progress) throws IOException {
        double plan = specs.stream().mapToDouble(s -> s.estimatedSeconds(p)).sum();
        return Reproduction.run(specs, p, common.seed, dir, false, machines, Version.VERSION, new Reproduction.Listener() {
            @Override
            public void starting(int index, int total, ArtifactSpec spec, double elapsed, double planLeft) {
                progress.item(index, total, spec.id() + ": " + spec.title(), plan - planLeft, plan);
            }

            @Override
            public void row(String file, String header, String row) {
                progress.row(file, header, row);
            }
        });
    }

    static String duration(double seconds) {
        long s = Math.max(0, Math.round(seconds));
        return s < 90 ? s + " s" : (s / 60) + " min " + (s % 60) + " s";
    }

    static String text(Reproduction.Result result, Path dir) {
        StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, "%s: %d artifacts in %s%n", IcnLine.of("reproduce").option(IcnLine.PROFILE,
                result.profile().key()).option(IcnLine.SEED, result.seed()).text(), result.artifacts().size(), duration(result.wallSeconds())));
        for (Artifact a : result.artifacts()) {
            String status = a.notes().stream().anyMatch(n -> n.startsWith("FAILED")) ? "FAILED"
                    : a.cells().isEmpty() ? "drawing" + (a.images().isEmpty() ? "" : ", " + a.images().size() + " PNG")
                    : String.format(Locale.ROOT, "%d cells, %d agree, %d disagree%s", a.cells().size(), a.agreeing(), a.disagreements(),
                            a.images().isEmpty() ? "" : ", " + a.images().size() + " PNG");
            t.append(String.format(Locale.ROOT, "  %-16s %s%s%n", a.id(), status, a.applied().none() ? ""
                    : System.lineSeparator() + AppliedFaults.wrap(" ".repeat(19) + "applied: ", a.applied().summary(), 19 + 9)));
        }
        t.append(result.summaryText()).append(System.lineSeparator());
        t.append("report: ").append(dir.resolve(Reproduction.REPORT_HTML)).append(" (also report.md, result.json")
                .append(Files.exists(dir) ? ", CSV and PNG files" : "").append(")").append(System.lineSeparator());
        return t.toString();
    }
}
