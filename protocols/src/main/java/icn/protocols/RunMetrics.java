package icn.protocols;

import java.util.Arrays;

/**
 * What one run measured, step by step: link messages sent per link class and nodes newly informed per message. Hosts each keep
 * one and the coordinator merges them; the sequential engine keeps one for the whole network. Step 0 is "before the first step"
 * (the source holds its first message after step 0).
 */
public final class RunMetrics {

    static final int CLASSES = LinkClass.values().length;

    private final int messages;
    private long[] sent = new long[CLASSES * 64]; // [step * CLASSES + class]
    private long[] informed; // [step * messages + message]
    private long lastStep = -1; // last step in which a link message was sent
    private long lastInformedStep = -1;
    private final PacketLog packets = new PacketLog();
    private long[] fates = new long[Fate.values().length]; // how the link messages ended, by Fate ordinal
    private long gaveUp; // routed packets a router abandoned: no way left (dfs back at its source, a static route without one)
    private long hopLimited; // routed packets dropped at the hop limit
    private long informedDead; // nodes informed of the first message that crashed later or went with a lost member
    private final java.util.List<Object> observations = new java.util.ArrayList<>(); // what node programs reported (traffic runs)
    // the wave: which node came to hold the first message after which step, as (node << WAVE_STEP_BITS | step), in the order it
    // happened; kept only while it has at most WAVE_MAX entries (waveCut once it would have more)
    private long[] wave = new long[0];
    private int waveSize;
    private boolean waveCut;

    /**
     * The most nodes whose informed step one run keeps for its wave: a picture of more is not drawn node by node, and a host's
     * counts must fit one frame (8 bytes a node: 512 KiB of the 1 MiB frames the cluster allows).
     */
    public static final int WAVE_MAX = 1 << 16;
    static final int WAVE_STEP_BITS = 24;

    /** The counts of a run as plain data, to cross JVMs (registered with Kryo). */
    public record Data(int messages, long[] sent, long[] informed, long lastStep, long lastInformedStep, PacketLog.Data packets,
            long[] fates, long gaveUp, long hopLimited, Object[] observations, long informedDead, byte[] wave, boolean waveCut)
            implements icn.protocols.WireMessage {
    }

    public Data data() {
        return new Data(messages, RunMetricsWire.packedSent(sent), informed.clone(), lastStep, lastInformedStep, packets.data(), fates.clone(), gaveUp,
                hopLimited, observations.toArray(), informedDead, RunMetricsWire.packedWave(wave, waveSize), waveCut);
    }

    /** The counts without the packet log and the observations, which travel in parts of their own (they can be megabytes). */
    public Data dataWithoutPackets() {
        return new Data(messages, RunMetricsWire.packedSent(sent), informed.clone(), lastStep, lastInformedStep, new PacketLog().data(), fates.clone(),
                gaveUp, hopLimited, new Object[0], informedDead, RunMetricsWire.packedWave(wave, waveSize), waveCut);
    }

    public static RunMetrics of(Data data) {
        RunMetrics m = new RunMetrics(data.messages());
        m.sent = RunMetricsWire.unpackedSent(data.sent());
        m.informed = data.informed().clone();
        m.lastStep = data.lastStep();
        m.lastInformedStep = data.lastInformedStep();
        m.fates = Arrays.copyOf(data.fates(), Fate.values().length);
        m.gaveUp = data.gaveUp();
        m.hopLimited = data.hopLimited();
        m.informedDead = data.informedDead();
        m.packets.merge(PacketLog.of(data.packets()));
        m.observations.addAll(java.util.Arrays.asList(data.observations()));
        long[] wave = RunMetricsWire.unpackedWave(data.wave());
        m.wave = wave == null ? new long[0] : wave;
        m.waveSize = m.wave.length;
        m.waveCut = data.waveCut() || wave == null || m.waveSize > WAVE_MAX;
        return m;
    }

    public RunMetrics(int messages) {
        if (messages < 1) {
            throw new IllegalArgumentException("messages must be at least 1");
        }
        this.messages = messages;
        this.informed = new long[messages * 64];
    }

    /** Number of pipelined messages (B). */
    public int messages() {
        return messages;
    }

    public void countSend(long step, LinkClass linkClass) {
        int i = index(step) * CLASSES + linkClass.ordinal();
        if (i >= sent.length) {
            sent = Arrays.copyOf(sent, Math.max(sent.length * 2, i + CLASSES));
        }
        sent[i]++;
        if (step > lastStep) {
            lastStep = step;
        }
    }

    /** {@code count} link messages ended as {@code fate}. */
    public void countFate(Fate fate, long count) {
        fates[fate.ordinal()] += count;
    }

    /** Link messages that ended as {@code fate}. */
    public long fate(Fate fate) {
        return fates[fate.ordinal()];
    }

    /** How every link message sent in the run ended; {@link Accounting#balanced()} checks that each ended exactly once. */
    public Accounting accounting() {
        return new Accounting(totalLinkMessages(), fate(Fate.DELIVERED), fate(Fate.NODE_CRASHED), fate(Fate.LINK_CUT),
                fate(Fate.LOST_IN_TRANSIT), fate(Fate.LOST_WITH_MEMBER));
    }

