package icn.scenarios.reproduce;

import static icn.scenarios.traffic.TrafficReport.round;

import icn.node.engine.Engine;
import icn.node.engine.EngineKind;
import icn.protocols.Partition;
import icn.protocols.Topology;
import icn.protocols.fault.FaultSpec;
import icn.protocols.topology.Topologies;
import icn.scenarios.report.Charts;
import icn.scenarios.report.IcnLine;
import icn.scenarios.traffic.TrafficChart;
import icn.scenarios.traffic.TrafficExperiment;
import icn.scenarios.traffic.TrafficPoint;
import icn.scenarios.traffic.TrafficReport;
import icn.scenarios.traffic.TrafficSettings;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Beyond the papers (issue 32): latency against load on SCC_n for 000 §6's distributed routings (random, greedy, near-minimal) and
 * a minimal fully adaptive one, under wormhole switching with the virtual-channel schemes of docs/design.md, uniform and hotspot
 * traffic, beside a star graph and a CCC of about the same number of nodes with their adaptive routings. No paper prints any of it:
 * every cell is measured (or a given parameter), and the note says which routing saturated first and by how much.
 */
final class BeyondThePapers {

    static final String ID = "ext-scc-routings";
    static final String PAPER = "ext";

    /** 000 §6's routings under wormhole switching, and the minimal adaptive one, in the order the report lists them. */
    static final List<String> SCC_ROUTINGS = List.of("adaptive", "near-minimal", "greedy", "random");

    /** Flits per message: short enough that a worm spans a few links of SCC_7's 16.5 mean hops. */
    static final int FLITS = 16;

    /** Node 0 receives about this many times an average node's messages under the hotspot pattern, whatever the size. */
    static final double HOTSPOT_FACTOR = 8;

    private BeyondThePapers() {
    }

    static List<ArtifactSpec> specs() {
        return List.of(new ArtifactSpec(ID, PAPER, "Latency against load on SCC_n: 000 §6's random, greedy and near-minimal routing and a "
                + "minimal adaptive one under wormhole switching, uniform and hotspot, beside a star graph and a CCC of about its size",
                "figure", 8, 3400, 7000, BeyondThePapers::figure)); // seconds on 2 cores: standard measured 57 min
    }

    /** The networks at the profile's scale: {scc, star, ccc}. */
    static List<String> networks(Profile profile) {
        return profile.pick(List.of("scc:4", "star:5", "ccc:4"), List.of("scc:7", "star:8", "ccc:11"), List.of("scc:7", "star:8",
                "ccc:11"));
    }

    /** The curves: every SCC routing, then the star graph's and the CCC's adaptive routing, each under {@code pattern}. */
    static List<TrafficSettings> curves(Profile profile, long seed, String pattern) {
        List<String> nets = networks(profile);
        int vcs = 0; // one V for every curve: the most that any of them needs, so that every network has the same buffers
        List<String[]> runs = new ArrayList<>();
        for (String r : SCC_ROUTINGS) {
            runs.add(new String[] {nets.get(0), r});
        }
        runs.add(new String[] {nets.get(1), "adaptive"});
        runs.add(new String[] {nets.get(2), "adaptive"});
        for (String[] run : runs) {
            vcs = Math.max(vcs, TrafficSettings.defaultVcs(Topologies.parse(run[0]), run[1]));
        }
        long cycles = profile.pick(1_000L, 800L, 3_000L);
        List<TrafficSettings> curves = new ArrayList<>();
        for (String[] run : runs) {
            curves.add(new TrafficSettings(run[0], run[1], pattern(pattern, Topologies.parse(run[0])), vcs, FLITS,
                    TrafficSettings.DEFAULT_BUFFER, List.of(), TrafficSettings.AUTO_WARMUP, cycles, cycles / 2, seed, EngineKind.SEQUENTIAL,
                    1, 1, Partition.Kind.SUPERNODE, FaultSpec.none(seed)));
        }
        return curves;
    }

