package icn.scenarios.traffic;

import icn.protocols.traffic.MessageDelivered;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/**
 * What a rate's measured messages show beyond their mean: latency percentiles (p50, p99, p99.9, nearest rank), a latency histogram,
 * the mean latency by hop count, and the accepted throughput of every node (flits ejected at it per cycle of the window). Computed
 * from the messages generated in the measurement window, as {@link TrafficMeasurement#measure} takes them.
 *
 * @param p50 the median latency (cycles), NaN without messages
 * @param p99 the 99th percentile
 * @param p999 the 99.9th percentile
 * @param histogram [from, to, messages] of equal-width bins from the least to the greatest latency
 * @param byHops [hops, messages, mean latency] for every hop count seen
 * @param acceptedPerNode flits ejected at each node per cycle of the window, by node id
 * @param byClass [class, messages, mean latency, p99, accepted flits per node per cycle] for every traffic class of a mix (one row
 *     without one)
 * @param bySize the same by message length in flits, [M, messages, mean latency, p99, accepted]
 */
public record TrafficStatistics(double p50, double p99, double p999, List<double[]> histogram, List<double[]> byHops,
        double[] acceptedPerNode, List<double[]> byClass, List<double[]> bySize) {

    /** Bins of the latency histogram. */
    static final int BINS = 20;

    /**
     * The statistics of {@code run}'s window after {@code warmup}, up to cycle {@code cycles}, on {@code nodes} nodes: its terminals
     * (every node but a fat-tree's or a dragonfly's switches), in the order of their ids.
     */
    public static TrafficStatistics of(TrafficMeasurement run, long warmup, long cycles, int nodes) {
        List<MessageDelivered> measured = new ArrayList<>();
        List<MessageDelivered> ejected = new ArrayList<>();
        double[] perNode = new double[nodes];
        icn.protocols.Topology t = run.topology();
        int[] rank = new int[t.nodeCount()];
        for (int v = 0, r = 0; v < rank.length; v++) {
            rank[v] = t.terminal(v) ? r++ : -1;
        }
        for (MessageDelivered d : run.delivered()) {
            if (d.generated() > warmup && d.generated() <= cycles) {
                measured.add(d);
            }
            if (d.ejected() > warmup && d.ejected() <= cycles) {
                perNode[rank[d.destination()]] += d.flits();
                ejected.add(d);
            }
        }
        long window = Math.max(1, cycles - warmup);
        for (int v = 0; v < nodes; v++) {
            perNode[v] /= window;
        }
        long[] latencies = measured.stream().mapToLong(MessageDelivered::latency).sorted().toArray();
        double per = (double) nodes * window;
        return new TrafficStatistics(percentile(latencies, 50), percentile(latencies, 99), percentile(latencies, 99.9),
                histogram(latencies), byHops(measured), perNode, by(measured, ejected, MessageDelivered::trafficClass, per),
                by(measured, ejected, MessageDelivered::flits, per));
    }

    /**
     * [key, messages, mean latency, p99, accepted flits per node per cycle] for every value of {@code key} seen: latency over the
     * messages generated in the window, acceptance over those ejected in it.
     */
    private static List<double[]> by(List<MessageDelivered> measured, List<MessageDelivered> ejected,
            java.util.function.ToIntFunction<MessageDelivered> key, double nodeCycles) {
        TreeMap<Integer, List<Long>> latencies = new TreeMap<>();
        TreeMap<Integer, Long> flits = new TreeMap<>();
        for (MessageDelivered d : measured) {
            latencies.computeIfAbsent(key.applyAsInt(d), k -> new ArrayList<>()).add(d.latency());
        }
        for (MessageDelivered d : ejected) {
            flits.merge(key.applyAsInt(d), (long) d.flits(), Long::sum);
            latencies.computeIfAbsent(key.applyAsInt(d), k -> new ArrayList<>());
        }
        List<double[]> rows = new ArrayList<>();
        latencies.forEach((k, l) -> {
            long[] sorted = l.stream().mapToLong(Long::longValue).sorted().toArray();
            double mean = sorted.length == 0 ? Double.NaN : Arrays.stream(sorted).average().orElse(Double.NaN);
            rows.add(new double[] {k, sorted.length, mean, percentile(sorted, 99), flits.getOrDefault(k, 0L) / nodeCycles});
        });
        return rows;
    }

    /** The nearest-rank percentile: the least value with at least p % of the values at or below it; NaN if there are none. */
    static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p * sorted.length / 100 - 1e-9); // 99.9 % of 1,000 is rank 999, not 1,000 by rounding
        return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
    }

    private static List<double[]> histogram(long[] sorted) {
        List<double[]> bins = new ArrayList<>();
        if (sorted.length == 0) {
            return bins;
        }
        long lo = sorted[0];
        long hi = sorted[sorted.length - 1];
        double width = Math.max(1, Math.ceil((hi - lo + 1) / (double) BINS));
        long[] counts = new long[(int) Math.ceil((hi - lo + 1) / width)];
        for (long v : sorted) {
            counts[(int) ((v - lo) / width)]++;
        }
        for (int b = 0; b < counts.length; b++) {
            bins.add(new double[] {lo + b * width, lo + (b + 1) * width, counts[b]});
        }
        return bins;
    }

    /** [hops, messages, mean latency] for every hop count: {@link #by}'s first three columns. */
    private static List<double[]> byHops(List<MessageDelivered> measured) {
        return by(measured, List.of(), MessageDelivered::hops, 1).stream().map(r -> Arrays.copyOf(r, 3)).toList();
    }


    /** The least, mean and greatest accepted throughput over the nodes. */
    public double[] acceptedSpread() {
        return new double[] {Arrays.stream(acceptedPerNode).min().orElse(Double.NaN), Arrays.stream(acceptedPerNode).average().orElse(Double.NaN),
            Arrays.stream(acceptedPerNode).max().orElse(Double.NaN)};
    }
}
