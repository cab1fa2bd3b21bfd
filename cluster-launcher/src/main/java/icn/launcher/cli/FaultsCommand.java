package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;

import icn.launcher.output.Console;
import icn.node.kind.NetworkPrograms;
import icn.launcher.ExitCodes;
import icn.launcher.cluster.Engines;
import icn.launcher.output.Progress;
import icn.launcher.output.Results;
import icn.launcher.run.KillJvmRunner;
import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.node.routing.cr.FaultTolerantCheck;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.topology.CompleteRotationGraph;
import icn.protocols.fault.FaultSpec;
import icn.scenarios.faults.CrTheoremReport;
import icn.scenarios.report.AppliedFaults;
import icn.scenarios.faults.FaultExperiments;
import icn.scenarios.faults.KillJvmExperiment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import icn.scenarios.report.IcnLine;

/** {@code icn faults}: the fault experiments of issue 6 over many seeds, with CSV and PNG. */
@Command(name = "faults", mixinStandardHelpOptions = true,
        description = "Fault experiments: broadcast coverage and routing delivery and stretch over many seeds, CR_n's Theorem 3.4, a worker JVM killed mid-broadcast.",
        subcommands = {FaultsCommand.Coverage.class, FaultsCommand.Routing.class, FaultsCommand.CrTheorem.class, FaultsCommand.KillJvm.class,
                CommandLine.HelpCommand.class})
public final class FaultsCommand implements Runnable {
    private final CommandContext ctx;

    FaultsCommand(CommandContext ctx) {
        this.ctx = ctx;
    }


