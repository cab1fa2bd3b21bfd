package icn.launcher.cli;

import icn.launcher.cluster.CommandContext;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.ExitCodes;
import icn.launcher.cluster.ActorMachines;
import icn.launcher.cluster.Engines;
import icn.launcher.output.Progress;
import icn.launcher.output.Results;
import icn.node.engine.RunResult;
import icn.node.engine.RunRequest;
import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.node.kind.Programs;
import icn.node.kind.Routings;
import icn.protocols.LinkLatency;
import icn.protocols.Partition;
import icn.protocols.RunMetrics;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.traffic.MessageDelivered;
import icn.protocols.traffic.TrafficSpec;
import icn.scenarios.traffic.LoadBound;
import icn.scenarios.traffic.TrafficReport;
import icn.scenarios.traffic.TrafficSettings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import icn.scenarios.report.IcnLine;

/**
 * {@code icn bench traffic}: how fast traffic runs go, in router-cycles per second (routers × network cycles emulated, per second
 * of the run), at low load and at saturation, on the sequential engine, through the node actors on one JVM, and across a local
 * cluster; paired repetitions that alternate which engine goes first, medians; every run checked to deliver the same messages at the
 * same steps as the sequential engine.
 */
@Command(name = "traffic", mixinStandardHelpOptions = true,
        description = {"Benchmark traffic runs: router-cycles per second (routers x cycles emulated per second of run) and flit-hops per",
                "second (the delivered messages' flits times their hops) at a low load and",
                "at saturation, on the sequential engine and through the node actors on one JVM (and across --jvms K, default 1), in paired",
                "repetitions alternating which engine goes first, medians; with node activations per router-cycle (idle routers",
                "sleep: cost follows flits, not cycles) and the actor/sequential ratio (target at saturation, one JVM: within 3x).",
                "Every run must deliver the same messages at the same steps as the sequential engine (exit 1 otherwise). Without",
                "--topology: rnh:6,5."})
final class BenchTrafficCommand implements Callable<Integer> {

    private final CommandContext ctx;

    BenchTrafficCommand(CommandContext ctx) {
        this.ctx = ctx;
    }

    @Mixin
    TopologyOptions topology;

    @Option(names = IcnLine.ROUTING, paramLabel = "KEY", description = "The routing (default: the network's first).")
    String routing;

    @Option(names = IcnLine.VCS, paramLabel = "V",
            description = "Virtual channels (default 8, or the least the routing takes if more: SCC_7's adaptive takes 13).")
    Integer vcs;

    @Option(names = IcnLine.FLITS, defaultValue = "32", paramLabel = "M", description = "Flits per message (default 32).")
    int flits;

    @Option(names = IcnLine.RATES, paramLabel = "LOW,HIGH",
            description = "The low and the saturating rate λ_g (default: 10 %% and 150 %% of the channel-load estimate).")
    String rates;

    @Option(names = "--cycles", defaultValue = "5000", paramLabel = "C", description = "Cycles of traffic per run (default 5000).")
    long cycles;

    @Option(names = "--repetitions", defaultValue = "3", paramLabel = "R", description = "Paired repetitions per configuration (default 3).")
    int repetitions;

    @Mixin
    ClusterOptions cluster;

    @Option(names = "--hosts", paramLabel = "H", description = "Host actors per JVM (default: one per core, shared among local JVMs).")
    Integer hosts;

    @Mixin
    CommonOptions common;

    /** One configuration's repetitions: their run and spawn seconds, and what the last one measured. */
    private static final class Runs {
        final String load;
        final double rate;
        final EngineKind engine;
        final int jvms;
        final int hosts;
        final List<Double> runSeconds = new ArrayList<>();
        final List<Double> spawnSeconds = new ArrayList<>();
        long routerCycles;
        long flitHops; // the delivered messages' flits times their hops: the same on every engine
        long activations;
        long crossJvm;
        boolean same = true;

        Runs(String load, double rate, EngineKind engine, int jvms, int hosts) {
            this.load = load;
            this.rate = rate;
            this.engine = engine;
            this.jvms = jvms;
            this.hosts = hosts;
        }

        /** One repetition; {@code sameAsReference}: it delivered the sequential engine's messages at its steps. */
        void add(double run, double spawn, long cycles, long activationCount, long crossJvmMessages, boolean sameAsReference) {
            runSeconds.add(run);
            spawnSeconds.add(spawn);
            routerCycles = cycles;
            activations = activationCount;
            crossJvm = crossJvmMessages;
            same &= sameAsReference;
        }

        double median() {
            return BenchTrafficCommand.median(runSeconds);
        }
    }

