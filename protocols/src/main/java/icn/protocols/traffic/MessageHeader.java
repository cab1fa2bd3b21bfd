package icn.protocols.traffic;

/**
 * The head flit's header: who the message is ({@code id}: the source node in the high 32 bits, the source's count of messages
 * in the low 32), where it goes, when it was generated and when its head left the source router ({@code injected}, 0 while it is
 * still at the source), the links it has crossed, and the routing's state ({@code target}, {@code state}: what each routing keeps
 * between hops, e.g. 002's phase and the base vertices it heads for), the message's length in flits and its traffic class (an
 * index into the run's {@link TrafficMix}). Body and tail flits follow the head on its virtual channel and carry no header.
 */
public record MessageHeader(long id, int source, int destination, long generated, long injected, int hops, int target, int state,
        int flits, int trafficClass) implements icn.protocols.WireMessage {

    /** A header of a one-flit message of class 0, before {@link #sized}: what a routing's {@code start} makes. */
    public MessageHeader(long id, int source, int destination, long generated, long injected, int hops, int target, int state) {
        this(id, source, destination, generated, injected, hops, target, state, 1, 0);
    }

    /** The same header for a message of {@code length} flits of class {@code cls}. */
    public MessageHeader sized(int length, int cls) {
        return new MessageHeader(id, source, destination, generated, injected, hops, target, state, length, cls);
    }

    /** The id of the {@code sequence}-th message (0-based) generated at {@code source}. */
    public static long id(int source, int sequence) {
        return (long) source << 32 | (sequence & 0xffffffffL);
    }

    /** The header after one more hop, with the routing's new state. */
    public MessageHeader hop(long injectedAt, int newTarget, int newState) {
        return new MessageHeader(id, source, destination, generated, injected == 0 ? injectedAt : injected, hops + 1, newTarget, newState,
                flits, trafficClass);
    }
}
