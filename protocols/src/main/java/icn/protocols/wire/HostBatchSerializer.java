package icn.protocols.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * The host batch on the wire, written by hand: it is most of what crosses JVMs in a run, one per host pair and step. Per message: the
 * arrival step as its distance from the batch's earliest (mostly 0, one byte), the destination as its zig-zag distance from the
 * previous message's (a host sends its nodes' messages in node order, so mostly one or two bytes), the arrival port (one byte), and
 * the payload, where a small non-negative Integer (a broadcast's message number, the commonest payload) is one byte with no class id.
 */
final class HostBatchSerializer extends Serializer<HostBatch> {

    /** Payload tags below this are the Integer of that value; this tag is followed by the payload's class and object. */
    private static final int OTHER = 127;

    /** The fewest bytes a node message takes: one each for its step, destination, port and payload tag. */
    private static final int MIN_MESSAGE_BYTES = 4;

    HostBatchSerializer() {
        setImmutable(true);
    }

    @Override
    public void write(Kryo kryo, Output out, HostBatch batch) {
        int n = WireLimits.writable(batch.size(), "a host batch");
        out.writeVarInt(n, true);
        if (n == 0) {
            return;
        }
        long[] at = batch.at();
        long first = Long.MAX_VALUE;
        for (long a : at) {
            first = Math.min(first, a);
        }
        out.writeVarLong(first, false);
        int previous = 0;
        for (int i = 0; i < n; i++) {
            out.writeVarLong(at[i] - first, true);
            int dest = batch.dest()[i];
            out.writeVarInt(dest - previous, false);
            previous = dest;
            out.writeVarInt(batch.port()[i], false);
            Object p = batch.payload()[i];
            if (p instanceof Integer v && v >= 0 && v < OTHER) {
                out.writeByte(v);
            } else {
                out.writeByte(OTHER);
                kryo.writeClassAndObject(out, p);
            }
        }
    }

    @Override
    public HostBatch read(Kryo kryo, Input in, Class<? extends HostBatch> type) {
        int n = WireLimits.fitting(in, in.readVarInt(true), MIN_MESSAGE_BYTES, "a host batch");
        if (n == 0) {
            return HostBatch.EMPTY;
        }
        long first = in.readVarLong(false);
        long[] at = new long[n];
        int[] dest = new int[n];
        int[] port = new int[n];
        Object[] payload = new Object[n];
        int previous = 0;
        for (int i = 0; i < n; i++) {
            at[i] = first + in.readVarLong(true);
            previous += in.readVarInt(false);
            dest[i] = previous;
            port[i] = in.readVarInt(false);
            int tag = in.readByte() & 0xff;
            payload[i] = tag < OTHER ? Integer.valueOf(tag) : kryo.readClassAndObject(in);
        }
        return new HostBatch(at, dest, port, payload);
    }
}
