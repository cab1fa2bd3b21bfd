package icn.scenarios.traffic;

import icn.node.engine.Engine;
import icn.node.engine.RunFailedException;
import icn.node.engine.RunResult;
import icn.node.kind.Programs;
import icn.node.traffic.TrafficPattern;
import icn.protocols.LinkLatency;
import icn.protocols.RunMetrics;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.traffic.TrafficSpec;
import icn.scenarios.claims.LatencyModel;
import icn.scenarios.claims.NecklaceModel;
import icn.scenarios.kind.NetworkPapers;
import icn.scenarios.report.AppliedFaults;
import icn.scenarios.report.Observer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Measures one latency curve (issue 13): one traffic run per rate λ_g, in increasing order, on the sequential engine or through the
 * node actors (one JVM or a cluster), each measured over the same window ({@link TrafficMeasurement}), with 002's model beside it
 * where it applies: the (n,k)-RNH with 002 §3's adaptive routing and the binary hypercube with Duato's adaptive routing (002 ref.
 * [6]), both under uniform traffic. Once a rate saturates the network, higher rates are not run. With an automatic warm-up, every
 * point is measured over the longest warm-up MSER-5 finds in the points that did not saturate; a rate the sweep found saturated
 * over its own warm-up stays saturated (with that reason) in the report, so the report stops where the sweep did.
 */
public final class TrafficExperiment {

    /** A measured curve and how it was measured. */
    public record Curve(TrafficSettings settings, int nodes, List<TrafficPoint> points, long warmupCycles, long measuredCycles,
            boolean defaultRates, String model, double modelSaturation, FaultPlan faults, double wallSeconds,
            List<TrafficMeasurement> runs, double meanDistance) {

        /**
         * What a message meets no other message takes: M − 1 + the mean BFS distance between distinct nodes (with a mix of sizes, M
         * is the mean length).
         */
        public double zeroLoadLatency() {
            return settings.meanFlits() - 1 + meanDistance;
        }

        /** What the curve's runs applied beyond the papers' model: its faults, every link taking one step as each of
         * its runs was requested. */
        public AppliedFaults applied() {
            return AppliedFaults.of(settings.network(), LinkLatency.SYNCHRONOUS, faults);
        }

        /** The first rate that saturated the network, or NaN. */
        public double saturationRate() {
            return points.stream().filter(TrafficPoint::saturated).mapToDouble(TrafficPoint::rate).findFirst().orElse(Double.NaN);
        }
    }

    private TrafficExperiment() {
    }

    /** 002's model for {@code s}, or empty where it does not apply (with why in {@link #modelNote}). */
    public static Optional<LatencyModel> model(TrafficSettings s) {
        if (!s.mix().isEmpty() || !s.pattern().equals("uniform") || !s.routing().equals("adaptive") || !s.faults().isEmpty()) {
            return Optional.empty();
        }
        Topology t = s.network();
        return NetworkPapers.of(t).latencyModel().map(m -> m.of(t, s.vcs(), s.flits()));
    }

    /** Why {@link #model} is empty for {@code s}. */
    public static String modelNote(TrafficSettings s) {
        if (!s.mix().isEmpty() && NetworkPapers.of(s.network()).latencyModel().isPresent()) {
            return "none (002's model has one message length M and one uniform pattern; this run mixes " + s.mixture().describe() + ")";
        }
        if (NetworkPapers.of(s.network()).latencyModel().isEmpty()) {
            return "none (002's model is of the regular necklace hypercube, and its ref. [6]'s of the binary hypercube)";
        }
        if (!s.routing().equals("adaptive")) {
            return "none (002's model is of its fully adaptive routing, --routing adaptive)";
        }
        if (!s.pattern().equals("uniform")) {
            return "none (002's model assumes uniformly distributed destinations, 002 §4 b)";
        }
        return "none (002's model has no faults and no extra delay)";
    }

