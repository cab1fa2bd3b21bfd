package icn.protocols.fault;

import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.Topology;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Faults as a user writes them (scenario file, {@code --faults FILE}, or the {@code --crash-nodes / --cut-links / --loss} flags):
 * random node and link faults before step 1, drawn with {@code seed}; timed events naming labels; loss and extra delay per link class;
 * what to do when a worker JVM is lost. {@link #resolve} turns it into the {@link FaultPlan} every host runs.
 */
public record FaultSpec(long seed, int randomNodes, int randomLinks, boolean spareEndpoints, double[] loss, int[] extraDelay,
        List<Event> events, boolean continueOnMemberLoss) {

    /** A timed fault. */
    public sealed interface Event permits CrashNode, CutLink, KillJvm {
        long step();
    }

    /** Node {@code label} crashes at {@code step}. */
    public record CrashNode(String label, long step) implements Event {
    }

    /**
     * The link leaving {@code label} on port {@code port} (its name, e.g. {@code LATERAL}, {@code f2}) is cut at {@code step}, in
     * the direction sent or in {@code both}, and restored at {@code restore} ({@link FaultPlan#NEVER}: never).
     */
    public record CutLink(String label, String port, boolean both, long step, long restore) implements Event {
    }

    /** Worker JVM {@code jvm} (1..jvms−1; 0 is the coordinator's) is killed when the run reaches {@code step}. */
    public record KillJvm(int jvm, long step) implements Event {

        /** {@code J@STEP}, e.g. {@code 2@5}, STEP at least 1; one line naming {@code what} (the option or key) otherwise. */
        public static KillJvm parse(String text, String what) {
            String[] parts = text.split("@", -1);
            try {
                if (parts.length == 2) {
                    KillJvm k = new KillJvm(Integer.parseInt(parts[0].strip()), Long.parseLong(parts[1].strip()));
                    if (k.step() >= 1) {
                        return k;
                    }
                }
            } catch (NumberFormatException e) {
                // falls through to the one-line error
            }
            throw new InvalidInputException(what + " must be J@STEP with STEP at least 1 (e.g. 2@5), not '" + text + "'");
        }
    }

    private static final int CLASSES = LinkClass.values().length;

    public FaultSpec {
        if (randomNodes < 0 || randomLinks < 0) {
            throw new InvalidInputException("random fault counts must not be negative, got " + randomNodes + " nodes, " + randomLinks + " links");
        }
        loss = loss == null ? new double[CLASSES] : loss.clone();
        extraDelay = extraDelay == null ? new int[CLASSES] : extraDelay.clone();
        events = List.copyOf(events);
        for (double p : loss) {
            if (!(p >= 0 && p <= 1)) {
                throw new InvalidInputException("loss probability " + p + " is outside [0, 1]");
            }
        }
    }

    /** No faults. */
    public static FaultSpec none(long seed) {
        return new FaultSpec(seed, 0, 0, true, null, null, List.of(), false);
    }

    /** The same loss probability on every link class. */
    public static double[] uniformLoss(double p) {
        double[] loss = new double[CLASSES];
        Arrays.fill(loss, p);
        return loss;
    }

    public boolean isEmpty() {
        return randomNodes == 0 && randomLinks == 0 && events.isEmpty() && Arrays.stream(loss).allMatch(p -> p == 0)
                && Arrays.stream(extraDelay).allMatch(d -> d == 0);
    }

    public FaultSpec withRandom(int nodes, int links) {
        return new FaultSpec(seed, nodes, links, spareEndpoints, loss, extraDelay, events, continueOnMemberLoss);
    }

    public FaultSpec withSeed(long newSeed) {
        return new FaultSpec(newSeed, randomNodes, randomLinks, spareEndpoints, loss, extraDelay, events, continueOnMemberLoss);
    }

    /** Whether any event kills a JVM. */
    public boolean kills() {
        return events.stream().anyMatch(e -> e instanceof KillJvm);
    }

    /**
     * The plan for {@code topology}: labels and port names checked (one line naming a bad one), random faults drawn (never one of
     * {@code endpoints} when {@code spareEndpoints}), JVM kills checked against {@code jvms} (the coordinator's JVM 0 cannot be
     * killed).
     */
    public FaultPlan resolve(Topology topology, int[] endpoints, int jvms) {
        SplittableRandom random = new SplittableRandom(seed);
        List<long[]> crashes = new ArrayList<>(); // {node, step}
        List<long[]> cuts = new ArrayList<>(); // {node, port, from, until}
        List<long[]> kills = new ArrayList<>();
        BitSet crashed = new BitSet(topology.nodeCount());
        for (Event e : events) {
            if (e instanceof CrashNode c) {
                requireStep(c.step(), "crash of " + c.label());
                int node = topology.parseLabel(c.label());
                if (!crashed.get(node)) {
                    crashed.set(node);
                    crashes.add(new long[] {node, c.step()});
                }
            } else if (e instanceof CutLink c) {
                requireStep(c.step(), "cut of " + c.label() + " " + c.port());
                int node = topology.parseLabel(c.label());
                int port = portNamed(topology, node, c.port());
                if (c.restore() <= c.step()) {
                    throw new InvalidInputException("link " + c.label() + " " + c.port() + " is restored at step " + c.restore()
                            + ", not after its cut at step " + c.step());
                }
                addCut(topology, cuts, node, port, c.both(), c.step(), c.restore());
            } else if (e instanceof KillJvm k) {
                requireStep(k.step(), "kill of JVM " + k.jvm());
                if (k.jvm() == 0) {
                    throw new InvalidInputException("JVM 0 is the coordinator and cannot be killed; " + (jvms > 1
                            ? "kill a worker JVM (1.." + (jvms - 1) + ")" : "killing a worker JVM needs the actor engine on --jvms 2 or more"));
                }
                if (k.jvm() < 0 || k.jvm() >= jvms) {
                    throw new InvalidInputException("there is no worker JVM " + k.jvm() + " in a run on " + jvms + " JVM(s)"
                            + (k.jvm() > 0 ? "; killing JVM " + k.jvm() + " needs --jvms " + (k.jvm() + 1) + " or more" : "")
                            + (jvms > 1 ? " (workers here are 1.." + (jvms - 1) + ")" : ""));
                }
                kills.add(new long[] {k.jvm(), k.step()});
            }
        }
        BitSet spared = new BitSet(topology.nodeCount());
        if (spareEndpoints) {
            for (int e : endpoints) {
                spared.set(e);
            }
        }
        int candidates = topology.nodeCount() - spared.cardinality() - crashed.cardinality() + countBoth(crashed, spared);
        if (randomNodes > candidates) {
            throw new InvalidInputException(randomNodes + " random node faults asked for, but " + topology.name() + " has only " + candidates
                    + " nodes that may crash" + (spareEndpoints ? " (the source and destination are spared)" : ""));
        }
        for (int k = 0; k < randomNodes; k++) {
            int node;
            do {
                node = random.nextInt(topology.nodeCount());
            } while (crashed.get(node) || spared.get(node));
            crashed.set(node);
            crashes.add(new long[] {node, 1});
        }
        if (randomLinks > 0) {
            long[] links = links(topology);
            if (randomLinks > links.length) {
                throw new InvalidInputException(randomLinks + " random link faults asked for, but " + topology.name() + " has only "
                        + links.length + " links");
            }
            // partial Fisher–Yates: the first randomLinks entries are a uniform sample without repetition
            for (int k = 0; k < randomLinks; k++) {
                int j = k + random.nextInt(links.length - k);
                long t = links[k];
                links[k] = links[j];
                links[j] = t;
                addCut(topology, cuts, (int) (links[k] >>> 16), (int) (links[k] & 0xFFFF), true, 1, FaultPlan.NEVER);
            }
        }
        int[] crashNodes = crashes.stream().mapToInt(c -> (int) c[0]).toArray();
        long[] crashSteps = crashes.stream().mapToLong(c -> c[1]).toArray();
        return new FaultPlan(seed, crashNodes, crashSteps, cuts.stream().mapToInt(c -> (int) c[0]).toArray(),
                cuts.stream().mapToInt(c -> (int) c[1]).toArray(), cuts.stream().mapToLong(c -> c[2]).toArray(),
                cuts.stream().mapToLong(c -> c[3]).toArray(), loss, extraDelay, kills.stream().mapToInt(k -> (int) k[0]).toArray(),
                kills.stream().mapToLong(k -> k[1]).toArray(), continueOnMemberLoss);
    }

    private static int countBoth(BitSet a, BitSet b) {
        BitSet c = (BitSet) a.clone();
        c.and(b);
        return c.cardinality();
    }

    private static void requireStep(long step, String what) {
        if (step < 1) {
            throw new InvalidInputException("the " + what + " is at step " + step + "; steps start at 1");
        }
    }

    /**
     * The links of {@code topology}, each once, as {@code node << 16 | port}: every arc of a directed topology; for an undirected one
     * the end with the smaller id (a link between u and v is cut in both directions).
     */
    public static long[] links(Topology topology) {
        long[] out = new long[16];
        int size = 0;
        for (int u = 0; u < topology.nodeCount(); u++) {
            for (int p = 0; p < topology.portCount(); p++) {
                int v = topology.neighbour(u, p);
                if (v == Topology.NONE || (!topology.directed() && v < u)) {
                    continue;
                }
                if (size == out.length) {
                    out = Arrays.copyOf(out, size * 2);
                }
                out[size++] = ((long) u << 16) | p;
            }
        }
        return Arrays.copyOf(out, size);
    }

    private static void addCut(Topology topology, List<long[]> cuts, int node, int port, boolean both, long from, long until) {
        cuts.add(new long[] {node, port, from, until});
        if (both) {
            int v = topology.neighbour(node, port);
            int back = reversePort(topology, node, port);
            if (back >= 0) {
                cuts.add(new long[] {v, back, from, until});
            } else if (!topology.directed()) {
                throw new IllegalStateException("no way back over " + topology.label(node) + " " + topology.portName(port));
            }
        }
    }

    /** The out-port at the far end of (node, port) that leads back to node over the same link, or −1 (a one-way arc of CR_n). */
    public static int reversePort(Topology topology, int node, int port) {
        int v = topology.neighbour(node, port);
        if (!topology.directed()) {
            return topology.arrivalPort(node, port);
        }
        for (int q = 0; q < topology.portCount(); q++) {
            if (topology.neighbour(v, q) == node) {
                return q;
            }
        }
        return -1;
    }

    private static int portNamed(Topology topology, int node, String name) {
        for (int p = 0; p < topology.portCount(); p++) {
            if (topology.portName(p).equalsIgnoreCase(name)) {
                if (topology.neighbour(node, p) == Topology.NONE) {
                    throw new InvalidInputException("port " + name + " of " + topology.label(node) + " leads nowhere in " + topology.name());
                }
                return p;
            }
        }
        List<String> names = new ArrayList<>();
        for (int p = 0; p < topology.portCount(); p++) {
            names.add(topology.portName(p));
        }
        throw new InvalidInputException("unknown port '" + name + "' in " + topology.name() + ": expected one of " + String.join(", ", names));
    }
}
