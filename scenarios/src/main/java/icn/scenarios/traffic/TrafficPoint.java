package icn.scenarios.traffic;

import java.util.List;

/**
 * What one rate λ_g measured (issue 13, defined as 002 §5 defines them): latency from generation to the last flit at the
 * destination's processor, network latency (from the head leaving the source router), source-queue time (until then); offered and
 * accepted throughput in flits per node per cycle over the measurement window; 95 % confidence intervals by batch means; whether
 * the network was saturated, and why; the model's values beside them; the flit and message accounting of the whole run; Little's
 * law over the window; the deadlock watchdog's finding. A rate above one that saturated is not run ({@code run} false: its
 * measured values are NaN).
 */
public record TrafficPoint(double rate, boolean run, double offered, double accepted, long messages, Stat latency, Stat networkLatency,
        Stat sourceQueue, boolean saturated, List<String> saturation, Model model, Model modelCountedOnce, FlitAccounting accounting,
        MessageAccounting messageAccounting, Little littlesLaw, Deadlock deadlock, long lastStep, long activations, long crossJvmMessages,
        double runSeconds) {

    /**
     * This point, saturated also where the sweep found it saturated over the rate's own warm-up ({@code sweep}), with that verdict's
     * reasons: the sweep stopped there, and the report must say so.
     */
    TrafficPoint withSweepVerdict(TrafficPoint sweep) {
        if (!sweep.saturated() || saturated) {
            return this;
        }
        List<String> reasons = sweep.saturation().stream().map(r -> "over this rate's own warm-up: " + r).toList();
        return new TrafficPoint(rate, run, offered, accepted, messages, latency, networkLatency, sourceQueue, true, reasons, model,
                modelCountedOnce, accounting, messageAccounting, littlesLaw, deadlock, lastStep, activations, crossJvmMessages, runSeconds);
    }

    /** A mean and the half-width of its 95 % confidence interval (NaN where too few messages to tell). */
    public record Stat(double mean, double ci95) {
        static final Stat NONE = new Stat(Double.NaN, Double.NaN);
    }

    /** A model's values at this rate. */
    public record Model(double latency, double networkLatency, double sourceQueue) {
    }

    /**
     * Flits of the whole run: taken by the routers from their processors into their injection channels ({@code injected}) =
     * ejected to processors + in flight at the end (in the live routers' buffers, injection channels included; the links are empty
     * when a run ends) + undeliverable (dropped from broken worms, or held by a crashed router).
     */
    public record FlitAccounting(long injected, long ejected, long inFlight, long undeliverable) {
        public boolean balanced() {
            return injected == ejected + inFlight + undeliverable;
        }
    }

    /** Messages of the whole run: generated = delivered + in flight at the end (queued or in the network) + undeliverable. */
    public record MessageAccounting(long generated, long delivered, long inFlight, long undeliverable) {
        public boolean balanced() {
            return generated == delivered + inFlight + undeliverable;
        }
    }

    /** Little's law over the window: mean messages in the network against accepted messages per cycle × mean network latency. */
    public record Little(double inNetwork, double throughputTimesLatency) {
        public double relativeDifference() {
            return inNetwork == 0 ? 0 : (throughputTimesLatency - inNetwork) / inNetwork;
        }
    }

    /** Virtual channels that can never move again (node label, in-port, vc) and the step they locked at. */
    public record Deadlock(long step, List<String> channels) {
    }

    /** A rate not run, because a lower one already saturated the network. */
    static TrafficPoint notRun(double rate, Model model, Model countedOnce) {
        return new TrafficPoint(rate, false, Double.NaN, Double.NaN, 0, Stat.NONE, Stat.NONE, Stat.NONE, true,
                List.of("not run: a lower rate already saturated the network"), model, countedOnce, null, null, null, null, 0, 0, 0, 0);
    }
}
