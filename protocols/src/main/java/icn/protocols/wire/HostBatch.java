package icn.protocols.wire;

import icn.protocols.WireMessage;

/**
 * Messages from one host to the nodes of another, collected during one step: for message i, the step {@code at[i]} at whose start
 * it is in the inbox of node {@code dest[i]} (global id), arriving on port {@code port[i]}, carrying {@code payload[i]}.
 */
public record HostBatch(long[] at, int[] dest, int[] port, Object[] payload) implements WireMessage {

    public static final HostBatch EMPTY = new HostBatch(new long[0], new int[0], new int[0], new Object[0]);

    public HostBatch {
        if (at.length != dest.length || port.length != dest.length || payload.length != dest.length) {
            throw new IllegalArgumentException("a host batch needs as many steps, ports and payloads as destinations");
        }
    }

    public int size() {
        return dest.length;
    }
}
