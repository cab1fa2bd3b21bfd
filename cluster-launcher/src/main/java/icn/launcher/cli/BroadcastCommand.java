package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;

import icn.launcher.ExitCodes;
import icn.launcher.cluster.Engines;
import icn.launcher.output.Console;
import icn.launcher.output.Progress;
import icn.launcher.output.Results;
import icn.launcher.output.Texts;
import icn.node.engine.Engine;
import icn.node.engine.RunSettings;
import icn.node.kind.NetworkBroadcasts;
import icn.node.kind.NetworkPrograms;
import icn.protocols.BroadcastAlgorithm;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import icn.protocols.topology.Scc;
import icn.scenarios.broadcast.BroadcastChecks;
import icn.scenarios.broadcast.BroadcastExperiment;
import icn.scenarios.broadcast.BroadcastReport;
import icn.scenarios.broadcast.FloodingRun;
import icn.scenarios.broadcast.PortBroadcastRun;
import icn.scenarios.report.IcnLine;
import icn.scenarios.report.MeasuredSoFar;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code icn broadcast}: one run of Algorithm 4 or 5 of 001, measured beside Theorems 9 and 10, or of a one-port broadcasting sequence
 * of 001 §8.1–8.3, measured beside §8.3, Eq. 3 and Theorems 6 and 7.
 */
@Command(name = "broadcast", mixinStandardHelpOptions = true,
        description = {"Broadcast from one node of any network and print the measured steps beside the papers' formulas: flooding",
                "and flooding-one-port on every network (checked against the source's BFS eccentricity); on scc:N Algorithm 4",
                "(one-port) or Algorithm 5 (multi-port) of 001, optionally pipelining B messages, or a one-port broadcasting",
                "sequence of 001 section 8 (cyclic-seq, cyclic-par, switching-nlogn, switching-n2; one message). one-port and",
                "multi-port also run on ccc:N (001 §12), hypercube:N (binomial tree; multi-port flooding) and star:N (a recursive",
                "one-port algorithm; multi-port the δ-port broadcast of 001 Theorem 8), optionally with lateral links R ticks slow",
                "(--lateral-latency, --theorem11), reporting the running time in lateral link steps."})
final class BroadcastCommand implements Callable<Integer> {
    private final CommandContext ctx;

    BroadcastCommand(CommandContext ctx) {
        this.ctx = ctx;
    }


    @Mixin
    TopologyOptions topology;

    @Option(names = IcnLine.ALGORITHM, required = true, split = ",",
            paramLabel = "one-port|multi-port|flooding|flooding-one-port|cyclic-seq|cyclic-par|switching-nlogn|switching-n2",
            description = "Algorithm 4 or 5 of 001 (scc:N; their technique on ccc:N; hypercube:N and star:N as above), flooding (any "
                    + "topology), or a sequence of 001 section 8 (scc:N): cyclic-seq and cyclic-par (8.3), switching-nlogn (8.1, T_n), "
                    + "switching-n2 (8.2, the n^2/2 network). Repeatable, or a comma-separated list.")
    List<String> algorithms;

    @Option(names = "--messages", defaultValue = "1", paramLabel = "B", description = "Pipelined messages (default 1).")
    int messages;

    @Option(names = "--source", paramLabel = "LABEL|random:N",
            description = "The originating node, e.g. '<2,123456>' (default: node 0, <2,12…n> on scc:N); repeatable, one broadcast per"
                    + " source; random:N: N distinct nodes drawn with --seed.")
    List<String> sources;

    @Option(names = "--lateral-latency", paramLabel = "R",
            description = "Ticks a lateral link takes, local links 1 (001 Theorem 11; default 1). scc:N and ccc:N, one-port or multi-port.")
    Integer lateralLatency;

    @Option(names = IcnLine.THEOREM11, description = "Choose R by 001 Theorem 11 and §12: scc:N ⌊n/2⌋ one-port, ⌊(n−1)/2⌋ multi-port;"
            + " ccc:N ⌊(n+1)/2⌋ one-port, ⌊n/2⌋ multi-port; 1 elsewhere.")
    boolean theorem11;

    @Mixin
    EngineOptions engine;

    @Mixin
    CommonOptions common;

    @Mixin
    SubmitOptions submit;

    @Mixin
    FaultOptions faults;

    /** One run's outcome: the object --json prints, the text, and whether it completed. */
    private record Run(com.fasterxml.jackson.databind.JsonNode json, String text, boolean ok,
            com.fasterxml.jackson.databind.node.ObjectNode wave) {
        Run(com.fasterxml.jackson.databind.JsonNode json, String text, boolean ok) {
            this(json, text, ok, null);
        }
    }

    private boolean json;