    /**
     * Rates to sweep when none are given: ten, evenly up to {@link LoadBound}'s estimate for the network and the pattern (uniform
     * traffic's, a fixed pattern's own channel loads, the hotspot's ejection channel), so that a default sweep draws its curve
     * before it saturates.
     */
    public static List<Double> defaultRates(TrafficSettings s) {
        double bound = saturationEstimate(s);
        List<Double> rates = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            rates.add(round(bound * i / 10));
        }
        return rates;
    }

    /**
     * {@link LoadBound}'s estimate of the generation rate λ_g (messages per node per cycle) past which the network saturates, for the
     * settings' network and pattern (or mix): an upper bound on what it accepts, from its busiest channel's load.
     */
    public static double saturationEstimate(TrafficSettings s) {
        Topology t = s.network();
        double bound;
        if (s.mix().isEmpty()) {
            bound = bound(t, s.pattern(), s.flits(), s.seed());
        } else {
            // each class alone would load the network by share·M̄/bound(M = 1) per unit rate; their sum is at most what the mix
            // loads its busiest channel with, so the mix's bound is at least this
            double load = 0;
            for (icn.protocols.traffic.TrafficMix.TrafficClass c : s.mixture().classes()) {
                load += c.share() * c.meanFlits() / bound(t, c.pattern(), 1, s.seed());
            }
            bound = 1 / load;
        }
        return bound;
    }

    /** {@link LoadBound}'s estimate for one pattern and messages of {@code flits} flits. */
    private static double bound(Topology t, String pattern, int flits, long seed) {
        java.util.Optional<int[]> image = TrafficPattern.parse(pattern, t, seed).destinations();
        double bound = image.isPresent() ? LoadBound.fixed(t, flits, image.get()) : LoadBound.uniform(t, flits);
        if (pattern.startsWith("hotspot:")) {
            double f = Double.parseDouble(pattern.substring("hotspot:".length()));
            bound = Math.min(bound, 1.0 / (flits * (f * (t.nodeCount() - 1) + 1)));
        }
        return bound;
    }

    private static double round(double x) {
        return TrafficSettings.significant(x, 3);
    }

    /** Told what a curve does, while several run side by side: how many curves are done, of how many, and the line. */
    @FunctionalInterface
    public interface Listener {
        void line(int done, int total, String line);

        /** A rate measured ({@link Observer#row}); kept nowhere unless the listener says where. */
        default void row(String file, String header, String row) {
        }
    }

    /**
     * Measures the curves of {@code settings} on {@code engine}, {@code parallel} at a time (independent runs: the sequential engine
     * takes several, node actors one), and returns them in order; a failure of any is thrown as it is.
     */
    public static List<Curve> runAll(Engine engine, List<TrafficSettings> settings, int parallel, Listener listener)
            throws InterruptedException {
        java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
        int total = settings.size();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(Math.max(1, Math.min(parallel, total)));
        try {
            List<java.util.concurrent.Future<Curve>> futures = new ArrayList<>();
            for (TrafficSettings s : settings) {
                futures.add(pool.submit(() -> {
                    Curve c = run(engine, s, FaultPlan.NONE, Observer.of(line -> listener.line(done.get(), total, line), listener::row));
                    done.incrementAndGet();
                    return c;
                }));
            }
            List<Curve> curves = new ArrayList<>();
            for (java.util.concurrent.Future<Curve> f : futures) {
                curves.add(f.get());
            }
            return curves;
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * A default grid that saturates before this many of its points is measured again, ten rates up to the first saturated one, so
     * that every default sweep draws a curve before it saturates.
     */
    static final int MIN_POINTS_BEFORE_SATURATION = 5;

    /** The rates of one pass, measured in order up to the first that saturates: each run, its engine figures, time and verdict. */
    private record Sweep(List<TrafficMeasurement> runs, List<long[]> engineFigures, List<Double> seconds, List<TrafficPoint> verdicts) {
        /** The index of the first saturated rate, or −1. */
        int firstSaturated() {
            for (int i = 0; i < verdicts.size(); i++) {
                if (verdicts.get(i).saturated()) {
                    return i;
                }
            }
            return -1;
        }
    }

    /** One rate's run, its engine figures and time, and the verdict over its own warm-up. */
    private record Measured(TrafficMeasurement run, long[] figures, double seconds, TrafficPoint verdict) {
    }

    /**
     * Measures one rate. With {@link TrafficSettings#stopWhen()} set, the window doubles, run after run, until the half-width of
     * the latency's 95 % interval is at most that fraction of the mean, the rate saturates, or the next window would pass
     * {@link TrafficSettings#maxCycles()}; otherwise the one run of the settings' window.
     */
    private static Measured measureRate(Engine engine, TrafficSettings settings, Topology t, FaultPlan plan, double rate, int diameter,
            Consumer<String> progress) {
        TrafficSettings s = settings;
        while (true) {
            TrafficSpec spec = s.spec(rate);
            long[] figures = new long[2];
            double[] runSeconds = new double[1];
            RunMetrics metrics = runOne(engine, s, t, spec, plan, figures, runSeconds);
            TrafficMeasurement m = new TrafficMeasurement(t, spec, s.cycles(), metrics);
            long warmup = s.warmup() == TrafficSettings.AUTO_WARMUP ? m.detectWarmup(diameter) : s.warmup();
            TrafficPoint verdict = m.measure(warmup, null, null, 0, 0, 0);
            double relative = verdict.latency().ci95() / verdict.latency().mean();
            if (s.stopWhen() == 0 || verdict.saturated() || relative <= s.stopWhen() || 2 * s.cycles() > s.maxCycles()) {
                return new Measured(m, figures, runSeconds[0], verdict);
            }
            progress.accept(String.format(Locale.ROOT, "λ=%s: the latency's 95 %% interval is %s of its mean after %,d cycles, above %.1f %%:"
                    + " measuring %,d", TrafficReport.rate(rate), Double.isNaN(relative) ? "not known" : String.format(Locale.ROOT,
                    "%.1f %%", 100 * relative), s.cycles(), 100 * s.stopWhen(), 2 * s.cycles()));
            s = s.withCycles(2 * s.cycles());
        }
    }

    private static Sweep sweep(Engine engine, TrafficSettings settings, Topology t, FaultPlan plan, List<Double> rates, int diameter,
            Observer progress) {
        Sweep out = new Sweep(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        // the rates' runs are independent: as many at once as the engine can, taken back in their order, up to the first saturated
        // one (a rate after it that ran beside it is dropped, as the one-after-another sweep never ran it)
        icn.node.engine.Sweeps.map(engine.parallelRuns(), rates.size(), i -> {
            double rate = rates.get(i);
            progress.accept(String.format(Locale.ROOT, "[%d/%d] %s %s λ=%s V=%d M=%s on the %s engine", i + 1, rates.size(), t.name(),
                    settings.routing(), TrafficReport.rate(rate), settings.vcs(), settings.lengths(), settings.engine().key()));
            return measureRate(engine, settings, t, plan, rate, diameter, progress);
        }, measured -> measured.verdict().saturated(), measured -> {
            out.runs().add(measured.run());
            out.engineFigures().add(measured.figures());
            out.seconds().add(measured.seconds());
            TrafficPoint verdict = measured.verdict();
            out.verdicts().add(verdict);
            double rate = verdict.rate();
            progress.row("traffic.csv", "topology,routing,pattern,vcs,flits,rate,offered,accepted,messages,"
                    + "latency,latency_ci95,saturated", String.format(Locale.ROOT, "%s,%s,%s,%d,%d,%s,%.6f,%.6f,%d,%.3f,%.3f,%b", t.name(),
                    settings.routing(), settings.mix().isEmpty() ? settings.pattern() : settings.mix(), settings.vcs(), settings.flits(),
                    TrafficReport.rate(rate), verdict.offered(),
                    verdict.accepted(), verdict.messages(), verdict.latency().mean(), verdict.latency().ci95(), verdict.saturated()));
        });
        return out;
    }

    /**
     * Measures the curve of {@code settings} on {@code engine}, saying what it does to {@code progress}. With the default rates, a
     * grid that saturates before {@link #MIN_POINTS_BEFORE_SATURATION} points is measured again below its first saturated rate.
     */
    public static Curve run(Engine engine, TrafficSettings settings, FaultPlan plan, Observer progress) {
        long start = System.nanoTime();
        Topology t = settings.network();
        boolean defaults = settings.rates().isEmpty();
        List<Double> rates = new ArrayList<>(defaults ? defaultRates(settings) : settings.rates());
        rates.sort(Double::compare);
        Programs.of(t, settings.spec(rates.get(0)), plan); // refuses faults traffic cannot take, before anything runs
        TrafficPattern.parse(settings.pattern(), t, settings.seed());
        Optional<LatencyModel> model = model(settings);
        Distances distances = Distances.of(t);
        int diameter = distances.diameter();
        Sweep sweep = sweep(engine, settings, t, plan, rates, diameter, progress);
        if (defaults && sweep.firstSaturated() >= 0 && sweep.firstSaturated() < MIN_POINTS_BEFORE_SATURATION) {
            // the estimate placed the grid too high for this network, pattern and routing: ten rates up to where it saturated
            double top = rates.get(sweep.firstSaturated());
            rates = new ArrayList<>();
            for (int i = 1; i <= 10; i++) {
                rates.add(round(top * i / 10));
            }
            progress.accept(String.format(Locale.ROOT, "the default rates saturated at their point %d (λ=%s): measuring ten rates up to it",
                    sweep.firstSaturated() + 1, TrafficReport.rate(top)));
            sweep = sweep(engine, settings, t, plan, rates, diameter, progress);
        }
        List<TrafficMeasurement> runs = sweep.runs();
        List<long[]> engineFigures = sweep.engineFigures();
        List<Double> seconds = sweep.seconds();
        List<TrafficPoint> verdicts = sweep.verdicts();
        long warmup = settings.warmup();
        if (warmup == TrafficSettings.AUTO_WARMUP) {
            warmup = 0;
            for (TrafficMeasurement m : runs) {
                long w = m.detectWarmup(diameter);
                if (!m.measure(w, null, null, 0, 0, 0).saturated() || runs.size() == 1) {
                    warmup = Math.max(warmup, w);
                }
            }
        }
        List<TrafficPoint> points = new ArrayList<>();
        for (int i = 0; i < rates.size(); i++) {
            double rate = rates.get(i);
            TrafficPoint.Model printed = model.flatMap(mo -> mo.printed().apply(rate)).map(TrafficExperiment::point).orElse(null);
            TrafficPoint.Model once = model.flatMap(mo -> mo.countedOnce().apply(rate)).map(TrafficExperiment::point).orElse(null);
            if (i < runs.size()) {
                TrafficPoint p = runs.get(i).measure(warmup, printed, once, engineFigures.get(i)[0], engineFigures.get(i)[1], seconds.get(i));
                points.add(p.withSweepVerdict(verdicts.get(i)));
            } else {
                points.add(TrafficPoint.notRun(rate, printed, once));
            }
        }
        double modelSaturation = model.map(mo -> NecklaceModel.saturationRate(mo.printed())).orElse(Double.NaN);
        return new Curve(settings, t.terminalCount(), List.copyOf(points), warmup, settings.cycles() - warmup, defaults,
                model.map(LatencyModel::name).orElse(modelNote(settings)), modelSaturation, plan, (System.nanoTime() - start) / 1e9,
                List.copyOf(runs), distances.mean());
    }

    /**
     * The network's distances by BFS ({@link icn.protocols.Bfs#profile}): its diameter and the mean distance between distinct nodes,
     * from every node of networks up to 4,096 nodes, else from 256 spread over the ids (the diameter then a lower bound).
     */
    record Distances(int diameter, double mean) {
        static Distances of(Topology t) {
            if (t.terminalCount() != t.nodeCount()) {
                return ofTerminals(t);
            }
            int n = t.nodeCount();
            int sources = n <= 4096 ? n : 256;
            int diameter = 0;
            double sum = 0;
            for (int k = 0; k < sources; k++) {
                icn.protocols.Bfs.DistanceProfile p = icn.protocols.Bfs.profile(t, (int) ((long) k * n / sources));
                diameter = Math.max(diameter, p.eccentricity());
                sum += p.mean() * n / (n - 1.0); // the profile's mean counts the source itself, at distance 0
            }
            return new Distances(diameter, sum / sources);
        }

        /** Between the terminals of a network whose switches send nothing (a fat-tree, a dragonfly); sampled as above. */
        private static Distances ofTerminals(Topology t) {
            int[] terminals = java.util.stream.IntStream.range(0, t.nodeCount()).filter(t::terminal).toArray();
            int m = terminals.length;
            int sources = m <= 4096 ? m : 256;
            int diameter = 0;
            double sum = 0;
            for (int k = 0; k < sources; k++) {
                int s = terminals[(int) ((long) k * m / sources)];
                int[] d = icn.protocols.Bfs.distances(t, s);
                long total = 0;
                for (int v : terminals) {
                    diameter = Math.max(diameter, d[v]);
                    total += d[v];
                }
                sum += total / (m - 1.0);
            }
            return new Distances(diameter, sum / sources);
        }
    }

    private static TrafficPoint.Model point(NecklaceModel.Solution s) {
        return new TrafficPoint.Model(s.latency(), s.networkLatency(), s.sourceQueue());
    }

    private static RunMetrics runOne(Engine engine, TrafficSettings s, Topology t, TrafficSpec spec, FaultPlan plan, long[] figures,
            double[] seconds) {
        RunResult result;
        try {
            result = engine.run(t, Programs.of(t, spec, plan), s.runSettings().request(t, spec, LinkLatency.SYNCHRONOUS, plan));
        } catch (RunFailedException e) {
            throw new RunFailedException("the traffic run of λ=" + spec.rate() + " failed: " + e.getCause().getMessage(), e.getCause());
        }
        if (!result.completed()) {
            throw new RunFailedException("the traffic run of λ=" + spec.rate() + " lost " + String.join(", ", result.lostMembers())
                    + " at step " + result.stoppedAtStep() + ": its routers' flits cannot be accounted for, so the curve stops here", null);
        }
        figures[0] = result.activations();
        figures[1] = result.crossJvm();
        seconds[0] = result.runSeconds();
        return result.metrics();
    }
}
