package icn.protocols.traffic;

import icn.protocols.InvalidInputException;
import icn.protocols.ProgramSpec;

/**
 * A traffic run (issue 13): every node is a wormhole router with {@code vcs} virtual channels of {@code buffer} flits per input
 * physical channel, and a processor that generates messages of {@code flits} flits at {@code rate} messages per cycle, by
 * {@code injection}: a Poisson process (002 §4 assumptions a–e), Bernoulli trials (a message in a cycle with probability
 * {@code rate}), or bursts ({@code bursty:B}: bursts starting as a Poisson process of rate/B, each of a geometric number of messages
 * of mean B on consecutive cycles), their destinations drawn by {@code pattern}, routed by {@code routing}. Messages are generated
 * in steps 1 .. {@code generateUntil}; at step {@code stopAt} and later the routers only take in what reaches them (the run ends
 * there, whatever is still on its way is reported in flight). Randomness is drawn from {@code seed} and the node id, so every host
 * and engine builds the same traffic. A {@code mix} (empty: none) gives several traffic classes or message sizes
 * ({@link TrafficMix}); {@code flits} is then the longest message, and {@code pattern} the first class's.
 */
public record TrafficSpec(String routing, String pattern, int vcs, int flits, int buffer, double rate, long seed, long generateUntil,
        long stopAt, String injection, String mix, String timing) implements ProgramSpec {

    /** A run with the synchronous router ({@link RouterTiming#SYNCHRONOUS}). */
    public TrafficSpec(String routing, String pattern, int vcs, int flits, int buffer, double rate, long seed, long generateUntil,
            long stopAt, String injection, String mix) {
        this(routing, pattern, vcs, flits, buffer, rate, seed, generateUntil, stopAt, injection, mix, "");
    }

    /** The same run with the router's pipeline and link latencies of {@code t}. */
    public TrafficSpec withTiming(RouterTiming t) {
        return new TrafficSpec(routing, pattern, vcs, flits, buffer, rate, seed, generateUntil, stopAt, injection, mix, t.text());
    }

    /** The router's pipeline and its links' latencies. */
    public RouterTiming routerTiming() {
        return RouterTiming.parse(timing);
    }

    /** A run of one class of messages of one size. */
    public TrafficSpec(String routing, String pattern, int vcs, int flits, int buffer, double rate, long seed, long generateUntil,
            long stopAt, String injection) {
        this(routing, pattern, vcs, flits, buffer, rate, seed, generateUntil, stopAt, injection, "");
    }

    /** How messages arrive, as the command line writes it. */
    public static final String INJECTIONS = "poisson, bernoulli, bursty:B";

    /** A run with Poisson arrivals (002 §4 c). */
    public TrafficSpec(String routing, String pattern, int vcs, int flits, int buffer, double rate, long seed, long generateUntil,
            long stopAt) {
        this(routing, pattern, vcs, flits, buffer, rate, seed, generateUntil, stopAt, "poisson");
    }

    /**
     * The mean burst length of {@code bursty:B} (B ≥ 1), or 0 for the other processes; one line naming the problem for an unknown or
     * malformed process, or a Bernoulli rate above one message per cycle.
     */
    public double burst() {
        if (injection.equals("poisson")) {
            return 0;
        }
        if (injection.equals("bernoulli")) {
            if (rate > 1) {
                throw new InvalidInputException("bernoulli injection draws at most one message per node per cycle: the rate must be at "
                        + "most 1, not " + rate);
            }
            return 0;
        }
        if (injection.startsWith("bursty:")) {
            double b;
            try {
                b = Double.parseDouble(injection.substring("bursty:".length()));
            } catch (NumberFormatException e) {
                b = Double.NaN;
            }
            if (b >= 1 && Double.isFinite(b)) {
                return b;
            }
        }
        throw new InvalidInputException("unknown injection '" + injection + "': expected one of " + INJECTIONS
                + " (B the mean burst length in messages, at least 1)");
    }

    /** Virtual channels per physical channel at most (credits travel as one bit per virtual channel). */
    public static final int MAX_VCS = 32;

    public TrafficSpec {
        if (vcs < 1 || vcs > MAX_VCS) {
            throw new InvalidInputException("the number of virtual channels V must be 1.." + MAX_VCS + ", not " + vcs);
        }
        if (flits < 1) {
            throw new InvalidInputException("a message needs at least one flit (M >= 1), not " + flits);
        }
        if (buffer < 1) {
            throw new InvalidInputException("a virtual channel buffer holds at least one flit (F >= 1), not " + buffer);
        }
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new InvalidInputException("the generation rate must be a positive number of messages per node per cycle, not " + rate);
        }
        java.util.Objects.requireNonNull(injection, "injection");
        mix = mix == null ? "" : mix;
        timing = timing == null ? "" : RouterTiming.parse(timing).text();
        if (!mix.isEmpty() && TrafficMix.parse(mix, pattern, flits).maxFlits() != flits) {
            throw new IllegalArgumentException("a mixed run's flits must be its longest message: " + flits + " for " + mix);
        }
        if (generateUntil < 1 || stopAt <= generateUntil) {
            throw new IllegalArgumentException("a traffic run generates in steps 1.." + generateUntil + " and must stop after that, not at "
                    + stopAt);
        }
    }

    /** The classes and message sizes of the run (one class of {@code pattern}, every message {@code flits} long, without a mix). */
    public TrafficMix mixture() {
        return TrafficMix.parse(mix, pattern, flits);
    }

    /** Checks the injection process (see {@link #burst()}). */
    public TrafficSpec checked() {
        burst();
        return this;
    }

    @Override
    public int messages() {
        return 1;
    }
}