    @Override
    public Integer call() {
        json = common.json;
        // every network and algorithm parsed once, the settings built once and each network's heap checked once, before anything
        // runs or is written
        List<Topology> networks = topology.networks();
        List<BroadcastAlgorithm> algs = algorithms.stream().map(BroadcastAlgorithm::parse).toList();
        Progress progress = new Progress(ctx.session(), json);
        RunSettings settings = engine.settings(common.seed, progress::step);
        for (Topology t : networks) {
            ctx.engines().requireHeap(settings.engine(), t, settings.jvms());
        }
        for (Topology t : networks) {
            for (BroadcastAlgorithm alg : algs) {
                for (int source : sourceNodes(t)) {
                    runOne(t, alg, source, settings, "", progress, true); // its checks only: every refusal comes before the directory
                }
            }
        }
        Results results = Results.open(ctx.session(), common.results(), engine.jvms());
        List<Run> runs = new java.util.ArrayList<>();
        int planned = networks.stream().mapToInt(t -> algs.size() * sourceNodes(t).size()).sum();
        Engines.Shared cluster = ctx.engines().oneClusterFor(settings, planned);
        try {
            record Point(Topology t, BroadcastAlgorithm alg, int source) {
            }
            List<Point> points = new java.util.ArrayList<>();
            for (Topology t : networks) {
                for (BroadcastAlgorithm alg : algs) {
                    for (int source : sourceNodes(t)) {
                        points.add(new Point(t, alg, source));
                    }
                }
            }
            record Done(Point point, Run run) {
            }
            // independent runs: on a standing cluster's workers as many at once as it lends, taken back in their order
            int parallel = ctx.engines().parallelRuns(settings);
            icn.node.engine.Sweeps.map(parallel, points.size(), i -> {
                Point p = points.get(i);
                String counted = points.size() > 1 ? "[" + (i + 1) + "/" + points.size() + "] " : "";
                return new Done(p, runOne(p.t(), p.alg(), p.source(), settings, counted, progress, false));
            }, d -> false, d -> {
                runs.add(d.run());
                ctx.session().measured("runs.csv", "topology,algorithm,source,completed", String.join(",", d.point().t().name(),
                        d.point().alg().key(), "\"" + d.point().t().label(d.point().source()) + "\"", String.valueOf(d.run().ok())));
            });
        } finally {
            cluster.close();
        }
        boolean ok = runs.stream().allMatch(Run::ok);
        com.fasterxml.jackson.databind.JsonNode out;
        if (runs.size() == 1) {
            out = runs.get(0).json();
        } else {
            com.fasterxml.jackson.databind.node.ObjectNode all = new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode();
            all.put("seed", common.seed);
            all.put("runs", runs.size());
            all.put("completed", runs.stream().filter(Run::ok).count());
            all.set("applied", icn.scenarios.broadcast.BroadcastResults.applied(runs.stream().map(Run::json).toList()).json());
            runs.forEach(r -> all.withArray("results").add(r.json()));
            out = all;
        }
        writeWaves(results, runs);
        String text = String.join(System.lineSeparator(), runs.stream().map(Run::text).toList());
        return results.finish(out, text, ok ? 0 : ExitCodes.RUN_FAILED);
    }

    /**
     * Each run's wave, the step at which every node was informed ({@link Wave}): {@code wave.json} for one run, {@code wave-K.json}
     * for the K-th of several; none for a run that kept no wave (over {@link icn.protocols.RunMetrics#WAVE_MAX} nodes, or faults).
     */
    private static void writeWaves(Results results, List<Run> runs) {
        for (int k = 0; k < runs.size(); k++) {
            if (runs.get(k).wave() != null) {
                results.write(runs.size() == 1 ? "wave.json" : "wave-" + (k + 1) + ".json", runs.get(k).wave().toString());
            }
        }
    }

    /**
     * The source nodes of {@code t}: node 0 unless told; each {@code --source} label, or for {@code random:N} N distinct nodes drawn
     * with the seed (the same on every engine and every machine).
     */
    List<Integer> sourceNodes(Topology t) {
        if (sources == null || sources.isEmpty()) {
            return List.of(0);
        }
        List<Integer> nodes = new java.util.ArrayList<>();
        for (String s : sources) {
            java.util.regex.Matcher random = java.util.regex.Pattern.compile("random:([0-9]{1,9})").matcher(s);
            if (!random.matches()) {
                nodes.add(t.parseLabel(s));
                continue;
            }
            int n = Integer.parseInt(random.group(1));
            if (n < 1 || n > t.nodeCount()) {
                throw new InvalidInputException("--source random:" + n + ": " + t.name() + " has " + t.nodeCount() + " nodes to draw from");
            }
            java.util.SplittableRandom draw = new java.util.SplittableRandom(common.seed);
            java.util.LinkedHashSet<Integer> chosen = new java.util.LinkedHashSet<>();
            while (chosen.size() < n) {
                chosen.add(draw.nextInt(t.nodeCount()));
            }
            nodes.addAll(chosen);
        }
        return nodes;
    }

