package icn.node.traffic;

import icn.node.program.NodeProgram;
import icn.protocols.traffic.MessageHeader;
import java.util.ArrayDeque;
import java.util.SplittableRandom;

/**
 * The processor side of one {@link WormholeRouter}: its Poisson process of new messages and the unbounded source queue they wait in
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
        this.nextArrival = run.pattern().generates(node) ? drawArrival() : NodeProgram.NO_WAKE;
    }

    /** The step of the next Poisson arrival after the last (002 §4 c: exponential gaps of mean 1/λ_g cycles), or NO_WAKE. */
    private long drawArrival() {
        arrivalTime += -Math.log(1 - arrivals.nextDouble()) / run.spec().rate();
        double step = Math.ceil(arrivalTime);
        return step > run.spec().generateUntil() ? NodeProgram.NO_WAKE : Math.max(1, (long) step);
    }

    /** The step of the next arrival, or NO_WAKE. */
    long nextArrival() {
        return nextArrival;
    }

    /** Queues the messages that arrived by {@code step}. */
    void generate(long step) {
        while (nextArrival != NodeProgram.NO_WAKE && nextArrival <= step) {
            int destination = run.pattern().destination(node, destinations);
            queue.add(routing.start(MessageHeader.id(node, sequence++), node, destination, nextArrival));
            generated++;
            nextArrival = drawArrival();
        }
    }

    long generated() {
        return generated;
    }
}
