package icn.scenarios.traffic;

import icn.node.traffic.DeadlockCheck;
import icn.protocols.RunMetrics;
import icn.protocols.Topology;
import icn.protocols.traffic.MessageDelivered;
import icn.protocols.traffic.MessageLost;
import icn.protocols.traffic.RouterState;
import icn.protocols.traffic.TrafficSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What one traffic run observed (the routers' reports), and its measurement over a window (issue 13, 002 §5). The window is the
 * messages generated in steps {@code warmup + 1 .. cycles}; the warm-up is given, or found by MSER-5 over the latencies of the
 * delivered messages in the order they were generated ({@link SteadyState#mser5}). Confidence intervals are batch means over the
 * window's messages in generation order ({@value #BATCHES} batches). Saturation is reported, with the reasons found: accepted
 * throughput below {@value #ACCEPTED_FRACTION} of the offered, measured messages still undelivered when the run stopped, latency
 * rising through the window ({@link SteadyState#risesWithoutBound}), or a deadlock. Messages lost to faults count as offered, not as
 * signs of saturation: the comparisons are with what could be delivered.
 */
public final class TrafficMeasurement {

    static final int BATCHES = 20;

    /** Messages per batch at least in the saturation trend test. */
    static final int TREND_BATCH = 10;
    static final double ACCEPTED_FRACTION = 0.95;

    private final Topology topology;
    private final TrafficSpec spec;
    private final icn.protocols.traffic.TrafficMix mix;
    private final long cycles;
    private final MessageDelivered[] delivered; // by generation step, then id
    private final Map<Long, Long> undelivered = new HashMap<>(); // id -> generated: lost, queued or in the network at the end
    private final Set<Long> lost = new HashSet<>();
    private final TrafficPoint.FlitAccounting flits;
    private final TrafficPoint.MessageAccounting messages;
    private final DeadlockCheck.Result deadlock;
    private final long lastStep;
    private final long[][] flitsOut; // per node: RouterState.flitsOut

    /** The observations of one run at {@code spec}'s rate, whose window ends at step {@code cycles}. */
    public TrafficMeasurement(Topology topology, TrafficSpec spec, long cycles, RunMetrics metrics) {
        this.topology = topology;
        this.spec = spec;
        this.mix = spec.mixture();
        this.cycles = cycles;
        this.lastStep = metrics.horizon();
        List<MessageDelivered> done = new ArrayList<>();
        List<RouterState> routers = new ArrayList<>();
        Map<Long, Long> lostGenerated = new HashMap<>();
        for (Object o : metrics.observations()) {
            if (o instanceof MessageDelivered d) {
                done.add(d);
            } else if (o instanceof MessageLost l) {
                lostGenerated.put(l.id(), l.generated());
            } else if (o instanceof RouterState r) {
                routers.add(r);
            }
        }
        done.sort(Comparator.comparingLong(MessageDelivered::generated).thenComparingLong(MessageDelivered::id));
        this.delivered = done.toArray(new MessageDelivered[0]);
        Set<Long> deliveredIds = new HashSet<>();
        for (MessageDelivered d : delivered) {
            deliveredIds.add(d.id());
        }
        long gen = 0;
        long injected = 0;
        long ejected = 0;
        long dropped = 0;
        long buffered = 0;
        long crashedBuffers = 0;
        Set<Long> inFlight = new HashSet<>();
        this.flitsOut = new long[topology.nodeCount()][];
        for (RouterState r : routers) {
            flitsOut[r.node()] = r.flitsOut();
            gen += r.generated();
            injected += r.injected();
            ejected += r.ejected();
            dropped += r.dropped();
            if (r.crashedAt() > 0) {
                crashedBuffers += r.buffered();
            } else {
                buffered += r.buffered();
            }
            for (int i = 0; i < r.held().length; i++) {
                if (r.crashedAt() > 0) {
                    lostGenerated.put(r.held()[i], r.heldGenerated()[i]); // it went down with its router
                } else {
                    inFlight.add(r.held()[i]);
                    undelivered.put(r.held()[i], r.heldGenerated()[i]);
                }
            }
        }
        lostGenerated.keySet().removeAll(deliveredIds); // a message reported lost by one router can only be delivered by none
        lost.addAll(lostGenerated.keySet());
        undelivered.putAll(lostGenerated);
        inFlight.removeAll(lost);
        this.flits = new TrafficPoint.FlitAccounting(injected, ejected, buffered, dropped + crashedBuffers);
        this.messages = new TrafficPoint.MessageAccounting(gen, delivered.length, inFlight.size(), lost.size());
        this.deadlock = DeadlockCheck.of(topology, spec.vcs(), routers);
    }

    /**
     * The warm-up MSER-5 finds in the latencies of the messages generated up to the window's end, and at least three zero-load
     * traversals of the network (3·(M − 1 + its diameter): the network starts empty, and its first messages meet none), at most half
     * the window.
     */
    public long detectWarmup(int diameter) {
        int end = 0;
        while (end < delivered.length && delivered[end].generated() <= cycles) {
            end++;
        }
        double[] latencies = new double[end];
        for (int i = 0; i < end; i++) {
            latencies[i] = delivered[i].latency();
        }
        int cut = SteadyState.mser5(latencies);
        long warmup = cut == 0 || cut >= end ? 0 : delivered[cut].generated() - 1;
        warmup = Math.max(warmup, 3L * (spec.flits() - 1 + diameter)); // M: the longest message of a mix
        return Math.min(warmup, cycles / 2);
    }

    /**
     * The flits router {@code node} sent on each out-port in {@link #utilisationCycles()} (credits not counted), or null if it sent no
     * final state.
     */
    public long[] flitsOut(int node) {
        return flitsOut[node];
    }

    /** {from, to}: the cycles the routers counted their flits in, G/2+1 .. G for a run that generates messages until cycle G. */
    public long[] utilisationCycles() {
        return new long[] {spec.generateUntil() / 2 + 1, spec.generateUntil()};
    }

    /** The delivered messages, in the order they were generated. */
    /** The last cycle of this run's measurement window (messages generated up to it are measured). */
    public long cycles() {
        return cycles;
    }

    /** The network the run was on. */
    public Topology topology() {
        return topology;
    }

    public List<MessageDelivered> delivered() {
        return List.of(delivered);
    }

    /** The measurement of the window after {@code warmup}, with the model's values for its rate. */
    public TrafficPoint measure(long warmup, TrafficPoint.Model model, TrafficPoint.Model countedOnce, long activations, long crossJvm,
            double runSeconds) {
        long window = cycles - warmup;
        int n = topology.terminalCount(); // loads are per terminal: a fat-tree's or a dragonfly's switches send nothing
        List<MessageDelivered> measured = new ArrayList<>();
        long ejectedInWindow = 0;
        long flitsEjectedInWindow = 0;
        long measuredFlits = 0;
        double inNetwork = 0;
        for (MessageDelivered d : delivered) {
            if (d.generated() > warmup && d.generated() <= cycles) {
                measured.add(d);
                measuredFlits += d.flits();
            }
            if (d.ejected() > warmup && d.ejected() <= cycles) {
                ejectedInWindow++;
                flitsEjectedInWindow += d.flits();
            }
            long from = Math.max(d.injected(), warmup + 1);
            long to = Math.min(d.ejected(), cycles + 1);
            if (to > from) {
                inNetwork += to - from; // cycles it spent in the network within the window
            }
        }
        long undeliverable = 0; // lost to faults: offered, never deliverable, so not a sign of saturation
        long missing = 0; // deliverable but still on their way when the run stopped
        for (Map.Entry<Long, Long> u : undelivered.entrySet()) {
            if (u.getValue() > warmup && u.getValue() <= cycles) {
                if (lost.contains(u.getKey())) {
                    undeliverable++;
                } else {
                    missing++;
                }
            }
        }
        // delivered messages count their own flits; those never delivered count the mix's mean length (M without a mix)
        double meanFlits = mix.meanFlits();
        double offered = (measuredFlits + meanFlits * (missing + undeliverable)) / ((double) n * window);
        double deliverable = (measuredFlits + meanFlits * missing) / ((double) n * window);
        double accepted = (double) flitsEjectedInWindow / ((double) n * window);
        TrafficPoint.Stat latency = stat(measured, MessageDelivered::latency);
        TrafficPoint.Stat network = stat(measured, MessageDelivered::networkLatency);
        TrafficPoint.Stat queue = stat(measured, MessageDelivered::sourceQueue);
        List<String> reasons = new ArrayList<>();
        // In a steady state the messages generated in the window and those ejected in it differ by the change in what the network
        // holds, about √(2·L) messages for L messages in it (Little: L = throughput × latency); only a larger deficit is saturation.
        double throughput = (double) ejectedInWindow / window; // messages per cycle, whole network
        double rmsFlits = Math.sqrt(measured.stream().mapToDouble(d -> (double) d.flits() * d.flits()).average().orElse(meanFlits * meanFlits));
        // bursts of a geometric number of messages (mean B) make the count of what arrives more variable: its variance grows by
        // E[G²]/E[G] = 2B − 1, its standard deviation by √(2B − 1); messages of mixed sizes count √E[M²] flits each
        double noise = 3 * Math.sqrt(2 * throughput * (Double.isNaN(latency.mean()) ? 0 : latency.mean())) * rmsFlits / ((double) n * window)
                * Math.sqrt(Math.max(1, 2 * spec.burst() - 1));
        if (accepted < ACCEPTED_FRACTION * deliverable && deliverable - accepted > noise) {
            reasons.add(String.format(Locale.ROOT, "accepted %.5f flits/node/cycle, below %.0f %% of the %.5f offered%s", accepted,
                    100 * ACCEPTED_FRACTION, deliverable, undeliverable == 0 ? "" : " that could be delivered"));
        }
        if (missing > 0) {
            reasons.add(String.format(Locale.ROOT, "%,d of the window's messages were not delivered when the run stopped at step %,d",
                    missing, lastStep));
        }
        // the trend test needs six batch means at least, of ten messages or more each (means of fewer heavy-tailed latencies are far
        // from normal, and the test's t statistic assumes they are not)
        if (measured.size() >= 6 * TREND_BATCH && SteadyState.risesWithoutBound(batchMeans(measured, MessageDelivered::latency))) {
            reasons.add("latency rises through the window (batch means): it grows without bound");
        }
        TrafficPoint.Deadlock locked = null;
        if (deadlock.deadlocked()) {
            List<String> channels = new ArrayList<>();
            for (DeadlockCheck.Channel c : deadlock.channels()) {
                channels.add(topology.label(c.node()) + " " + (c.inPort() == topology.inPortCount() ? "injection" : topology.inPortName(c.inPort()))
                        + " vc " + c.vc());
            }
            locked = new TrafficPoint.Deadlock(deadlock.step(), channels);
            reasons.add(String.format(Locale.ROOT, "deadlock: %,d virtual channels locked since step %,d", channels.size(), deadlock.step()));
        }
        TrafficPoint.Little little = new TrafficPoint.Little(inNetwork / window, throughput * network.mean());
        return new TrafficPoint(spec.rate(), true, offered, accepted, measured.size(), latency, network, queue, !reasons.isEmpty(),
                List.copyOf(reasons), model, countedOnce, flits, messages, little, locked, lastStep, activations, crossJvm, runSeconds);
    }

    private static double[] values(List<MessageDelivered> list, java.util.function.ToLongFunction<MessageDelivered> f) {
        double[] v = new double[list.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = f.applyAsLong(list.get(i));
        }
        return v;
    }

    private static double[] batchMeans(List<MessageDelivered> list, java.util.function.ToLongFunction<MessageDelivered> f) {
        return SteadyState.batchMeans(values(list, f), Math.min(BATCHES, list.size() / TREND_BATCH)).batchMeans();
    }

    private static TrafficPoint.Stat stat(List<MessageDelivered> list, java.util.function.ToLongFunction<MessageDelivered> f) {
        if (list.isEmpty()) {
            return TrafficPoint.Stat.NONE;
        }
        double[] v = values(list, f);
        if (v.length < 4) {
            return new TrafficPoint.Stat(Arrays.stream(v).average().orElse(Double.NaN), Double.NaN);
        }
        SteadyState.BatchMeans b = SteadyState.batchMeans(v, Math.min(BATCHES, v.length / 2));
        // the batch means' grand mean drops the first n mod B messages; report the mean of all of them
        return new TrafficPoint.Stat(Arrays.stream(v).average().orElse(Double.NaN), b.halfWidth());
    }
}
