package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;
import icn.launcher.ExitCodes;
import icn.launcher.cluster.Engines;
import icn.launcher.output.Progress;
import icn.launcher.output.Results;
import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.node.kind.Routings;
import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.fault.FaultSpec;
import icn.scenarios.traffic.TrafficExperiment;
import icn.scenarios.traffic.TrafficReport;
import icn.scenarios.traffic.TrafficSettings;
import java.util.List;
import java.util.concurrent.Callable;
import icn.protocols.traffic.TrafficMix;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import icn.scenarios.report.IcnLine;

/** {@code icn traffic}: one latency curve under load, every node a wormhole router, with 002's model beside it. */
@Command(name = "traffic", mixinStandardHelpOptions = true,
        description = {"Load a network with traffic and measure latency against offered load: every node is a wormhole router",
                "with V virtual channels of F flits per input channel, messages of M flits arrive at every node as a Poisson process of",
                "rate λ_g messages per cycle, and one step is one network cycle (a flit hop, 002 §5). For each rate: mean message latency",
                "(generation to the last flit ejected), network latency and source-queue time with 95 %% intervals (batch means), offered",
                "and accepted throughput, saturation, and 002's analytical model beside the measurement (the (n,k)-RNH with --routing",
                "adaptive, and the hypercube). Prints a table, or one JSON object with --json; the results directory holds result.json,",
                "report.md, points.csv, messages.csv and latency.png."})
final class TrafficCommand implements Callable<Integer> {
    private final CommandContext ctx;

    TrafficCommand(CommandContext ctx) {
        this.ctx = ctx;
    }


    @Mixin
    TopologyOptions topology;

    @Option(names = {IcnLine.ALGORITHM, IcnLine.ROUTING}, paramLabel = "KEY",
            description = {"The routing with its virtual-channel rules (default: the network's first; why each cannot deadlock: docs/design.md).",
                    "By kind: ${bundle:icn.help.traffic-routings}. updown: minimal adaptive with an up*/down* escape; hop-class: rising",
                    "virtual-channel classes, V >= diameter; 000 §6's minimal, with its backtracking, is refused."})
    String routing;

    @Option(names = IcnLine.PATTERN, paramLabel = "PATTERN",
            description = {"Where messages go (default uniform: any other node): uniform, transpose, hotspot:F (a fraction F to node 0),",
                "permutation (a random one from --seed), bit-complement, bit-reverse, shuffle (2^b nodes), tornado, neighbour (a torus",
                "or k-ary n-cube address; tornado needs radix >= 3), adversarial (every node of a group to the next group: a",
                "dragonfly's, SCC_n's supernodes). On a fat-tree or dragonfly only terminals send and receive."})
    String pattern;

    @Option(names = IcnLine.CLASS, paramLabel = "PATTERN@SHARE[@M]",
            description = {"A traffic class, up to 4 (repeat the option): its pattern, its share of the messages (the shares sum to 1)",
                "and, optionally, its own message length M, e.g. --class uniform@0.9 --class hotspot:0.5@0.1@64. Replaces --pattern;",
                "the report gives latency and accepted throughput per class."})
    List<String> classes;

    @Option(names = IcnLine.SIZES, paramLabel = "M:SHARE,...",
            description = {"A mix of message lengths instead of one M: lengths in flits with their shares of the messages (summing",
                "to 1), e.g. 4:0.8,64:0.2; classes without their own M take it. Replaces --flits; the rate is still in messages."})
    String sizes;

    @Option(names = IcnLine.INJECTION, defaultValue = "poisson", paramLabel = "poisson|bernoulli|bursty:B",
            description = {"How a node's messages arrive (default poisson, 002 §4): bernoulli (a message in a cycle with probability",
                "the rate, at most 1), bursty:B (bursts start as a Poisson process of rate/B, each of a geometric number of messages of",
                "mean B on consecutive cycles); the mean rate is the rate in every case."})
    String injection;

    @Option(names = IcnLine.VCS, paramLabel = "V", description = "Virtual channels per physical channel (default 4, or what the routing needs).")
    Integer vcs;

    @Option(names = IcnLine.FLITS, paramLabel = "M", description = "Flits per message (default 32).")
    Integer flits;