    /** {@code uniform}, or the hotspot that sends node 0 {@value #HOTSPOT_FACTOR} times a node's share on {@code t}. */
    static String pattern(String pattern, Topology t) {
        if (pattern.equals("uniform")) {
            return pattern;
        }
        return "hotspot:" + TrafficReport.rate(TrafficSettings.significant(HOTSPOT_FACTOR / (t.nodeCount() - 1), 3));
    }

    private static void figure(Reproduction.Context context, ArtifactBuilder out) throws Exception {
        List<String> verdicts = new ArrayList<>();
        List<TrafficExperiment.Curve> uniform = List.of();
        for (String pattern : List.of("uniform", "hotspot")) {
            List<TrafficSettings> settings = curves(context.profile(), context.seed(), pattern);
            List<TrafficExperiment.Curve> curves = TrafficExperiment.runAll(Engine.reference(), settings, 2, (done, total, line) -> { });
            List<String> names = curves.stream().map(c -> c.settings().topology() + " " + c.settings().routing()).toList();
            String png = ID + "-" + pattern + ".png";
            TrafficChart.write(String.format(Locale.ROOT, "Beyond the papers: %s traffic, V = %d, M = %d, seed %d", pattern,
                    settings.get(0).vcs(), FLITS, context.seed()), curves, names, context.file(png));
            out.file(png);
            out.file(Charts.svgBeside(png));
            String accepted = ID + "-" + pattern + "-accepted.png";
            Charts.save(TrafficChart.accepted(String.format(Locale.ROOT, "%s traffic, V = %d, M = %d, seed %d", pattern, settings.get(0).vcs(),
                    FLITS, context.seed()), curves, names), context.file(accepted));
            out.file(accepted);
            out.file(Charts.svgBeside(accepted));
            StringBuilder csv = new StringBuilder("network,routing,pattern,vcs,flits,rate,offered,accepted,messages,latency,latency_ci95,"
                    + "saturated\n");
            for (TrafficExperiment.Curve c : curves) {
                cells(out, c, pattern);
                for (TrafficPoint p : c.points()) {
                    if (p.run()) {
                        csv.append(String.format(Locale.ROOT, "%s,%s,%s,%d,%d,%.6f,%.6f,%.6f,%d,%.3f,%.3f,%b%n", c.settings().topology(),
                                c.settings().routing(), c.settings().pattern(), c.settings().vcs(), FLITS, p.rate(), p.offered(), p.accepted(),
                                p.messages(), p.latency().mean(), p.latency().ci95(), p.saturated()));
                    }
                }
                out.applied(c.settings().topology() + " " + c.settings().routing() + " " + pattern, c.applied());
            }
            Files.writeString(context.file(ID + "-" + pattern + ".csv"), csv.toString());
            out.file(ID + "-" + pattern + ".csv");
            verdicts.add(verdict(pattern, curves));
            uniform = pattern.equals("uniform") ? curves : uniform;
        }
        List<TrafficSettings> first = uniform.stream().map(TrafficExperiment.Curve::settings).toList();
        out.note("Beyond the papers: no paper prints these curves. 000 §6 says random, greedy and near-minimal routing can run "
                + "distributed under wormhole switching and that random routing is a good candidate for adaptive routing; here they run so,"
                + " with the virtual-channel schemes of docs/design.md (escape classes by negative lateral links and a dateline per ring),"
                + " beside a minimal fully adaptive routing with the same escape, and beside " + first.get(4).topology() + " and "
                + first.get(5).topology() + " (" + uniform.get(4).nodes() + " and " + uniform.get(5).nodes() + " nodes against "
                + uniform.get(0).nodes() + ") with their adaptive routings. Every curve: V = " + first.get(0).vcs() + " (the most any of them needs),"
                + " buffers of " + first.get(0).buffer() + " flits, M = " + FLITS + ", Poisson arrivals, ten rates up to the channel-load"
                + " estimate of each network (the sweep stops at the first saturated rate), " + first.get(0).cycles() + " measured cycles"
                + " per rate, seed " + context.seed() + ", sequential engine. Hotspot: node 0 receives " + (int) HOTSPOT_FACTOR
                + " times an average node's share on top of uniform traffic.");
        verdicts.forEach(out::note);
        for (TrafficSettings s : List.of(first.get(0), first.get(3))) {
            out.command(s.commandLine()); // the engine and window these curves ran with
        }
    }

