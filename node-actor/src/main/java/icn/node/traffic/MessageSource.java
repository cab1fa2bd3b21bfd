package icn.node.traffic;

import icn.node.program.NodeProgram;
import icn.protocols.traffic.MessageHeader;
import icn.protocols.traffic.TrafficMix;
import java.util.ArrayDeque;
import java.util.SplittableRandom;

/**
 * The processor side of one {@link WormholeRouter}: its arrival process of new messages (Poisson, Bernoulli or bursty) and the unbounded source queue they wait in
 * for an injection virtual channel (002 Eq. 21's local queue). Its random streams depend only on the run's seed and the node, so
 * every engine generates the same messages.
 */
final class MessageSource {

    private final TrafficPrograms run;
    private final int node;
    private final TrafficRouting routing;
    final ArrayDeque<MessageHeader> queue = new ArrayDeque<>();
    private final SplittableRandom arrivals;
    private final SplittableRandom destinations;
    private final SplittableRandom kinds; // class and size of each message; null for one class of one size
    private final TrafficMix mix;
    private final double burst;
    private final boolean bernoulli;
    private double burstLeft;
    private double burstStart;
    private long lastStep;
    private double arrivalTime;
    private long nextArrival;
    private int sequence;
    private long generated;

    MessageSource(TrafficPrograms run, int node) {
        this.run = run;
        this.node = node;
        this.routing = run.routing();
        SplittableRandom stream = new SplittableRandom(run.spec().seed() ^ (0x9E3779B97F4A7C15L * (node + 1)));
        this.arrivals = stream.split();
        this.destinations = stream.split();
        this.mix = run.mix();
        this.kinds = mix.single() ? null : stream.split();
        this.burst = run.spec().burst();
        this.bernoulli = run.spec().injection().equals("bernoulli");
        this.nextArrival = run.generates(node) ? drawArrival() : NodeProgram.NO_WAKE;
    }

    /**
     * The step of the next arrival after the last, or NO_WAKE: Poisson (002 §4 c: exponential gaps of mean 1/λ_g cycles), Bernoulli
     * (a geometric gap of whole cycles: a message in each cycle with probability λ_g), or bursty (bursts start as a Poisson process
     * of rate λ_g/B on a clock of their own; a burst's geometric number of messages, of mean B, arrive on consecutive cycles from its
     * start, or from the cycle after the previous burst's last message where bursts overlap).
     */
    private long drawArrival() {
        double rate = run.spec().rate();
        double step;
        if (burst > 0) {
            if (burstLeft > 0) {
                burstLeft--;
                step = lastStep + 1;
            } else {
                burstStart += -Math.log(1 - arrivals.nextDouble()) * burst / rate;
                burstLeft = geometric(1 / burst) - 1; // this message and the rest of its burst
                step = Math.max(Math.ceil(burstStart), lastStep + 1);
            }
        } else if (bernoulli) {
            arrivalTime = Math.floor(arrivalTime) + geometric(rate);
            step = Math.ceil(arrivalTime);
        } else {
            arrivalTime += -Math.log(1 - arrivals.nextDouble()) / rate;
            step = Math.ceil(arrivalTime);
        }
        if (step > run.spec().generateUntil()) {
            return NodeProgram.NO_WAKE;
        }
        lastStep = Math.max(1, (long) step);
        return lastStep;
    }

    /**
     * A geometric number of trials until the first success of probability {@code p}: 1, 2, …, of mean 1/p; a double, so that a tiny
     * p gives a gap beyond any run rather than an overflow.
     */
    private double geometric(double p) {
        return p >= 1 ? 1 : 1 + Math.floor(Math.log1p(-arrivals.nextDouble()) / Math.log1p(-p));
    }

    /** The step of the next arrival, or NO_WAKE. */
    long nextArrival() {
        return nextArrival;
    }

    /**
     * Queues the messages that arrived by {@code step}. With a mix, each arrival draws its class and size first; an arrival of a
     * class whose pattern maps this node to itself generates nothing.
     */
    void generate(long step) {
        while (nextArrival != NodeProgram.NO_WAKE && nextArrival <= step) {
            int cls = kinds == null ? 0 : mix.draw(kinds.nextDouble());
            int flits = kinds == null ? run.spec().flits() : mix.classes().get(cls).size(kinds.nextDouble());
            TrafficPattern pattern = run.pattern(cls);
            if (pattern.generates(node)) {
                int destination = pattern.destination(node, destinations);
                queue.add(routing.start(MessageHeader.id(node, sequence++), node, destination, nextArrival).sized(flits, cls));
                generated++;
            }
            nextArrival = drawArrival();
        }
    }

    long generated() {
        return generated;
    }

    /**
     * The queued messages take the router's free injection virtual channels, whole (the processor holds all their flits); the
     * flits injected.
     */
    long fill(InputChannels in, int vcs, Timing timing, long step) {
        long flits = 0;
        for (int v = 0; v < vcs && !queue.isEmpty(); v++) {
            int i = in.injection + v;
            if (in.msg[i] == null) {
                MessageHeader h = queue.poll();
                in.admit(i, h, h.flits(), step);
                flits += h.flits();
                if (timing != null) {
                    timing.injected(i, step);
                }
            }
        }
        return flits;
    }
}
