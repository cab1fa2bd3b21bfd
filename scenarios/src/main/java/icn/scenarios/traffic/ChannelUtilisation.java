package icn.scenarios.traffic;

import icn.protocols.LinkClass;
import icn.protocols.Topology;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Channel utilisation of one traffic run (issue 32): flits per channel per cycle, counted by the routers on every directed link in
 * cycles G/2+1 .. G of a run that offers traffic until cycle G (after the warm-up, which is at most half the window, and while
 * the rate is still offered); per link class the channels' mean and busiest, and every channel's own. Credits are not counted.
 */
public final class ChannelUtilisation {

    /** One link class: how many directed channels it has, their mean utilisation and the busiest one's. */
    public record ByClass(LinkClass linkClass, int channels, double mean, double max) {
    }

    private final Topology topology;
    private final long[] cycles;
    private final double[] perChannel; // node * ports + port; NaN where the port leads nowhere or the router sent no state
    private final List<ByClass> byClass;

    private ChannelUtilisation(Topology topology, long[] cycles, double[] perChannel, List<ByClass> byClass) {
        this.topology = topology;
        this.cycles = cycles;
        this.perChannel = perChannel;
        this.byClass = byClass;
    }

    public static ChannelUtilisation of(Topology t, TrafficMeasurement run) {
        long[] cycles = run.utilisationCycles();
        double span = Math.max(1, cycles[1] - cycles[0] + 1);
        int ports = t.portCount();
        double[] perChannel = new double[t.nodeCount() * ports];
        Map<LinkClass, double[]> sums = new EnumMap<>(LinkClass.class); // {channels, sum, max}
        for (int v = 0; v < t.nodeCount(); v++) {
            long[] out = run.flitsOut(v);
            for (int p = 0; p < ports; p++) {
                int c = v * ports + p;
                if (out == null || t.neighbour(v, p) == Topology.NONE) {
                    perChannel[c] = Double.NaN;
                    continue;
                }
                perChannel[c] = out[p] / span;
                double[] s = sums.computeIfAbsent(t.linkClass(p), k -> new double[3]);
                s[0]++;
                s[1] += perChannel[c];
                s[2] = Math.max(s[2], perChannel[c]);
            }
        }
        List<ByClass> byClass = new ArrayList<>();
        sums.forEach((k, s) -> byClass.add(new ByClass(k, (int) s[0], s[1] / s[0], s[2])));
        return new ChannelUtilisation(t, cycles, perChannel, byClass);
    }

    /** {from, to}: the cycles counted. */
    public long[] cycles() {
        return cycles.clone();
    }

    public List<ByClass> byClass() {
        return byClass;
    }

    /** Flits per cycle on out-port {@code port} of {@code node}; NaN where it leads nowhere. */
    public double channel(int node, int port) {
        return perChannel[node * topology.portCount() + port];
    }

    /** One line: each class's mean and busiest channel. */
    public String summary() {
        StringBuilder sb = new StringBuilder();
        for (ByClass b : byClass) {
            sb.append(sb.length() == 0 ? "" : "; ").append(String.format(java.util.Locale.ROOT, "%s %.3f mean, %.3f busiest (%,d channels)",
                    b.linkClass().key(), b.mean(), b.max(), b.channels()));
        }
        return sb.toString();
    }
}
