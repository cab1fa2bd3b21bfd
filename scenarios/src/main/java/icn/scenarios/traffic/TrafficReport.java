package icn.scenarios.traffic;

import icn.scenarios.report.Charts;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.protocols.traffic.MessageDelivered;
import icn.protocols.traffic.TrafficMix;
import icn.scenarios.report.ReportWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A latency curve as the output contract of {@code icn traffic --json} (one object; other tools read these names: {@code topology,
 * nodes, routing, pattern, vcs, flits, buffer, seed, engine, jvms, warmupCycles, measuredCycles, points[]} with {@code rate,
 * offered, accepted, messages, latency {mean, ci95}, networkLatency, sourceQueue, saturated, model {latency, networkLatency,
 * sourceQueue} | null, accounting {injected, ejected, inFlight, undeliverable}}, {@code wallSeconds}; more fields follow them),
 * as a text table, as CSV (a row per rate; a row per delivered message) and Markdown, and as a results directory with a chart.
 * Values a run could not measure are JSON null, never invented.
 */
public final class TrafficReport {

    static final ObjectMapper JSON = new ObjectMapper();

    public static final String RESULT_JSON = ReportWriter.RESULT_JSON;
    public static final String REPORT_MD = ReportWriter.REPORT_MD;
    public static final String POINTS_CSV = "points.csv";
    public static final String MESSAGES_CSV = "messages.csv";
    public static final String LATENCY_PNG = "latency.png";
    /** Accepted against offered traffic, in flits per node per cycle. */
    public static final String ACCEPTED_PNG = "accepted.png";
    /** The latency histogram of every rate. */
    public static final String HISTOGRAM_PNG = "latency-histogram.png";

    private TrafficReport() {
    }

    /** The statistics of the curve's point {@code i} (one that was run), over the curve's measurement window. */
    /** The curve as result.json has it ({@link TrafficJson}). */
    public static ObjectNode json(TrafficExperiment.Curve c) {
        return TrafficJson.of(c);
    }

    public static TrafficStatistics statistics(TrafficExperiment.Curve c, int i) {
        return TrafficStatistics.of(c.runs().get(i), c.warmupCycles(), c.runs().get(i).cycles(), c.nodes());
    }

    /** The channel utilisation of the curve's point {@code i} (one that was run). */
    public static ChannelUtilisation utilisation(TrafficExperiment.Curve c, int i) {
        return ChannelUtilisation.of(c.settings().network(), c.runs().get(i));
    }

    /** {@code channelUtilisation} {cycles: [from, to], byClass: [{linkClass, channels, mean, max}]}, flits per channel per cycle. */
    /** The router's timing, where it is not the synchronous router's, under the zero-load latency it adds to. */
    private static void timing(StringBuilder sb, TrafficSettings s) {
        if (!s.routerTiming().synchronous() || s.network().hasLinkLatencies() || s.routerTiming().speedup() > 0) {
            sb.setLength(sb.length() - System.lineSeparator().length()); // the timing's line belongs with the zero-load latency
            sb.append(String.format(Locale.ROOT, "Router timing %s: the pipeline adds %d cycles at each of the D + 1 routers a message "
                    + "passes, and each link takes %s, on top of the zero-load latency above%s (issue 39)%n%n", s.routerTiming(),
                    s.routerTiming().head(), s.network().hasLinkLatencies() ? "the latency its file gives it, or its class's"
                            : "its class's latency", s.routerTiming().speedup() == 0 ? "" : "; at most " + s.routerTiming().speedup()
                            + (s.routerTiming().speedup() == 1 ? " flit leaves" : " flits leave") + " one input channel through the crossbar in a cycle"));
        }
    }

    /** {@code mix}: null for one class of one size, else its text, mean length and classes with their sizes. */
    /** The run's pattern: its one pattern, or {@code mixed} for classes of several (each class's is in {@code mix.classes}). */
    static String pattern(TrafficSettings s) {
        List<String> patterns = s.mixture().classes().stream().map(TrafficMix.TrafficClass::pattern).distinct().toList();
        return patterns.size() == 1 ? patterns.get(0) : "mixed";
    }

    /** {@code v} to {@code digits} decimals, as the reports write their figures. */
    public static double round(double v, int digits) {
        double scale = Math.pow(10, digits);
        return Math.round(v * scale) / scale;
    }

