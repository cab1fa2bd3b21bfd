package icn.scenarios.traffic;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.protocols.traffic.TrafficMix;
import icn.scenarios.report.AppliedFaults;
import java.util.List;

/** A traffic curve as its result.json has it (docs/output.md): settings, points, statistics, utilisation, model. */
final class TrafficJson {

    private TrafficJson() {
    }

    static ObjectNode of(TrafficExperiment.Curve c) {
        TrafficSettings s = c.settings();
        ObjectNode o = TrafficReport.JSON.createObjectNode();
        o.put("topology", s.topology());
        o.put("nodes", c.nodes());
        o.put("routing", s.routing());
        o.put("pattern", TrafficReport.pattern(s));
        o.put("injection", s.injection());
        o.put("timing", s.routerTiming().text().isEmpty() ? "synchronous" : s.routerTiming().text());
        number(o, "stopWhen", s.stopWhen() == 0 ? Double.NaN : s.stopWhen());
        o.put("maxCycles", s.maxCycles());
        o.put("vcs", s.vcs());
        o.put("flits", s.flits());
        mix(o, s);
        o.put("buffer", s.buffer());
        o.put("seed", s.seed());
        o.put("engine", s.engine().key());
        o.put("jvms", s.jvms());
        o.put("warmupCycles", c.warmupCycles());
        o.put("measuredCycles", c.measuredCycles());
        ArrayNode points = o.putArray("points");
        for (int i = 0; i < c.points().size(); i++) {
            ObjectNode p = point(c.points().get(i));
            if (i < c.runs().size() && c.points().get(i).run()) {
                statistics(p, TrafficReport.statistics(c, i));
                p.put("windowCycles", c.runs().get(i).cycles() - c.warmupCycles());
                utilisation(p, TrafficReport.utilisation(c, i));
            }
            points.add(p);
        }
        o.put("wallSeconds", TrafficReport.round(c.wallSeconds(), 3));
        long[] heap = TrafficReport.heap();
        o.putObject("heap").put("maxBytes", heap[0]).put("peakUsedBytes", heap[1]);
        o.put("meanDistance", TrafficReport.round(c.meanDistance(), 4));
        o.put("zeroLoadLatency", TrafficReport.round(c.zeroLoadLatency(), 4));
        o.put("warmup", s.warmup() == TrafficSettings.AUTO_WARMUP ? "detected (MSER-5)" : "given");
        o.put("cycles", s.cycles());
        o.put("cooldownCycles", s.cooldown());
        o.put("drainCycles", s.drain());
        o.put("hostsPerJvm", s.runSettings().hosts());
        o.put("partitioning", s.partitioning().key());
        o.put("defaultRates", c.defaultRates());
        o.put("model", c.model());
        number(o, "modelSaturationRate", c.modelSaturation());
        number(o, "saturationRate", c.saturationRate());
        AppliedFaults applied = c.applied();
        o.put("faults", applied.summary()); // the summary, as before the applied object came: "none", or what was applied
        o.set("applied", applied.json());
        return o;
    }

    private static void utilisation(ObjectNode o, ChannelUtilisation u) {
        ObjectNode json = o.putObject("channelUtilisation");
        json.putArray("cycles").add(u.cycles()[0]).add(u.cycles()[1]);
        ArrayNode classes = json.putArray("byClass");
        for (ChannelUtilisation.ByClass b : u.byClass()) {
            ObjectNode k = classes.addObject().put("linkClass", b.linkClass().key()).put("channels", b.channels());
            number(k, "mean", TrafficReport.round(b.mean(), 5));
            number(k, "max", TrafficReport.round(b.max(), 5));
        }
    }

    private static void mix(ObjectNode o, TrafficSettings s) {
        o.put("meanFlits", TrafficReport.round(s.meanFlits(), 4));
        if (s.mix().isEmpty()) {
            o.putNull("mix");
            return;
        }
        ObjectNode m = o.putObject("mix");
        m.put("text", s.mix());
        ArrayNode classes = m.putArray("classes");
        for (TrafficMix.TrafficClass c : s.mixture().classes()) {
            ObjectNode k = classes.addObject().put("pattern", c.pattern()).put("share", c.share());
            ArrayNode sizes = k.putArray("sizes");
            for (int i = 0; i < c.sizes().length; i++) {
                sizes.addObject().put("flits", c.sizes()[i]).put("share", c.sizeShares()[i]);
            }
        }
    }