    /** A node holds message {@code message} (0-based) from the end of step {@code step} on. */
    public void countInformed(long step, int message) {
        if (message < 0 || message >= messages) {
            throw new IllegalArgumentException("message " + message + " outside 0.." + (messages - 1));
        }
        int i = index(step) * messages + message;
        if (i >= informed.length) {
            informed = Arrays.copyOf(informed, Math.max(informed.length * 2, i + messages));
        }
        informed[i]++;
        if (step > lastInformedStep) {
            lastInformedStep = step;
        }
    }

    /**
     * Counts for a network of {@code nodeCount} nodes: one of more than {@link #WAVE_MAX} keeps no wave (nothing is recorded or
     * sent for it), so that a large run pays nothing for a picture that is not drawn.
     */
    public static RunMetrics forNetwork(int messages, long nodeCount) {
        RunMetrics m = new RunMetrics(messages);
        m.waveCut = nodeCount > WAVE_MAX;
        return m;
    }

    /**
     * As {@link #countInformed(long, int)}, naming the node ({@code node}, its id): the first message's step is kept for the run's
     * wave, the picture of the broadcast spreading node by node.
     */
    public void countInformed(long step, int message, int node) {
        countInformed(step, message);
        if (message != 0 || waveCut) {
            return;
        }
        if (waveSize == WAVE_MAX || step < 0 || step >= (1L << WAVE_STEP_BITS)) {
            waveCut = true;
            wave = new long[0];
            waveSize = 0;
            return;
        }
        if (waveSize == wave.length) {
            wave = Arrays.copyOf(wave, Math.min(WAVE_MAX, Math.max(16, wave.length * 2)));
        }
        wave[waveSize++] = ((long) node << WAVE_STEP_BITS) | step;
    }

    /**
     * The step after which each node came to hold the first message, by node id (-1: never), for {@code nodeCount} nodes; empty
     * when the run kept no wave (more than {@link #WAVE_MAX} nodes, or counts made without naming nodes).
     */
    public java.util.Optional<int[]> wave(int nodeCount) {
        if (waveCut || nodeCount > WAVE_MAX || waveSize != informed(0)) {
            return java.util.Optional.empty();
        }
        int[] at = new int[nodeCount];
        Arrays.fill(at, -1);
        for (int i = 0; i < waveSize; i++) {
            long node = wave[i] >>> WAVE_STEP_BITS;
            if (node >= nodeCount) {
                return java.util.Optional.empty();
            }
            at[(int) node] = (int) (wave[i] & ((1L << WAVE_STEP_BITS) - 1));
        }
        return java.util.Optional.of(at);
    }

    /**
     * {@code count} nodes informed of the first message are not live at the end of the run: the fault plan crashes them after they
     * were informed, or they went with a lost member. Without them, {@link #informed(int) informed(0)} counts the live nodes informed.
     */
    public void countInformedDead(long count) {
        informedDead += count;
    }

    /** Nodes informed of the first message that crashed later or went with a lost member ({@link #countInformedDead}). */
    public long informedDead() {
        return informedDead;
    }

    /** Adds another host's counts to these. */
    public void merge(RunMetrics other) {
        if (other.messages != messages) {
            throw new IllegalArgumentException("cannot merge runs of " + other.messages + " and " + messages + " messages");
        }
        if (other.sent.length > sent.length) {
            sent = Arrays.copyOf(sent, other.sent.length);
        }
        for (int i = 0; i < other.sent.length; i++) {
            sent[i] += other.sent[i];
        }
        if (other.informed.length > informed.length) {
            informed = Arrays.copyOf(informed, other.informed.length);
        }
        for (int i = 0; i < other.informed.length; i++) {
            informed[i] += other.informed[i];
        }
        for (int i = 0; i < fates.length; i++) {
            fates[i] += other.fates[i];
        }
        gaveUp += other.gaveUp;
        hopLimited += other.hopLimited;
        informedDead += other.informedDead;
        lastStep = Math.max(lastStep, other.lastStep);
        lastInformedStep = Math.max(lastInformedStep, other.lastInformedStep);
        packets.merge(other.packets);
        observations.addAll(other.observations);
        if (waveCut || other.waveCut || (long) waveSize + other.waveSize > WAVE_MAX) {
            waveCut = true;
            wave = new long[0];
            waveSize = 0;
        } else {
            wave = Arrays.copyOf(wave, waveSize + other.waveSize);
            System.arraycopy(other.wave, 0, wave, waveSize, other.waveSize);
            waveSize += other.waveSize;
        }
    }

    /**
     * Records what a node program reported about the run (a traffic run's delivered and lost messages and its routers' final states),
     * as a registered wire record so that it can cross JVMs.
     */
    public void observe(Object observation) {
        observations.add(java.util.Objects.requireNonNull(observation));
    }

    /** Adds observations that reached the coordinator apart from these counts. */
    public void observeAll(java.util.Collection<?> more) {
        observations.addAll(more);
    }

