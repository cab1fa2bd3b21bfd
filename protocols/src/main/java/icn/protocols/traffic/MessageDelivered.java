package icn.protocols.traffic;

/**
 * A message whose last flit the destination's processor took through the ejection channel in step {@code ejected}: generated in
 * step {@code generated}, its head left the source router in step {@code injected}, and it crossed {@code hops} links. Latency
 * (002 §5, from generation to the last flit at the processor) is {@code ejected − generated}, of which {@code injected − generated}
 * was spent in the source queue and {@code ejected − injected} crossing the network. It was {@code flits} flits long, of traffic
 * class {@code trafficClass}.
 */
public record MessageDelivered(long id, int source, int destination, long generated, long injected, long ejected, int hops, int flits,
        int trafficClass) implements icn.protocols.WireMessage {

    public long latency() {
        return ejected - generated;
    }

    public long networkLatency() {
        return ejected - injected;
    }

    public long sourceQueue() {
        return injected - generated;
    }
}