    @Override
    public Integer call() throws Exception {
        Topology t = topology.network("rnh:6,5");
        String key = routing == null ? Routings.defaultTrafficKey(t) : routing.strip();
        int vcs = this.vcs != null ? this.vcs : Math.max(8, TrafficSettings.defaultVcs(t, key));
        Routings.traffic(t, key, vcs); // one line if it does not apply
        int jvms = ctx.engines().checkJvms(cluster.jvms(1));
        if (repetitions < 1) {
            throw new icn.protocols.InvalidInputException("--repetitions must be at least 1, not " + repetitions);
        }
        if (cycles < TrafficSettings.MIN_CYCLES) {
            throw new icn.protocols.InvalidInputException("--cycles must be at least " + TrafficSettings.MIN_CYCLES + ", not " + cycles);
        }
        double low;
        double high;
        if (rates != null) {
            List<Double> r = TrafficSettings.parseRates(rates);
            if (r.size() != 2) {
                throw new icn.protocols.InvalidInputException("--rates takes two rates, LOW,HIGH, not " + r.size());
            }
            low = r.get(0);
            high = r.get(1);
        } else {
            double bound = LoadBound.uniform(t, flits);
            low = bound / 10;
            high = bound * 1.5;
        }
        int singleHosts = hosts != null ? hosts : ctx.engines().defaultHosts(1);
        int clusterHosts = hosts != null ? hosts : ctx.engines().defaultHosts(jvms);
        Results results = Results.open(ctx.session(), common.results(), jvms);
        Progress progress = new Progress(ctx.session(), common.json);
        List<Runs> all = new ArrayList<>();
        try (ActorMachines machines = ctx.engines().openHere(jvms, cluster.formationTimeout(), progress::step)) {
            for (String load : List.of("low", "saturation")) {
                double rate = load.equals("low") ? low : high;
                TrafficSpec spec = new TrafficSpec(key, "uniform", vcs, flits, TrafficSettings.DEFAULT_BUFFER, rate, 1, cycles, cycles + cycles / 2);
                List<MessageDelivered> reference = null;
                // one unmeasured run of each engine first: both are compiled before they are timed
                progress.step(String.format(Locale.ROOT, "%s load λ=%s: warm-up runs", load, TrafficReport.rate(rate)));
                sequential(t, spec);
                machines.run(t, Programs.of(t, spec), request(t, spec, singleHosts).withJvms(1));
                Runs seq = new Runs(load, rate, EngineKind.SEQUENTIAL, 1, 1);
                Runs one = new Runs(load, rate, EngineKind.ACTORS, 1, singleHosts);
                Runs many = jvms > 1 ? new Runs(load, rate, EngineKind.ACTORS, jvms, clusterHosts) : null;
                for (int r = 0; r < repetitions; r++) {
                    progress.item(r + 1, repetitions, String.format(Locale.ROOT, "%s load λ=%s: repetition", load, TrafficReport.rate(rate)));
                    boolean actorFirst = r % 2 == 1;
                    if (actorFirst) {
                        actor(machines, 1, t, spec, one, reference);
                    }
                    long t0 = System.nanoTime();
                    RunMetrics m = sequential(t, spec);
                    double seconds = (System.nanoTime() - t0) / 1e9;
                    List<MessageDelivered> delivered = delivered(m);
                    if (reference == null) {
                        reference = delivered;
                    }
                    flitHops(delivered, spec.flits(), seq, one, many);
                    seq.add(seconds, 0, t.nodeCount() * m.horizon(), 0, 0, delivered.equals(reference));
                    if (!actorFirst) {
                        actor(machines, 1, t, spec, one, reference);
                    }
                    if (many != null) {
                        actor(machines, jvms, t, spec, many, reference);
                    }
                }
                all.add(seq);
                all.add(one);
                if (many != null) {
                    all.add(many);
                }
            }
        }
        progress.done();
        boolean same = all.stream().allMatch(r -> r.same);
        return results.finish(json(t, key, low, high, all), text(t, key, low, high, all), same ? 0 : ExitCodes.RUN_FAILED);
    }

    /** The delivered messages' flits times their hops, the same for every engine's runs (null ones left out). */
    private static void flitHops(List<MessageDelivered> delivered, int flits, Runs... runs) {
        long flitHops = delivered.stream().mapToLong(d -> (long) d.hops() * flits).sum();
        for (Runs r : runs) {
            if (r != null) {
                r.flitHops = flitHops;
            }
        }
    }

    private static RunRequest request(Topology t, TrafficSpec spec, int h) {
        return new RunRequest(t.name(), spec, Partition.Kind.SUPERNODE, LinkLatency.SYNCHRONOUS, h, false, FaultPlan.NONE);
    }

    private static RunMetrics sequential(Topology t, TrafficSpec spec) {
        return Engine.reference().run(t, Programs.of(t, spec), request(t, spec, 1)).metrics();
    }