    /** What the node programs reported, in the order it reached these counts (hosts' parts in any order). */
    public java.util.List<Object> observations() {
        return java.util.Collections.unmodifiableList(observations);
    }

    /** A routed packet reached its destination after {@code step}; its recorded hops are checked against {@code topology}. */
    public void countDelivered(long step, icn.protocols.Packet packet, Topology topology) {
        packets.add(packet, step, topology);
        if (step > lastInformedStep) {
            lastInformedStep = step;
        }
    }

    /**
     * A routed packet was abandoned by its router at the end of step {@code step}: it had no way left ({@code hopLimit} false: dfs
     * routing backtracked to its source with every port tried, or a static route had none) or reached the run's hop limit.
     */
    public void countGaveUp(long step, boolean hopLimit) {
        if (hopLimit) {
            hopLimited++;
        } else {
            gaveUp++;
        }
        if (step > lastInformedStep) {
            lastInformedStep = step;
        }
    }

    /** Routed packets abandoned with no way left (not counting those dropped at the hop limit). */
    public long gaveUp() {
        return gaveUp;
    }

    /** Routed packets dropped at the hop limit. */
    public long hopLimited() {
        return hopLimited;
    }

    /** The routed packets delivered in this run (none in a broadcast). */
    public PacketLog packets() {
        return packets;
    }

    /** The last step in which any link message was sent (0 if none was). */
    public long steps() {
        return Math.max(lastStep, 0);
    }

    /** The last step covered by these counts: the later of the last send and the last node informed. */
    public long horizon() {
        return Math.max(steps(), Math.max(lastInformedStep, 0));
    }

    public long linkMessages(LinkClass linkClass) {
        long total = 0;
        for (int i = linkClass.ordinal(); i < sent.length; i += CLASSES) {
            total += sent[i];
        }
        return total;
    }

    public long linkMessagesAt(long step, LinkClass linkClass) {
        int i = index(step) * CLASSES + linkClass.ordinal();
        return i < sent.length ? sent[i] : 0;
    }

    public long totalLinkMessages() {
        long total = 0;
        for (long v : sent) {
            total += v;
        }
        return total;
    }

    /** The number of steps in which at least one message crossed a link of this class. */
    public long stepsUsing(LinkClass linkClass) {
        long count = 0;
        for (int i = linkClass.ordinal(); i < sent.length; i += CLASSES) {
            if (sent[i] > 0) {
                count++;
            }
        }
        return count;
    }

    /** Steps 1..steps() in which at least one lateral link carried a message: the lateral-link steps of the run. */
    public long lateralSteps() {
        return stepsUsing(LinkClass.LATERAL);
    }

    /**
     * Steps 1..steps() that were not lateral-link steps. In Algorithms 4 and 5 every elapsed step is a lateral or a local step of the
     * loop, so this is the local-step count of 001 Theorems 9 and 10 as the run elapsed it; {@link #stepsUsing} with
     * {@link LinkClass#LOCAL} tells how many of them carried local traffic.
     */
    public long localSteps() {
        return steps() - lateralSteps();
    }

    /**
     * True when {@code other} measured the same run: the same nodes informed of every message in every step, and the same link
     * messages of every class in every step.
     */
    public boolean sameCountsAs(RunMetrics other) {
        if (other.messages != messages || other.horizon() != horizon()) {
            return false;
        }
        for (int k = 0; k < messages; k++) {
            if (!Arrays.equals(informedAfterEachStep(k), other.informedAfterEachStep(k))) {
                return false;
            }
        }
        for (long s = 0; s <= horizon(); s++) {
            for (LinkClass c : LinkClass.values()) {
                if (linkMessagesAt(s, c) != other.linkMessagesAt(s, c)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Nodes that came to hold {@code message} at the end of {@code step}. */
    public long newlyInformedAt(long step, int message) {
        int i = index(step) * messages + message;
        return i < informed.length ? informed[i] : 0;
    }

    /** Nodes holding {@code message} after each step 0..horizon(): element s is the count after step s. */
    public long[] informedAfterEachStep(int message) {
        int h = (int) horizon();
        long[] out = new long[h + 1];
        long running = 0;
        for (int s = 0; s <= h; s++) {
            running += newlyInformedAt(s, message);
            out[s] = running;
        }
        return out;
    }

    /** Nodes holding {@code message} at the end of the run. */
    public long informed(int message) {
        long total = 0;
        for (int i = message; i < informed.length; i += messages) {
            total += informed[i];
        }
        return total;
    }

    /** The first step after which all {@code nodeCount} nodes hold {@code message}, or -1 if that never happened. */
    public long fullCoverageStep(int message, long nodeCount) {
        long[] after = informedAfterEachStep(message);
        for (int s = 0; s < after.length; s++) {
            if (after[s] >= nodeCount) {
                return s;
            }
        }
        return -1;
    }

    private static int index(long step) {
        if (step < 0 || step > Integer.MAX_VALUE / 8) {
            throw new IllegalArgumentException("step " + step + " out of range");
        }
        return (int) step;
    }
}