    /** One run's checks ({@code check}: and nothing more), or the run, with the command's settings (built and checked once). */
    private Run runOne(Topology any, BroadcastAlgorithm alg, int source, RunSettings settings, String counted, Progress progress,
            boolean check) {
        if ((lateralLatency != null || theorem11) && (faults.any() || !NetworkBroadcasts.handles(alg))) {
            throw new InvalidInputException("--lateral-latency and --theorem11 are for one-port and multi-port broadcasts without faults");
        }
        if (faults.any()) {
            return withFaults(any, alg, source, settings, counted, progress, check);
        }
        // which broadcast this is, and whether B fits it: decided as a broadcast scenario decides it
        int r = BroadcastChecks.lateralLatency(any, alg, lateralLatency(), theorem11);
        BroadcastChecks.Form form = BroadcastChecks.form(any, alg, r, theorem11, BroadcastChecks.Names.COMMAND);
        BroadcastChecks.checkMessages(any, alg, form, r, messages, BroadcastChecks.Names.COMMAND);
        if (form == BroadcastChecks.Form.PORT) {
            return portBroadcast(any, alg, r, source, settings, counted, progress, check);
        }
        if (form == BroadcastChecks.Form.FLOODING) {
            return flooding(any, alg, source, settings, counted, progress, check);
        }
        Scc scc = icn.protocols.topology.Topologies.as(any, Scc.class).orElseThrow(); // BroadcastChecks gives 001's own broadcasts only on SCC_n
        int sourceNode = source;
        if (check) {
            return null;
        }
        progress.step(counted + String.format("%s %s B=%d: %,d nodes on the %s engine", scc.name(), alg.key(), messages, scc.nodeCount(),
                settings.engine().key()));
        BroadcastExperiment.Outcome outcome;
        try (Engine machines = ctx.engines().open(settings)) {
            if (settings.engine().actors()) {
                progress.step(counted + String.format("%s %s B=%d: %,d node actors on %d JVM(s)", scc.name(), alg.key(), messages, scc.nodeCount(),
                        settings.jvms()));
            }
            outcome = BroadcastExperiment.run(machines, scc, alg, messages, sourceNode, settings);
            if (!outcome.lostMembers().isEmpty()) {
                progress.done();
                ctx.err().println("icn: " + Texts.memberLoss(outcome)); // now, before the cluster is taken down
            }
        }
        progress.done();
        BroadcastReport report = new BroadcastReport(outcome.run());
        return new Run(report.toJsonNode(), Texts.broadcast(report, outcome.timing()), outcome.completed(),
                icn.scenarios.broadcast.Wave.of(scc, alg.key(), sourceNode, outcome.run().metrics()).orElse(null));
    }

    private int lateralLatency() {
        if (lateralLatency != null && theorem11) {
            throw new InvalidInputException("give either --lateral-latency or --theorem11, not both");
        }
        if (lateralLatency != null && lateralLatency < 1) {
            throw new InvalidInputException("--lateral-latency must be at least 1 tick, not " + lateralLatency);
        }
        return lateralLatency != null ? lateralLatency : 1;
    }

