package icn.protocols.traffic;

import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import java.util.Arrays;
import java.util.Locale;

/**
 * A router's pipeline and its links' latencies (issue 39), as BookSim's {@code routing_delay}, {@code vc_alloc_delay},
 * {@code sw_alloc_delay}, {@code st_final_delay} and channel latencies. The pipeline's delays are cycles added at every router a
 * message passes, its source's and its destination's included: a head waits routing + VC allocation + switch allocation +
 * traversal cycles after it reached a router's buffer before it can leave it, a body flit switch allocation + traversal. A link of
 * latency L takes L cycles where the papers' synchronous model takes one, for flits and for the credits that come back over it.
 * So a message of M flits that meets no other takes M − 1 + Σ L over its links + (D + 1)·(routing + VC + switch + traversal)
 * cycles over D links. The default, every delay 0 and every link 1 cycle, is the synchronous router of issue 13, unchanged.
 *
 * <p>The crossbar's speedup, as BookSim's {@code internal_speedup} for an input-queued router: at most {@code speedup} flits leave
 * one input channel from the network through the crossbar in a cycle (to different outputs, or to the processor), so 1 is a
 * router without speedup, where the virtual channels of one input take turns. The default, 0, sets no such limit: every virtual
 * channel of an input may cross in the same cycle, as in issue 13's router (its results unchanged). The processor's injection
 * channel is a link of its own and sends one flit a cycle whatever the speedup.
 *
 * <p>Text form ({@link #text()}, {@link #parse}): {@code pipeline=R,V,S,T}, {@code speedup=S} and {@code links=CLASS:L,...},
 * separated by a blank; empty for the default.
 */
public record RouterTiming(int routing, int vcAllocation, int switchAllocation, int traversal, int[] linkLatency, int speedup) {

    /** The synchronous router: no pipeline delay, every link one cycle, no limit on the crossbar. */
    public static final RouterTiming SYNCHRONOUS = new RouterTiming(0, 0, 0, 0, null);

    /** A timing without a crossbar limit (speedup 0). */
    public RouterTiming(int routing, int vcAllocation, int switchAllocation, int traversal, int[] linkLatency) {
        this(routing, vcAllocation, switchAllocation, traversal, linkLatency, 0);
    }

    /** The largest delay or latency accepted, in cycles. */
    public static final int MAX = 1_000;

    public RouterTiming {
        for (int d : new int[] {routing, vcAllocation, switchAllocation, traversal}) {
            if (d < 0 || d > MAX) {
                throw new InvalidInputException("a pipeline delay must be 0.." + MAX + " cycles, not " + d);
            }
        }
        int[] l = new int[LinkClass.values().length];
        Arrays.fill(l, 1);
        if (linkLatency != null) {
            for (int c = 0; c < Math.min(l.length, linkLatency.length); c++) {
                if (linkLatency[c] < 1 || linkLatency[c] > MAX) {
                    throw new InvalidInputException("a link latency must be 1.." + MAX + " cycles, not " + linkLatency[c]);
                }
                l[c] = linkLatency[c];
            }
        }
        linkLatency = l;
        if (speedup < 0 || speedup > MAX) {
            throw new InvalidInputException("the crossbar's speedup must be 1.." + MAX + " flits per input channel and cycle (or 0, no"
                    + " limit), not " + speedup);
        }
    }

    /** Whether an input channel may send fewer flits through the crossbar in a cycle than it has virtual channels ({@code vcs}). */
    public boolean limitsCrossbar(int vcs) {
        return speedup > 0 && speedup < vcs;
    }

    /** Cycles a head waits at a router before it may leave. */
    public int head() {
        return routing + vcAllocation + switchAllocation + traversal;
    }

    /** Cycles a body flit waits at a router before it may leave. */
    public int body() {
        return switchAllocation + traversal;
    }

    /** The latency of a link of class {@code c}. */
    public int latency(LinkClass c) {
        return linkLatency[c.ordinal()];
    }

    /** Whether flits take no cycle but the papers' one per link (no pipeline, every link one cycle); the speedup aside. */
    public boolean synchronous() {
        return head() == 0 && Arrays.stream(linkLatency).allMatch(x -> x == 1);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RouterTiming r && r.text().equals(text());
    }

