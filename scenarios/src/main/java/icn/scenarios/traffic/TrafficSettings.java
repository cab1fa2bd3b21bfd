package icn.scenarios.traffic;

import icn.node.engine.EngineKind;
import icn.node.engine.RunSettings;
import icn.node.traffic.TrafficPattern;
import icn.node.kind.Routings;
import icn.protocols.InvalidInputException;
import icn.protocols.Partition;
import icn.protocols.topology.Topologies;
import icn.protocols.Topology;
import icn.protocols.fault.FaultSpec;
import icn.protocols.traffic.TrafficMix;
import icn.protocols.traffic.TrafficSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One latency curve to measure (issue 13): a network, its routing, the traffic pattern, V virtual channels of F flits, messages
 * of M flits, the generation rates λ_g (empty: chosen from {@link LoadBound}), and the run's length. Messages generated in steps
 * {@code warmup + 1 .. cycles} are measured ({@code warmup} −1: detected by MSER-5); traffic goes on for {@link #cooldown()} steps
 * more so that the last measured messages meet the same load, and the run ends when the network has emptied, or {@code drain} steps
 * after the window at the latest. Checked when built: every problem is one line (exit 2), before anything runs.
 */
public record TrafficSettings(Topology network, String routing, String pattern, int vcs, int flits, int buffer, List<Double> rates,
        long warmup, long cycles, long drain, long seed, EngineKind engine, int jvms, int hosts, Partition.Kind partitioning,
        FaultSpec faults, String injection, double stopWhen, long maxCycles, String mix, String timing) {

    /** Settings with the synchronous router ({@link icn.protocols.traffic.RouterTiming#SYNCHRONOUS}). */
    public TrafficSettings(Topology network, String routing, String pattern, int vcs, int flits, int buffer, List<Double> rates,
            long warmup, long cycles, long drain, long seed, EngineKind engine, int jvms, int hosts, Partition.Kind partitioning,
            FaultSpec faults, String injection, double stopWhen, long maxCycles, String mix) {
        this(network, routing, pattern, vcs, flits, buffer, rates, warmup, cycles, drain, seed, engine, jvms, hosts, partitioning, faults,
                injection, stopWhen, maxCycles, mix, "");
    }

    /** The same settings with the routers' pipeline and the links' latencies of {@code t} (issue 39). */
    public TrafficSettings withTiming(icn.protocols.traffic.RouterTiming t) {
        return new TrafficSettings(network, routing, pattern, vcs, flits, buffer, rates, warmup, cycles, drain, seed, engine, jvms, hosts,
                partitioning, faults, injection, stopWhen, maxCycles, mix, t.text());
    }

    /** The routers' pipeline and the links' latencies. */
    public icn.protocols.traffic.RouterTiming routerTiming() {
        return icn.protocols.traffic.RouterTiming.parse(timing);
    }

    /** Settings of one traffic class of one message size, on {@code network} as parsed once by the command or scenario. */
    public TrafficSettings(Topology network, String routing, String pattern, int vcs, int flits, int buffer, List<Double> rates,
            long warmup, long cycles, long drain, long seed, EngineKind engine, int jvms, int hosts, Partition.Kind partitioning,
            FaultSpec faults, String injection, double stopWhen, long maxCycles) {
        this(network, routing, pattern, vcs, flits, buffer, rates, warmup, cycles, drain, seed, engine, jvms, hosts, partitioning, faults,
                injection, stopWhen, maxCycles, "");
    }

    /** As above, the network given by its name ({@code scc:5}), parsed here. */
    public TrafficSettings(String topology, String routing, String pattern, int vcs, int flits, int buffer, List<Double> rates,
            long warmup, long cycles, long drain, long seed, EngineKind engine, int jvms, int hosts, Partition.Kind partitioning,
            FaultSpec faults, String injection, double stopWhen, long maxCycles) {
        this(Topologies.parse(topology), routing, pattern, vcs, flits, buffer, rates, warmup, cycles, drain, seed, engine, jvms, hosts,
                partitioning, faults, injection, stopWhen, maxCycles, "");
    }

    /** Settings with Poisson arrivals (002 §4 c) and a fixed window. */
    public TrafficSettings(String topology, String routing, String pattern, int vcs, int flits, int buffer, List<Double> rates,
            long warmup, long cycles, long drain, long seed, EngineKind engine, int jvms, int hosts, Partition.Kind partitioning,
            FaultSpec faults) {
        this(topology, routing, pattern, vcs, flits, buffer, rates, warmup, cycles, drain, seed, engine, jvms, hosts, partitioning, faults,
                "poisson", 0, 0);
    }

    /** The same settings with arrivals by {@code process} (poisson, bernoulli, bursty:B). */
    public TrafficSettings withInjection(String process) {
        return new TrafficSettings(network, routing, pattern, vcs, flits, buffer, rates, warmup, cycles, drain, seed, engine, jvms, hosts,
                partitioning, faults, process, stopWhen, maxCycles, mix, timing);
    }

    /**
     * The same settings measuring each rate until the half-width of its latency's 95 % interval is at most {@code fraction} of the
     * mean, doubling the window from {@code cycles} up to {@code cap} cycles (0: sixteen times {@code cycles}); a fraction of 0
     * keeps the fixed window.
     */
    public TrafficSettings withStopWhen(double fraction, long cap) {
        return new TrafficSettings(network, routing, pattern, vcs, flits, buffer, rates, warmup, cycles, drain, seed, engine, jvms, hosts,
                partitioning, faults, injection, fraction, fraction == 0 ? 0 : cap == 0 ? 16 * cycles : cap, mix, timing);
    }

    /**
     * The same settings with several traffic classes or message sizes ({@link TrafficMix}; one class of one size: the settings
     * unchanged): M becomes the longest message and the pattern the first class's.
     */
    public TrafficSettings withMix(TrafficMix m) {
        return new TrafficSettings(network, routing, m.classes().get(0).pattern(), vcs, m.maxFlits(), buffer, rates, warmup, cycles, drain,
                seed, engine, jvms, hosts, partitioning, faults, injection, stopWhen, maxCycles, m.text(), timing);
    }

    /** The run's classes and message sizes: one class of {@code pattern}, every message M long, unless a mix was given. */
    public TrafficMix mixture() {
        return TrafficMix.parse(mix, pattern, flits);
    }

    /** M as reports write it: {@code 32}, or {@code mixed (mean 9.60)} for a mix of classes or lengths. */
    public String lengths() {
        return mix.isEmpty() ? String.valueOf(flits) : String.format(Locale.ROOT, "mixed (mean %.2f)", meanFlits());
    }

    /** The mean message length in flits (M without a mix). */
    public double meanFlits() {
        return mixture().meanFlits();
    }

    /** The same settings with a window of {@code window} cycles, the drain in the same proportion to it. */
    TrafficSettings withCycles(long window) {
        return new TrafficSettings(network, routing, pattern, vcs, flits, buffer, rates, warmup, window,
                Math.max(drain, drain * window / cycles), seed, engine, jvms, hosts, partitioning, faults, injection, stopWhen, maxCycles, mix,
                timing);
    }

    public static final int DEFAULT_FLITS = 32;
    public static final int DEFAULT_BUFFER = 4;
    public static final int DEFAULT_VCS = 4;
    public static final long DEFAULT_CYCLES = 10_000;
    public static final long AUTO_WARMUP = -1;
    public static final int MIN_CYCLES = 200;
    public static final int MAX_RATES = 200;

    public TrafficSettings {
        Topology t = java.util.Objects.requireNonNull(network, "network");
        routing = routing == null ? Routings.defaultTrafficKey(t) : routing.strip();
        pattern = pattern == null ? "uniform" : pattern.strip();
        injection = injection == null ? "poisson" : injection.strip();
        timing = icn.protocols.traffic.RouterTiming.parse(timing).text();
        if (!(stopWhen >= 0 && stopWhen < 1)) {
            throw new InvalidInputException("--stop-when is the half-width of the 95 % interval as a fraction of the mean, in (0, 1): not "
                    + stopWhen);
        }
        if (stopWhen > 0 && maxCycles < cycles) {
            throw new InvalidInputException("--max-cycles (" + maxCycles + ") must be at least --cycles (" + cycles + ")");
        }
        rates = List.copyOf(rates);
        if (flits < 1) {
            throw new InvalidInputException("--flits must be at least 1 (a message of M flits), not " + flits);
        }
        if (buffer < 1) {
            throw new InvalidInputException("--buffer must be at least 1 flit per virtual channel, not " + buffer);
        }
        if (vcs < 1 || vcs > TrafficSpec.MAX_VCS) {
            throw new InvalidInputException("--vcs must be 1.." + TrafficSpec.MAX_VCS + ", not " + vcs);
        }
        for (double r : rates) {
            if (!(r > 0) || Double.isInfinite(r)) {
                throw new InvalidInputException("every rate must be a positive number of messages per node per cycle, not " + r);
            }
        }
        for (double r : rates.isEmpty() ? List.of(Double.MIN_NORMAL) : rates) { // the process, and each rate it must take
            new TrafficSpec("-", "-", 1, 1, 1, r, 0, 1, 2, injection).checked();
        }
        if (cycles < MIN_CYCLES) {
            throw new InvalidInputException("--cycles must be at least " + MIN_CYCLES + ", not " + cycles);
        }
        if (warmup != AUTO_WARMUP && (warmup < 0 || warmup >= cycles)) {
            throw new InvalidInputException("the warm-up (" + warmup + " cycles) must be shorter than the run (--cycles " + cycles + ")");
        }
        if (drain < 1) {
            throw new InvalidInputException("--drain must be at least 1 cycle, not " + drain);
        }
        java.util.Objects.requireNonNull(engine, "engine");
        if (jvms > 1 && !engine.actors()) {
            throw new InvalidInputException("--jvms " + jvms + " needs the actor engine");
        }
        Routings.traffic(t, routing, vcs); // one line if the routing does not apply, or needs more virtual channels
        mix = mix == null ? "" : mix;
        TrafficMix m = TrafficMix.parse(mix, pattern, flits);
        if (m.maxFlits() != flits) {
            throw new IllegalArgumentException("a mixed curve's M must be its longest message: " + flits + " for " + mix);
        }
        for (TrafficMix.TrafficClass c : m.classes()) {
            TrafficPattern.parse(c.pattern(), t, seed);
        }
    }

    /** Default drain: half the run. */
    public static long defaultDrain(long cycles) {
        return Math.max(100, cycles / 2);
    }

    /** The default V: {@value #DEFAULT_VCS}, or the least the network's default routing takes if more (hop-class: the diameter). */
    public static int defaultVcs(Topology t, String routing) {
        String key = routing == null ? Routings.defaultTrafficKey(t) : routing.strip();
        for (int v = DEFAULT_VCS; v <= TrafficSpec.MAX_VCS; v++) {
            try {
                Routings.traffic(t, key, v);
                return v;
            } catch (InvalidInputException e) {
                if (!e.getMessage().contains("needs V >= ")) {
                    throw e;
                }
            }
        }
        return DEFAULT_VCS;
    }

    /** The network's name, as commands and reports write it ({@code scc:5}). */
    public String topology() {
        return network.name();
    }

    /** How the curve's runs are executed: its engine, JVMs, hosts and partitioning, and its seed. */
    public RunSettings runSettings() {
        return new RunSettings(engine, jvms, hosts, partitioning, seed);
    }

    /** Steps traffic is still generated after the window: a tenth of the run, and fewer than the drain (none with a drain of 1). */
    public long cooldown() {
        return Math.min(drain - 1, cycles / 10);
    }

    /** The run's spec at rate {@code rate}. */
    public TrafficSpec spec(double rate) {
        return new TrafficSpec(routing, pattern, vcs, flits, buffer, rate, seed, cycles + cooldown(), cycles + drain, injection, mix, timing)
                .checked();
    }

    /** {@code x} to {@code digits} significant digits (rates of A:B:N print as written, not as 0.000545454545…). */
    public static double significant(double x, int digits) {
        return new java.math.BigDecimal(x).round(new java.math.MathContext(digits)).doubleValue();
    }

    /**
     * Rates as the command line and scenarios write them: {@code A:B:N} (N rates evenly from A to B, both included) or a comma list
     * {@code 0.001,0.002}.
     */
    public static List<Double> parseRates(String text) {
        String s = text.strip();
        List<Double> rates = new ArrayList<>();
        try {
            if (s.contains(":")) {
                String[] parts = s.split(":");
                if (parts.length != 3) {
                    throw new NumberFormatException();
                }
                double from = Double.parseDouble(parts[0].strip());
                double to = Double.parseDouble(parts[1].strip());
                int n = Integer.parseInt(parts[2].strip());
                if (n < 1 || n > MAX_RATES || !(to >= from)) {
                    throw new InvalidInputException("malformed rates '" + s + "': A:B:N needs A <= B and N in 1.." + MAX_RATES);
                }
                for (int i = 0; i < n; i++) {
                    rates.add(significant(n == 1 ? from : from + (to - from) * i / (n - 1), 6));
                }
            } else {
                for (String part : s.split(",")) {
                    rates.add(Double.parseDouble(part.strip()));
                }
            }
        } catch (NumberFormatException e) {
            throw new InvalidInputException("malformed rates '" + s + "': expected A:B:N (e.g. 0.0002:0.004:12) or a list 0.001,0.002");
        }
        if (rates.size() > MAX_RATES) {
            throw new InvalidInputException("at most " + MAX_RATES + " rates, not " + rates.size());
        }
        for (double r : rates) {
            if (!(r > 0) || Double.isInfinite(r)) {
                throw new InvalidInputException("rate " + String.format(Locale.ROOT, "%s", r) + " in '" + s
                        + "' is not a positive number of messages per node per cycle");
            }
        }
        return rates;
    }

    /**
     * The {@code icn traffic} command line that runs these settings as they are: the same network, routing, pattern, buffers, rates
     * (when given), window and engine, so that what a report says reproduces it measures what the report shows.
     */
    public icn.scenarios.report.IcnLine commandLine() {
        icn.scenarios.report.IcnLine line = icn.scenarios.report.IcnLine.of("traffic").option(icn.scenarios.report.IcnLine.TOPOLOGY,
                topology()).option(icn.scenarios.report.IcnLine.ROUTING, routing).option(icn.scenarios.report.IcnLine.PATTERN, pattern)
                .option(icn.scenarios.report.IcnLine.VCS, vcs).option(icn.scenarios.report.IcnLine.FLITS, flits).option("--buffer", buffer);
        if (!rates.isEmpty()) {
            line.option(icn.scenarios.report.IcnLine.RATES, String.join(",", rates.stream().map(TrafficReport::rate).toList()));
        }
        icn.protocols.traffic.RouterTiming t = routerTiming();
        if (t.head() > 0) {
            line.option("--pipeline", t.text().split(" ")[0].substring("pipeline=".length()));
        }
        if (t.speedup() > 0) {
            line.option("--speedup", t.speedup());
        }
        if (t.text().contains("links=")) {
            line.option("--link-latency", t.text().substring(t.text().indexOf("links=") + "links=".length()));
        }
        return line.option("--warmup", warmup == AUTO_WARMUP ? "auto" : String.valueOf(warmup)).option("--cycles", cycles)
                .option("--drain", drain).option("--engine", engine.key()).option(icn.scenarios.report.IcnLine.SEED, seed);
    }
}