    /** The curve as a text table with what it means below it. */
    public static String text(TrafficExperiment.Curve c) {
        TrafficSettings s = c.settings();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Traffic on %s (%,d nodes): %s routing, %s traffic, %s arrivals, V=%d virtual channels of F=%d"
                + " flits, messages of %s%n", s.topology(), c.nodes(), s.routing(), pattern(s), s.injection(),
                s.vcs(), s.buffer(), s.mix().isEmpty() ? "M=" + s.flits() + " flits" : "M=" + s.lengths() + " flits: " + s.mixture().describe()));
        sb.append(String.format(Locale.ROOT, "Seed %d, %s engine%s; measured: messages generated in cycles %,d..%,d (warm-up %,d %s),"
                + " traffic on to %,d, stop by %,d%n", s.seed(), s.engine().key(), s.engine().actors() ? " on " + s.jvms() + " JVM(s)" : "",
                c.warmupCycles() + 1, s.cycles(), c.warmupCycles(), s.warmup() == TrafficSettings.AUTO_WARMUP ? "detected by MSER-5" : "given",
                s.cycles() + s.cooldown(), s.cycles() + s.drain()));
        sb.append(c.applied().line()).append('\n');
        if (s.stopWhen() > 0) {
            sb.append(String.format(Locale.ROOT, "Stop when the latency's 95 %% interval is within %.1f %% of its mean, windows doubled up "
                    + "to %,d cycles: %s%n", 100 * s.stopWhen(), s.maxCycles(), String.join(", ", java.util.stream.IntStream.range(0,
                    Math.min(c.runs().size(), c.points().size())).mapToObj(i -> "λ=" + rate(c.points().get(i).rate()) + " "
                    + String.format(Locale.ROOT, "%,d", c.runs().get(i).cycles()) + " cycles").toList())));
        }
        sb.append("Model: ").append(c.model()).append('\n');
        sb.append(String.format(Locale.ROOT, "Zero-load latency M − 1 + mean BFS distance = %s + %.3f = %.3f cycles (a message that meets"
                + " no other%s)%n%n", f(s.meanFlits() - 1, s.mix().isEmpty() ? 0 : 2), c.meanDistance(), c.zeroLoadLatency(),
                s.mix().isEmpty() ? "" : "; M the mean length"));
        timing(sb, s);
        boolean model = c.points().stream().anyMatch(p -> p.model() != null);
        sb.append(String.format(Locale.ROOT, "%-11s %8s %8s %8s %16s %6s %8s %8s", "rate", "offered", "accepted", "messages",
                "latency (95% CI)", "p99", "network", "queue"));
        if (model) {
            sb.append(String.format(Locale.ROOT, " %8s %7s %8s", "model", "diff", "once"));
        }
        sb.append("  saturated\n");
        for (int i = 0; i < c.points().size(); i++) {
            TrafficPoint p = c.points().get(i);
            double p99 = p.run() && i < c.runs().size() ? statistics(c, i).p99() : Double.NaN;
            sb.append(String.format(Locale.ROOT, "%-11s %8s %8s %8s %16s %6s %8s %8s", rate(p.rate()), f(p.offered(), 5), f(p.accepted(), 5),
                    p.run() ? String.format(Locale.ROOT, "%,d", p.messages()) : "-", p.run() ? latency(p.latency()) : "not run",
                    f(p99, 0), f(p.networkLatency().mean(), 1), f(p.sourceQueue().mean(), 1)));
            if (model) {
                String diff = p.model() == null || !p.run() || Double.isNaN(p.latency().mean()) ? "-"
                        : String.format(Locale.ROOT, "%+.0f%%", 100 * (p.latency().mean() - p.model().latency()) / p.model().latency());
                sb.append(String.format(Locale.ROOT, " %8s %7s %8s", p.model() == null ? "none" : f(p.model().latency(), 1), diff,
                        p.modelCountedOnce() == null ? "none" : f(p.modelCountedOnce().latency(), 1)));
            }
            sb.append("  ").append(p.saturated() ? "yes" : "no").append('\n');
        }
        sb.append('\n');
        TrafficPoint first = c.points().stream().filter(p -> p.run() && p.saturated()).findFirst().orElse(null);
        if (first != null) {
            sb.append(String.format(Locale.ROOT, "Saturated at λ=%s: %s%n", rate(first.rate()), String.join("; ", first.saturation())));
        } else {
            sb.append("No rate saturated the network.\n");
        }
        if (!Double.isNaN(c.modelSaturation())) {
            sb.append(String.format(Locale.ROOT, "The model has no solution from λ=%.6f on (its saturation).%n", c.modelSaturation()));
        }
        int busiest = busiestUnsaturated(c);
        if (busiest >= 0 && !s.mix().isEmpty()) {
            sb.append(byClassText(c, busiest));
        }
        if (busiest >= 0) {
            ChannelUtilisation u = utilisation(c, busiest);
            sb.append(String.format(Locale.ROOT, "Channel utilisation at λ=%s, flits per channel per cycle in cycles %,d..%,d: %s%n",
                    rate(c.points().get(busiest).rate()), u.cycles()[0], u.cycles()[1], u.summary()));
        }
        long unbalanced = c.points().stream().filter(p -> p.run() && (!p.accounting().balanced() || !p.messageAccounting().balanced())).count();
        TrafficPoint last = c.points().stream().filter(TrafficPoint::run).reduce((a, b) -> b).orElseThrow();
        sb.append(String.format(Locale.ROOT, "Accounting at λ=%s: flits injected %,d = ejected %,d + in flight %,d + undeliverable %,d;"
                + " messages generated %,d = delivered %,d + in flight %,d + undeliverable %,d%s%n", rate(last.rate()),
                last.accounting().injected(), last.accounting().ejected(), last.accounting().inFlight(), last.accounting().undeliverable(),
                last.messageAccounting().generated(), last.messageAccounting().delivered(), last.messageAccounting().inFlight(),
                last.messageAccounting().undeliverable(), unbalanced == 0 ? " (every rate balances)" : "; " + unbalanced + " rate(s) DO NOT BALANCE"));
        c.points().stream().filter(p -> p.deadlock() != null).findFirst().ifPresent(p -> sb.append(String.format(Locale.ROOT,
                "DEADLOCK at λ=%s: %,d virtual channels locked since step %,d: %s%n", rate(p.rate()), p.deadlock().channels().size(),
                p.deadlock().step(), String.join(", ", p.deadlock().channels().subList(0, Math.min(8, p.deadlock().channels().size()))))));
        long[] heap = heap();
        sb.append(String.format(Locale.ROOT, "Wall time %.1f s; heap of this JVM %.2f GiB at most, %.2f GiB used at its peak.%n",
                c.wallSeconds(), heap[0] / GIB, heap[1] / GIB));
        return sb.toString();
    }

    private static final double GIB = 1L << 30;

    /** A mixed run's classes and sizes at point {@code i}: messages, mean and p99 latency, accepted flits per node per cycle. */
    private static String byClassText(TrafficExperiment.Curve c, int i) {
        TrafficStatistics st = statistics(c, i);
        List<TrafficMix.TrafficClass> classes = c.settings().mixture().classes();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "At λ=%s, by class and by length:%n", rate(c.points().get(i).rate())));
        for (double[] r : st.byClass()) {
            sb.append(String.format(Locale.ROOT, "  class %d (%s): %,d messages, latency %s mean, %s p99; accepted %s flits/node/cycle%n",
                    (int) r[0], classes.get((int) r[0]).pattern(), (long) r[1], f(r[2], 1), f(r[3], 0), f(r[4], 5)));
        }
        for (double[] r : st.bySize()) {
            sb.append(String.format(Locale.ROOT, "  M=%d: %,d messages, latency %s mean, %s p99; accepted %s flits/node/cycle%n", (int) r[0],
                    (long) r[1], f(r[2], 1), f(r[3], 0), f(r[4], 5)));
        }
        return sb.toString();
    }

    /**
     * {max, peak used} bytes of this JVM's heap: the most it may take (-Xmx) and the sum of its pools' peak use so far (each pool's
     * own peak, so at most the true peak's sum). Workers of a run across JVMs have heaps of their own, not counted here.
     */
    static long[] heap() {
        long peak = 0;
        for (java.lang.management.MemoryPoolMXBean pool : java.lang.management.ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == java.lang.management.MemoryType.HEAP && pool.getPeakUsage() != null) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return new long[] {Runtime.getRuntime().maxMemory(), peak};
    }

    /** The highest rate that was run and did not saturate (else the first that was run), or −1. */
    static int busiestUnsaturated(TrafficExperiment.Curve c) {
        int best = -1;
        for (int i = 0; i < Math.min(c.runs().size(), c.points().size()); i++) {
            TrafficPoint p = c.points().get(i);
            if (p.run() && (!p.saturated() || best < 0)) {
                best = i;
            }
        }
        return best;
    }

    private static String latency(TrafficPoint.Stat s) {
        if (Double.isNaN(s.mean())) {
            return "-";
        }
        return Double.isNaN(s.ci95()) ? f(s.mean(), 1) : String.format(Locale.ROOT, "%.1f ± %.1f", s.mean(), s.ci95());
    }

    private static String f(double v, int digits) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + digits + "f", v);
    }

    /** A rate as written, without exponent or trailing zeros: 0.000390625, 0.002. */
    public static String rate(double rate) {
        return new java.math.BigDecimal(rate).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }

    /** One row per rate. */
    public static String csv(List<TrafficExperiment.Curve> curves) {
        StringBuilder sb = new StringBuilder("topology,routing,pattern,vcs,flits,buffer,seed,rate,run,offered,accepted,messages,latency,"
                + "latency_ci95,network_latency,network_latency_ci95,source_queue,source_queue_ci95,saturated,model_latency,"
                + "model_network_latency,model_source_queue,model_once_latency,flits_injected,flits_ejected,flits_in_flight,"
                + "flits_undeliverable,messages_generated,messages_delivered,messages_in_flight,messages_undeliverable,"
                + "little_in_network,little_throughput_times_latency,last_step,run_seconds,injection,mix\n");
        for (TrafficExperiment.Curve c : curves) {
            TrafficSettings s = c.settings();
            for (TrafficPoint p : c.points()) {
                sb.append(String.join(",", s.topology().contains(",") ? "\"" + s.topology() + "\"" : s.topology(), s.routing(), pattern(s),
                        String.valueOf(s.vcs()), String.valueOf(s.flits()), String.valueOf(s.buffer()), String.valueOf(s.seed()),
                        String.valueOf(p.rate()), String.valueOf(p.run()), c(p.offered()), c(p.accepted()), String.valueOf(p.messages()),
                        c(p.latency().mean()), c(p.latency().ci95()), c(p.networkLatency().mean()), c(p.networkLatency().ci95()),
                        c(p.sourceQueue().mean()), c(p.sourceQueue().ci95()), String.valueOf(p.saturated()),
                        p.model() == null ? "" : c(p.model().latency()), p.model() == null ? "" : c(p.model().networkLatency()),
                        p.model() == null ? "" : c(p.model().sourceQueue()),
                        p.modelCountedOnce() == null ? "" : c(p.modelCountedOnce().latency()),
                        p.run() ? String.valueOf(p.accounting().injected()) : "", p.run() ? String.valueOf(p.accounting().ejected()) : "",
                        p.run() ? String.valueOf(p.accounting().inFlight()) : "", p.run() ? String.valueOf(p.accounting().undeliverable()) : "",
                        p.run() ? String.valueOf(p.messageAccounting().generated()) : "",
                        p.run() ? String.valueOf(p.messageAccounting().delivered()) : "",
                        p.run() ? String.valueOf(p.messageAccounting().inFlight()) : "",
                        p.run() ? String.valueOf(p.messageAccounting().undeliverable()) : "",
                        p.run() ? c(p.littlesLaw().inNetwork()) : "", p.run() ? c(p.littlesLaw().throughputTimesLatency()) : "",
                        String.valueOf(p.lastStep()), c(p.runSeconds()), s.injection(), s.mix())).append('\n');
            }
        }
        return sb.toString();
    }

    private static String c(double v) {
        return Double.isNaN(v) ? "" : String.valueOf(v);
    }

    /** One row per delivered message of every rate run, in id order: the engines are compared on these. */
    public static void writeMessages(TrafficExperiment.Curve c, Writer out) throws IOException {
        out.write("rate,id,source,destination,generated,injected,ejected,hops,latency,flits,traffic_class\n");
        for (int i = 0; i < c.runs().size(); i++) {
            double rate = c.points().get(i).rate();
            List<MessageDelivered> byId = c.runs().get(i).delivered().stream()
                    .sorted(java.util.Comparator.comparingLong(MessageDelivered::id)).toList();
            for (MessageDelivered d : byId) {
                out.write(rate + "," + d.id() + "," + d.source() + "," + d.destination() + "," + d.generated() + "," + d.injected() + ","
                        + d.ejected() + "," + d.hops() + "," + d.latency() + "," + d.flits() + "," + d.trafficClass() + "\n");
            }
        }
    }

    /** Markdown: the settings, the table with the model beside the measurement, and the chart. */
    public static String markdown(String title, List<TrafficExperiment.Curve> curves, String png) {
        StringBuilder md = new StringBuilder("# ").append(title).append("\n\n");
        md.append("Mean message latency (cycles from generation to the last flit at the destination's processor, 002 §5) measured by"
                + " the emulator, beside 002's analytical model (§4, Eqs. 1–23, solved by fixed-point iteration) where it applies, and"
                + " its relative difference. \"once\" is the model with the transmission time M − 1 and the source queue counted once"
                + " instead of in each of Eq. 1's three sub-networks (our reading, not the paper's). Intervals are 95 % batch means.\n\n");
        for (TrafficExperiment.Curve c : curves) {
            TrafficSettings s = c.settings();
            md.append(String.format(Locale.ROOT, "## %s, %s, V=%d, M=%s, F=%d, %s traffic%n%n", s.topology(), s.routing(), s.vcs(), s.lengths(),
                    s.buffer(), s.mix().isEmpty() ? s.pattern() : s.mixture().describe()));
            md.append(String.format(Locale.ROOT, "%,d nodes; seed %d; %s engine; window: cycles %,d..%,d; zero-load latency M − 1 + mean"
                    + " BFS distance = %.2f; model: %s.%n%n", c.nodes(), s.seed(), s.engine().key(), c.warmupCycles() + 1, s.cycles(),
                    c.zeroLoadLatency(), c.model()));
            md.append(c.applied().line()).append("\n\n");
            // the p99 as the text prints it (issue 38: report.md dropped it)
            md.append("| λ_g | offered | accepted | messages | latency | ±95 % | p99 | network | queue | model | diff | once | saturated |\n");
            md.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
            for (int i = 0; i < c.points().size(); i++) {
                TrafficPoint p = c.points().get(i);
                double p99 = p.run() && i < c.runs().size() ? statistics(c, i).p99() : Double.NaN;
                md.append("| ").append(rate(p.rate())).append(" | ").append(f(p.offered(), 5)).append(" | ").append(f(p.accepted(), 5))
                        .append(" | ").append(p.run() ? String.valueOf(p.messages()) : "not run").append(" | ").append(f(p.latency().mean(), 1))
                        .append(" | ").append(f(p.latency().ci95(), 1)).append(" | ").append(f(p99, 0)).append(" | ")
                        .append(f(p.networkLatency().mean(), 1)).append(" | ")
                        .append(f(p.sourceQueue().mean(), 1)).append(" | ").append(p.model() == null ? "—" : f(p.model().latency(), 1))
                        .append(" | ").append(p.model() == null || Double.isNaN(p.latency().mean()) ? "—"
                                : String.format(Locale.ROOT, "%+.1f %%", 100 * (p.latency().mean() - p.model().latency()) / p.model().latency()))
                        .append(" | ").append(p.modelCountedOnce() == null ? "—" : f(p.modelCountedOnce().latency(), 1)).append(" | ")
                        .append(p.saturated() ? "yes" : "no").append(" |\n");
            }
            md.append('\n');
            TrafficPoint first = c.points().stream().filter(p -> p.run() && p.saturated()).findFirst().orElse(null);
            md.append(first == null ? "No rate saturated the network." : "Saturated at λ_g = " + rate(first.rate()) + ": "
                    + String.join("; ", first.saturation()) + ".");
            if (!Double.isNaN(c.modelSaturation())) {
                md.append(String.format(Locale.ROOT, " The model has no solution from λ_g = %.6f on.", c.modelSaturation()));
            }
            md.append("\n\n");
        }
        md.append("![latency against generation rate](").append(png).append(")\n\nAs a vector image: [")
                .append(icn.scenarios.report.Charts.svgBeside(png)).append("](").append(icn.scenarios.report.Charts.svgBeside(png)).append(").\n");
        return md.toString();
    }

    public static final String HISTOGRAM_CSV = "latency-histogram.csv";
    public static final String BY_HOPS_CSV = "latency-by-hops.csv";
    public static final String BY_CLASS_CSV = "latency-by-class.csv";
    public static final String BY_SIZE_CSV = "latency-by-size.csv";
    public static final String PER_NODE_CSV = "accepted-per-node.csv";
    public static final String UTILISATION_CSV = "channel-utilisation.csv";
    public static final String UTILISATION_SVG = "utilisation.svg";
    public static final String UTILISATION_BY_CLASS_CSV = "channel-utilisation-by-class.csv";
    /** Rows of channel-utilisation.csv at most (channels × rates); larger runs write the per-class file only. */
    static final long UTILISATION_ROWS = 2_000_000;

    /**
     * latency-histogram.csv, latency-by-hops.csv, accepted-per-node.csv, channel-utilisation.csv (every directed channel, unless
     * that is over {@value #UTILISATION_ROWS} rows) and channel-utilisation-by-class.csv: every rate that was run, row by row.
     */
    public static void writeStatistics(Path dir, TrafficExperiment.Curve c) throws IOException {
        StringBuilder histogram = new StringBuilder("rate,latency_from,latency_to,messages\n");
        StringBuilder hops = new StringBuilder("rate,hops,messages,mean_latency\n");
        StringBuilder nodes = new StringBuilder("rate,node,accepted_flits_per_cycle\n");
        StringBuilder classes = new StringBuilder("rate,traffic_class,pattern,messages,mean_latency,p99_latency,accepted_flits_per_node_cycle\n");
        StringBuilder sizes = new StringBuilder("rate,flits,messages,mean_latency,p99_latency,accepted_flits_per_node_cycle\n");
        List<TrafficMix.TrafficClass> mix = c.settings().mixture().classes();
        icn.protocols.Topology t = c.settings().network();
        for (int i = 0; i < Math.min(c.runs().size(), c.points().size()); i++) {
            TrafficStatistics st = statistics(c, i);
            String rate = rate(c.points().get(i).rate());
            st.histogram().forEach(b -> histogram.append(String.format(Locale.ROOT, "%s,%.0f,%.0f,%.0f%n", rate, b[0], b[1], b[2])));
            st.byHops().forEach(r -> hops.append(String.format(Locale.ROOT, "%s,%.0f,%.0f,%.3f%n", rate, r[0], r[1], r[2])));
            st.byClass().forEach(r -> classes.append(String.format(Locale.ROOT, "%s,%d,%s,%.0f,%.3f,%.0f,%.6f%n", rate, (int) r[0],
                    mix.get((int) r[0]).pattern(), r[1], r[2], r[3], r[4])));
            st.bySize().forEach(r -> sizes.append(String.format(Locale.ROOT, "%s,%d,%.0f,%.3f,%.0f,%.6f%n", rate, (int) r[0], r[1], r[2], r[3],
                    r[4])));
            for (int v = 0; v < st.acceptedPerNode().length; v++) {
                nodes.append(String.format(Locale.ROOT, "%s,\"%s\",%.6f%n", rate, t.label(v), st.acceptedPerNode()[v]));
            }
        }
        StringBuilder byClass = new StringBuilder("rate,link_class,channels,mean_flits_per_cycle,max_flits_per_cycle,from_cycle,to_cycle\n");
        int runs = Math.min(c.runs().size(), c.points().size());
        boolean perChannel = (long) t.nodeCount() * t.portCount() * runs <= UTILISATION_ROWS;
        try (Writer w = Files.newBufferedWriter(dir.resolve(UTILISATION_CSV), StandardCharsets.UTF_8)) {
            w.write(perChannel ? "rate,node,port,link_class,flits_per_cycle\n" : "# over " + UTILISATION_ROWS
                    + " rows (channels x rates): see " + UTILISATION_BY_CLASS_CSV + "\n");
            for (int i = 0; i < runs; i++) {
                ChannelUtilisation u = utilisation(c, i);
                String rate = rate(c.points().get(i).rate());
                for (ChannelUtilisation.ByClass b : u.byClass()) {
                    byClass.append(String.format(Locale.ROOT, "%s,%s,%d,%.6f,%.6f,%d,%d%n", rate, b.linkClass().key(), b.channels(), b.mean(),
                            b.max(), u.cycles()[0], u.cycles()[1]));
                }
                for (int v = 0; perChannel && v < t.nodeCount(); v++) {
                    for (int p = 0; p < t.portCount(); p++) {
                        if (!Double.isNaN(u.channel(v, p))) {
                            w.write(String.format(Locale.ROOT, "%s,\"%s\",%s,%s,%.6f%n", rate, t.label(v), t.portName(p), t.linkClass(p).key(),
                                    u.channel(v, p)));
                        }
                    }
                }
            }
        }
        Files.writeString(dir.resolve(UTILISATION_BY_CLASS_CSV), byClass, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(HISTOGRAM_CSV), histogram, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(BY_HOPS_CSV), hops, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(PER_NODE_CSV), nodes, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(BY_CLASS_CSV), classes, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(BY_SIZE_CSV), sizes, StandardCharsets.UTF_8);
    }

    /** {@code <root>/<name>/}: result.json, report.md, points.csv, messages.csv, latency.png and .svg, written whole or not at all. */
    public static Path write(Path root, String name, TrafficExperiment.Curve c) throws IOException {
        return ReportWriter.writeDirectory(root, name, dir -> {
            Files.writeString(dir.resolve(RESULT_JSON), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json(c)) + "\n",
                    StandardCharsets.UTF_8);
            String title = String.format(Locale.ROOT, "%s %s, V=%d, M=%s (seed %d)", c.settings().topology(), c.settings().routing(),
                    c.settings().vcs(), c.settings().lengths(), c.settings().seed());
            Files.writeString(dir.resolve(REPORT_MD), markdown("Latency under load: " + title, List.of(c), LATENCY_PNG), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve(POINTS_CSV), csv(List.of(c)), StandardCharsets.UTF_8);
            try (Writer w = Files.newBufferedWriter(dir.resolve(MESSAGES_CSV), StandardCharsets.UTF_8)) {
                writeMessages(c, w);
            }
            writeStatistics(dir, c);
            int busiest = busiestUnsaturated(c);
            if (busiest >= 0) {
                java.util.Optional<String> svg = UtilisationPicture.svg(c.settings().network(), utilisation(c, busiest),
                        title + ", λ=" + rate(c.points().get(busiest).rate()));
                if (svg.isPresent()) {
                    Files.writeString(dir.resolve(UTILISATION_SVG), svg.get(), StandardCharsets.UTF_8);
                    Files.writeString(dir.resolve(REPORT_MD), String.format(Locale.ROOT, "%nChannel utilisation at λ=%s drawn on the network:"
                            + " [%s](%s) (per link class in %s, every channel in %s).%n", rate(c.points().get(busiest).rate()), UTILISATION_SVG,
                            UTILISATION_SVG, UTILISATION_BY_CLASS_CSV, UTILISATION_CSV), StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
                }
            }
            List<double[]> bins = new java.util.ArrayList<>();
            for (int i = 0; i < Math.min(c.runs().size(), c.points().size()); i++) {
                double rate = c.points().get(i).rate();
                statistics(c, i).histogram().forEach(b -> bins.add(new double[] {rate, b[0], b[1], b[2]}));
            }
            icn.scenarios.report.ChartsInParallel.save(List.of(TrafficChart.build(title, List.of(c)), TrafficChart.accepted(title, List.of(c), null),
                    TrafficChart.histogram(title, bins)), List.of(dir.resolve(LATENCY_PNG), dir.resolve(ACCEPTED_PNG), dir.resolve(HISTOGRAM_PNG)));
            Files.writeString(dir.resolve(REPORT_MD), String.format(Locale.ROOT, "%nAccepted against offered traffic, in flits per node per"
                    + " cycle: [%s](%s); the latency histogram of every rate: [%s](%s) (its counts in %s).%n", ACCEPTED_PNG, ACCEPTED_PNG,
                    HISTOGRAM_PNG, HISTOGRAM_PNG, HISTOGRAM_CSV), StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        });
    }
}