    @Override
    public int hashCode() {
        return text().hashCode();
    }

    @Override
    public String toString() {
        return text().isEmpty() ? "synchronous" : text();
    }

    /** The text form; empty for the default. */
    public String text() {
        StringBuilder sb = new StringBuilder();
        if (head() > 0) {
            sb.append(String.format(Locale.ROOT, "pipeline=%d,%d,%d,%d", routing, vcAllocation, switchAllocation, traversal));
        }
        if (speedup > 0) {
            sb.append(sb.length() == 0 ? "" : " ").append("speedup=").append(speedup);
        }
        StringBuilder links = new StringBuilder();
        for (LinkClass c : LinkClass.values()) {
            if (linkLatency[c.ordinal()] != 1) {
                links.append(links.length() == 0 ? "" : ",").append(c.key()).append(':').append(linkLatency[c.ordinal()]);
            }
        }
        if (links.length() > 0) {
            sb.append(sb.length() == 0 ? "" : " ").append("links=").append(links);
        }
        return sb.toString();
    }

    /** The timing from its text form; one line naming the problem otherwise. */
    public static RouterTiming parse(String text) {
        int[] pipeline = new int[4];
        int[] links = new int[LinkClass.values().length];
        Arrays.fill(links, 1);
        int speedup = 0;
        for (String part : (text == null ? "" : text).strip().split("\\s+")) {
            if (part.isEmpty()) {
                continue;
            }
            if (part.startsWith("pipeline=")) {
                pipeline = pipeline(part.substring("pipeline=".length()));
            } else if (part.startsWith("links=")) {
                links = links(part.substring("links=".length()));
            } else if (part.startsWith("speedup=")) {
                speedup = speedup(part.substring("speedup=".length()));
            } else {
                throw new InvalidInputException("malformed timing '" + part + "': expected pipeline=R,V,S,T, speedup=S or links=CLASS:L,...");
            }
        }
        return new RouterTiming(pipeline[0], pipeline[1], pipeline[2], pipeline[3], links, speedup);
    }

    /** {@code R,V,S,T}: routing, VC allocation, switch allocation and traversal delays in cycles. */
    public static int[] pipeline(String text) {
        String[] p = text.strip().split(",", -1);
        if (p.length != 4 || !Arrays.stream(p).allMatch(x -> x.strip().matches("\\d{1,4}"))) {
            throw new InvalidInputException("malformed pipeline '" + text.strip() + "': expected R,V,S,T, four delays in cycles (routing, "
                    + "VC allocation, switch allocation, traversal), e.g. 1,1,1,0");
        }
        return Arrays.stream(p).mapToInt(x -> Integer.parseInt(x.strip())).toArray();
    }

    /** {@code S}: the flits one input channel may send through the crossbar in a cycle, 1 or more. */
    public static int speedup(String text) {
        String t = text.strip();
        if (!t.matches("\\d{1,4}") || Integer.parseInt(t) < 1) {
            throw new InvalidInputException("malformed speedup '" + t + "': expected S, the flits one input channel may send through the"
                    + " crossbar in a cycle, 1 or more (1: a router without speedup)");
        }
        return Integer.parseInt(t);
    }

    /** {@code CLASS:L,...}: the latency in cycles of the links of each class named (the others take 1). */
    public static int[] links(String text) {
        int[] l = new int[LinkClass.values().length];
        Arrays.fill(l, 1);
        for (String item : text.strip().split(",", -1)) {
            String[] kv = item.strip().split(":", -1);
            LinkClass c = kv.length == 2 ? Arrays.stream(LinkClass.values()).filter(x -> x.key().equals(kv[0].strip())).findFirst()
                    .orElse(null) : null;
            if (c == null || !kv[1].strip().matches("\\d{1,4}")) {
                throw new InvalidInputException("malformed link latency '" + item.strip() + "': expected CLASS:L with CLASS one of "
                        + String.join(", ", Arrays.stream(LinkClass.values()).map(LinkClass::key).toList()) + ", e.g. global:10");
            }
            l[c.ordinal()] = Integer.parseInt(kv[1].strip());
        }
        return l;
    }
}