    @Option(names = "--pipeline", paramLabel = "R,V,S,T",
            description = {"The router's pipeline: routing, VC allocation, switch allocation and traversal delays in cycles, added at every",
                    "router a message passes (default 0,0,0,0: a head moves one link per cycle). A head waits R+V+S+T, a body flit S+T."})
    String pipeline;

    @Option(names = "--link-latency", paramLabel = "CLASS:L,...",
            description = {"Cycles a link of each class named takes, for flits and credits (default 1 each), e.g. global:10,local:2; the",
                    "classes: lateral, local, f, g, necklace, dimension, terminal, global, tree."})
    String linkLatency;

    @Option(names = "--speedup", paramLabel = "S",
            description = {"Flits one input channel may send through the router's crossbar in a cycle, to different outputs (default: no",
                    "limit, every virtual channel; 1: a router without internal speedup, the input's virtual channels take turns)."})
    String speedup;

    @Option(names = "--buffer", defaultValue = "4", paramLabel = "F",
            description = "Flits a virtual channel buffers (default 4: twice the credit round trip of 2 cycles).")
    int buffer;

    @Option(names = IcnLine.RATES, paramLabel = "A:B:N|R1,R2,...",
            description = "Generation rates λ_g in messages per node per cycle: N evenly from A to B, or a list (default: ten up to the channel-load estimate).")
    String rates;

    @Option(names = "--loads", paramLabel = "A:B:N|L1,L2,...",
            description = {"Offered loads in flits per node per cycle (λ_g·M, what BookSim reports), in place of --rates: N evenly from A to B,",
                    "or a list; each becomes λ_g = load / M (the mix's mean M with --sizes or --class)."})
    String loads;

    @Option(names = "--warmup", defaultValue = "auto", paramLabel = "C|auto",
            description = "Cycles discarded before the window (default auto: MSER-5 over the latencies).")
    String warmup;

    @Option(names = "--cycles", defaultValue = "10000", paramLabel = "C", description = "Messages generated up to cycle C are measured (default 10000).")
    long cycles;

    @Option(names = "--stop-when", paramLabel = "F", description = {"Measure each rate until the half-width of its latency's 95-percent interval",
        "is at most F of the mean (e.g. 0.05), doubling the window from --cycles up to --max-cycles; default: the fixed window."})
    Double stopWhen;

    @Option(names = "--max-cycles", paramLabel = "C", description = "The largest window --stop-when may take (default 16 x --cycles).")
    Long maxCycles;

    @Option(names = "--drain", paramLabel = "C",
            description = "Cycles after the window the run may go on for its last messages to arrive (default C/2).")
    Long drain;

    @Mixin
    EngineOptions engine;

    @Mixin
    TrafficFaultOptions faults;

    @Mixin
    CommonOptions common;

    @Mixin
    SubmitOptions submit;

    /** The routers' timing of {@code --pipeline}, {@code --link-latency} and {@code --speedup}; one line naming a problem. */
    private icn.protocols.traffic.RouterTiming timing() {
        int[] p = pipeline == null ? new int[4] : icn.protocols.traffic.RouterTiming.pipeline(pipeline);
        int[] l = linkLatency == null ? null : icn.protocols.traffic.RouterTiming.links(linkLatency);
        int s = speedup == null ? 0 : icn.protocols.traffic.RouterTiming.speedup(speedup);
        return new icn.protocols.traffic.RouterTiming(p[0], p[1], p[2], p[3], l, s);
    }

