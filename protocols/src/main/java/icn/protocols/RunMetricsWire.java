package icn.protocols;

import java.util.Arrays;

/**
 * How {@link RunMetrics}' counts cross JVMs, small: the link messages per step and class packed to the classes and steps that
 * carried any, the wave as varints. Both unpack to what was packed; a malformed wave (from the wire) unpacks to none.
 */
final class RunMetricsWire {

    private RunMetricsWire() {
    }

    /**
     * The link messages per step and class as they cross JVMs: a mask of the classes that carried any, then, for every step up to
     * the last that carried one, the counts of those classes. A run of 66,000 cycles over one class of link is 66,000 entries, not
     * the 131,072 × 9 of the array's capacity and every class (which made a host's counts over Artery's frame of 1 MiB).
     */
    static long[] packedSent(long[] sent) {
        int mask = 0;
        int last = -1;
        for (int i = 0; i < sent.length; i++) {
            if (sent[i] != 0) {
                mask |= 1 << (i % RunMetrics.CLASSES);
                last = i / RunMetrics.CLASSES;
            }
        }
        int present = Integer.bitCount(mask);
        long[] out = new long[1 + (last + 1) * present];
        out[0] = mask;
        int k = 1;
        for (int step = 0; step <= last; step++) {
            for (int c = 0; c < RunMetrics.CLASSES; c++) {
                if ((mask & 1 << c) != 0) {
                    out[k++] = sent[step * RunMetrics.CLASSES + c];
                }
            }
        }
        return out;
    }

    static long[] unpackedSent(long[] packed) {
        int mask = packed.length == 0 ? 0 : (int) packed[0];
        int present = Integer.bitCount(mask);
        int steps = present == 0 ? 0 : (packed.length - 1) / present;
        long[] out = new long[Math.max(RunMetrics.CLASSES * 64, steps * RunMetrics.CLASSES)];
        int k = 1;
        for (int step = 0; step < steps; step++) {
            for (int c = 0; c < RunMetrics.CLASSES; c++) {
                if ((mask & 1 << c) != 0) {
                    out[step * RunMetrics.CLASSES + c] = packed[k++];
                }
            }
        }
        return out;
    }

    /**
     * The wave as it crosses JVMs, small: its entries by node, each as the gap from the node before and the step, both as varints
     * (about 2 bytes a node where Kryo would write 9 for a long), so that a host's counts stay within the serializer's first buffer
     * for networks of a few thousand nodes (a pooled buffer that grows stays grown).
     */
    static byte[] packedWave(long[] wave, int waveSize) {
        long[] sorted = Arrays.copyOf(wave, waveSize);
        Arrays.sort(sorted);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(waveSize * 2 + 1);
        long before = 0;
        for (long e : sorted) {
            long node = e >>> RunMetrics.WAVE_STEP_BITS;
            varint(out, node - before);
            varint(out, e & ((1L << RunMetrics.WAVE_STEP_BITS) - 1));
            before = node;
        }
        return out.toByteArray();
    }

    private static void varint(java.io.ByteArrayOutputStream out, long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }

    /** {@link #packedWave}'s entries again; a malformed or oversized one (from the wire) is no wave. */
    static long[] unpackedWave(byte[] packed) {
        long[] out = new long[Math.min(packed.length / 2, RunMetrics.WAVE_MAX + 1)];
        int n = 0;
        int at = 0;
        long node = 0;
        while (at < packed.length) {
            long[] read = new long[2];
            for (int k = 0; k < 2; k++) {
                long v = 0;
                int shift = 0;
                while (true) {
                    if (at >= packed.length || shift > 56) {
                        return null;
                    }
                    int b = packed[at++];
                    v |= (long) (b & 0x7F) << shift;
                    shift += 7;
                    if ((b & 0x80) == 0) {
                        break;
                    }
                }
                read[k] = v;
            }
            node += read[0];
            if (n == out.length || node < 0 || node >= (1L << (63 - RunMetrics.WAVE_STEP_BITS)) || read[1] >= (1L << RunMetrics.WAVE_STEP_BITS)) {
                return null;
            }
            out[n++] = (node << RunMetrics.WAVE_STEP_BITS) | read[1];
        }
        return Arrays.copyOf(out, n);
    }
}
