package icn.protocols;

/**
 * Latency in steps per link class: a message sent in step s over a link of latency L is in the receiver's inbox at step s+L.
 * L = 1 is the papers' synchronous model; a larger lateral latency models slower lateral links (001 Theorem 11). Every link class
 * other than LATERAL takes the {@code local} latency.
 */
public record LinkLatency(int lateral, int local) implements icn.protocols.WireMessage {

    public static final LinkLatency SYNCHRONOUS = new LinkLatency(1, 1);

    public LinkLatency {
        if (lateral < 1 || local < 1) {
            throw new InvalidInputException("link latencies must be at least 1 step, got lateral " + lateral + ", local " + local);
        }
    }

    public int of(LinkClass linkClass) {
        return linkClass == LinkClass.LATERAL ? lateral : local;
    }
}