    private static void cells(ArtifactBuilder out, TrafficExperiment.Curve c, String pattern) {
        String row = c.settings().topology() + " " + c.settings().routing() + ", " + pattern;
        TrafficPoint lowest = c.points().get(0);
        out.cell(Cell.measuredOnly(row, "latency at the lowest rate (cycles)", round(lowest.latency().mean(), 1)));
        out.cell(Cell.measuredOnly(row, "M − 1 + mean BFS distance", round(c.zeroLoadLatency(), 1)));
        double saturated = c.saturationRate();
        out.cell(Cell.measuredOnly(row, "first saturated λ_g", Double.isNaN(saturated) ? "not in the grid" : TrafficReport.rate(saturated)));
        out.cell(Cell.measuredOnly(row, "most accepted (flits/node/cycle)", round(mostAccepted(c), 4)));
    }

    /** The most flits per node per cycle the curve's runs delivered: the network's saturation throughput, as far as the grid reached it. */
    static double mostAccepted(TrafficExperiment.Curve c) {
        return c.points().stream().filter(TrafficPoint::run).mapToDouble(TrafficPoint::accepted).max().orElse(Double.NaN);
    }

    /**
     * Which SCC routing saturated first under {@code pattern}, and by how much, against the others and the other networks: by the
     * first rate of the grid that saturated it and by the most flits per node per cycle it accepted (which the grid's step does not
     * round). Where every routing first saturated at the same rate of the grid, the note says so before ranking them.
     */
    static String verdict(String pattern, List<TrafficExperiment.Curve> curves) {
        List<TrafficExperiment.Curve> scc = curves.subList(0, SCC_ROUTINGS.size()).stream()
                .sorted(Comparator.comparingDouble(BeyondThePapers::mostAccepted)).toList();
        TrafficExperiment.Curve worst = scc.get(0);
        TrafficExperiment.Curve best = scc.get(scc.size() - 1);
        boolean sameRate = scc.stream().allMatch(c -> !Double.isNaN(c.saturationRate()))
                && scc.stream().map(c -> TrafficReport.rate(c.saturationRate())).distinct().count() == 1;
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%s traffic on %s: ", pattern, worst.settings().topology()));
        if (sameRate) {
            sb.append(String.format(Locale.ROOT, "every routing first saturated at the same rate of the grid (%s), so the grid does not "
                    + "tell them apart; by the most flits accepted, ", first(worst)));
        }
        sb.append(String.format(Locale.ROOT, "%s routing saturates first (%s; most accepted %.4f flits/node/cycle), %s last (%s; %.4f): "
                + "%.1f %% less throughput. In order of saturation throughput: %s.", worst.settings().routing(), first(worst),
                mostAccepted(worst), best.settings().routing(), first(best), mostAccepted(best),
                100 * (1 - mostAccepted(worst) / mostAccepted(best)), String.join(", ", scc.stream()
                .map(c -> String.format(Locale.ROOT, "%s %.4f", c.settings().routing(), mostAccepted(c))).toList())));
        for (TrafficExperiment.Curve other : curves.subList(SCC_ROUTINGS.size(), curves.size())) {
            sb.append(String.format(Locale.ROOT, " %s adaptive: %.4f (%s).", other.settings().topology(), mostAccepted(other), first(other)));
        }
        return sb.toString();
    }

    private static String first(TrafficExperiment.Curve c) {
        double s = c.saturationRate();
        return Double.isNaN(s) ? "no rate of its grid saturated it" : "first saturated at λ_g = " + TrafficReport.rate(s);
    }
}
