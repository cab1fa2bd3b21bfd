package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.node.engine.SequentialEngine;
import icn.node.kind.Programs;
import icn.protocols.LinkLatency;
import icn.protocols.Topology;
import icn.protocols.fault.FaultPlan;
import icn.protocols.traffic.ChannelStep;
import icn.protocols.traffic.MessageDelivered;
import icn.protocols.traffic.TrafficSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Little's law (issue 13), with its two sides measured apart: the mean number of messages in the network is counted from the
 * routers' buffers and the links at every cycle of the window (a message is in the network from its head leaving its source router
 * to its tail reaching its destination's processor), and set against the delivered message rate times the mean network latency of
 * the delivered messages' records; they agree within the latency's 95 % interval (batch means, computed here).
 */
class LittlesLawTest {

    /** Loads (flits per node per cycle) below each network's saturation: Little's law is about a steady state. */
    static Stream<Arguments> cases() {
        return Stream.of(Arguments.of(new TrafficRuns.Case("rnh:3,2", "adaptive", 4), 0.25),
                Arguments.of(new TrafficRuns.Case("torus:5,2", "dimension-order", 2), 0.25),
                Arguments.of(new TrafficRuns.Case("scc:4", "updown", 3), 0.1), Arguments.of(new TrafficRuns.Case("cr:4", "hop-class", 5), 0.2));
    }

    @ParameterizedTest(name = "{0} at {1} flits per node per cycle")
    @MethodSource("cases")
    void messagesInTheNetworkAreRateTimesLatency(TrafficRuns.Case c, double load) {
        Topology t = c.network();
        int flits = 8;
        long from = 2_000;
        long to = 30_000;
        TrafficSpec spec = new TrafficSpec(c.routing(), "uniform", c.vcs(), flits, 4, load / flits, 3, to + 500, to + 5_000);
        TrafficPrograms programs = Programs.traffic(t, spec, FaultPlan.NONE);
        List<WormholeRouter> routers = new ArrayList<>();
        double[] area = new double[1]; // Σ over the window's cycles of the messages in the network
        long[] last = {0, 0}; // the last step looked at, and the count after it
        var metrics = SequentialEngine.run(t, TrafficRuns.recording(programs, routers), LinkLatency.SYNCHRONOUS, FaultPlan.NONE,
                (step, links) -> {
                    // the count after the previous executed step held through the cycles up to this one (skipped steps change nothing)
                    area[0] += last[1] * overlap(last[0], step, from, to);
                    Set<Long> in = new HashSet<>();
                    routers.forEach(r -> r.messagesInNetwork(in));
                    links.countPending(p -> {
                        if (p instanceof ChannelStep s && s.hasFlit()) {
                            in.add(s.message());
                        }
                        return false;
                    });
                    last[0] = step;
                    last[1] = in.size();
                });
        area[0] += last[1] * overlap(last[0], to + 1, from, to);
        double inNetwork = area[0] / (to - from + 1);
        List<MessageDelivered> window = TrafficRuns.observed(metrics).delivered().stream()
                .filter(d -> d.ejected() >= from && d.ejected() <= to).sorted(java.util.Comparator.comparingLong(MessageDelivered::ejected))
                .toList();
        double rate = (double) window.size() / (to - from + 1);
        double[] latency = window.stream().mapToDouble(MessageDelivered::networkLatency).toArray();
        double mean = java.util.Arrays.stream(latency).average().orElseThrow();
        assertTrue(inNetwork > 1, c + ": a loaded network (" + inNetwork + " messages in it on average)");
        assertEquals(inNetwork, rate * mean, rate * halfWidth(latency, 20) + 0.01 * inNetwork,
                c + ": L (counted in the routers and on the links) against λ·W (from the delivered messages)");
    }

    /** Cycles of [a, b) within [from, to]. */
    private static long overlap(long a, long b, long from, long to) {
        return Math.max(0, Math.min(b, to + 1) - Math.max(a, from));
    }

    /** 95 % half-width of the mean by batch means over {@code batches} batches, t quantile for 19 degrees of freedom. */
    private static double halfWidth(double[] v, int batches) {
        int size = v.length / batches;
        double[] means = new double[batches];
        for (int b = 0; b < batches; b++) {
            double sum = 0;
            for (int i = b * size; i < (b + 1) * size; i++) {
                sum += v[i];
            }
            means[b] = sum / size;
        }
        double grand = java.util.Arrays.stream(means).average().orElseThrow();
        double var = java.util.Arrays.stream(means).map(m -> (m - grand) * (m - grand)).sum() / (batches - 1);
        return 2.093 * Math.sqrt(var / batches); // t(0.975, 19), from the tables
    }
}