    @Override
    public Integer call() throws Exception {
        Topology t = topology.network();
        if (routing != null && !Routings.trafficKeys(t).contains(routing.strip())) {
            Routings.traffic(t, routing, 1); // one line naming the routings the network has
        }
        ctx.engines().checkJvms(engine.jvms());
        long warm = warmup.strip().equals("auto") ? TrafficSettings.AUTO_WARMUP : parseCycles(warmup, "--warmup");
        int v = vcs != null ? vcs : TrafficSettings.defaultVcs(t, routing);
        int hosts = engine.hosts != null ? engine.hosts : ctx.engines().defaultHosts(engine.jvms());
        FaultSpec spec = faults.spec(common.seed);
        if (classes != null && pattern != null) {
            throw new InvalidInputException("--pattern and --class both given: each class names its own pattern (PATTERN@SHARE[@M])");
        }
        if (sizes != null && flits != null) {
            throw new InvalidInputException("--flits and --sizes both given: --sizes is a mix of message lengths in place of one M");
        }
        int m = flits == null ? TrafficSettings.DEFAULT_FLITS : flits;
        String first = pattern == null ? "uniform" : pattern;
        TrafficMix mix = TrafficMix.of(first, m, sizes, classes);
        double stop = stopWhen == null ? 0 : stopWhen;
        long cap = stop == 0 ? 0 : maxCycles == null || maxCycles == 0 ? 16 * cycles : maxCycles;
        // built once, on the network parsed once (the mix's first pattern and longest message, as TrafficSettings.withMix has them)
        if (rates != null && loads != null) {
            throw new InvalidInputException("--rates and --loads both given: give one (--loads L is --rates L/M)");
        }
        List<Double> lambdas = rates != null ? TrafficSettings.parseRates(rates) : loads != null
                ? TrafficSettings.parseRates(loads).stream().map(l -> l / mix.meanFlits()).toList() : List.of();
        TrafficSettings settings = new TrafficSettings(t, routing, mix.classes().get(0).pattern(), v, mix.maxFlits(), buffer,
                lambdas, warm, cycles,
                drain == null ? TrafficSettings.defaultDrain(cycles) : drain, common.seed, EngineKind.parse(engine.engine), engine.jvms(), hosts,
                icn.protocols.Partition.Kind.parse(engine.partitioning), spec, injection, stop, cap, mix.text())
                .withTiming(timing());
        warnPastSaturation(settings, mix.meanFlits());
        Progress progress = new Progress(ctx.session(), common.json);
        RunSettings run = settings.runSettings().withProgress(progress::step).withFormationTimeout(engine.cluster.formationTimeout());
        ctx.engines().requireHeap(run.engine(), t, run.jvms());
        FaultPlan plan = spec.resolve(t, new int[0], run.jvms());
        icn.node.kind.Programs.of(t, settings.spec(1e-3), plan); // refuses faults traffic cannot take, before anything starts
        Results results = Results.open(ctx.session(), common.results(), run.jvms());
        icn.scenarios.report.Charts.warmUpInBackground(); // the charts' native set-up, on another core while the curve runs
        TrafficExperiment.Curve curve;
        try (Engine machines = ctx.engines().open(run)) { // its heap checked above, once
            curve = TrafficExperiment.run(machines, settings, plan, progress.observing(progress::line));
        }
        progress.done();
        TrafficReport.write(results.root(), results.name(), curve);
        boolean balanced = curve.points().stream().filter(p -> p.run())
                .allMatch(p -> p.accounting().balanced() && p.messageAccounting().balanced());
        boolean deadlocked = curve.points().stream().anyMatch(p -> p.deadlock() != null);
        return results.finish(TrafficReport.json(curve),
                TrafficReport.text(curve), balanced && !deadlocked ? 0 : ExitCodes.RUN_FAILED);
    }

    /** How far past the channel-load estimate a rate may go before the run says, in one line, that it will only saturate. */
    static final double PAST_SATURATION = 2;

    /**
     * One warning line (the run goes on) when the highest rate offers more than {@link #PAST_SATURATION} times what the network can
     * accept by {@link TrafficExperiment#saturationEstimate}: such a point only measures a saturated network, and runs until its drain.
     */
    private void warnPastSaturation(TrafficSettings settings, double meanFlits) {
        if (settings.rates().isEmpty()) {
            return;
        }
        double highest = settings.rates().stream().mapToDouble(Double::doubleValue).max().orElse(0);
        double estimate = TrafficExperiment.saturationEstimate(settings);
        if (estimate > 0 && highest > PAST_SATURATION * estimate) {
            ctx.err().println(String.format(java.util.Locale.ROOT, "icn: warning: λ_g=%s offers %.4g flits/node/cycle, %.0f× what %s can accept"
                    + " by its channel loads (saturation near λ_g=%s, %.4g flits/node/cycle): that point measures only a saturated network and"
                    + " runs until its drain", TrafficReport.rate(highest), highest * meanFlits, highest / estimate, settings.topology(),
                    TrafficReport.rate(estimate), estimate * meanFlits));
        }
    }

    static long parseCycles(String text, String flag) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new InvalidInputException(flag + " must be a number of cycles or auto, not '" + text.strip() + "'");
        }
    }
}