    /**
     * {@code latencyPercentiles} {p50, p99, p999}, {@code latencyByHops} [{hops, messages, meanLatency}], {@code latencyByClass} and
     * {@code latencyBySize}, {@code acceptedPerNode}.
     */
    private static void statistics(ObjectNode o, TrafficStatistics t) {
        ObjectNode pct = o.putObject("latencyPercentiles");
        number(pct, "p50", t.p50());
        number(pct, "p99", t.p99());
        number(pct, "p999", t.p999());
        ArrayNode hops = o.putArray("latencyByHops");
        for (double[] r : t.byHops()) {
            hops.addObject().put("hops", (int) r[0]).put("messages", (long) r[1]).put("meanLatency", TrafficReport.round(r[2], 3));
        }
        rows(o.putArray("latencyByClass"), "class", t.byClass());
        rows(o.putArray("latencyBySize"), "flits", t.bySize());
        double[] spread = t.acceptedSpread();
        ObjectNode perNode = o.putObject("acceptedPerNode");
        number(perNode, "min", spread[0]);
        number(perNode, "mean", spread[1]);
        number(perNode, "max", spread[2]);
    }

    private static void rows(ArrayNode a, String key, List<double[]> rows) {
        for (double[] r : rows) {
            ObjectNode row = a.addObject().put(key, (int) r[0]).put("messages", (long) r[1]);
            number(row, "meanLatency", Double.isNaN(r[2]) ? r[2] : TrafficReport.round(r[2], 3));
            number(row, "p99", r[3]);
            number(row, "accepted", TrafficReport.round(r[4], 6));
        }
    }

    private static ObjectNode point(TrafficPoint p) {
        ObjectNode o = TrafficReport.JSON.createObjectNode();
        o.put("rate", p.rate());
        number(o, "offered", p.offered());
        number(o, "accepted", p.accepted());
        o.put("messages", p.messages());
        ObjectNode latency = o.putObject("latency");
        number(latency, "mean", p.latency().mean());
        number(latency, "ci95", p.latency().ci95());
        number(o, "networkLatency", p.networkLatency().mean());
        number(o, "sourceQueue", p.sourceQueue().mean());
        o.put("saturated", p.saturated());
        model(o, "model", p.model());
        if (p.accounting() == null) {
            o.putNull("accounting");
        } else {
            ObjectNode a = o.putObject("accounting");
            a.put("injected", p.accounting().injected());
            a.put("ejected", p.accounting().ejected());
            a.put("inFlight", p.accounting().inFlight());
            a.put("undeliverable", p.accounting().undeliverable());
            a.put("balanced", p.accounting().balanced());
        }
        o.put("run", p.run());
        ArrayNode why = o.putArray("saturation");
        p.saturation().forEach(why::add);
        number(o, "networkLatencyCi95", p.networkLatency().ci95());
        number(o, "sourceQueueCi95", p.sourceQueue().ci95());
        model(o, "modelCountedOnce", p.modelCountedOnce());
        if (p.model() != null && p.run() && !Double.isNaN(p.latency().mean())) {
            number(o, "modelRelativeDifference", (p.latency().mean() - p.model().latency()) / p.model().latency());
        } else {
            o.putNull("modelRelativeDifference");
        }
        if (p.messageAccounting() == null) {
            o.putNull("messageAccounting");
        } else {
            ObjectNode m = o.putObject("messageAccounting");
            m.put("generated", p.messageAccounting().generated());
            m.put("delivered", p.messageAccounting().delivered());
            m.put("inFlight", p.messageAccounting().inFlight());
            m.put("undeliverable", p.messageAccounting().undeliverable());
            m.put("balanced", p.messageAccounting().balanced());
        }
        if (p.littlesLaw() == null) {
            o.putNull("littlesLaw");
        } else {
            ObjectNode l = o.putObject("littlesLaw");
            number(l, "inNetwork", p.littlesLaw().inNetwork());
            number(l, "throughputTimesLatency", p.littlesLaw().throughputTimesLatency());
            number(l, "relativeDifference", p.littlesLaw().relativeDifference());
        }
        if (p.deadlock() == null) {
            o.putNull("deadlock");
        } else {
            ObjectNode d = o.putObject("deadlock");
            d.put("step", p.deadlock().step());
            ArrayNode ch = d.putArray("channels");
            p.deadlock().channels().forEach(ch::add);
        }
        o.put("lastStep", p.lastStep());
        o.put("runSeconds", TrafficReport.round(p.runSeconds(), 3));
        o.put("activations", p.activations());
        o.put("crossJvmMessages", p.crossJvmMessages());
        return o;
    }

    private static void model(ObjectNode o, String name, TrafficPoint.Model m) {
        if (m == null) {
            o.putNull(name);
            return;
        }
        ObjectNode n = o.putObject(name);
        number(n, "latency", m.latency());
        number(n, "networkLatency", m.networkLatency());
        number(n, "sourceQueue", m.sourceQueue());
    }

    static void number(ObjectNode o, String name, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            o.putNull(name);
        } else {
            o.put(name, v);
        }
    }
}