    /** One repetition through the node actors on {@code k} JVMs, checked against the sequential engine's messages. */
    private static void actor(Engine machines, int k, Topology t, TrafficSpec spec, Runs into, List<MessageDelivered> reference) {
        RunResult result = machines.run(t, Programs.of(t, spec), request(t, spec, into.hosts).withJvms(k));
        into.add(result.runSeconds(), result.spawnSeconds(), t.nodeCount() * result.metrics().horizon(), result.activations(),
                result.crossJvm(), result.completed() && (reference == null || delivered(result.metrics()).equals(reference)));
    }

    private static List<MessageDelivered> delivered(RunMetrics m) {
        return m.observations().stream().filter(o -> o instanceof MessageDelivered).map(o -> (MessageDelivered) o)
                .sorted(Comparator.comparingLong(MessageDelivered::id)).toList();
    }

    static double median(List<Double> values) {
        return BenchBroadcastCommand.median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static String text(Topology t, String key, double low, double high, List<Runs> all) {
        StringBuilder sb = new StringBuilder();
        Runs first = all.get(0);
        sb.append(String.format(Locale.ROOT, "Traffic benchmark: %s (%,d routers), %s routing, uniform traffic; low load λ=%s, saturation λ=%s;"
                + " %d paired repetitions, medians%n%n", t.name(), t.nodeCount(), key, TrafficReport.rate(low), TrafficReport.rate(high),
                first.runSeconds.size()));
        sb.append(String.format(Locale.ROOT, "%-11s %-28s %9s %9s %16s %14s %13s %14s %12s %10s%n", "load", "engine", "run s", "spawn s",
                "router-cycles/s", "flit-hops/s", "cycles", "activations/rc", "cross-JVM", "vs seq"));
        for (Runs r : all) {
            Runs seq = all.stream().filter(x -> x.load.equals(r.load) && x.engine == EngineKind.SEQUENTIAL).findFirst().orElseThrow();
            String engine = r.engine == EngineKind.SEQUENTIAL ? r.engine.key() : String.format(Locale.ROOT, "%s, %d JVM(s) x %d host(s)", r.engine.key(), r.jvms,
                    r.hosts);
            sb.append(String.format(Locale.ROOT, "%-11s %-28s %9.3f %9s %,16.0f %,14.0f %,13d %14s %,12d %9.2fx%n", r.load, engine, r.median(),
                    r.engine == EngineKind.SEQUENTIAL ? "-" : String.format(Locale.ROOT, "%.3f", median(r.spawnSeconds)),
                    r.routerCycles / r.median(), r.flitHops / r.median(), r.routerCycles / t.nodeCount(),
                    r.engine == EngineKind.SEQUENTIAL ? "-" : String.format(Locale.ROOT, "%.4f", (double) r.activations / r.routerCycles),
                    r.crossJvm, r.median() / seq.median()));
        }
        sb.append('\n');
        sb.append(all.stream().allMatch(r -> r.same) ? "Every run delivered the same messages at the same steps as the sequential engine.\n"
                : "SOME RUNS DIFFER from the sequential engine.\n");
        sb.append("router-cycles/s: routers x network cycles the run spans, per second of the run (a sleeping router costs nothing);"
                + " flit-hops/s: the delivered messages' flits times their hops, per second of the run; activations/rc: node activations"
                + " per router-cycle; vs seq: run seconds against the sequential engine's.\n");
        return sb.toString();
    }

    private static ObjectNode json(Topology t, String key, double low, double high, List<Runs> all) {
        ObjectNode o = new ObjectMapper().createObjectNode();
        o.put("topology", t.name());
        o.put("nodes", t.nodeCount());
        o.put("routing", key);
        o.put("lowRate", low);
        o.put("saturationRate", high);
        ArrayNode runs = o.putArray("runs");
        for (Runs r : all) {
            Runs seq = all.stream().filter(x -> x.load.equals(r.load) && x.engine == EngineKind.SEQUENTIAL).findFirst().orElseThrow();
            ObjectNode n = runs.addObject();
            n.put("load", r.load);
            n.put("rate", r.rate);
            n.put("engine", r.engine.key());
            n.put("jvms", r.jvms);
            n.put("hostsPerJvm", r.hosts);
            ArrayNode seconds = n.putArray("runSeconds");
            r.runSeconds.forEach(seconds::add);
            n.put("medianRunSeconds", r.median());
            n.put("medianSpawnSeconds", median(r.spawnSeconds));
            n.put("routerCycles", r.routerCycles);
            n.put("routerCyclesPerSecond", r.routerCycles / r.median());
            n.put("flitHops", r.flitHops);
            n.put("flitHopsPerSecond", r.flitHops / r.median());
            n.put("activations", r.activations);
                        n.put("crossJvmMessages", r.crossJvm);
            n.put("ratioToSequential", r.median() / seq.median());
            n.put("sameAsSequential", r.same);
        }
        o.put("allSameAsSequential", all.stream().allMatch(r -> r.same));
        return o;
    }
}