    @picocli.CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(ctx.out());
    }

    static FaultExperiments.Kind kind(String s) {
        return switch (s) {
            case "node", "nodes" -> FaultExperiments.Kind.NODES;
            case "link", "links" -> FaultExperiments.Kind.LINKS;
            default -> throw new InvalidInputException("--kind must be node or link, not '" + s + "'");
        };
    }

    public static List<Topology> topologies(List<String> names) {
        return names.stream().map(Topologies::parse).toList();
    }

    /** The one object a fault curve prints with --json and keeps as result.json: what was run, what it applied, and its points. */
    static com.fasterxml.jackson.databind.node.ObjectNode curves(String experiment, FaultExperiments.Kind kind,
            RunSettings settings, AppliedFaults applied, List<?> points) {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode o = mapper.createObjectNode();
        o.put("experiment", experiment);
        o.put("kind", kind.key());
        o.put("seed", settings.seed());
        o.put("engine", settings.engine().key());
        o.set("applied", applied.json());
        o.set("points", mapper.valueToTree(points));
        return o;
    }

    /** The text of a fault curve: what it applied, its table, its seed and engine. */
    static String curvesText(AppliedFaults applied, String table, RunSettings settings) {
        return applied.line() + "\n" + table + "seed " + settings.seed() + ", " + settings.engine().key() + " engine\n";
    }

    static void checkCounts(int maxFaults, int seeds) {
        if (maxFaults < 0 || maxFaults > 10_000) {
            throw new InvalidInputException("--max-faults must be 0..10000, not " + maxFaults);
        }
        if (seeds < 1 || seeds > 100_000) {
            throw new InvalidInputException("--seeds must be 1..100000, not " + seeds);
        }
    }

    /** The options a fault curve takes in both experiments: the networks, the algorithms, the kind and the number of faults. */
    public static final class CurveOptions {
        private final CommandContext ctx;

        CurveOptions(CommandContext ctx) {
            this.ctx = ctx;
        }

        @Mixin
        TopologyOptions topology;

        /** The networks given, by name (default scc:5,scc:6). */
        public List<String> names() {
            return topology.names("scc:5", "scc:6");
        }

        @Option(names = IcnLine.ALGORITHM, split = ",", paramLabel = "A",
                description = "Repeatable, or a list. Default per network: coverage: one-port,multi-port,flooding on scc:N, flooding"
                        + " elsewhere; routing: dfs,greedy on scc:N, fault-tolerant,optimal on cr:N, dfs and the network's"
                        + " standard routing elsewhere (e.g. dfs,dimension-order on torus).")
        List<String> algorithms;

        @Option(names = IcnLine.KIND, defaultValue = "node", paramLabel = "node|link", description = "Random node faults (default) or link faults.")
        String kind;

        @Option(names = "--max-faults", defaultValue = "10", paramLabel = "F", description = "Fault counts 0..F (default 10).")
        int maxFaults;

        /** The algorithms compared on {@code t} in {@code experiment}: those given, or the network's own, as a fault scenario chooses. */
        public List<String> algorithmsFor(String experiment, Topology t) {
            return algorithms != null && !algorithms.isEmpty() ? algorithms : icn.scenarios.FaultScenario.defaultAlgorithms(experiment, t);
        }

        /** Checks the counts and the engine (one JVM), and parses every network, before anything runs. */
        List<Topology> checked(int seeds, int jvms, String experiment) {
            checkCounts(maxFaults, seeds);
            kind(kind);
            // on a standing cluster the curves run across its workers, as on a cluster formed by hand
            if (jvms != 1 && !ctx.engines().standing()) {
                throw new InvalidInputException("icn faults " + experiment + " runs on one JVM (--jvms 1); to kill a JVM mid-run: `"
                        + IcnLine.of("faults", "kill-jvm").option(IcnLine.TOPOLOGY, names().get(0)).option("--jvms", 3)
                                .option("--kill-jvm", "2@4").text() + "`");
            }
            return topologies(names());
        }
    }

    @Command(name = "coverage", mixinStandardHelpOptions = true,
            description = {"Broadcast coverage (informed fraction of live nodes, mean over seeds) against 0..F random node or link faults",
                    "before step 1, for Algorithms 4 and 5 of 001 (scc:N) and flooding (any network), from node 0. Without --topology:",
                    "scc:5,scc:6."})
    public static final class Coverage implements Callable<Integer> {
        private final CommandContext ctx;

        public Coverage(CommandContext ctx) {
            this.ctx = ctx;
        }

        @Mixin
        public CurveOptions curve;

        @Option(names = "--seeds", defaultValue = "100", paramLabel = "N", description = "Seeds per point (default 100).")
        int seeds;

        @Mixin
        CommonOptions common;

        @Mixin
        SubmitOptions submit;

        @Mixin
        EngineOptions engine;

        @Override
        public Integer call() throws java.io.IOException {
            Progress progress = new Progress(ctx.session(), common.json);
            RunSettings settings = engine.settings(common.seed, progress::step);
            List<Topology> ts = curve.checked(seeds, engine.jvms(), "coverage");
            FaultExperiments.Kind k = kind(curve.kind);
            List<List<BroadcastAlgorithm>> algs = new ArrayList<>();
            for (Topology t : ts) {
                List<BroadcastAlgorithm> list = curve.algorithmsFor("coverage", t).stream().map(BroadcastAlgorithm::parse).toList();
                for (BroadcastAlgorithm a : list) {
                    if (!a.anyTopology() && !NetworkPrograms.of(t).papersBroadcasts()) {
                        throw new InvalidInputException(a.key() + " (001 Algorithms 4 and 5) is defined for scc:N, not " + t.name());
                    }
                }
                algs.add(list);
            }
            Results results = Results.open(ctx.session(), common.results(), 1);
            List<FaultExperiments.CoveragePoint> points = new ArrayList<>();
            // a progress line per point (network, algorithm, fault count): "3 of 12 · ... · ~20 s left"
            java.util.function.Consumer<String> point = progress.counted(algs.stream().mapToInt(List::size).sum() * (curve.maxFaults + 1));
            try (Engine machines = ctx.engines().open(settings)) {
                for (int i = 0; i < ts.size(); i++) {
                    points.addAll(FaultExperiments.coverage(machines, ts.get(i), algs.get(i), k, curve.maxFaults, seeds, settings.seed(), settings,
                            progress.observing(point)));
                }
            }
            progress.done();
            AppliedFaults applied = FaultExperiments.coverageApplied(ts, k, curve.maxFaults, seeds, FaultSpec.none(settings.seed()));
            FaultExperiments.writeCoverage(results.root(), results.name(), settings.seed(), points, applied);
            com.fasterxml.jackson.databind.node.ObjectNode o = curves("coverage", k, settings, applied, points);
            return results.finish(o, curvesText(applied, FaultExperiments.coverageTable(points), settings),
                    points.stream().allMatch(FaultExperiments.CoveragePoint::allBalanced) ? 0 : ExitCodes.RUN_FAILED);
        }
    }

    @Command(name = "routing", mixinStandardHelpOptions = true,
            description = {"Routing delivery ratio (delivered over deliverable packets) and stretch (walk over the distance in the",
                    "surviving graph) against 0..F random node or link faults, per algorithm and network. Without --topology: scc:5,scc:6."})
    public static final class Routing implements Callable<Integer> {
        private final CommandContext ctx;

        public Routing(CommandContext ctx) {
            this.ctx = ctx;
        }

        @Mixin
        public CurveOptions curve;

        @Option(names = "--mode", paramLabel = "source|distributed",
                description = "Default: distributed where a routing has that form, from the source otherwise (dfs always runs"
                        + " distributed, CR_n's fault-tolerant always from the source).")
        String mode;

        @Option(names = IcnLine.SWEEP, defaultValue = "sample:200", paramLabel = "SWEEP", description = "Packets per run (default sample:200).")
        String sweep;

        @Option(names = "--seeds", defaultValue = "20", paramLabel = "N", description = "Seeds per point (default 20).")
        int seeds;

        @Mixin
        CommonOptions common;

        @Mixin
        SubmitOptions submit;

        @Mixin
        EngineOptions engine;

        @Override
        public Integer call() throws java.io.IOException {
            Progress progress = new Progress(ctx.session(), common.json);
            RunSettings settings = engine.settings(common.seed, progress::step);
            List<Topology> ts = curve.checked(seeds, engine.jvms(), "routing");
            FaultExperiments.Kind k = kind(curve.kind);
            for (Topology t : ts) {
                icn.scenarios.routing.RouteSweep.checkSweep(t, sweep);
                for (String a : curve.algorithmsFor("routing", t)) {
                    icn.node.kind.RouteSources.of(t, new icn.protocols.wire.RoutingSpec(a, FaultExperiments.modeOf(t, a, mode), sweep,
                            settings.seed()));
                }
            }
            Results results = Results.open(ctx.session(), common.results(), 1);
            List<FaultExperiments.RoutingPoint> points = new ArrayList<>();
            // a progress line per point (network, algorithm, fault count): "3 of 12 · ... · ~20 s left"
            java.util.function.Consumer<String> point = progress.counted(ts.stream().mapToInt(t -> curve.algorithmsFor("routing", t).size())
                    .sum() * (curve.maxFaults + 1));
            try (Engine machines = ctx.engines().open(settings)) {
                for (Topology t : ts) {
                    points.addAll(FaultExperiments.routing(machines, t, curve.algorithmsFor("routing", t), mode, sweep, k, curve.maxFaults, seeds, settings.seed(), settings,
                            progress.observing(point)));
                }
            }
            progress.done();
            AppliedFaults applied = FaultExperiments.routingApplied(ts, k, curve.maxFaults, seeds, FaultSpec.none(settings.seed()));
            FaultExperiments.writeRouting(results.root(), results.name(), settings.seed(), points, applied);
            com.fasterxml.jackson.databind.node.ObjectNode o = curves("routing", k, settings, applied, points);
            return results.finish(o, curvesText(applied, FaultExperiments.routingTable(points), settings),
                    points.stream().allMatch(FaultExperiments.RoutingPoint::allBalanced) ? 0 : ExitCodes.RUN_FAILED);
        }
    }

    @Command(name = "cr-theorem", mixinStandardHelpOptions = true,
            description = {"003 Theorem 3.4 measured: Fault_Tolerant Static Route in CR_n with up to n-1 faulty nodes next to the",
                    "destination, next to the source, or both; every source to I and every placement (or a seeded sample): routes",
                    "delivered, extra steps over Optimal_Route (claimed <= 6), counterexamples. Writes result.json, theorem34.csv,",
                    "counterexamples.csv and report.md in the results directory. Without --topology: cr:4,cr:5,cr:6,cr:7 (N = 3..8)."})
    static final class CrTheorem implements Callable<Integer> {
        private final CommandContext ctx;

        CrTheorem(CommandContext ctx) {
            this.ctx = ctx;
        }

        @Mixin
        TopologyOptions topology;

        @Option(names = "--placement", split = ",", paramLabel = "P",
                description = "Where the faulty nodes go: destination, source, both (default: all three).")
        List<String> placements;

        @Option(names = "--sample", paramLabel = "S:P",
                description = "Instead of every source and placement: S random sources with P random placements each (seeded by --seed).")
        String sample;

        @Option(names = "--limit", defaultValue = "3", paramLabel = "K", description = "Counterexamples shown per case (default 3).")
        int limit;

        @Mixin
        CommonOptions common;

        @Mixin
        SubmitOptions submit;

        @Override
        public Integer call() throws java.io.IOException {
            List<CompleteRotationGraph> crs = new ArrayList<>();
            for (String name : topology.names("cr:4", "cr:5", "cr:6", "cr:7")) {
                CompleteRotationGraph cr = Topologies.parse(name, CompleteRotationGraph.class).orElseThrow(() -> new InvalidInputException(
                        "icn faults cr-theorem measures 003 Theorem 3.4 on cr:N, not " + Topologies.parse(name).name()));
                if (cr.n() < 3 || cr.n() > 8) {
                    throw new InvalidInputException(cr.name() + " is out of range: cr-theorem measures cr:3 ... cr:8");
                }
                crs.add(cr);
            }
            if (limit < 0) {
                throw new InvalidInputException("--limit must be 0 or more, not " + limit);
            }
            List<FaultTolerantCheck.Placement> ps = placements == null ? List.of(FaultTolerantCheck.Placement.values())
                    : placements.stream().map(CrTheorem::placement).toList();
            FaultTolerantCheck.Sampling sampling = sampling(sample, common.seed);
            Results results = Results.open(ctx.session(), common.results(), 1);
            Progress progress = new Progress(ctx.session(), common.json);
            List<FaultTolerantCheck.Measurement> ms = new ArrayList<>();
            int total = crs.size() * ps.size();
            for (CompleteRotationGraph cr : crs) {
                int n = cr.n();
                for (FaultTolerantCheck.Placement p : ps) {
                    String what = "cr:" + n + ", faulty among " + p.text();
                    int item = ms.size() + 1;
                    ms.add(FaultTolerantCheck.measure(cr, p, sampling, (done, of) -> {
                        if (done % 64 == 0) {
                            progress.item(item, total, what + ": " + done + " of " + of + " sources", item - 1 + done / (double) of, total);
                        }
                    }));
                }
            }
            progress.done();
            CrTheoremReport.write(results.root(), results.name(), ms, limit);
            return results.finish(CrTheoremReport.json(ms, limit), CrTheoremReport.table(ms, limit), 0);
        }

        static FaultTolerantCheck.Placement placement(String s) {
            return switch (s) {
                case "destination" -> FaultTolerantCheck.Placement.AT_DESTINATION;
                case "source" -> FaultTolerantCheck.Placement.AT_SOURCE;
                case "both" -> FaultTolerantCheck.Placement.AT_BOTH;
                default -> throw new InvalidInputException("--placement must be destination, source or both, not '" + s + "'");
            };
        }

        static FaultTolerantCheck.Sampling sampling(String sample, long seed) {
            if (sample == null) {
                return FaultTolerantCheck.Sampling.exhaustive();
            }
            String[] parts = sample.split(":", -1);
            try {
                if (parts.length == 2) {
                    int s = Integer.parseInt(parts[0].trim());
                    int p = Integer.parseInt(parts[1].trim());
                    if (s >= 1 && p >= 1) {
                        return new FaultTolerantCheck.Sampling(s, p, seed);
                    }
                }
            } catch (NumberFormatException e) {
                // falls through to the one-line error
            }
            throw new InvalidInputException("--sample must be S:P with S sources and P placements per source, both at least 1, not '"
                    + sample + "'");
        }
    }

    @Command(name = "kill-jvm", mixinStandardHelpOptions = true,
            description = {"A worker JVM killed mid-broadcast on a local cluster: the broadcast without faults, then with the kill under",
                    "each member-loss policy (continue: the other JVMs go on without it; abort: the run ends with the report), each on",
                    "its own cluster; what was lost, how long detection took, the coverage, beside the sequential engine with the",
                    "JVM's nodes crashed at the kill step. The results directory holds result.json, runs.csv, steps.csv, coverage.png and report.md.",
                    "Defaults: --topology scc:6, --jvms 3."})
    static final class KillJvm implements Callable<Integer> {
        private final CommandContext ctx;

        KillJvm(CommandContext ctx) {
            this.ctx = ctx;
        }

        @Mixin
        TopologyOptions topology;

        @Option(names = IcnLine.ALGORITHM, paramLabel = "A",
                description = "one-port, multi-port (scc:N), flooding, flooding-one-port; default one-port (Algorithm 4) on scc:N, flooding elsewhere.")
        String algorithm;

        @Option(names = "--source", paramLabel = "LABEL", description = "The source (default: node 0).")
        String source;

        @Mixin
        ClusterOptions cluster;

        @Option(names = "--kill-jvm", paramLabel = "J@STEP",
                description = "Kill worker JVM J when the run reaches STEP (default: the last worker, in the middle of the fault-free run).")
        String kill;

        @Option(names = "--policies", split = ",", defaultValue = "continue,abort", paramLabel = "P",
                description = "Member-loss policies to run, each on a cluster of its own (default continue,abort).")
        List<String> policies;

        @Option(names = "--hosts", paramLabel = "H", description = "Host actors per JVM (default: one per core, shared among the JVMs).")
        Integer hosts;

        @Option(names = "--partitioning", defaultValue = "supernode", paramLabel = "supernode|block|round-robin",
                description = "How nodes are split among hosts (default supernode).")
        String partitioning;


        @Mixin
        CommonOptions common;

        @Override
        public Integer call() throws java.io.IOException {
            Topology t = topology.network("scc:6");
            int jvms = cluster.jvms(3);
            BroadcastAlgorithm alg = algorithm != null ? BroadcastAlgorithm.parse(algorithm) : KillJvmExperiment.defaultAlgorithm(t);
            int sourceNode = source == null ? 0 : t.parseLabel(source);
            ctx.engines().checkJvms(jvms);
            List<String> ps = KillJvmExperiment.checkPolicies(policies);
            icn.protocols.fault.FaultSpec.KillJvm k = kill == null ? null : icn.protocols.fault.FaultSpec.KillJvm.parse(kill, "--kill-jvm");
            int h = hosts != null ? hosts : ctx.engines().defaultHosts(jvms);
            RunSettings settings = new RunSettings(EngineKind.ACTORS, jvms, h,
                    icn.protocols.Partition.Kind.parse(partitioning), common.seed);
            KillJvmExperiment.Setup setup = KillJvmExperiment.setup(t, alg, sourceNode, k, settings);
            return KillJvmRunner.run(ctx, setup, ps, cluster.formationTimeout(), Results.open(ctx.session(), common.results(), jvms),
                    new Progress(ctx.session(), common.json));
        }
    }

    static List<String> names(Object[] values) {
        return Arrays.stream(values).map(Object::toString).toList();
    }
}