    /**
     * One-port or multi-port broadcasting on ccc:N, hypercube:N, star:N, or on scc:N with lateral links R &gt; 1 ticks: lateral and local
     * link steps, ticks, and the running time in lateral link steps (001 Theorem 11, §12, Tables 6 and 7).
     */
    private Run portBroadcast(Topology t, BroadcastAlgorithm alg, int r, int sourceNode, RunSettings settings, String counted,
            Progress progress, boolean check) {
        if (!NetworkBroadcasts.supports(t)) {
            throw new InvalidInputException(alg.key() + " broadcasting is defined for " + NetworkBroadcasts.NETWORKS + ", not " + t.name()
                    + ": use flooding or flooding-one-port");
        }
        if (r != 1 && !NetworkBroadcasts.hasLocalLinks(t)) {
            throw new InvalidInputException(t.name() + " has no local links, so its links cannot be slower than them: --lateral-latency is for"
                    + " scc:N and ccc:N");
        }
        if (messages != 1) {
            throw new InvalidInputException("--messages: " + alg.key() + " on " + t.name() + (r != 1 ? " with --lateral-latency " + r : "")
                    + " broadcasts one message");
        }
        if (check) {
            return null;
        }
        progress.step(counted + String.format("%s %s R=%d: %,d nodes on the %s engine", t.name(), alg.key(), r, t.nodeCount(), settings.engine().key()));
        PortBroadcastRun.Result result;
        try (Engine machines = ctx.engines().open(settings)) {
            result = PortBroadcastRun.run(machines, t, alg, r, sourceNode, settings);
        }
        progress.done();
        com.fasterxml.jackson.databind.node.ObjectNode o = new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode()
                .put("topology", result.topology()).put("nodes", result.nodes()).put("algorithm", result.algorithm())
                .put("source", t.label(sourceNode)).put("seed", settings.seed()).put("lateralLatency", result.lateralLatency())
                .put("lateralSteps", result.lateralSteps()).put("localSteps", result.localSteps()).put("totalSteps", result.totalSteps())
                .put("ticks", result.ticks()).put("runningTimeInLateralSteps", result.runningTimeInLateralSteps())
                .put("informed", result.informed()).put("engine", result.engine()).put("jvms", settings.jvms())
                .put("wallSeconds", result.wallSeconds());
        o.set("applied", result.applied().json());
        StringBuilder text = new StringBuilder();
        text.append(String.format("%s (%,d nodes), %s from %s, lateral links %d tick(s), local links 1, %s engine, seed %d%n",
                result.topology(), result.nodes(), result.algorithm(), t.label(sourceNode), result.lateralLatency(), result.engine(),
                settings.seed()));
        Texts.applied(text, result.applied().summary(), 28);
        text.append(String.format("%-28s %,d of %,d nodes%s%n", "informed", result.informed(), result.nodes(),
                result.complete() ? ", all after tick " + result.ticks() : "; never all"));
        text.append(String.format("%-28s %d lateral + %d local = %d%n", "steps", result.lateralSteps(), result.localSteps(),
                result.totalSteps()));
        text.append(String.format(java.util.Locale.ROOT, "%-28s %.3f (ticks / R)%n", "running time in lateral steps",
                result.runningTimeInLateralSteps()));
        text.append(String.format(java.util.Locale.ROOT, "%-28s %.3f s%n", "wall time", result.wallSeconds()));
        return new Run(o, text.toString(), result.complete());
    }

    /** A broadcast with faults injected: coverage beside the live nodes the source still reaches, and the message accounting. */
    private Run withFaults(Topology t, BroadcastAlgorithm alg, int sourceNode, RunSettings settings, String counted, Progress progress,
            boolean check) {
        if (!alg.anyTopology() && !NetworkPrograms.of(t).papersBroadcasts()) {
            throw new InvalidInputException(alg.key() + " (001 Algorithms 4 and 5) is defined for scc:N, not " + t.name()
                    + ": use flooding or flooding-one-port");
        }
        icn.protocols.fault.FaultSpec spec = faults.spec(settings.seed());
        icn.protocols.fault.FaultPlan plan = icn.scenarios.faults.FaultRuns.planBroadcast(t, alg, messages, sourceNode, settings, spec);
        if (spec.kills() && settings.jvms() < 2) {
            throw new InvalidInputException("killing a JVM needs the actor engine on --jvms 2 or more");
        }
        if (check) {
            return null;
        }
        progress.step(counted + String.format("%s %s with faults: %,d nodes on the %s engine", t.name(), alg.key(), t.nodeCount(),
                settings.engine().key()));
        com.fasterxml.jackson.databind.node.ObjectNode report;
        try (Engine machines = ctx.engines().open(settings)) {
            report = icn.scenarios.faults.FaultRuns.broadcast(machines, t, alg, messages, sourceNode, settings, spec, plan);
        }
        progress.done();
        return new Run(report, Texts.faultyBroadcast(report), Texts.faultRunEnded(report));
    }

    /** Flooding on any topology, measured beside the BFS eccentricity of the source. */
    private Run flooding(Topology t, BroadcastAlgorithm alg, int sourceNode, RunSettings settings, String counted, Progress progress,
            boolean check) {
        if (!alg.anyTopology()) {
            throw new InvalidInputException(alg.key() + " (001 Algorithms 4 and 5) is defined for scc:N, not " + t.name()
                    + ": use flooding or flooding-one-port");
        }
        if (messages != 1) {
            throw new InvalidInputException("--messages: " + alg.key() + " broadcasts one message");
        }
        if (check) {
            return null;
        }
        progress.step(counted + String.format("%s %s: %,d nodes on the %s engine", t.name(), alg.key(), t.nodeCount(), settings.engine().key()));
        com.fasterxml.jackson.databind.node.ObjectNode report;
        java.util.concurrent.atomic.AtomicReference<com.fasterxml.jackson.databind.node.ObjectNode> wave = new java.util.concurrent.atomic.AtomicReference<>();
        try (Engine machines = ctx.engines().open(settings)) {
            report = FloodingRun.run(machines, t, alg, sourceNode, settings, wave::set);
        }
        progress.done();
        return new Run(report, Texts.flooding(report), report.get("agrees").asBoolean(), wave.get());
    }
}
